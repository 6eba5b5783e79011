//! `spieltisch loadtest`: many concurrent games played through the real
//! WebSocket server on loopback, measuring throughput and the latency from
//! sending an action to the update that contains it reaching the *other*
//! seat (the person waiting for it; a one-seat table measures its own).
//!
//! Each seat of each table is a client connection that plays a uniformly
//! random legal action whenever its snapshot or update says it is to move:
//! at once (closed loop), at its slot of a fixed schedule of moves per second
//! over all games (open loop, [`LoadConfig::rate`]), or after a person's
//! think time ([`LoadConfig::think`]). When a game ends, a new one starts, so
//! the number of games in flight stays constant. The clients share the
//! machine with the server, so they read only the fields they need, typed,
//! without building JSON trees.
//!
//! The same clients speak boardgame.io's protocol ([`Protocol::Bgio`],
//! `bgio.rs`), so that both servers are driven, and the generator's own CPU
//! measured, the same way; [`LoadConfig::server_pids`] measures the server's
//! CPU time and memory from outside.
//!
//! Several [`LoadConfig::targets`] are the nodes of a cluster: table `i` is
//! opened on node `i mod n`, and its seats connect to the nodes in turn from
//! there, so that every move of a two-seat table on two nodes crosses the
//! bus.
//!
//! All clients come from one address (or [`LoadConfig::bind`]), so a server
//! with its limits per client address on refuses most of them: benchmark a
//! running server started with `spieltisch serve --no-client-limits`. The
//! in-process server runs so.

pub mod bgio;
mod http;
pub mod pace;

use futures_util::{SinkExt, StreamExt};
pub use hdrhistogram::Histogram;
pub use http::{Http, http_request};
use pace::{Pace, Schedule};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use spieltisch_server::{ServerConfig, serve_on};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// Which server the clients talk to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// spieltisch's own (docs/api.md), in compact mode.
    #[default]
    Spieltisch,
    /// boardgame.io 0.50's socket.io transport and lobby API.
    Bgio,
}

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub game: String,
    pub options: Value,
    /// People per table (each one a client connection).
    pub seats: usize,
    /// Games in flight at once.
    pub concurrency: usize,
    pub duration: Duration,
    /// Played first and left out of the figures, so that opening a thousand
    /// tables and connections at once is not counted as play.
    pub warmup: Duration,
    /// The running server to load, or the nodes of a cluster (tables are
    /// opened on them in turn, and each table's seats connect to them in
    /// turn); none starts a server in this process.
    pub targets: Vec<SocketAddr>,
    /// The in-process server's database file (so that commits reach the
    /// disk as they do in service); `None` keeps it in memory.
    pub db: Option<std::path::PathBuf>,
    pub seed: u64,
    pub protocol: Protocol,
    /// Open loop: this many moves a second over all games, each seat whose
    /// turn has come waiting for the next free slot; `None`: closed loop.
    pub rate: Option<f64>,
    /// Open loop at people's pace: each seat thinks an exponentially
    /// distributed time with this mean after the turn comes to it. Tables
    /// are opened spread over the first half of the warm-up.
    pub think: Option<Duration>,
    /// The server's processes (a cluster's nodes), whose CPU time and
    /// resident memory are read from `/proc` (Linux), added up, and reported
    /// apart from the clients'.
    pub server_pids: Vec<u32>,
    /// The local address the clients' sockets are bound to (a 127.x address
    /// other than the server's, so that several generator processes have
    /// their own ephemeral ports); default: the system's choice.
    pub bind: Option<IpAddr>,
}

impl Default for LoadConfig {
    fn default() -> Self {
        LoadConfig {
            game: "six".into(),
            options: json!({}),
            seats: 2,
            concurrency: 100,
            duration: Duration::from_secs(10),
            warmup: Duration::from_secs(3),
            targets: Vec::new(),
            db: None,
            seed: 1,
            protocol: Protocol::Spieltisch,
            rate: None,
            think: None,
            server_pids: Vec::new(),
            bind: None,
        }
    }
}

