//! A rematch of a finished table: the same people with their names and
//! tokens, the same options, seats moved on as the game's rules say; made
//! once, whoever asks, and offered to everyone at the finished table.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};

async fn ask(server: &TestServer, table: &str, token: &str) -> (u16, Value) {
    server.http("POST", &format!("/api/tables/{table}/rematch"), Some(&json!({ "token": token }))).await
}

async fn state(server: &TestServer, table: &str, token: &str) -> Value {
    server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await.1
}

#[tokio::test]
async fn a_rematch_seats_the_same_people_once_whoever_asks() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "six", "options": {"move_limit": 4}, "seats": ["human", "random"],
                       "names": ["Anna", null], "seed": 3}))
        .await;
    let table = reply["table"].as_str().unwrap();
    let anna = reply["seats"][0]["token"].as_str().unwrap();
    let watch = reply["spectator"]["token"].as_str().unwrap();
    // Not before the end.
    let (status, early) = ask(&server, table, anna).await;
    assert_eq!((status, early["error"]["code"].as_str()), (409, Some("game.not_over")));
    let end = server.play_seat_0_to_the_end(&reply).await;
    // A spectator cannot ask; a wrong token is no one.
    let (status, _) = ask(&server, table, watch).await;
    assert_eq!(status, 403);
    let (status, _) = ask(&server, table, "0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, 404);
    let (status, first) = ask(&server, table, anna).await;
    assert_eq!(status, 200, "{first}");
    let rematch = first["table"].as_str().unwrap();
    assert_ne!(rematch, table);
    // Asked again: the same table.
    let (_, again) = ask(&server, table, anna).await;
    assert_eq!(again["table"], first["table"]);
    // Anna's token and name carry over; the seats moved as Six's rules say.
    let ranks: Vec<u64> =
        end["outcome"]["ranks"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
    // The loser begins (seat 0); after a draw the side that did not begin
    // (Anna's, seat 0, began): Anna begins if she lost, else sits second.
    let expected = if ranks[0] > ranks[1] { 0 } else { 1 };
    let now = state(&server, rematch, anna).await;
    assert_eq!(now["viewer"], json!({"seat": expected}), "ranks {ranks:?}");
    assert_eq!(first["seat"], json!(expected));
    assert_eq!(now["seats"][expected]["name"], "Anna");
    assert_eq!(now["seats"][1 - expected]["kind"], "random");
    assert_eq!(now["game"], "six");
    // The spectator follows with the same token.
    assert_eq!(state(&server, rematch, watch).await["viewer"], "spectator");
    // The finished table names its rematch, to everyone there.
    assert_eq!(state(&server, table, anna).await["rematch"], json!(rematch));
    assert_eq!(state(&server, table, watch).await["rematch"], json!(rematch));
    server.kill().await;
}

#[tokio::test]
async fn everyone_at_the_table_is_offered_the_rematch_at_once() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "six", "options": {"move_limit": 4}, "seats": ["human", "random"], "seed": 5}))
        .await;
    let table = reply["table"].as_str().unwrap();
    server.play_seat_0_to_the_end(&reply).await;
    let mut watcher = server.socket(table, reply["spectator"]["token"].as_str().unwrap()).await;
    assert_eq!(watcher.next().await["rematch"], Value::Null);
    let (_, made) = ask(&server, table, reply["seats"][0]["token"].as_str().unwrap()).await;
    let offered = watcher.next().await;
    assert_eq!((offered["type"].as_str(), &offered["rematch"]), (Some("state"), &made["table"]));
    server.kill().await;
}

/// The other games move everyone one seat on, so the order of play changes.
#[tokio::test]
async fn in_sechstage_everyone_moves_one_seat_on() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1},
                       "seats": ["human", "random", "heuristic"], "names": ["Anna", null, null], "seed": 2}))
        .await;
    let table = reply["table"].as_str().unwrap();
    let anna = reply["seats"][0]["token"].as_str().unwrap();
    server.play_seat_0_to_the_end(&reply).await;
    let (_, made) = ask(&server, table, anna).await;
    let rematch = made["table"].as_str().unwrap();
    let now = state(&server, rematch, anna).await;
    // New seat j is old seat j + 1: Anna (old 0) sits at 2.
    assert_eq!(now["viewer"], json!({"seat": 2}));
    let kinds: Vec<&str> =
        now["seats"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["random", "heuristic", "human"]);
    // The same options: the same static part (the track, the series).
    assert_eq!(now["static"], state(&server, table, anna).await["static"]);
    server.kill().await;
}

/// A restart keeps the rematch: the finished table still names it.
#[tokio::test]
async fn a_restart_keeps_the_rematch() {
    let db = temp_db("rematch-restart");
    let server = TestServer::start(Some(db.clone())).await;
    let reply = server
        .create(json!({"game": "six", "options": {"move_limit": 4}, "seats": ["human", "random"], "seed": 7}))
        .await;
    let table = reply["table"].as_str().unwrap().to_string();
    let anna = reply["seats"][0]["token"].as_str().unwrap().to_string();
    server.play_seat_0_to_the_end(&reply).await;
    let (_, made) = ask(&server, &table, &anna).await;
    server.kill().await;
    let server = TestServer::start(Some(db.clone())).await;
    let after = state(&server, &table, &anna).await;
    assert_eq!(after["rematch"], made["table"], "{after}");
    let (_, again) = ask(&server, &table, &anna).await;
    assert_eq!(again["table"], made["table"], "{again}");
    server.kill().await;
    let _ = std::fs::remove_file(&db);
}
