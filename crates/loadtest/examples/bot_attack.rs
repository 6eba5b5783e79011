//! The bot-budget attack (docs/security.md, "Bots"), against a running
//! `spieltisch serve` on loopback: victims' bots answer while attackers keep
//! the search pool full.
//!
//! Each attacking address (127.0.0.10, .11, ...) opens `--tables` tables of
//! the most expensive accepted bots (Der Ausreisser, 6 riders, 10 stages,
//! every seat `ismcts:ms=<--max-ms>`, the cap). Meanwhile a victim at
//! 127.0.0.3 watches two tables of its own over the WebSocket: Six between
//! two `random` bots, and Six between two `hard` bots, both with a fixed
//! seed (a table without a person's seat may choose its seed). For every
//! bot move it records the time since the move before it (the bot's delay,
//! its wait in the pool and its own decision) and the CPU time the server's
//! search threads used meanwhile (`/proc`, so on the same machine). The
//! `hard` table is first played alone (`--phase alone`), so that each move's
//! own decision is known, then under attack (`--phase attack`): the same
//! seed gives the same moves, so each move's excess over the same move alone
//! is what the attack cost it.
//!
//! Bounded in tables and time (`--seconds`). `bench/bot-attack.sh` runs the
//! three phases on fresh servers:
//!
//! ```text
//! bot_attack --port P --pid PID --phase alone --seconds 120 > alone.json
//! bot_attack --port P --pid PID --phase attack --addresses 1 --alone alone.json > one.json
//! ```
//!
//! The figures go to standard output as one JSON object, a summary line to
//! standard error.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use spieltisch_loadtest::Http;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const VICTIM: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 3);

#[derive(Debug, clap::Parser)]
struct Args {
    /// The server's port on 127.0.0.1.
    #[arg(long)]
    port: u16,
    /// The server's process, for its search threads' CPU time.
    #[arg(long)]
    pid: u32,
    /// `alone`: the victims only; `attack`: with the attackers.
    #[arg(long, value_parser = ["alone", "attack"])]
    phase: String,
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=200))]
    addresses: u8,
    /// Tables per attacking address.
    #[arg(long, default_value_t = 30)]
    tables: usize,
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// The server's `--bot-max-ms`: the attackers' bots ask for all of it.
    #[arg(long, default_value_t = 2000)]
    max_ms: u64,
    /// The alone phase's output, to compare the `hard` bots' moves with.
    #[arg(long)]
    alone: Option<std::path::PathBuf>,
}

/// One bot move seen: (version, seconds since the version before, CPU
/// seconds the search threads used meanwhile).
type Move = (u64, f64, f64);

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Args = clap::Parser::parse();
    let server = SocketAddr::from(([127, 0, 0, 1], args.port));
    let mut attack_tables = 0;
    if args.phase == "attack" {
        let attackers: Vec<_> = (0..args.addresses)
            .map(|a| tokio::spawn(attack(server, Ipv4Addr::new(127, 0, 0, 10 + a), args.tables, args.max_ms)))
            .collect();
        for attacker in attackers {
            attack_tables += attacker.await.map_err(|e| e.to_string())?;
        }
        // The pool is full before the victims begin.
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    let until = Instant::now() + Duration::from_secs(args.seconds);
    let victim = Http::from(Some(IpAddr::V4(VICTIM)));
    let mut watchers = Vec::new();
    for seats in [["random", "random"], ["hard", "hard"]] {
        let request = json!({"game": "six", "seats": seats, "seed": 2323});
        let (status, reply) = victim.request(server, "POST", "/api/tables", Some(&request)).await?;
        let (Some(table), Some(token)) = (reply["table"].as_str(), reply["spectator"]["token"].as_str())
        else {
            return Err(format!("the victim's table was refused: HTTP {status} {reply}"));
        };
        let path = format!("/ws/{table}?token={token}");
        watchers.push(tokio::spawn(watch(server, path, until, args.pid)));
    }
    let mut seen = Vec::new();
    for watcher in watchers {
        seen.push(watcher.await.map_err(|e| e.to_string())??);
    }
    let (random, hard) = (&seen[0], &seen[1]);
    let (_, health) = victim.request(server, "GET", "/api/health", None).await?;
    let mut out = json!({
        "phase": args.phase, "addresses": args.addresses, "attack_tables": attack_tables,
        "random": spread(random.iter().map(|m| m.1)),
        "hard": spread(hard.iter().map(|m| m.1)),
        "hard_search_cpu": spread(hard.iter().map(|m| m.2)),
        "bots": health["bots"],
    });
    if let Some(path) = &args.alone {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let alone: Vec<Move> = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| serde_json::from_value(v["hard_moves"].clone()).ok())
            .ok_or_else(|| format!("{}: not the alone phase's output", path.display()))?;
        let same = |v: u64| alone.iter().find(|m| m.0 == v);
        out["hard_excess_over_alone"] = spread(hard.iter().filter_map(|m| same(m.0).map(|a| m.1 - a.1)));
        out["hard_excess_search_cpu"] = spread(hard.iter().filter_map(|m| same(m.0).map(|a| m.2 - a.2)));
    }
    eprintln!("{}: {out}", args.phase);
    out["hard_moves"] = json!(hard);
    println!("{out}");
    Ok(())
}

