//! A process that registers no fixture, as every product is: the catalog
//! holds the four games and nothing else. (Its own test binary, because the
//! registry is process-wide and other tests register the fixtures.)

use serde_json::Value;
use spieltisch_catalog::{entries, ids, new_session, session_from_record};
use spieltisch_core::Record;

const GAMES: [&str; 4] = ["six", "sechstage", "ausreisser", "reifenbreite"];

#[test]
fn only_the_four_games_are_registered() {
    assert_eq!(ids(), GAMES);
    let listed: Vec<&str> = entries().iter().map(|e| e.info.id).collect();
    assert_eq!(listed, GAMES);
}

#[test]
fn the_fixture_is_an_unknown_game() {
    let err = new_session("kuhn", &Value::Null, 1).unwrap_err();
    assert_eq!(err.code(), "game.unknown");
    assert_eq!(
        err.to_string(),
        "unknown game 'kuhn' (known games: six, sechstage, ausreisser, reifenbreite)"
    );
    let record = Record {
        format: Record::FORMAT,
        game: "kuhn".into(),
        options: Value::Null,
        seed: 1,
        actions: vec![],
    };
    assert_eq!(session_from_record(&record).unwrap_err().code(), "game.unknown");
}
