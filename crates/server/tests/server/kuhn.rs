//! The server over real HTTP and WebSocket on loopback, with the Kuhn poker
//! fixture: a full game, stale and wrong-seat actions, secrets, restarts.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_catalog::register_fixtures;
use std::path::PathBuf;

/// A test server in this process, with the fixture registered first.
async fn kuhn_server(db: Option<PathBuf>) -> TestServer {
    register_fixtures();
    TestServer::start(db).await
}

fn seat_token(reply: &Value, seat: usize) -> String {
    reply["seats"][seat]["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn two_people_play_a_whole_game() {
    let server = kuhn_server(None).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": 3})).await;
    let table = reply["table"].as_str().unwrap();
    let mut a = server.socket(table, &seat_token(&reply, 0)).await;
    let mut b = server.socket(table, &seat_token(&reply, 1)).await;
    // Two chance deals happened at creation; seat 0 is to move.
    let s = a.state_at_least(2).await;
    assert_eq!(s["turn"], json!({"seat": 0}));
    assert_eq!(s["legal"].as_array().unwrap().len(), 2);
    a.act(2, "bet").await;
    let s = b.state_at_least(3).await;
    assert_eq!(s["turn"], json!({"seat": 1}));
    b.act(3, "call").await;
    let end = a.state_at_least(4).await;
    assert_eq!(end["turn"], "over");
    let scores = end["outcome"]["scores"].as_array().unwrap();
    assert_eq!(scores.iter().map(|s| s.as_f64().unwrap()).sum::<f64>(), 0.0);
    // At a showdown both cards are public.
    assert!(end["view"]["cards"].as_array().unwrap().iter().all(|c| !c.is_null()));
}

#[tokio::test]
async fn stale_wrong_seat_and_spectator_actions_are_refused() {
    let server = kuhn_server(None).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": 4})).await;
    let table = reply["table"].as_str().unwrap();
    let mut a = server.socket(table, &seat_token(&reply, 0)).await;
    let mut b = server.socket(table, &seat_token(&reply, 1)).await;
    a.state_at_least(2).await;
    b.state_at_least(2).await;
    b.act(2, "check").await;
    assert_eq!(b.error().await["code"], "seat.not_your_turn");
    a.act(1, "check").await;
    assert_eq!(a.error().await["code"], "action.stale");
    a.act(2, "raise").await;
    assert_eq!(a.error().await["code"], "action.parse");
    a.act(2, "call").await;
    assert_eq!(a.error().await["code"], "action.illegal");
    a.send(json!({"type": "dance"})).await;
    assert_eq!(a.error().await["code"], "request.invalid");
    let mut watcher = server.socket(table, reply["spectator"]["token"].as_str().unwrap()).await;
    let s = watcher.state_at_least(2).await;
    assert_eq!(s["viewer"], "spectator");
    assert!(s["view"]["cards"].as_array().unwrap().iter().all(Value::is_null), "a spectator saw a card");
    watcher.act(2, "check").await;
    assert_eq!(watcher.error().await["code"], "seat.spectator");
    // Nothing refused changed the table.
    let (_, state) =
        server.http("GET", &format!("/api/tables/{table}/state?token={}", seat_token(&reply, 0)), None).await;
    assert_eq!(state["version"], 2);
    // A wrong token gets no connection and no state, and the same answer as
    // a table that does not exist (it used to be 403 seat.bad_token, which
    // told a prober that the table existed).
    let (status, body) = server.http("GET", &format!("/api/tables/{table}/state?token=nope"), None).await;
    assert_eq!((status, body["error"]["code"].as_str()), (404, Some("table.unknown")));
    let (missing, unknown) = server.http("GET", "/api/tables/no-such-table/state?token=nope", None).await;
    assert_eq!(missing, status);
    let message = |body: &Value, id: &str| body["error"]["message"].as_str().unwrap().replace(id, "ID");
    assert_eq!(message(&body, table), message(&unknown, "no-such-table"), "the same words");
    let (status, body) = server.http("GET", "/api/tables/nosuch/state?token=x", None).await;
    assert_eq!((status, body["error"]["code"].as_str()), (404, Some("table.unknown")));
}

#[tokio::test]
async fn no_frame_shows_a_seat_the_other_card() {
    for seed in 0..6 {
        let server = kuhn_server(None).await;
        let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": seed})).await;
        let table = reply["table"].as_str().unwrap();
        let mut a = server.socket(table, &seat_token(&reply, 0)).await;
        let mut b = server.socket(table, &seat_token(&reply, 1)).await;
        a.state_at_least(2).await;
        a.act(2, "bet").await;
        b.state_at_least(3).await;
        b.act(3, "fold").await;
        a.state_at_least(4).await;
        b.state_at_least(4).await;
        // A fold ends without a showdown: neither seat may ever see the other's card,
        // in a snapshot or in an update.
        let mut updates = 0;
        for (socket, other) in [(&a, 1), (&b, 0)] {
            for frame in &socket.frames {
                let msg: Value = serde_json::from_str(frame).unwrap();
                match msg["type"].as_str() {
                    Some("state") => {}
                    Some("update") => updates += 1,
                    _ => continue,
                }
                assert!(msg["view"]["cards"][other].is_null(), "seed {seed}: a frame leaked a card: {frame}");
                // Actions 0 and 1 are the deals to seat 0 and seat 1.
                for entry in msg["log"].as_array().into_iter().flatten().filter(|e| e["at"] == other) {
                    assert_eq!(
                        entry["event"]["params"],
                        json!({}),
                        "seed {seed}: the log leaked a card: {frame}"
                    );
                }
            }
        }
        assert!(updates >= 4, "seed {seed}: each seat got an update per action ({updates})");
    }
}

/// After the first snapshot, each change comes as an update: the new
/// version, the log since the version the client had, whose turn, and
/// legal actions only for the seat to move; a compact update has no view.
#[tokio::test]
async fn changes_arrive_as_updates_that_continue_the_snapshot() {
    let server = kuhn_server(None).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": 11})).await;
    let table = reply["table"].as_str().unwrap();
    let mut a = server.socket(table, &seat_token(&reply, 0)).await;
    let mut b = server.compact_socket(table, &seat_token(&reply, 1)).await;
    let first = a.state_at_least(2).await;
    assert_eq!(serde_json::from_str::<Value>(&a.frames[0]).unwrap()["type"], "state");
    let compact = b.state_at_least(2).await;
    assert!(compact.get("log").is_none() && compact.get("text").is_none(), "{compact}");
    a.act(2, "bet").await;
    b.state_at_least(3).await;
    a.state_at_least(3).await;
    let raw = |frames: &[String]| -> Value { serde_json::from_str(frames.last().unwrap()).unwrap() };
    let (to_mover, to_other) = (raw(&a.frames), raw(&b.frames));
    assert_eq!(to_mover["log"].as_array().unwrap().len(), 1, "{to_mover}");
    assert_eq!(to_mover["log"][0]["event"]["kind"], "bet", "a person's update has the event");
    assert_eq!(to_mover["log"][0]["actor"], json!({"seat": 0}));
    assert_eq!(to_other["log"], json!(["bet"]), "a compact update keeps the notation");
    for update in [&to_mover, &to_other] {
        assert_eq!(update["type"], "update", "{update}");
        assert_eq!((update["from"].as_u64(), update["version"].as_u64()), (Some(2), Some(3)));
        assert_eq!(update["turn"], json!({"seat": 1}));
        assert!(update.get("table").is_none() && update.get("seats").is_none(), "{update}");
    }
    assert_eq!(to_mover["legal"], json!([]), "only the seat to move gets legal actions");
    assert_eq!(to_other["legal"], json!([{"action": "call"}, {"action": "fold"}]));
    assert!(to_other.get("view").is_none() && to_other.get("text").is_none(), "a compact update has no view");
    assert_eq!(to_mover["view"]["cards"][0], first["view"]["cards"][0], "a full update carries the view");
    assert!(to_mover["text"].is_string());
    // `sync` asks for a whole snapshot at any time.
    b.send(json!({"type": "sync"})).await;
    let synced = b.next().await;
    assert_eq!((synced["type"].as_str(), synced["version"].as_u64()), (Some("state"), Some(3)));
    assert!(synced["view"]["cards"][0].is_null(), "seat 1 sees its own card only: {synced}");
    // The next action's update continues from the synced snapshot.
    b.act(3, "fold").await;
    let end = b.state_at_least(4).await;
    assert_eq!(raw(&b.frames)["from"], 3);
    assert_eq!(end["turn"], "over");
    assert!(end["outcome"]["scores"].is_array());
}

#[tokio::test]
async fn bots_move_by_themselves() {
    let server = kuhn_server(None).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["random", "random"], "seed": 9})).await;
    let table = reply["table"].as_str().unwrap();
    let mut watcher = server.socket(table, reply["spectator"]["token"].as_str().unwrap()).await;
    loop {
        let s = watcher.state_at_least(0).await;
        if s["turn"] == "over" {
            break;
        }
    }
    let (status, replay) = server
        .http(
            "GET",
            &format!("/api/tables/{table}/replay?token={}", reply["spectator"]["token"].as_str().unwrap()),
            None,
        )
        .await;
    assert_eq!(status, 200, "{replay}");
    // A step is an entry of the log: each deal, then each bet or check.
    let steps = replay["steps"].as_array().unwrap();
    assert!((4..=5).contains(&steps.len()), "{replay}");
    assert_eq!(replay["first"]["version"], 0);
    // The spectator's replay hides the deals.
    assert_eq!(
        (&replay["first"]["turn"], &steps[0][1]),
        (&json!("chance"), &json!("chance")),
        "chance deals"
    );
    for deal in &steps[..2] {
        assert_eq!(deal[2][0]["event"]["kind"], "deal", "{deal}");
        assert_eq!(deal[2][0]["event"]["params"], json!({}), "{deal}");
    }
}