/// Opens up to `tables` tables of the costliest accepted bots from
/// `address`; how many were made.
async fn attack(server: SocketAddr, address: Ipv4Addr, tables: usize, max_ms: u64) -> usize {
    let http = Http::from(Some(IpAddr::V4(address)));
    let seats = vec![format!("ismcts:ms={max_ms}"); 6];
    let request = json!({"game": "ausreisser", "options": {"players": 6, "stages": 10}, "seats": seats});
    let mut made = 0;
    for _ in 0..tables {
        match http.request(server, "POST", "/api/tables", Some(&request)).await {
            Ok((200, _)) => made += 1,
            Ok((status, reply)) => eprintln!("# {address}: {status} {reply}"),
            Err(e) => eprintln!("# {address}: {e}"),
        }
    }
    made
}

/// Every version the table at `path` reaches until its game ends or
/// `until`, watched from the victim's address.
async fn watch(server: SocketAddr, path: String, until: Instant, pid: u32) -> Result<Vec<Move>, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket.bind(SocketAddr::from((VICTIM, 0))).map_err(|e| e.to_string())?;
    let stream = socket.connect(server).await.map_err(|e| e.to_string())?;
    let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{server}{path}"), stream)
        .await
        .map_err(|e| e.to_string())?;
    let mut moves = Vec::new();
    let mut last: Option<(u64, Instant, f64)> = None;
    while let Ok(Some(message)) = tokio::time::timeout_at(until.into(), ws.next()).await {
        let message = match message.map_err(|e| e.to_string())? {
            Message::Text(text) => text,
            Message::Ping(payload) => {
                ws.send(Message::Pong(payload)).await.map_err(|e| e.to_string())?;
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        let message: Value = serde_json::from_str(&message).map_err(|e| e.to_string())?;
        let Some(version) = message["version"].as_u64() else { continue };
        let (now, cpu) = (Instant::now(), search_cpu(pid));
        match last {
            Some((before, at, cpu_before)) if version > before => {
                moves.push((version, (now - at).as_secs_f64(), cpu - cpu_before));
                last = Some((version, now, cpu));
            }
            None => last = Some((version, now, cpu)),
            Some(_) => {}
        }
        if message["turn"] == "over" {
            break;
        }
    }
    Ok(moves)
}

/// The CPU seconds the server's search threads (`spieltisch-bot-N`, not
/// the quick lane's) have used, or 0 where `/proc` cannot tell.
fn search_cpu(pid: u32) -> f64 {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { return 0.0 };
    let nanos: u64 = tasks
        .flatten()
        .filter(|task| {
            std::fs::read_to_string(task.path().join("comm")).is_ok_and(|name| {
                let name = name.trim();
                name.starts_with("spieltisch-bot-") && !name.starts_with("spieltisch-bot-q")
            })
        })
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|stat| stat.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    nanos as f64 / 1e9
}

/// How many, and the median, 90th percentile and largest of `values`.
fn spread(values: impl Iterator<Item = f64>) -> Value {
    let mut values: Vec<f64> = values.collect();
    if values.is_empty() {
        return json!({});
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((q * values.len() as f64).ceil() as usize).clamp(1, values.len()) - 1];
    let round = |x: f64| (x * 1000.0).round() / 1000.0;
    json!({"n": values.len(), "median": round(at(0.5)), "p90": round(at(0.9)), "max": round(at(1.0))})
}
