//! `spieltisch serve` and `spieltisch loadtest`: the web server and its load tool.

use crate::error::CliError;
use clap::Args;
use spieltisch_server::loadtest::{LoadConfig, run};
use spieltisch_server::{ServerConfig, serve as serve_forever};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The SQLite database file (created if missing). Default: games.db in
    /// the user's data directory ($XDG_DATA_HOME/spieltisch or
    /// ~/.local/share/spieltisch).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Keep games in memory only (nothing survives a restart).
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// How long bots wait before moving, so people can follow (milliseconds).
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub bot_delay_ms: u64,
    /// How long a Steigung window (Der Ausreisser) waits for people's
    /// answers, in seconds; whoever has not answered then passes. The same
    /// for everybody, so waiting tells nothing.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub window_seconds: u64,
    /// Let clients name game data files (course, board and track files), but
    /// only regular files inside this folder, by names relative to it.
    /// Without it the server refuses every option value that names a file.
    #[arg(long, value_name = "DIR")]
    pub game_files: Option<PathBuf>,
}

/// The default database: in the user's data directory.
fn default_db() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("spieltisch").join("games.db")
}

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(CliError::Io)
}

pub fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let db = (!args.memory).then(|| args.db.clone().unwrap_or_else(default_db));
    match &db {
        Some(path) => eprintln!("spieltisch: games are stored in {}", path.display()),
        None => eprintln!("spieltisch: games are kept in memory only"),
    }
    if let Some(dir) = &args.game_files {
        eprintln!("spieltisch: clients may name game files inside {}", dir.display());
    }
    eprintln!("spieltisch: open http://{}/ in a browser (Ctrl-C stops)", args.addr);
    let config = ServerConfig {
        addr: args.addr,
        db,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        window_deadline: Duration::from_secs(args.window_seconds),
        game_files: args.game_files.clone(),
        ..ServerConfig::default()
    };
    runtime()?.block_on(serve_forever(config)).map_err(|e| CliError::Usage(e.to_string()))
}

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// The game to play.
    #[arg(long, default_value = "six")]
    pub game: String,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// People (client connections) per table.
    #[arg(long, default_value_t = 2)]
    pub seats: usize,
    /// Games in flight at once.
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// How long to measure, in seconds.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// How long to play first without measuring (opening the tables and
    /// connections), in seconds.
    #[arg(long, default_value_t = 3)]
    pub warmup: u64,
    /// A running server to load (its per-connection message limit applies);
    /// default: a server in this process, in memory, without the limit.
    #[arg(long)]
    pub target: Option<SocketAddr>,
    /// The in-process server stores its games in this SQLite file (created
    /// if missing), so that the cost of durable commits is measured;
    /// default: in memory.
    #[arg(long, value_name = "PATH", conflicts_with = "target")]
    pub db: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn loadtest(args: &LoadtestArgs, out: &mut impl Write) -> Result<(), CliError> {
    if args.games == 0 || args.seconds == 0 || args.seats == 0 {
        return Err(CliError::Usage("--games, --seconds and --seats must be at least 1".into()));
    }
    let mut options = serde_json::Map::new();
    for pair in &args.options {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| CliError::Usage(format!("malformed option '{pair}': expected key=value")))?;
        let value = serde_json::from_str(v.trim()).unwrap_or_else(|_| serde_json::Value::from(v.trim()));
        options.insert(k.trim().to_string(), value);
    }
    let config = LoadConfig {
        game: args.game.clone(),
        options: serde_json::Value::Object(options),
        seats: args.seats,
        concurrency: args.games,
        duration: Duration::from_secs(args.seconds),
        warmup: Duration::from_secs(args.warmup),
        target: args.target,
        db: args.db.clone(),
        seed: args.seed,
    };
    let report = runtime()?.block_on(run(config)).map_err(CliError::Game)?;
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).map_err(|e| CliError::Game(e.to_string()))?)?;
    } else {
        writeln!(
            out,
            "game {}: {} games in flight, measured for {:.1} s after {:.0} s of warm-up",
            report.game, report.concurrency, report.seconds, report.warmup_seconds
        )?;
        writeln!(
            out,
            "actions: {} ({:.0} per second), games finished: {}",
            report.actions, report.actions_per_sec, report.games_finished
        )?;
        writeln!(
            out,
            "CPU time per action (this process: the clients, and the server unless --target): {:.1} µs, {:.1} µs of it in the kernel",
            report.cpu_us_per_action, report.kernel_us_per_action
        )?;
        let l = &report.latency_ms;
        writeln!(
            out,
            "action-to-update latency (ms): p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
            l.p50, l.p90, l.p99, l.max
        )?;
        writeln!(out, "refused messages: {} {:?}", report.errors, report.errors_by_code)?;
    }
    Ok(())
}