#[tokio::test]
async fn a_killed_server_resumes_every_game_exactly() {
    let db = temp_db("restart");
    let server = kuhn_server(Some(db.clone())).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": 5})).await;
    let table = reply["table"].as_str().unwrap().to_string();
    let mut a = server.socket(&table, &seat_token(&reply, 0)).await;
    let before = a.state_at_least(2).await;
    a.act(2, "check").await;
    let after_check = a.state_at_least(3).await;
    server.kill().await;

    let server = kuhn_server(Some(db)).await;
    let mut b = server.socket(&table, &seat_token(&reply, 1)).await;
    let resumed = b.state_at_least(3).await;
    assert_eq!(resumed["version"], 3);
    assert_eq!(resumed["turn"], json!({"seat": 1}));
    let events: Vec<&Value> = after_check["log"].as_array().unwrap().iter().map(|e| &e["event"]).collect();
    assert_eq!(events[1]["params"], json!({}), "the other seat's card is hidden");
    assert_eq!(events[2]["kind"], "check");
    assert_ne!(events[0]["params"], json!({}), "a seat sees its own card dealt");
    b.act(3, "check").await;
    let end = b.state_at_least(4).await;
    assert_eq!(end["turn"], "over");
    assert_eq!(before["view"]["cards"][0], end["view"]["cards"][0], "the deal changed across the restart");
}