/// What was measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LoadReport {
    pub game: String,
    pub concurrency: usize,
    pub warmup_seconds: f64,
    /// The measured time, after the warm-up.
    pub seconds: f64,
    pub actions: u64,
    pub actions_per_sec: f64,
    /// CPU time of this process per action during the measured time, in
    /// microseconds (Linux only; 0 elsewhere): the clients', and the
    /// server's too unless it runs elsewhere (`targets`).
    pub cpu_us_per_action: f64,
    /// The part of `cpu_us_per_action` spent in the kernel.
    pub kernel_us_per_action: f64,
    pub games_finished: u64,
    pub latency_ms: Percentiles,
    pub errors: u64,
    /// Refused messages by error code.
    pub errors_by_code: std::collections::BTreeMap<String, u64>,
    #[serde(default)]
    pub protocol: Protocol,
    /// The open loop's moves per second asked for, if any.
    #[serde(default)]
    pub rate: Option<f64>,
    /// The mean think time, if the clients thought.
    #[serde(default)]
    pub think_seconds: Option<f64>,
    /// This process's CPU time over the measured time, in percent of one core.
    #[serde(default)]
    pub cpu_percent: f64,
    /// Tables with every seat connected when the measured time began.
    #[serde(default)]
    pub tables_open: usize,
    /// The server's figures, with `server_pids`.
    #[serde(default)]
    pub server: Option<ServerUsage>,
    /// Every measured latency as (microseconds, count) pairs of an HDR
    /// histogram (3 significant digits), so that the reports of several
    /// generator processes can be merged.
    #[serde(default)]
    pub latency_histogram: Vec<(u64, u64)>,
}

/// The server processes' use over a load test, read from `/proc/PID` and
/// added up over the processes (a cluster's nodes).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ServerUsage {
    pub pids: Vec<u32>,
    /// Its CPU time per action over the measured time, in microseconds.
    pub cpu_us_per_action: f64,
    pub kernel_us_per_action: f64,
    /// Its CPU time over the measured time, in percent of one core.
    pub cpu_percent: f64,
    /// Resident memory (VmRSS, KiB) before the clients opened anything, when
    /// the measured time began (every table open), and at its end.
    pub rss_before_kib: u64,
    pub rss_open_kib: u64,
    pub rss_end_kib: u64,
}

impl ServerUsage {
    /// The use of the processes `pids` from `[before, open, end]` (before
    /// the clients opened anything, when the measured time began, at its
    /// end), for `actions` played in `seconds` of measured time.
    pub fn over(pids: Vec<u32>, [before, open, end]: [ProcessUsage; 3], actions: u64, seconds: f64) -> Self {
        let used = end.cpu.since(open.cpu);
        let per_action = |cpu: f64| if actions == 0 { 0.0 } else { cpu * 1e6 / actions as f64 };
        ServerUsage {
            pids,
            cpu_us_per_action: per_action(used.total()),
            kernel_us_per_action: per_action(used.system),
            cpu_percent: used.total() * 100.0 / seconds,
            rss_before_kib: before.rss_kib,
            rss_open_kib: open.rss_kib,
            rss_end_kib: end.rss_kib,
        }
    }
}

