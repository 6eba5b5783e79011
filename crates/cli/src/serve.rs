//! `spieltisch serve`: the web server.

use crate::error::CliError;
use clap::Args;
use spieltisch_catalog::BotLimits;
use spieltisch_server::client_addr::TrustedProxies;
use spieltisch_server::limits::Limits;
use spieltisch_server::storage::EmptyFile;
use spieltisch_server::{DbAddress, ServerConfig, serve as serve_forever};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The database: sqlite:PATH, or a bare PATH, an SQLite file (created
    /// if missing); or postgres://USER@HOST:PORT/DBNAME, an existing
    /// PostgreSQL database (its schema is made on start). Default: games.db
    /// in the user's data directory ($XDG_DATA_HOME/spieltisch or
    /// ~/.local/share/spieltisch).
    #[arg(long, value_name = "ADDRESS")]
    pub db: Option<DbAddress>,
    /// Keep games in memory only (nothing survives a restart).
    #[arg(long, conflicts_with = "db")]
    pub memory: bool,
    /// Start a new database in the SQLite file at --db although the file
    /// exists but holds nothing (0 bytes, or no table). Without it such a
    /// file is refused and left as it is: an empty file where a database
    /// was expected may be one whose games were lost. Where no file is, a
    /// new database is made either way.
    #[arg(long, conflicts_with = "memory")]
    pub new_database: bool,
    /// Run as one node of a cluster: the NATS bus (nats://HOST:PORT) that
    /// the nodes share, with one PostgreSQL database (--db postgres://…).
    /// A client may connect to any node.
    #[arg(long, value_name = "URL", requires = "db")]
    pub bus: Option<String>,
    /// The first word of the cluster's subjects on the bus, so that several
    /// clusters can share one bus.
    #[arg(long, value_name = "WORD", default_value = "spieltisch", requires = "bus")]
    pub bus_prefix: String,
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
    /// Let clients choose the chance seed of any table (load tests, exact
    /// test games). Without it a client may choose it only at a table
    /// with at most one person's seat, no invitation and one device:
    /// whoever knows a seed knows every hidden card (docs/security.md).
    #[arg(long)]
    pub allow_client_seeds: bool,
    #[command(flatten)]
    pub clients: ClientLimitArgs,
    #[command(flatten)]
    pub server: ServerLimitArgs,
    #[command(flatten)]
    pub timeouts: TimeoutArgs,
    #[command(flatten)]
    pub bots: BotArgs,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// How long tables stay in memory and how long abandoned ones are kept
/// playable (docs/security.md, "Tables in memory and expiry").
#[derive(Debug, Args)]
#[command(next_help_heading = "Tables")]
pub struct TableArgs {
    /// Seconds a table that nobody is connected to (and no bot is to move
    /// at) stays in memory after it was last asked for; it is read back
    /// from the database when asked for again.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub unload_after_seconds: u64,
    /// Hours after which an unfinished table that no person ever came to
    /// expires (kept, no longer playable; finished tables never expire).
    #[arg(long, default_value_t = 24, value_parser = clap::value_parser!(u64).range(1..=87_600))]
    pub expire_unvisited_hours: u64,
    /// Days after which an unfinished table that nobody played at or
    /// visited expires.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3650))]
    pub expire_idle_days: u64,
    /// Replays built at once (each is built whole in memory); more wait a
    /// few seconds, then are refused with replay.busy.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub replay_builds: u64,
}

impl TableArgs {
    /// Sets what these flags say in `config`.
    pub fn apply(&self, config: ServerConfig) -> ServerConfig {
        ServerConfig {
            unload_after: Duration::from_secs(self.unload_after_seconds),
            expire_unvisited: Duration::from_secs(self.expire_unvisited_hours * 60 * 60),
            expire_idle: Duration::from_secs(self.expire_idle_days * 24 * 60 * 60),
            replay_builds: self.replay_builds as usize,
            ..config
        }
    }
}

/// What one client address may take (docs/security.md). An IPv6 client is
/// counted by its /64.
#[derive(Debug, Args)]
#[command(next_help_heading = "Limits per client address")]
pub struct ClientLimitArgs {
    /// HTTP requests per second from one address (WebSocket upgrades and
    /// page assets included), after a burst of --request-burst.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub requests_per_second: u32,
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub request_burst: u32,
    /// Open HTTP connections from one address (a trusted proxy is exempt).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub connections_per_address: u64,
    /// Open WebSockets (seats and spectators at tables) from one address.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub websockets_per_address: u64,
    /// Tables one address may create per minute.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub tables_per_minute: u32,
    /// Unfinished tables one address may hold (finished ones do not count).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub tables_per_address: u64,
    /// A reverse proxy whose X-Forwarded-For names the client (repeatable);
    /// from any other peer the header is ignored.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,
    /// For benchmarks only: lift every per-address and per-connection limit
    /// (request, table and message rates, connection, WebSocket and table
    /// caps per address), so that `spieltisch loadtest --target` can load
    /// this server from one address. The server-wide caps and the timeouts
    /// stay.
    #[arg(long)]
    pub no_client_limits: bool,
}

/// What the server holds at most, whoever asks.
#[derive(Debug, Args)]
#[command(next_help_heading = "Server-wide limits")]
pub struct ServerLimitArgs {
    /// Unfinished tables at once (finished ones do not count).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max_tables: u64,
    /// Open HTTP connections at once (upgraded WebSockets count under
    /// --max-websockets); keep their sum under the open-file limit.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Open WebSockets at once.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_websockets: u64,
}

/// How long the server waits for a client.
#[derive(Debug, Args)]
#[command(next_help_heading = "Timeouts")]
pub struct TimeoutArgs {
    /// Seconds a client may take to send a request's headers (and an idle
    /// kept-alive connection stays open).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    pub header_timeout_seconds: u64,
    /// Seconds between the server's pings on a WebSocket.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub ws_ping_seconds: u64,
    /// Seconds without a word (not even a pong) after which a WebSocket is
    /// closed; more than --ws-ping-seconds.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(2..=7200))]
    pub ws_idle_seconds: u64,
}

/// What the server's bots may cost (docs/security.md, "Bots"). The
/// command line's `play` and `sim` have no such caps.
#[derive(Debug, Args)]
#[command(next_help_heading = "Bots")]
pub struct BotArgs {
    /// The most one bot decision may cost, in milliseconds of one core.
    /// Each game's iteration cap is this at the game's calibrated search
    /// rate (Six: 4,000 iterations a second); seat specs asking for more
    /// iterations (iters=), a longer time (ms=, which runs as iterations)
    /// or more root trees are refused with seat.too_expensive.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub bot_max_ms: u64,
    /// The most root trees (threads=) a search bot may grow; they grow one
    /// after another on one thread of the search pool.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub bot_max_threads: u64,
    /// The threads of the search pool every search bot's decision of every
    /// table runs on, at a lower priority than the server's own (bots that
    /// do not search have one more thread of their own, so that they never
    /// wait behind a search). Default: the cores but one (at least one).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub bot_threads: Option<u64>,
}

impl BotArgs {
    /// The bot limits these flags set.
    pub fn limits(&self) -> BotLimits {
        BotLimits {
            max_ms: self.bot_max_ms,
            max_threads: self.bot_max_threads as usize,
            ..BotLimits::default()
        }
    }
}

impl ServeArgs {
    /// The limits these flags set.
    pub fn limits(&self) -> Result<Limits, CliError> {
        let (c, s, t) = (&self.clients, &self.server, &self.timeouts);
        if t.ws_idle_seconds <= t.ws_ping_seconds {
            return Err(CliError::Usage(format!(
                "--ws-idle-seconds ({}) must be more than --ws-ping-seconds ({}), or every connection would be closed",
                t.ws_idle_seconds, t.ws_ping_seconds
            )));
        }
        Ok(Limits {
            per_client: !c.no_client_limits,
            requests_per_second: c.requests_per_second,
            request_burst: c.request_burst,
            connections_per_address: c.connections_per_address as usize,
            max_connections: s.max_connections as usize,
            websockets_per_address: c.websockets_per_address as usize,
            max_websockets: s.max_websockets as usize,
            tables_per_minute: c.tables_per_minute,
            tables_per_address: c.tables_per_address as usize,
            header_timeout: Duration::from_secs(t.header_timeout_seconds),
            ws_ping: Duration::from_secs(t.ws_ping_seconds),
            ws_idle: Duration::from_secs(t.ws_idle_seconds),
            trusted_proxies: TrustedProxies::new(c.trusted_proxies.iter().copied()),
            ..Limits::default()
        })
    }
}

/// The default database: in the user's data directory.
pub(crate) fn default_db() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("spieltisch").join("games.db")
}

pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(CliError::Io)
}

pub fn serve(args: &ServeArgs) -> Result<(), CliError> {
    let limits = args.limits()?;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let db = match (&args.db, args.memory) {
        (_, true) => DbAddress::Memory,
        (Some(given), false) => given.clone(),
        (None, false) => DbAddress::Sqlite(default_db()),
    };
    match &db {
        DbAddress::Sqlite(path) => eprintln!("spieltisch: games are stored in {}", path.display()),
        DbAddress::Memory => eprintln!("spieltisch: games are kept in memory only"),
        DbAddress::Postgres(url) => {
            eprintln!("spieltisch: games are stored in PostgreSQL at {}", url.redacted())
        }
    }
    if let Some(dir) = &args.game_files {
        eprintln!("spieltisch: clients may name game files inside {}", dir.display());
    }
    if args.allow_client_seeds {
        eprintln!(
            "spieltisch: --allow-client-seeds: a table's creator may know its hidden cards (for tests only)"
        );
    }
    if !limits.per_client {
        eprintln!("spieltisch: --no-client-limits: no limits per client address (for benchmarks only)");
    }
    let bot_threads =
        args.bots.bot_threads.map_or_else(spieltisch_server::bot_pool::default_threads, |n| n as usize);
    eprintln!(
        "spieltisch: bots think at most {} ms of one core a decision, on {bot_threads} search thread(s)",
        args.bots.bot_max_ms
    );
    if args.bus.is_some() && !matches!(db, DbAddress::Postgres(_)) {
        return Err(CliError::Usage(
            "the nodes of a cluster share one PostgreSQL database: --bus needs --db postgres://…".into(),
        ));
    }
    if let Some(bus) = &args.bus {
        eprintln!("spieltisch: one node of a cluster, on the bus {bus} (subjects {}.*)", args.bus_prefix);
    }
    let config = args.tables.apply(ServerConfig {
        addr: args.addr,
        bus: args
            .bus
            .clone()
            .map(|url| spieltisch_server::cluster::BusConfig { url, prefix: args.bus_prefix.clone() }),
        db,
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        window_deadline: Duration::from_secs(args.window_seconds),
        game_files: args.game_files.clone(),
        max_tables: args.server.max_tables as usize,
        limits,
        bots: args.bots.limits(),
        bot_threads,
        allow_client_seeds: args.allow_client_seeds,
        empty_file: if args.new_database { EmptyFile::Start } else { EmptyFile::Refuse },
        ..ServerConfig::default()
    });
    let runtime = runtime()?;
    // The database is opened, and its unfinished tables listed, once
    // before the address is offered, so that a file the server refuses
    // (damaged, empty, another program's) is said at once, with the
    // commands to run, and no address first.
    runtime
        .block_on(async {
            let storage =
                spieltisch_server::storage::open_as(&config.db, config.busy_timeout, config.empty_file)
                    .await?;
            storage.unfinished().await.map(drop)
        })
        .map_err(|e| CliError::Usage(e.to_string()))?;
    eprintln!("spieltisch: open http://{}/ in a browser (Ctrl-C stops)", args.addr);
    runtime.block_on(serve_forever(config)).map_err(|e| CliError::Usage(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn the_flags_default_to_the_servers_limits() {
        let cli = Cli::parse_from(["serve"]);
        assert_eq!(cli.serve.limits().unwrap(), Limits::default());
        assert_eq!(cli.serve.server.max_tables as usize, ServerConfig::default().max_tables);
        let lifted = Cli::parse_from(["serve", "--no-client-limits", "--trusted-proxy", "10.0.0.1"]);
        let limits = lifted.serve.limits().unwrap();
        assert!(!limits.per_client);
        assert!(limits.trusted_proxies.contains("10.0.0.1".parse().unwrap()));
        let silly = Cli::parse_from(["serve", "--ws-ping-seconds", "30", "--ws-idle-seconds", "30"]);
        assert!(silly.serve.limits().is_err());
        assert_eq!(cli.serve.bots.limits(), BotLimits::default());
        assert_eq!(cli.serve.bots.bot_threads, None, "the cores but one");
        let bots =
            Cli::parse_from(["serve", "--bot-max-ms", "500", "--bot-max-threads", "2", "--bot-threads", "3"]);
        assert_eq!(
            bots.serve.bots.limits(),
            BotLimits { max_ms: 500, max_threads: 2, ..BotLimits::default() }
        );
        assert_eq!(bots.serve.bots.bot_threads, Some(3));
        let (ours, theirs) = (cli.serve.tables.apply(ServerConfig::default()), ServerConfig::default());
        assert_eq!(
            (ours.unload_after, ours.expire_unvisited, ours.expire_idle, ours.replay_builds),
            (theirs.unload_after, theirs.expire_unvisited, theirs.expire_idle, theirs.replay_builds)
        );
        assert!(Cli::try_parse_from(["serve", "--bot-max-ms", "0"]).is_err());
    }
}
