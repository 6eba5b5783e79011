//! Opening tables of the real games: the number of seats fills the game's
//! seat-count option the same way as on the command line.

use crate::common::TestServer;
use serde_json::json;

#[tokio::test]
async fn seats_fill_the_seat_count_option() {
    let server = TestServer::start(None).await;
    // Nothing given: two seats make a two-player Six.
    let six = server.create(json!({"game": "six", "seats": ["human", "random"]})).await;
    assert_eq!(six["seats"].as_array().unwrap().len(), 2);
    // Teams given: the seats are managers sharing them (Um Reifenbreite).
    let race = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 4}, "seats": ["human", "human"]}))
        .await;
    let token = race["seats"][0]["token"].as_str().unwrap();
    let table = race["table"].as_str().unwrap();
    let (status, state) = server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["seats"].as_array().unwrap().len(), 2);
    // Both given and in conflict: a clear refusal.
    let (status, body) = server
        .http(
            "POST",
            "/api/tables",
            Some(&json!({"game": "six", "options": {"players": 4}, "seats": ["human", "random"]})),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"].as_str().unwrap().contains("4 seats"), "{body}");
}

/// People's logs show each move in words (as the move list described it),
/// in the viewer's language; programs' compact updates keep the notation.
#[tokio::test]
async fn the_log_shows_moves_in_words() {
    let server = TestServer::start(None).await;
    let reply = server.create(json!({"game": "six", "seats": ["human", "human"], "seed": 2})).await;
    let table = reply["table"].as_str().unwrap();
    let token = |seat: usize| reply["seats"][seat]["token"].as_str().unwrap().to_string();
    let mut a = server.socket(table, &token(0)).await;
    let mut b = server.compact_socket(table, &token(1)).await;
    let first = a.state_at_least(0).await;
    let chosen = first["legal"][0].clone();
    assert_ne!(chosen["text"], chosen["action"], "Six describes its moves: {chosen}");
    a.act(first["version"].as_u64().unwrap(), chosen["action"].as_str().unwrap()).await;
    let seen = a.state_at_least(1).await;
    let entry = seen["log"].as_array().unwrap().last().unwrap();
    assert_eq!((&entry["at"], &entry["actor"]), (&json!(0), &json!({"seat": 0})), "{entry}");
    assert_eq!(entry["event"], json!({"kind": "place", "cell": chosen["params"]["cell"]}), "{entry}");
    let cell = &chosen["params"]["cell"];
    assert_eq!(entry["text"], format!("Seat 1 places a stone on {},{}", cell["q"], cell["r"]), "{entry}");
    let compact = b.state_at_least(1).await;
    let update: serde_json::Value = serde_json::from_str(b.frames.last().unwrap()).unwrap();
    assert_eq!(update["log"], json!([chosen["action"]]), "a compact update keeps the notation");
    // The other seat's move, and a snapshot in German, in words too.
    let answer = compact["legal"][0]["action"].as_str().unwrap().to_string();
    b.act(compact["version"].as_u64().unwrap(), &answer).await;
    a.state_at_least(2).await;
    let mut german = server.socket_with(table, &token(0), "lang=de").await;
    let de = german.state_at_least(2).await;
    let log = de["log"].as_array().unwrap();
    assert_eq!(log.len(), 2);
    assert!(log[1]["text"].as_str().unwrap().starts_with("Spieler 2 setzt einen Stein auf"), "{de}");
    let (_, en) = server.http("GET", &format!("/api/tables/{table}/state?token={}", token(1)), None).await;
    let en = en["log"].as_array().unwrap();
    for (german, english) in log.iter().zip(en) {
        assert_eq!(german["event"], english["event"], "the same events");
        assert_ne!(german["text"], english["text"], "German words differ from English ones");
    }
}
