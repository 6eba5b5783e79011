//! How big a replay is and how long the server takes to build it: a
//! finished game per line (played by heuristic bots on an in-process
//! server), its actions, the replay's steps and bytes, and the time from
//! request to the last byte.
//!
//! `cargo run --release -p spieltisch-loadtest --example replay_size [WORD]`:
//! only the games whose line contains WORD; with `REPLAY_DUMP=DIR` each
//! replay is written to DIR as well.

use serde_json::{Value, json};
use spieltisch_loadtest::http_request;
use spieltisch_server::{ServerConfig, serve_on};
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    let config = ServerConfig {
        addr,
        bot_delay: Duration::ZERO,
        limits: spieltisch_server::limits::Limits { per_client: false, ..Default::default() },
        ..ServerConfig::default()
    };
    tokio::spawn(async move { serve_on(listener, config).await.expect("the server runs") });
    let games = [
        ("six, 2 heuristic", json!({"game": "six", "seats": ["heuristic", "heuristic"], "seed": 1})),
        (
            "sechstage races=1, 4 heuristic",
            json!({"game": "sechstage", "options": {"races": 1},
            "seats": ["heuristic", "heuristic", "heuristic", "heuristic"], "seed": 1}),
        ),
        (
            "ausreisser stages=1, 4 heuristic",
            json!({"game": "ausreisser", "options": {"players": 4, "stages": 1},
            "seats": ["heuristic", "heuristic", "heuristic", "heuristic"], "seed": 1}),
        ),
        (
            "reifenbreite tour pro, 4 heuristic",
            json!({"game": "reifenbreite",
            "options": {"teams": 4, "course": "tour", "rules": "pro"}, "seats": ["heuristic", "heuristic", "heuristic", "heuristic"], "seed": 1}),
        ),
        (
            "reifenbreite stages=tour x5 pro, 4 heuristic",
            json!({"game": "reifenbreite",
            "options": {"teams": 4, "stages": "tour,tour,tour,tour,tour", "rules": "pro"},
            "seats": ["heuristic", "heuristic", "heuristic", "heuristic"], "seed": 1}),
        ),
    ];
    let only = std::env::args().nth(1).unwrap_or_default();
    let dump = std::env::var_os("REPLAY_DUMP").map(std::path::PathBuf::from);
    println!("| game | actions | steps | replay bytes | build ms |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (name, request) in games.into_iter().filter(|(name, _)| name.contains(&only)) {
        let (_, reply) = http_request(addr, "POST", "/api/tables", Some(&request)).await.expect("created");
        let table = reply["table"].as_str().unwrap_or_else(|| panic!("{name}: {reply}")).to_string();
        let watch = reply["spectator"]["token"].as_str().expect("a spectator token").to_string();
        let summary = loop {
            let (_, summary) = http_request(addr, "GET", &format!("/api/tables/{table}?token={watch}"), None)
                .await
                .expect("a summary");
            if summary["over"] == true {
                break summary;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let started = Instant::now();
        let (status, replay) =
            http_request(addr, "GET", &format!("/api/tables/{table}/replay?token={watch}"), None)
                .await
                .expect("a replay");
        let took = started.elapsed();
        assert_eq!(status, 200, "{name}: {replay}");
        let steps = replay["steps"].as_array().map_or(0, Vec::len);
        let bytes = Value::to_string(&replay).len();
        println!("| {name} | {} | {steps} | {bytes} | {} |", summary["version"], took.as_millis());
        if let Some(dir) = &dump {
            let file = dir.join(format!("{}.json", name.split(',').next().unwrap_or(name).replace(' ', "-")));
            std::fs::write(&file, replay.to_string()).expect("the replay written");
        }
    }
}
