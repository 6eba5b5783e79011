//! Bots cost what the operator allows. Seat specs beyond the caps are
//! refused (`seat.too_expensive`, naming the parameter and its cap), list
//! options are bounded, every bot decision runs on the one search pool,
//! which `GET /api/health` reports, and a search its deadline stops is
//! logged with its table's id. A table busy with bots slows only bots:
//! people at another table play on, and a bot at a third table gets its
//! turn.

use crate::common::log::{log, logged};

use crate::common::{Socket, TestServer};
use serde_json::{Value, json};
use spieltisch_catalog::BotLimits;
use spieltisch_server::ServerConfig;
use std::time::{Duration, Instant};

async fn refusal(server: &TestServer, game: &str, options: Value, seats: &[&str]) -> Value {
    let (status, reply) = server
        .http("POST", "/api/tables", Some(&json!({"game": game, "options": options, "seats": seats})))
        .await;
    assert_eq!(status, 400, "{seats:?}: {reply}");
    assert_eq!(reply["ok"], false);
    reply["error"].clone()
}

#[tokio::test]
async fn specs_beyond_the_caps_are_refused_with_the_parameter_and_the_cap() {
    let server = TestServer::start(None).await;
    // The attacks of issue #15, and a thread count beyond the cap.
    for (spec, key, value) in [
        ("mcts:ms=6000:threads=256", "ms", 6000),
        ("mcts:iters=1000000000", "iters", 1_000_000_000),
        ("ismcts:iters=100:threads=2", "threads", 2),
    ] {
        let error = refusal(&server, "six", json!({}), &["human", spec]).await;
        assert_eq!(error["code"], "seat.too_expensive", "{spec}: {error}");
        assert_eq!(error["key"], key, "{spec}: {error}");
        assert_eq!(error["value"], value, "{spec}: {error}");
        let limit = error["limit"].as_u64().expect("the cap");
        assert!(limit < value, "{spec}: {error}");
        assert!(error["message"].as_str().unwrap().contains(&limit.to_string()), "{error}");
    }
    let error = refusal(&server, "six", json!({}), &["human", "mcts:ms=6000"]).await;
    assert_eq!(error["limit"], BotLimits::default().max_ms);
    // What the lobby offers, and budgets within the caps, are made.
    for spec in ["easy", "medium", "hard", "mcts:ms=500", "ismcts:iters=100", "random", "heuristic"] {
        server.create(json!({"game": "six", "seats": ["human", spec]})).await;
    }
    server.create(json!({"game": "ausreisser", "seats": ["human", "hard", "hard"]})).await;
    // People's options stay theirs: a long match with a high move limit.
    let long =
        json!({"game": "six", "options": {"games": 99, "move_limit": 5000}, "seats": ["human", "hard"]});
    server.create(long).await;
    // Lists are bounded: at most 21 stages.
    let tour = |n: usize| vec!["tour"; n].join(",");
    let error = refusal(&server, "reifenbreite", json!({"stages": tour(22)}), &["human", "heuristic"]).await;
    assert_eq!(error["code"], "options.invalid", "{error}");
    server
        .create(
            json!({"game": "reifenbreite", "options": {"stages": tour(21)}, "seats": ["human", "heuristic"]}),
        )
        .await;

    // Under an operator's tighter caps a level is held to them (the budget
    // tests of the catalog show how), while its search written out is refused.
    let tight = TestServer::start_with(ServerConfig {
        bots: BotLimits { max_ms: 100, ..BotLimits::default() },
        ..ServerConfig::default()
    })
    .await;
    let error = refusal(&tight, "six", json!({}), &["human", "mcts:iters=3000"]).await;
    assert_eq!((error["code"].as_str(), error["key"].as_str()), (Some("seat.too_expensive"), Some("iters")));
    for level in ["easy", "medium", "hard"] {
        tight.create(json!({"game": "six", "seats": ["human", level]})).await;
    }
}

fn token(reply: &Value, seat: usize) -> String {
    reply["seats"][seat]["token"].as_str().unwrap().to_string()
}

