//! `spieltisch loadtest`: the load tool (crates/server/src/loadtest.rs) on
//! the command line, as one process or spread over several.

use crate::error::CliError;
use crate::serve::runtime;
use clap::{Args, ValueEnum};
use spieltisch_loadtest::{
    LoadConfig, LoadReport, Percentiles, ProcessUsage, Protocol, ServerUsage, add_pairs, histogram_pairs,
    latency_histogram, run as run_load,
};
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// The game to play (default: six; with --protocol bgio, nothing, the
    /// game of bench/anchors/bgio/server.js).
    #[arg(long)]
    pub game: Option<String>,
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
    /// A running server to load, started with `spieltisch serve
    /// --no-client-limits --allow-client-seeds` (otherwise its limits per
    /// client address refuse the load tool's many tables and connections
    /// from one address, and it refuses the seeds that make a run repeat);
    /// repeated, the nodes of a cluster: tables are opened on them in turn,
    /// and each table's seats connect to them in turn; default: a server in
    /// this process, in memory, without those limits.
    #[arg(long, value_name = "ADDR")]
    pub target: Vec<SocketAddr>,
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
    /// The server's protocol: spieltisch's own, or boardgame.io 0.50's
    /// (socket.io over a WebSocket; needs --target, e.g. the anchor of
    /// bench/anchors/bgio).
    #[arg(long, value_enum, default_value_t = ProtocolArg::Spieltisch)]
    pub protocol: ProtocolArg,
    /// Open loop: this many moves a second over all games, on a fixed
    /// schedule (a seat whose turn has come waits for the next free slot);
    /// default: closed loop, each game moving as fast as the server answers.
    #[arg(long, value_name = "MOVES_PER_SECOND", conflicts_with = "think")]
    pub rate: Option<f64>,
    /// Open loop at people's pace: each seat thinks a random time with this
    /// mean after the turn comes to it (exponentially distributed), e.g.
    /// 4s or 500ms; tables are opened over the first half of the warm-up.
    #[arg(long, value_name = "MEAN", value_parser = parse_think)]
    pub think: Option<Duration>,
    /// The server's process id: its CPU time per move and resident memory
    /// are read from /proc and reported apart from this tool's own;
    /// repeated (a cluster's nodes), added up.
    #[arg(long, value_name = "PID")]
    pub server_pid: Vec<u32>,
    /// The local address the clients connect from (e.g. 127.0.0.2).
    #[arg(long, value_name = "IP")]
    pub bind: Option<IpAddr>,
    /// Spread the games over this many generator processes (each with at
    /// most the open-file limit of descriptors), the i-th connecting from
    /// 127.0.0.(i+2); needs --target. Their figures are merged.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=200))]
    pub processes: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ProtocolArg {
    Spieltisch,
    Bgio,
}

impl From<ProtocolArg> for Protocol {
    fn from(arg: ProtocolArg) -> Protocol {
        match arg {
            ProtocolArg::Spieltisch => Protocol::Spieltisch,
            ProtocolArg::Bgio => Protocol::Bgio,
        }
    }
}

/// `4s`, `500ms` or a bare number of seconds.
fn parse_think(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(ms) = text.strip_suffix("ms") {
        (ms, 1e-3)
    } else if let Some(s) = text.strip_suffix('s') {
        (s, 1.0)
    } else {
        (text, 1.0)
    };
    let value: f64 = number.trim().parse().map_err(|_| format!("not a time: '{text}' (e.g. 4s or 500ms)"))?;
    if !(value.is_finite() && value >= 0.0 && value * scale <= 3600.0) {
        return Err(format!("a think time from 0 to 3600 s, not '{text}'"));
    }
    Ok(Duration::from_secs_f64(value * scale))
}

impl LoadtestArgs {
    fn game(&self) -> String {
        self.game.clone().unwrap_or_else(|| {
            match self.protocol {
                ProtocolArg::Spieltisch => "six",
                ProtocolArg::Bgio => "nothing",
            }
            .to_string()
        })
    }

