//! What the lobby needs to offer games and list open tables: the seat
//! counts each game takes, and each public table's options in words and
//! how far it got.

use crate::common::TestServer;
use serde_json::{Value, json};

#[tokio::test]
async fn every_game_says_which_seat_counts_it_takes() {
    let server = TestServer::start(None).await;
    let (status, games) = server.http("GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let counts = |id: &str| {
        let games = games["games"].as_array().unwrap();
        games.iter().find(|g| g["id"] == id).map(|g| g["seat_counts"].clone()).unwrap()
    };
    assert_eq!(counts("six"), json!([2, 4]), "three cannot play Six");
    assert_eq!(counts("sechstage"), json!([3, 4, 5, 6, 7, 8]));
    assert_eq!(counts("reifenbreite"), json!([2, 3, 4]));
    server.kill().await;
}

#[tokio::test]
async fn a_public_table_is_listed_with_its_options_in_words_and_its_progress() {
    let server = TestServer::start(None).await;
    let plain = server
        .create(json!({"game": "six", "seats": ["human", "human"], "names": ["Anna", null], "public": true}))
        .await;
    let entry = listed(&server, &plain).await;
    assert_eq!(entry["options"], json!([]), "the defaults go without saying");
    assert_eq!(entry["version"], 0, "nobody played yet");

    let changed = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 4, "course": "luettich", "rules": "pro"},
            "seats": ["human", "human"], "names": ["Anna", null], "public": true}))
        .await;
    let entry = listed(&server, &changed).await;
    let said: Vec<(&str, &str, &str)> = entry["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["key"].as_str().unwrap(),
                o["label"]["en"].as_str().unwrap(),
                o["value"]["de"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        said,
        [
            ("seats", "Managers", "2"),
            ("course", "Course", "Lüttich–Bastenaken–Lüttich"),
            ("rules", "Rules", "Profi")
        ]
    );
    assert!(entry.to_string().len() < 2_000, "a course is named, never sent whole: {entry}");

    // Once played, the list says how far.
    let (table, token) = (plain["table"].as_str().unwrap(), plain["seats"][0]["token"].as_str().unwrap());
    let mut anna = server.socket(table, token).await;
    let state = anna.next().await;
    let first = state["legal"][0]["action"].as_str().unwrap().to_string();
    anna.act(state["version"].as_u64().unwrap(), &first).await;
    anna.state_at_least(1).await;
    assert!(listed(&server, &plain).await["version"].as_u64().unwrap() >= 1);
    server.kill().await;
}

/// The entry of `reply`'s table in the list of public tables.
async fn listed(server: &TestServer, reply: &Value) -> Value {
    let (_, listed) = server.http("GET", "/api/public", None).await;
    let tables = listed["tables"].as_array().unwrap();
    tables.iter().find(|t| t["table"] == reply["table"]).cloned().unwrap_or_else(|| panic!("{listed}"))
}