impl LoadReport {
    /// Whether the server refused the load for its limits per client address.
    pub fn limited(&self) -> bool {
        ["rate.limited", "tables.too_many", "connections.too_many"]
            .iter()
            .any(|code| self.errors_by_code.contains_key(*code))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Percentiles {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

impl Percentiles {
    /// The percentiles of `histogram` (microseconds) in milliseconds.
    pub fn of(histogram: &Histogram<u64>) -> Percentiles {
        let ms = |q: f64| {
            if histogram.is_empty() { 0.0 } else { histogram.value_at_quantile(q) as f64 / 1000.0 }
        };
        Percentiles { p50: ms(0.5), p90: ms(0.9), p99: ms(0.99), max: histogram.max() as f64 / 1000.0 }
    }
}

/// An empty latency histogram: microseconds from 1 to an hour, 3 digits.
pub fn latency_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("constant bounds are valid")
}

/// The (value, count) pairs of `histogram`, as [`LoadReport::latency_histogram`] holds them.
pub fn histogram_pairs(histogram: &Histogram<u64>) -> Vec<(u64, u64)> {
    histogram
        .iter_recorded()
        .map(|v| (histogram.highest_equivalent(v.value_iterated_to()), v.count_at_value()))
        .collect()
}

/// Adds the pairs of a [`LoadReport::latency_histogram`] to `histogram`.
pub fn add_pairs(histogram: &mut Histogram<u64>, pairs: &[(u64, u64)]) {
    for &(value, count) in pairs {
        histogram.saturating_record_n(value, count);
    }
}

#[derive(Default)]
struct Counters {
    /// Set once the warm-up is over: only then is anything counted.
    measuring: AtomicBool,
    actions: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    tables_open: AtomicUsize,
    codes: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
}

impl Counters {
    /// Counts a refusal by its code.
    fn refused(&self, code: &str) {
        if let Ok(mut codes) = self.codes.lock() {
            *codes.entry(code.to_string()).or_default() += 1;
        }
    }
}

/// What every client of a run shares.
struct Shared {
    counters: Counters,
    latencies: Mutex<Histogram<u64>>,
    stop: AtomicBool,
    pace: Pace,
    /// How long a seat waits for a message before it gives its game up.
    silence: Duration,
    /// The client of the requests that open tables.
    http: Http,
}

impl Shared {
    fn measuring(&self) -> bool {
        self.counters.measuring.load(Ordering::Relaxed)
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A seat saw the update of its own action.
    fn action_done(&self) {
        if self.measuring() {
            self.counters.actions.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn table_opened(&self) {
        self.counters.tables_open.fetch_add(1, Ordering::Relaxed);
    }

    fn table_closed(&self) {
        self.counters.tables_open.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The action in flight at one table: sent by `seat` against `version`.
struct Sent {
    version: u64,
    at: Instant,
    seat: usize,
}

/// What the seats of one table share: the action in flight, whose latency
/// the first other seat to get its update records.
struct TableInFlight {
    seats: usize,
    sent: Mutex<Option<Sent>>,
}

impl TableInFlight {
    fn new(seats: usize) -> TableInFlight {
        TableInFlight { seats, sent: Mutex::new(None) }
    }
}

/// One seat's view of its table and run.
struct Seat {
    index: usize,
    table: Arc<TableInFlight>,
    shared: Arc<Shared>,
}

impl Seat {
    /// This seat is about to send an action against `version`.
    fn sending(&self, version: u64) {
        if let Ok(mut sent) = self.table.sent.lock() {
            *sent = Some(Sent { version, at: Instant::now(), seat: self.index });
        }
    }

    /// This seat got an update to `version` (not a snapshot, which may come
    /// long after the action it shows).
    fn update_seen(&self, version: u64) {
        let Ok(mut sent) = self.table.sent.lock() else { return };
        let Some(action) = sent.as_ref() else { return };
        if version <= action.version || (action.seat == self.index && self.table.seats > 1) {
            return;
        }
        let micros = u64::try_from(action.at.elapsed().as_micros()).unwrap_or(u64::MAX);
        *sent = None;
        drop(sent);
        if self.shared.measuring()
            && let Ok(mut latencies) = self.shared.latencies.lock()
        {
            latencies.saturating_record(micros.max(1));
        }
    }
}

/// Runs the load test and reports.
pub async fn run(config: LoadConfig) -> Result<LoadReport, String> {
    let addrs = match config.targets.as_slice() {
        [_, ..] => config.targets.clone(),
        [] => {
            if config.protocol != Protocol::Spieltisch {
                return Err("the in-process server speaks only spieltisch's protocol: give --target".into());
            }
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
            let addr = listener.local_addr().map_err(|e| e.to_string())?;
            // The load clients play as fast as the server answers, far faster
            // than people click, all from one address, so the in-process
            // server lifts the limits per client (and the server-wide caps:
            // the machine's open files are the bound); a server given with
            // `target` keeps its own.
            let limits = spieltisch_server::limits::Limits {
                per_client: false,
                max_connections: usize::MAX,
                max_websockets: usize::MAX,
                ..spieltisch_server::limits::Limits::default()
            };
            let server = ServerConfig {
                addr,
                db: config
                    .db
                    .clone()
                    .map_or(spieltisch_server::DbAddress::Memory, spieltisch_server::DbAddress::Sqlite),
                bot_delay: Duration::ZERO,
                max_tables: usize::MAX,
                limits,
                // Each table's seed is the load's own, so that a run repeats.
                allow_client_seeds: true,
                ..ServerConfig::default()
            };
            tokio::spawn(async move {
                if let Err(e) = serve_on(listener, server).await {
                    tracing::error!("load test server: {e}");
                }
            });
            vec![addr]
        }
    };
    let addrs: Arc<[SocketAddr]> = addrs.into();
    let pids = config.server_pids.clone();
    let measured = !pids.is_empty();
    let server_before = ProcessUsage::of_all(&pids);
    let pace = match (config.rate, config.think) {
        (Some(rate), _) => Pace::Rate(Schedule::new(rate, Instant::now())),
        (None, Some(mean)) => Pace::Think(mean),
        (None, None) => Pace::Closed,
    };
    let shared = Arc::new(Shared {
        counters: Counters::default(),
        latencies: Mutex::new(latency_histogram()),
        stop: AtomicBool::new(false),
        pace,
        // A seat waits for its partner's think times too, and a server
        // need not ping: long enough that an exponential think time
        // (P(X > 25 means) = e^-25) never reaches it.
        silence: Duration::from_secs(30) + config.think.unwrap_or_default() * 25,
        http: Http::from(config.bind),
    });
    // People arrive over time; thousands of tables opened in the same
    // instant would only measure the listen queue.
    let ramp = if config.think.is_some() { config.warmup / 2 } else { Duration::ZERO };
    let mut runners = Vec::new();
    for slot in 0..config.concurrency {
        let (config, shared, addrs) = (config.clone(), shared.clone(), addrs.clone());
        let delay = ramp.mul_f64(slot as f64 / config.concurrency as f64);
        runners.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let mut round = 0u64;
            while !shared.stopping() {
                let seed = config.seed.wrapping_add((slot as u64) << 20).wrapping_add(round);
                round += 1;
                let played = match config.protocol {
                    Protocol::Spieltisch => play_one(&addrs, slot, &config, seed, &shared).await,
                    Protocol::Bgio => {
                        let addr = addrs[slot % addrs.len()];
                        bgio::play_one(addr, config.bind, &config.game, config.seats, seed, &shared).await
                    }
                };
                match played {
                    Ok(true) => {
                        if shared.measuring() {
                            shared.counters.games.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    Ok(false) => {}
                    Err(e) => {
                        shared.counters.errors.fetch_add(1, Ordering::Relaxed);
                        tracing::warn!("load test game failed: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            }
        }));
    }
    tokio::time::sleep(config.warmup).await;
    shared.counters.measuring.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let cpu_start = CpuTime::now();
    let server_open = ProcessUsage::of_all(&pids);
    let tables_open = shared.counters.tables_open.load(Ordering::Relaxed);
    tokio::time::sleep(config.duration).await;
    shared.stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let cpu = CpuTime::now().since(cpu_start);
    let server_end = ProcessUsage::of_all(&pids);
    let actions = shared.counters.actions.load(Ordering::Relaxed);
    // Games stop at their next message; one whose partner stopped first
    // would wait for nothing, so after a grace period the rest are ended.
    let grace = Instant::now() + Duration::from_secs(2);
    while runners.iter().any(|r| !r.is_finished()) && Instant::now() < grace {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for r in &runners {
        r.abort();
    }
    let per_action = |seconds: f64| if actions == 0 { 0.0 } else { seconds * 1e6 / actions as f64 };
    let server =
        measured.then(|| ServerUsage::over(pids, [server_before, server_open, server_end], actions, seconds));
    let histogram = shared.latencies.lock().map(|h| h.clone()).unwrap_or_else(|_| latency_histogram());
    Ok(LoadReport {
        game: config.game,
        concurrency: config.concurrency,
        warmup_seconds: config.warmup.as_secs_f64(),
        seconds,
        actions,
        actions_per_sec: actions as f64 / seconds,
        cpu_us_per_action: per_action(cpu.total()),
        kernel_us_per_action: per_action(cpu.system),
        games_finished: shared.counters.games.load(Ordering::Relaxed),
        latency_ms: Percentiles::of(&histogram),
        errors: shared.counters.errors.load(Ordering::Relaxed),
        errors_by_code: shared.counters.codes.lock().map(|c| c.clone()).unwrap_or_default(),
        protocol: config.protocol,
        rate: config.rate,
        think_seconds: config.think.map(|t| t.as_secs_f64()),
        cpu_percent: cpu.total() * 100.0 / seconds,
        tables_open,
        server,
        latency_histogram: histogram_pairs(&histogram),
    })
}

/// Raises this process's soft limit of open files to its hard limit, since
/// every load client connection is a descriptor (Linux; elsewhere nothing).
pub fn raise_open_file_limit() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Resource, getrlimit, setrlimit};
        let mut limit = getrlimit(Resource::Nofile);
        if limit.current < limit.maximum {
            limit.current = limit.maximum;
            if let Err(e) = setrlimit(Resource::Nofile, limit) {
                tracing::warn!("could not raise the open-file limit: {e}");
            }
        }
    }
}

/// Processes' CPU time and resident memory at one moment, added up.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProcessUsage {
    pub cpu: CpuTime,
    pub rss_kib: u64,
}

impl ProcessUsage {
    /// The sum over `pids` (zeros for one that cannot be read).
    pub fn of_all(pids: &[u32]) -> ProcessUsage {
        pids.iter().fold(ProcessUsage::default(), |sum, pid| {
            let cpu = CpuTime::from_stat(&format!("/proc/{pid}/stat"));
            ProcessUsage {
                cpu: CpuTime { user: sum.cpu.user + cpu.user, system: sum.cpu.system + cpu.system },
                rss_kib: sum.rss_kib + resident_kib(&format!("/proc/{pid}/status")).unwrap_or(0),
            }
        })
    }
}

/// VmRSS from a `/proc/PID/status` file, in KiB.
fn resident_kib(status_file: &str) -> Option<u64> {
    let status = std::fs::read_to_string(status_file).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The CPU time this process has used so far, in seconds, split into its
/// own code (user) and the kernel's work for it (system: on loopback, most
/// of it is the TCP traffic), from `/proc/self/stat`; zeros where that file
/// does not exist.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuTime {
    pub user: f64,
    pub system: f64,
}

impl CpuTime {
    pub fn now() -> CpuTime {
        CpuTime::from_stat("/proc/self/stat")
    }

    /// The times in a `/proc/PID/stat` file (zeros if it cannot be read).
    pub fn from_stat(stat_file: &str) -> CpuTime {
        let Ok(stat) = std::fs::read_to_string(stat_file) else { return CpuTime::default() };
        // Fields after the command name (which may hold spaces, so split after ')'):
        // utime and stime are the 12th and 13th, in clock ticks of 1/100 s.
        let Some((_, rest)) = stat.rsplit_once(')') else { return CpuTime::default() };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
        CpuTime { user: ticks(11) / 100.0, system: ticks(12) / 100.0 }
    }

    /// The time used since `earlier`.
    pub fn since(self, earlier: CpuTime) -> CpuTime {
        CpuTime { user: self.user - earlier.user, system: self.system - earlier.system }
    }

    pub fn total(self) -> f64 {
        self.user + self.system
    }
}

/// A TCP connection to `addr`, from `bind` if given, without Nagle's delay.
async fn tcp_connect(addr: SocketAddr, bind: Option<IpAddr>) -> std::io::Result<TcpStream> {
    let stream = match bind {
        None => TcpStream::connect(addr).await?,
        Some(ip) => {
            let socket = if ip.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
            socket.bind(SocketAddr::new(ip, 0))?;
            socket.connect(addr).await?
        }
    };
    stream.set_nodelay(true)?;
    Ok(stream)
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// Why a WebSocket could not be opened.
enum WsRefused {
    /// The server answered the upgrade with this HTTP status and body.
    Http(u16, Value),
    Other(String),
}

impl From<WsRefused> for String {
    fn from(refused: WsRefused) -> String {
        match refused {
            WsRefused::Http(status, body) => format!("WebSocket refused: HTTP {status} {body}"),
            WsRefused::Other(e) => e,
        }
    }
}

/// A WebSocket to `path` on `addr`, with a small read buffer (tungstenite's
/// default 128 KiB one is zeroed on every read).
async fn open_ws(addr: SocketAddr, bind: Option<IpAddr>, path: &str) -> Result<Ws, WsRefused> {
    let stream = tcp_connect(addr, bind).await.map_err(|e| WsRefused::Other(e.to_string()))?;
    let config =
        tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4 * 1024);
    match tokio_tungstenite::client_async_with_config(format!("ws://{addr}{path}"), stream, Some(config))
        .await
    {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body: Value =
                response.body().as_deref().and_then(|b| serde_json::from_slice(b).ok()).unwrap_or_default();
            Err(WsRefused::Http(response.status().as_u16(), body))
        }
        Err(e) => Err(WsRefused::Other(e.to_string())),
    }
}

/// [`open_ws`] with the refusal as text.
async fn connect_ws(addr: SocketAddr, bind: Option<IpAddr>, path: &str) -> Result<Ws, String> {
    open_ws(addr, bind, path).await.map_err(String::from)
}

/// Plays one game to the end (true) or until told to stop (false): the
/// table of load slot `slot` is opened on node `slot mod n` of `addrs`, and
/// its seats connect to the nodes in turn from there.
async fn play_one(
    addrs: &[SocketAddr],
    slot: usize,
    config: &LoadConfig,
    seed: u64,
    shared: &Arc<Shared>,
) -> Result<bool, String> {
    let counters = &shared.counters;
    let request = json!({"game": config.game, "options": config.options, "seats": vec!["human"; config.seats], "seed": seed});
    let node = |i: usize| addrs[(slot + i) % addrs.len()];
    let (_, reply) = shared.http.request(node(0), "POST", "/api/tables", Some(&request)).await?;
    if reply["ok"] != json!(true) {
        counters.refused(reply["error"]["code"].as_str().unwrap_or("?"));
        return Err(reply["error"].to_string());
    }
    let table = reply["table"].as_str().ok_or("no table id")?.to_string();
    let tokens: Vec<String> = reply["seats"]
        .as_array()
        .ok_or("no seats")?
        .iter()
        .filter_map(|s| s["token"].as_str().map(String::from))
        .collect();
    let in_flight = Arc::new(TableInFlight::new(tokens.len()));
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let path = format!("/ws/{table}?token={token}&detail=compact");
        let ws = match open_ws(node(i), config.bind, &path).await {
            Ok(ws) => ws,
            Err(WsRefused::Http(status, body)) => {
                counters.refused(body["error"]["code"].as_str().unwrap_or("?"));
                return Err(format!("WebSocket refused: {status}"));
            }
            Err(WsRefused::Other(e)) => return Err(e),
        };
        let seat = Seat { index: i, table: in_flight.clone(), shared: shared.clone() };
        seats.push(tokio::spawn(seat_loop(ws, seed.wrapping_mul(31).wrapping_add(i as u64), seat)));
    }
    shared.table_opened();
    let mut finished = false;
    let mut failure = None;
    for s in seats {
        match s.await {
            Ok(Ok(done)) => finished |= done,
            Ok(Err(e)) => failure = Some(e),
            Err(e) => failure = Some(e.to_string()),
        }
    }
    shared.table_closed();
    failure.map_or(Ok(finished), Err)
}

/// The fields of a server message the load client reads; the rest
/// (the view, the log) is skipped without being built.
#[derive(Deserialize)]
struct Incoming<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(default)]
    version: usize,
    #[serde(default, borrow)]
    turn: Option<TurnField<'a>>,
    #[serde(default, borrow)]
    legal: Vec<LegalField<'a>>,
    #[serde(default, borrow)]
    code: Option<&'a str>,
}

/// `{"seat": N}`, `"chance"` or `"over"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum TurnField<'a> {
    Seat {
        #[serde(rename = "seat")]
        _seat: usize,
    },
    Word(&'a str),
}

#[derive(Deserialize)]
struct LegalField<'a> {
    #[serde(borrow)]
    action: std::borrow::Cow<'a, str>,
}

/// `{"type":"act",...}` with the action's notation escaped as JSON.
fn act_message(version: usize, action: &str) -> String {
    let mut text = format!(r#"{{"type":"act","version":{version},"action":"#);
    text.push_str(&serde_json::to_string(action).unwrap_or_default());
    text.push('}');
    text
}

async fn seat_loop(mut ws: Ws, seed: u64, seat: Seat) -> Result<bool, String> {
    let shared = seat.shared.clone();
    let mut rng = pace::seed_state(seed);
    let mut pending: Option<usize> = None;
    loop {
        let msg = match tokio::time::timeout(shared.silence, ws.next()).await {
            Err(_) => return Err(format!("no update within {:?}", shared.silence)),
            Ok(None) => return Ok(false),
            Ok(Some(Ok(m))) => m,
            Ok(Some(Err(e))) => return Err(e.to_string()),
        };
        let Message::Text(text) = msg else { continue };
        let state: Incoming = match serde_json::from_str(&text) {
            Ok(s) => s,
            Err(e) => return Err(format!("unreadable message: {e}")),
        };
        if state.kind == "error" {
            // A refused action changes nothing: ask for a fresh snapshot and play again.
            shared.counters.errors.fetch_add(1, Ordering::Relaxed);
            shared.counters.refused(state.code.unwrap_or("?"));
            pending = None;
            tokio::time::sleep(Duration::from_millis(50)).await;
            if let Err(e) = ws.send(Message::Text(r#"{"type":"sync"}"#.into())).await {
                return Err(e.to_string());
            }
            continue;
        }
        if state.kind == "update" {
            seat.update_seen(state.version as u64);
        }
        if let Some(sent) = pending
            && state.version > sent
        {
            shared.action_done();
            pending = None;
        }
        if matches!(state.turn, Some(TurnField::Word("over"))) {
            let _ = ws.close(None).await;
            return Ok(true);
        }
        if shared.stopping() {
            let _ = ws.close(None).await;
            return Ok(false);
        }
        if !state.legal.is_empty() && pending.is_none() {
            let choice = (pace::next_random(&mut rng) % state.legal.len() as u64) as usize;
            let message = act_message(state.version, &state.legal[choice].action);
            shared.pace.wait(&mut rng).await;
            if shared.stopping() {
                let _ = ws.close(None).await;
                return Ok(false);
            }
            seat.sending(state.version as u64);
            pending = Some(state.version);
            if let Err(e) = ws.send(Message::Text(message.into())).await {
                return Err(e.to_string());
            }
        }
    }
}