    fn config(&self) -> Result<LoadConfig, CliError> {
        let mut options = serde_json::Map::new();
        for pair in &self.options {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| CliError::Usage(format!("malformed option '{pair}': expected key=value")))?;
            let value = serde_json::from_str(v.trim()).unwrap_or_else(|_| serde_json::Value::from(v.trim()));
            options.insert(k.trim().to_string(), value);
        }
        Ok(LoadConfig {
            game: self.game(),
            options: serde_json::Value::Object(options),
            seats: self.seats,
            concurrency: self.games,
            duration: Duration::from_secs(self.seconds),
            warmup: Duration::from_secs(self.warmup),
            targets: self.target.clone(),
            db: self.db.clone(),
            seed: self.seed,
            protocol: self.protocol.into(),
            rate: self.rate,
            think: self.think,
            server_pids: self.server_pid.clone(),
            bind: self.bind,
        })
    }

    /// The command line of shard `index` of `processes`, with `games` of
    /// the games (and the same share of the rate).
    fn shard_args(&self, index: u64, processes: u64, games: usize) -> Vec<String> {
        let mut args: Vec<String> = vec!["loadtest".into(), "--json".into(), "--game".into(), self.game()];
        for option in &self.options {
            args.extend(["--option".into(), option.clone()]);
        }
        for target in &self.target {
            args.extend(["--target".into(), target.to_string()]);
        }
        let bind = Ipv4Addr::new(127, 0, 0, u8::try_from(index + 2).unwrap_or(255));
        args.extend([
            "--seats".into(),
            self.seats.to_string(),
            "--games".into(),
            games.to_string(),
            "--seconds".into(),
            self.seconds.to_string(),
            "--warmup".into(),
            self.warmup.to_string(),
            "--seed".into(),
            self.seed.wrapping_add(index << 40).to_string(),
            "--protocol".into(),
            self.protocol.to_possible_value().map(|v| v.get_name().to_string()).unwrap_or_default(),
            "--bind".into(),
            bind.to_string(),
        ]);
        if let Some(rate) = self.rate {
            args.extend(["--rate".into(), (rate / processes as f64).to_string()]);
        }
        if let Some(think) = self.think {
            args.extend(["--think".into(), format!("{}ms", think.as_secs_f64() * 1000.0)]);
        }
        args
    }
}

pub fn run(args: &LoadtestArgs, out: &mut impl Write) -> Result<(), CliError> {
    if args.games == 0 || args.seconds == 0 || args.seats == 0 {
        return Err(CliError::Usage("--games, --seconds and --seats must be at least 1".into()));
    }
    if args.rate.is_some_and(|r| !(r.is_finite() && r > 0.0)) {
        return Err(CliError::Usage("--rate must be a positive number of moves a second".into()));
    }
    if args.protocol == ProtocolArg::Bgio && args.target.is_empty() {
        return Err(CliError::Usage(
            "--protocol bgio needs --target (the in-process server is spieltisch)".into(),
        ));
    }
    // A failed game is counted and named on stderr (RUST_LOG=off hides it).
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    // Each connection is a descriptor: take all the system allows.
    spieltisch_loadtest::raise_open_file_limit();
    let report = if args.processes > 1 {
        if args.target.is_empty() {
            return Err(CliError::Usage("--processes needs --target".into()));
        }
        run_shards(args)?
    } else {
        runtime()?.block_on(run_load(args.config()?)).map_err(CliError::Game)?
    };
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report).map_err(|e| CliError::Game(e.to_string()))?)?;
    } else {
        print_report(&report, args, out)?;
    }
    Ok(())
}