#[tokio::test]
async fn bad_requests_get_clear_errors() {
    let server = kuhn_server(None).await;
    let (status, body) =
        server.http("POST", "/api/tables", Some(&json!({"game": "chess", "seats": ["human"]}))).await;
    assert_eq!((status, body["ok"].as_bool()), (400, Some(false)));
    assert_eq!(body["error"]["code"], "game.unknown", "{body}");
    let (status, body) =
        server.http("POST", "/api/tables", Some(&json!({"game": "kuhn", "seats": ["human"]}))).await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("2 seats"), "{body}");
    let (status, body) = server
        .http("POST", "/api/tables", Some(&json!({"game": "kuhn", "seats": ["human", "wizard"]})))
        .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = server.http("GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let (status, _) = server.http("GET", "/", None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_oversized_message_is_answered_and_the_connection_closed() {
    // docs/api.md: client messages are at most 16 KiB; a larger one gets
    // `message.too_large`, then a close frame (1009, message too big).
    let server = kuhn_server(None).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"], "seed": 3})).await;
    let table = reply["table"].as_str().unwrap();
    let mut a = server.socket(table, &seat_token(&reply, 0)).await;
    a.state_at_least(2).await;
    let action = "x".repeat(20 * 1024);
    a.send_text(json!({"type": "act", "version": 2, "action": action}).to_string()).await;
    let refusal = a.error().await;
    assert_eq!(refusal["code"], "message.too_large");
    assert!(refusal["message"].as_str().unwrap().contains("16384"), "{refusal}");
    assert_eq!(a.close_code().await, Some(1009));
    // The table goes on for everyone else.
    let mut b = server.socket(table, &seat_token(&reply, 1)).await;
    assert_eq!(b.state_at_least(2).await["version"], 2);
}
