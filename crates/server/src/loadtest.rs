//! `spieltisch loadtest`: many concurrent games played through the real
//! WebSocket server on loopback, measuring throughput and the latency from
//! sending an action to receiving the update that contains it.
//!
//! Each seat of each table is a client connection that plays a uniformly
//! random legal action whenever its snapshot or update says it is to move.
//! When a game ends, a new one starts, so the number of games in flight stays
//! constant. The clients share the machine with the server, so they read only
//! the fields they need, typed, without building JSON trees.
//!
//! All clients come from one address, so a server with its limits per client
//! address on refuses most of them: benchmark a running server started with
//! `spieltisch serve --no-client-limits`. The in-process server runs so.

use crate::{ServerConfig, serve_on};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

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
    /// A running server to load; `None` starts one in this process.
    pub target: Option<SocketAddr>,
    /// The in-process server's database file (so that commits reach the
    /// disk as they do in service); `None` keeps it in memory.
    pub db: Option<std::path::PathBuf>,
    pub seed: u64,
}

/// What was measured.
#[derive(Clone, Debug, Serialize)]
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
    /// server's too unless it runs elsewhere (`target`).
    pub cpu_us_per_action: f64,
    /// The part of `cpu_us_per_action` spent in the kernel.
    pub kernel_us_per_action: f64,
    pub games_finished: u64,
    pub latency_ms: Percentiles,
    pub errors: u64,
    /// Refused messages by error code.
    pub errors_by_code: std::collections::BTreeMap<String, u64>,
}

