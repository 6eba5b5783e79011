//! The floor under `spieltisch loadtest`: the same traffic with no game, no
//! table, no database, no HTTP and no JSON. Each "game" is two client
//! WebSockets and one server task owning both server ends; an action is a
//! small text message from the seat to move, answered by an update of the
//! size the real server sends to each of the two seats; then the other seat
//! moves. Both sides are the thinnest tokio-tungstenite can be, in one
//! process on loopback, as the load tool runs.
//!
//! `cargo run --release -p spieltisch-loadtest --example loopback_floor -- GAMES SECONDS [THREADS]`
//! prints actions per second, the process's CPU time per action and the
//! latency percentiles, to compare with `spieltisch loadtest`.

use futures_util::{SinkExt, StreamExt};
use spieltisch_loadtest::CpuTime;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// About the length of a compact update of a Six game (version, one log
/// line, turn, and the legal actions for the seat to move, 40 or so).
const UPDATE_BYTES: usize = 420;
const ACTION: &str = r#"{"type":"act","version":17,"action":"c4"}"#;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads)
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(run(games, Duration::from_secs(seconds)));
}

async fn run(games: usize, duration: Duration) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move {
        loop {
            // The clients connect one seat after the other, each waiting
            // for its handshake, so the two accepts pair a game's seats.
            let first = accept(&listener).await;
            let second = accept(&listener).await;
            tokio::spawn(serve_game(first, second));
        }
    });
    let actions = Arc::new(AtomicU64::new(0));
    let measuring = Arc::new(AtomicBool::new(false));
    let latencies = Arc::new(std::sync::Mutex::new(Vec::<u32>::new()));
    for _ in 0..games {
        let url = format!("ws://{addr}/");
        let (a, _) = tokio_tungstenite::connect_async_with_config(url.clone(), Some(small_buffer()), true)
            .await
            .expect("connect");
        let (b, _) = tokio_tungstenite::connect_async_with_config(url, Some(small_buffer()), true)
            .await
            .expect("connect");
        for (seat, ws) in [a, b].into_iter().enumerate() {
            let (actions, measuring, latencies) = (actions.clone(), measuring.clone(), latencies.clone());
            tokio::spawn(play_seat(seat, ws, actions, measuring, latencies));
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    measuring.store(true, Ordering::Relaxed);
    let (start, cpu_start) = (Instant::now(), CpuTime::now());
    tokio::time::sleep(duration).await;
    let (seconds, cpu) = (start.elapsed().as_secs_f64(), CpuTime::now().since(cpu_start));
    let n = actions.load(Ordering::Relaxed);
    let mut lat = latencies.lock().expect("latencies").clone();
    lat.sort_unstable();
    let pick =
        |q: f64| lat.get(((lat.len().max(1) - 1) as f64 * q) as usize).map_or(0.0, |&l| l as f64 / 1000.0);
    println!(
        "{games} games: {:.0} actions/s, {:.1} µs CPU per action ({:.1} µs in the kernel), p50 {:.1} ms, p99 {:.1} ms",
        n as f64 / seconds,
        cpu.total() * 1e6 / n as f64,
        cpu.system * 1e6 / n as f64,
        pick(0.5),
        pick(0.99)
    );
    std::process::exit(0);
}

/// One client connection, a task of its own as in the load tool: the seats
/// move in turn, and every update reaches both.
async fn play_seat(
    seat: usize,
    mut ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    actions: Arc<AtomicU64>,
    measuring: Arc<AtomicBool>,
    latencies: Arc<std::sync::Mutex<Vec<u32>>>,
) {
    let mut to_move = 0;
    let mut local = Vec::new();
    loop {
        let sent = Instant::now();
        if to_move == seat && ws.send(Message::Text(ACTION.into())).await.is_err() {
            return;
        }
        if ws.next().await.is_none() {
            return;
        }
        if to_move == seat && measuring.load(Ordering::Relaxed) {
            local.push(sent.elapsed().as_micros() as u32);
            actions.fetch_add(1, Ordering::Relaxed);
            if local.len() >= 16 {
                latencies.lock().expect("latencies").append(&mut local);
            }
        }
        to_move = 1 - to_move;
    }
}

/// Both seats of one game: every action read from either is answered by an
/// update to both.
async fn serve_game(mut a: Ws, mut b: Ws) {
    let update: String =
        format!(r#"{{"type":"update","version":18,"x":"{}"}}"#, "x".repeat(UPDATE_BYTES - 40));
    loop {
        let got = tokio::select! {
            m = a.next() => m,
            m = b.next() => m,
        };
        if !matches!(got, Some(Ok(Message::Text(_)))) {
            return;
        }
        if a.send(Message::Text(update.as_str().into())).await.is_err()
            || b.send(Message::Text(update.as_str().into())).await.is_err()
        {
            return;
        }
    }
}

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

async fn accept(listener: &TcpListener) -> Ws {
    let (stream, _) = listener.accept().await.expect("accept");
    stream.set_nodelay(true).expect("nodelay");
    tokio_tungstenite::accept_async_with_config(stream, Some(small_buffer())).await.expect("handshake")
}

/// Tungstenite zeroes its read buffer on every read: its default of
/// 128 KiB would cost more than everything else together.
fn small_buffer() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(4 * 1024)
}
