//! A table's static part (a game's `Static`: course drawings, points tables)
//! is sent once: in every snapshot and once in a replay, never in an update
//! or a replay's steps.

use crate::common::TestServer;
use serde_json::{Value, json};

fn token(reply: &Value, seat: usize) -> String {
    reply["seats"][seat]["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_snapshot_carries_the_static_part_and_an_update_does_not() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(
            json!({"game": "reifenbreite", "options": {"teams": 2}, "seats": ["human", "human"], "seed": 4}),
        )
        .await;
    let table = reply["table"].as_str().unwrap();
    let mut sockets =
        [server.socket(table, &token(&reply, 0)).await, server.socket(table, &token(&reply, 1)).await];
    let first = sockets[0].state_at_least(0).await;
    let raw: Value = serde_json::from_str(&sockets[0].frames[0]).unwrap();
    assert_eq!(raw["type"], "state");
    let fixed = &raw["static"];
    assert_eq!(fixed["stages"][0]["key"], "paris-roubaix", "{fixed}");
    assert!(fixed["stages"][0]["spaces"].is_string(), "the course drawing: {fixed}");
    assert_eq!(fixed["place_points"][0], 50);
    assert!(raw["view"].get("layout").is_none(), "the view leaves the drawing to the static part");

    let mover = first["turn"]["seat"].as_u64().expect("a seat places first") as usize;
    let version = first["version"].as_u64().unwrap();
    let socket = &mut sockets[mover];
    let now = socket.state_at_least(version).await;
    let action = now["legal"][0]["action"].as_str().unwrap().to_string();
    socket.act(version, &action).await;
    let after = socket.next().await;
    let update: Value = serde_json::from_str(socket.frames.last().unwrap()).unwrap();
    assert_eq!(update["type"], "update", "{update}");
    assert!(update.get("static").is_none(), "an update carries no static part: {update}");
    assert!(update["view"].is_object(), "a full update carries the view");
    assert_eq!(after["static"], *fixed, "the client keeps the snapshot's static part");
}

#[tokio::test]
async fn a_replay_carries_the_static_part_once() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["random", "random", "random"], "seed": 2}))
        .await;
    let table = reply["table"].as_str().unwrap();
    let spectator = reply["spectator"]["token"].as_str().unwrap();
    let mut watcher = server.socket(table, spectator).await;
    while watcher.state_at_least(0).await["turn"] != "over" {}
    let (status, replay) =
        server.http("GET", &format!("/api/tables/{table}/replay?token={spectator}"), None).await;
    assert_eq!(status, 200, "{replay}");
    assert_eq!(replay["static"]["track"]["length"], 81, "the standard board: {}", replay["static"]);
    assert_eq!(replay["static"]["races"], 1);
    assert!(replay["first"]["view"].is_object() && replay["first"]["view"].get("track").is_none());
    let steps = replay["steps"].as_array().unwrap();
    assert!(steps.len() > 10);
    for step in steps {
        assert!(step.get("static").is_none(), "{step}");
    }
}
