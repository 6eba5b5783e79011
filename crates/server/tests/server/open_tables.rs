//! What the lobby needs to offer games: the seat counts each game takes.

use crate::common::TestServer;
use serde_json::json;

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