/// Plays the first legal action for whichever of `sockets` is to move,
/// `moves` times, each answered by an update.
async fn play(sockets: &mut [Socket], mut state: Value, moves: usize) {
    for _ in 0..moves {
        let seat = state["turn"]["seat"].as_u64().expect("a seat moves") as usize;
        let version = state["version"].as_u64().unwrap();
        let action = state["legal"][0]["action"].as_str().unwrap().to_string();
        sockets[seat].act(version, &action).await;
        let mut seen = Vec::new();
        for socket in sockets.iter_mut() {
            seen.push(socket.state_at_least(version + 1).await);
        }
        // The mover's own view lists its legal actions, the other's not.
        let mover = seen[0]["turn"]["seat"].as_u64().unwrap() as usize;
        state = seen.swap_remove(mover);
        assert!(state["version"].as_u64().unwrap() > version);
    }
}

#[tokio::test]
async fn a_table_busy_with_bots_slows_only_bots() {
    let _ = log();
    let server = TestServer::start_with(ServerConfig { bot_threads: 1, ..ServerConfig::default() }).await;
    let (_, health) = server.health().await;
    let idle = json!({"threads": 1, "queue": 0, "running": 0, "oldest_wait_ms": 0});
    let mut pool = idle.clone();
    pool["quick"] = idle;
    assert_eq!(health["bots"], pool);
    // Two bots thinking hard, one decision after another, on the pool's only thread.
    let busy = server
        .create(
            json!({"game": "six", "options": {"games": 99}, "seats": ["mcts:iters=300", "mcts:iters=300"]}),
        )
        .await;
    let started = Instant::now();
    loop {
        let (_, health) = server.health().await;
        if health["bots"]["running"] == 1 {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "the bots never started: {health}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // People at another table play, every move answered.
    let people = server.create(json!({"game": "six", "seats": ["human", "human"]})).await;
    let id = people["table"].as_str().unwrap();
    let mut sockets =
        [server.socket(id, &token(&people, 0)).await, server.socket(id, &token(&people, 1)).await];
    let first = sockets[0].next().await;
    sockets[1].next().await;
    play(&mut sockets, first, 12).await;
    // A bot at a third table gets its turn between the busy table's decisions.
    let other = server.create(json!({"game": "six", "seats": ["mcts:iters=20", "human"]})).await;
    let mut watcher = server.socket(other["table"].as_str().unwrap(), &token(&other, 1)).await;
    watcher.state_at_least(1).await;
    let (status, health) = server.health().await;
    assert_eq!(status, 200);
    assert_eq!(health["bots"]["threads"], 1);
    assert!(health["bots"]["running"].as_u64().unwrap() <= 1, "{health}");
    let (_, summary) = server
        .http(
            "GET",
            &format!(
                "/api/tables/{}?token={}",
                busy["table"].as_str().unwrap(),
                busy["spectator"]["token"].as_str().unwrap()
            ),
            None,
        )
        .await;
    assert_eq!(summary["over"], false, "the busy table is still thinking");
}

#[tokio::test]
async fn a_search_stopped_by_its_deadline_is_logged_with_the_table() {
    let _ = log();
    // A deadline of nothing: the safety net stops every search at once.
    let server = TestServer::start_with(ServerConfig {
        bots: BotLimits { deadline_factor: 0, min_deadline: Duration::ZERO, ..BotLimits::default() },
        ..ServerConfig::default()
    })
    .await;
    let reply = server.create(json!({"game": "six", "seats": ["mcts:iters=500", "human"]})).await;
    let id = reply["table"].as_str().unwrap();
    let mut person = server.socket(id, &token(&reply, 1)).await;
    let state = person.state_at_least(1).await;
    assert_eq!(state["turn"]["seat"], 1, "the bot moved anyway");
    let line = logged()
        .lines()
        .find(|l| l.contains("bot search stopped at its deadline") && l.contains(id))
        .map(str::to_string);
    let line = line.unwrap_or_else(|| panic!("no warning for table {id}:\n{}", logged()));
    assert!(line.contains("WARN") && line.contains("budget=500"), "{line}");
}
