//! Opening tables of the real games: the number of seats fills the game's
//! seat-count option the same way as on the command line.

mod common;

use common::TestServer;
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