/// Runs the load as `args.processes` child processes of this program and
/// merges their reports; this process only watches the server.
fn run_shards(args: &LoadtestArgs) -> Result<LoadReport, CliError> {
    let exe = std::env::current_exe().map_err(CliError::Io)?;
    let processes = args.processes;
    let mut children = Vec::new();
    let pids = &args.server_pid;
    let before = ProcessUsage::of_all(pids);
    for index in 0..processes {
        let games =
            args.games / processes as usize + usize::from((index as usize) < args.games % processes as usize);
        if games == 0 {
            continue;
        }
        let child = std::process::Command::new(&exe)
            .args(args.shard_args(index, processes, games))
            .stdout(std::process::Stdio::piped())
            .spawn()
            .map_err(CliError::Io)?;
        children.push(child);
    }
    std::thread::sleep(Duration::from_secs(args.warmup));
    let open = ProcessUsage::of_all(pids);
    let started = std::time::Instant::now();
    std::thread::sleep(Duration::from_secs(args.seconds));
    let seconds = started.elapsed().as_secs_f64();
    let end = ProcessUsage::of_all(pids);
    let mut reports = Vec::new();
    for child in children {
        let output = child.wait_with_output().map_err(CliError::Io)?;
        if !output.status.success() {
            return Err(CliError::Game(format!("a load generator process failed: {}", output.status)));
        }
        let report: LoadReport = serde_json::from_slice(&output.stdout)
            .map_err(|e| CliError::Game(format!("a load generator's report: {e}")))?;
        reports.push(report);
    }
    let mut merged = merge(reports).ok_or_else(|| CliError::Game("no load generator ran".into()))?;
    if !pids.is_empty() {
        merged.server = Some(ServerUsage::over(pids.clone(), [before, open, end], merged.actions, seconds));
    }
    Ok(merged)
}

/// One report for the work of several generator processes run at once.
fn merge(reports: Vec<LoadReport>) -> Option<LoadReport> {
    let mut merged = reports.first()?.clone();
    let mut histogram = latency_histogram();
    let (mut cpu, mut kernel, mut cpu_percent) = (0.0, 0.0, 0.0);
    merged.concurrency = 0;
    merged.actions = 0;
    merged.games_finished = 0;
    merged.errors = 0;
    merged.tables_open = 0;
    merged.errors_by_code.clear();
    merged.rate = None;
    for report in &reports {
        merged.concurrency += report.concurrency;
        merged.actions += report.actions;
        merged.games_finished += report.games_finished;
        merged.errors += report.errors;
        merged.tables_open += report.tables_open;
        merged.seconds = merged.seconds.max(report.seconds);
        for (code, count) in &report.errors_by_code {
            *merged.errors_by_code.entry(code.clone()).or_default() += count;
        }
        if let Some(rate) = report.rate {
            merged.rate = Some(merged.rate.unwrap_or(0.0) + rate);
        }
        cpu += report.cpu_us_per_action * report.actions as f64;
        kernel += report.kernel_us_per_action * report.actions as f64;
        cpu_percent += report.cpu_percent;
        add_pairs(&mut histogram, &report.latency_histogram);
    }
    let actions = merged.actions.max(1) as f64;
    merged.actions_per_sec = merged.actions as f64 / merged.seconds;
    merged.cpu_us_per_action = cpu / actions;
    merged.kernel_us_per_action = kernel / actions;
    merged.cpu_percent = cpu_percent;
    merged.latency_ms = Percentiles::of(&histogram);
    merged.latency_histogram = histogram_pairs(&histogram);
    Some(merged)
}