impl LoadReport {
    /// Whether the server refused the load for its limits per client address.
    pub fn limited(&self) -> bool {
        ["rate.limited", "tables.too_many", "connections.too_many"]
            .iter()
            .any(|code| self.errors_by_code.contains_key(*code))
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Percentiles {
    pub p50: f64,
    pub p90: f64,
    pub p99: f64,
    pub max: f64,
}

#[derive(Default)]
struct Counters {
    /// Set once the warm-up is over: only then is anything counted.
    measuring: AtomicBool,
    actions: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
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

/// Runs the load test and reports.
pub async fn run(config: LoadConfig) -> Result<LoadReport, String> {
    let addr = match config.target {
        Some(addr) => addr,
        None => {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
            let addr = listener.local_addr().map_err(|e| e.to_string())?;
            // The load clients play as fast as the server answers, far faster
            // than people click, all from one address, so the in-process
            // server lifts the limits per client (and the server-wide caps:
            // the machine's open files are the bound); a server given with
            // `target` keeps its own.
            let limits = crate::limits::Limits {
                per_client: false,
                max_connections: usize::MAX,
                max_websockets: usize::MAX,
                ..crate::limits::Limits::default()
            };
            let server = ServerConfig {
                addr,
                db: config.db.clone().map_or(crate::DbAddress::Memory, crate::DbAddress::Sqlite),
                bot_delay: Duration::ZERO,
                max_tables: usize::MAX,
                limits,
                ..ServerConfig::default()
            };
            tokio::spawn(async move {
                if let Err(e) = serve_on(listener, server).await {
                    tracing::error!("load test server: {e}");
                }
            });
            addr
        }
    };
    let counters = Arc::new(Counters::default());
    let latencies = Arc::new(Mutex::new(Vec::<u32>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let mut runners = Vec::new();
    for slot in 0..config.concurrency {
        let (config, counters, latencies, stop) =
            (config.clone(), counters.clone(), latencies.clone(), stop.clone());
        runners.push(tokio::spawn(async move {
            let mut round = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let seed = config.seed.wrapping_add((slot as u64) << 20).wrapping_add(round);
                round += 1;
                match play_one(addr, &config, seed, &counters, &latencies, &stop).await {
                    Ok(true) => {
                        if counters.measuring.load(Ordering::Relaxed) {
                            counters.games.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    Ok(false) => {}
                    Err(e) => {
                        counters.errors.fetch_add(1, Ordering::Relaxed);
                        tracing::warn!("load test game failed: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                }
            }
        }));
    }
    tokio::time::sleep(config.warmup).await;
    counters.measuring.store(true, Ordering::Relaxed);
    let start = Instant::now();
    let cpu_start = CpuTime::now();
    tokio::time::sleep(config.duration).await;
    stop.store(true, Ordering::Relaxed);
    let seconds = start.elapsed().as_secs_f64();
    let cpu = CpuTime::now().since(cpu_start);
    let actions = counters.actions.load(Ordering::Relaxed);
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
    let mut lat = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    lat.sort_unstable();
    let pick = |q: f64| {
        if lat.is_empty() {
            0.0
        } else {
            f64::from(lat[((lat.len() - 1) as f64 * q).round() as usize]) / 1000.0
        }
    };
    Ok(LoadReport {
        game: config.game,
        concurrency: config.concurrency,
        warmup_seconds: config.warmup.as_secs_f64(),
        seconds,
        actions,
        actions_per_sec: actions as f64 / seconds,
        cpu_us_per_action: per_action(cpu.total()),
        kernel_us_per_action: per_action(cpu.system),
        games_finished: counters.games.load(Ordering::Relaxed),
        latency_ms: Percentiles { p50: pick(0.5), p90: pick(0.9), p99: pick(0.99), max: pick(1.0) },
        errors: counters.errors.load(Ordering::Relaxed),
        errors_by_code: counters.codes.lock().map(|c| c.clone()).unwrap_or_default(),
    })
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
        let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return CpuTime::default() };
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

/// One HTTP/1.1 request with a JSON body (or none), closing the connection;
/// returns the status and the JSON reply (`null` when the reply is not JSON).
/// Enough for the load tool and the tests, which need no HTTP library.
pub async fn http_request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let mut stream = TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.map_err(|e| e.to_string())?;
    let mut headers = [httparse::EMPTY_HEADER; 32];
    let mut parsed = httparse::Response::new(&mut headers);
    let httparse::Status::Complete(head) = parsed.parse(&response).map_err(|e| e.to_string())? else {
        return Err("the HTTP response ended in its head".into());
    };
    let status = parsed.code.ok_or("not an HTTP response")?;
    let chunked = parsed.headers.iter().any(|h| {
        h.name.eq_ignore_ascii_case("transfer-encoding") && h.value.eq_ignore_ascii_case(b"chunked")
    });
    let body = if chunked { dechunk(&response[head..])? } else { response[head..].to_vec() };
    Ok((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
}

/// The body of a response sent in chunks (a streamed reply, such as a replay).
fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let httparse::Status::Complete((start, size)) =
            httparse::parse_chunk_size(rest).map_err(|_| "a malformed chunk size")?
        else {
            return Err("the body ended in a chunk size".into());
        };
        let size = usize::try_from(size).map_err(|_| "a chunk too large")?;
        if size == 0 {
            return Ok(body);
        }
        let chunk = rest.get(start..start + size).ok_or("the body ended in a chunk")?;
        body.extend_from_slice(chunk);
        rest = rest.get(start + size + 2..).ok_or("the body ended after a chunk")?;
    }
}

/// Plays one game to the end (true) or until told to stop (false).
async fn play_one(
    addr: SocketAddr,
    config: &LoadConfig,
    seed: u64,
    counters: &Arc<Counters>,
    latencies: &Arc<Mutex<Vec<u32>>>,
    stop: &Arc<AtomicBool>,
) -> Result<bool, String> {
    let request = json!({"game": config.game, "options": config.options, "seats": vec!["human"; config.seats], "seed": seed});
    let (_, reply) = http_request(addr, "POST", "/api/tables", Some(&request)).await?;
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
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let url = format!("ws://{addr}/ws/{table}?token={token}&detail=compact");
        let config =
            tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(4 * 1024);
        let (ws, _) = match tokio_tungstenite::connect_async_with_config(url, Some(config), true).await {
            Ok(connected) => connected,
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                let body: Value = response
                    .body()
                    .as_deref()
                    .and_then(|b| serde_json::from_slice(b).ok())
                    .unwrap_or_default();
                counters.refused(body["error"]["code"].as_str().unwrap_or("?"));
                return Err(format!("WebSocket refused: {}", response.status()));
            }
            Err(e) => return Err(e.to_string()),
        };
        let (counters, latencies, stop) = (counters.clone(), latencies.clone(), stop.clone());
        seats.push(tokio::spawn(seat_loop(
            ws,
            seed.wrapping_mul(31).wrapping_add(i as u64),
            counters,
            latencies,
            stop,
        )));
    }
    let mut finished = false;
    for s in seats {
        finished |= s.await.map_err(|e| e.to_string())??;
    }
    Ok(finished)
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

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

async fn seat_loop(
    mut ws: Ws,
    seed: u64,
    counters: Arc<Counters>,
    latencies: Arc<Mutex<Vec<u32>>>,
    stop: Arc<AtomicBool>,
) -> Result<bool, String> {
    let mut rng = seed | 1;
    let mut pending: Option<(usize, Instant)> = None;
    loop {
        let msg = match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Err(_) => return Err("no update within 30 s".into()),
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
            counters.errors.fetch_add(1, Ordering::Relaxed);
            counters.refused(state.code.unwrap_or("?"));
            pending = None;
            tokio::time::sleep(Duration::from_millis(50)).await;
            if let Err(e) = ws.send(Message::Text(r#"{"type":"sync"}"#.into())).await {
                return Err(e.to_string());
            }
            continue;
        }
        if let Some((sent, at)) = pending
            && state.version > sent
        {
            if counters.measuring.load(Ordering::Relaxed) {
                let micros = at.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                if let Ok(mut all) = latencies.lock() {
                    all.push(micros);
                }
                counters.actions.fetch_add(1, Ordering::Relaxed);
            }
            pending = None;
        }
        if matches!(state.turn, Some(TurnField::Word("over"))) {
            let _ = ws.close(None).await;
            return Ok(true);
        }
        if stop.load(Ordering::Relaxed) {
            let _ = ws.close(None).await;
            return Ok(false);
        }
        if !state.legal.is_empty() && pending.is_none() {
            // xorshift: cheap, and the load client needs no stronger generator.
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = &state.legal[(rng % state.legal.len() as u64) as usize].action;
            pending = Some((state.version, Instant::now()));
            if let Err(e) = ws.send(Message::Text(act_message(state.version, action).into())).await {
                return Err(e.to_string());
            }
        }
    }
}