fn print_report(report: &LoadReport, args: &LoadtestArgs, out: &mut impl Write) -> Result<(), CliError> {
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
    let pace = match (report.rate, report.think_seconds) {
        (Some(rate), _) => format!("open loop at {rate:.0} moves/s"),
        (None, Some(think)) => format!("open loop, {think:.1} s mean think time"),
        (None, None) => "closed loop".to_string(),
    };
    let processes =
        if args.processes > 1 { format!(" in {} processes", args.processes) } else { String::new() };
    writeln!(
        out,
        "protocol {:?}, {pace}; {} tables open when measuring began; load generator CPU{processes}: {:.0} % of one core",
        report.protocol, report.tables_open, report.cpu_percent
    )?;
    if let Some(server) = &report.server {
        writeln!(
            out,
            "server (pid {}): {:.1} µs CPU per action, {:.1} µs of it in the kernel, {:.0} % of one core",
            server.pids.iter().map(u32::to_string).collect::<Vec<_>>().join(", "),
            server.cpu_us_per_action,
            server.kernel_us_per_action,
            server.cpu_percent
        )?;
        let grown = server.rss_open_kib.saturating_sub(server.rss_before_kib) as f64 * 1024.0;
        let tables = report.tables_open.max(1) as f64;
        writeln!(
            out,
            "server resident memory: {} KiB before, {} KiB with the tables open, {} KiB at the end: {:.1} KiB per table, {:.1} KiB per connection",
            server.rss_before_kib,
            server.rss_open_kib,
            server.rss_end_kib,
            grown / tables / 1024.0,
            grown / (tables * args.seats as f64) / 1024.0
        )?;
    }
    if report.limited() {
        writeln!(
            out,
            "the server refused the load for its limits per client address: start it with `spieltisch serve --no-client-limits` to benchmark it"
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        load: LoadtestArgs,
    }

    #[test]
    fn think_times_read_as_seconds_or_milliseconds() {
        assert_eq!(parse_think("4s"), Ok(Duration::from_secs(4)));
        assert_eq!(parse_think("4"), Ok(Duration::from_secs(4)));
        assert_eq!(parse_think("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_think("0.5s"), Ok(Duration::from_millis(500)));
        assert!(parse_think("soon").is_err());
        assert!(parse_think("-1s").is_err());
        assert!(parse_think("2h").is_err());
    }

    #[test]
    fn the_game_defaults_to_the_protocols_own() {
        assert_eq!(Cli::parse_from(["x"]).load.game(), "six");
        assert_eq!(Cli::parse_from(["x", "--protocol", "bgio"]).load.game(), "nothing");
        assert_eq!(Cli::parse_from(["x", "--protocol", "bgio", "--game", "g"]).load.game(), "g");
    }

    #[test]
    fn a_shard_gets_its_games_its_share_of_the_rate_and_its_own_address() {
        let cli = Cli::parse_from([
            "x",
            "--target",
            "127.0.0.1:9",
            "--games",
            "10",
            "--rate",
            "900",
            "--processes",
            "3",
            "--seed",
            "5",
        ]);
        let shard = cli.load.shard_args(1, 3, 4);
        let joined = shard.join(" ");
        assert!(joined.contains("--games 4"), "{joined}");
        assert!(joined.contains("--rate 300"), "{joined}");
        assert!(joined.contains("--bind 127.0.0.3"), "{joined}");
        assert!(joined.contains("--target 127.0.0.1:9"), "{joined}");
        assert!(!joined.contains("--processes"), "{joined}");
        // What a shard is given parses back into the same load, on its own.
        let parsed = Cli::parse_from(std::iter::once("x".to_string()).chain(shard.into_iter().skip(1)));
        let config = parsed.load.config().unwrap();
        assert_eq!((config.concurrency, config.rate, config.seed), (4, Some(300.0), 5 + (1 << 40)));
        assert_eq!(config.bind, Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3))));
        assert!(parsed.load.json);
    }

    #[test]
    fn merged_reports_add_up_and_keep_every_latency() {
        let mut one = latency_histogram();
        one.record(1_000).unwrap();
        let mut two = latency_histogram();
        for _ in 0..99 {
            two.record(2_000).unwrap();
        }
        let report = |actions: u64, histogram: &spieltisch_loadtest::Histogram<u64>| LoadReport {
            game: "six".into(),
            concurrency: 5,
            warmup_seconds: 1.0,
            seconds: 10.0,
            actions,
            actions_per_sec: actions as f64 / 10.0,
            cpu_us_per_action: 10.0,
            kernel_us_per_action: 5.0,
            games_finished: 1,
            latency_ms: Percentiles::of(histogram),
            errors: 1,
            errors_by_code: [("x".to_string(), 1)].into(),
            protocol: Protocol::Spieltisch,
            rate: Some(50.0),
            think_seconds: None,
            cpu_percent: 20.0,
            tables_open: 5,
            server: None,
            latency_histogram: histogram_pairs(histogram),
        };
        let merged = merge(vec![report(100, &one), report(300, &two)]).unwrap();
        assert_eq!((merged.concurrency, merged.actions, merged.tables_open, merged.errors), (10, 400, 10, 2));
        assert_eq!(merged.errors_by_code["x"], 2);
        assert_eq!(merged.rate, Some(100.0));
        assert!((merged.actions_per_sec - 40.0).abs() < 1e-9);
        assert!((merged.cpu_us_per_action - 10.0).abs() < 1e-9);
        assert!((merged.cpu_percent - 40.0).abs() < 1e-9);
        assert!((merged.latency_ms.p50 - 2.0).abs() < 0.01, "{:?}", merged.latency_ms);
        assert!((merged.latency_ms.max - 2.0).abs() < 0.01);
        assert!(merge(Vec::new()).is_none());
    }
}
