//! States as JSON: readable, and checked on the way back in.
//!
//! Loading rebuilds the bitboards, the stone counts and the position hash
//! from the cell lists, so the conformance suite's round trip at every step
//! also proves that the incrementally kept hash equals a fresh one.

use spieltisch_core::Game;
use spieltisch_six::{Six, SixOptions};

fn start_json() -> serde_json::Value {
    serde_json::to_value(Six::new(&SixOptions::default()).unwrap()).unwrap()
}

#[test]
fn the_start_reads_like_a_position() {
    let json = start_json();
    assert_eq!(json["red"], serde_json::json!(["0,0"]));
    assert_eq!(json["black"], serde_json::json!(["1,0"]));
    assert_eq!(json["phase"], "place");
    assert_eq!(json["options"]["players"], 2);
}

#[test]
fn broken_states_are_refused_not_panicked_on() {
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("two stones on one cell", serde_json::json!(["0,0", "1,0"])),
        ("a disconnected field", serde_json::json!(["0,0", "5,5"])),
        ("22 stones", serde_json::json!((0..22).map(|q| format!("{},1", q - 11)).collect::<Vec<_>>())),
    ];
    for (what, black) in cases {
        let mut json = start_json();
        json["black"] = black;
        assert!(serde_json::from_value::<Six>(json).is_err(), "{what} was accepted");
    }
    let mut json = start_json();
    json["options"]["players"] = 3.into();
    assert!(serde_json::from_value::<Six>(json).is_err(), "3 players");
    let mut json = start_json();
    json["to_move"] = 7.into();
    assert!(serde_json::from_value::<Six>(json).is_err(), "seat 7");
    let mut json = start_json();
    json["phase"] = serde_json::json!({"keep": {"lifted": "3,3"}});
    assert!(serde_json::from_value::<Six>(json).is_err(), "choosing parts that do not exist");
    let mut json = start_json();
    json["red"] = serde_json::json!(["0,0", "0,1", "0,2", "0,3", "0,4", "0,5"]);
    json["placed"] = serde_json::json!([5, 0]);
    json["to_move"] = 1.into();
    assert!(serde_json::from_value::<Six>(json).is_err(), "a six on the table in a running game");
    let mut json = start_json();
    json["red"] = serde_json::json!(["0,0", "-1,0"]);
    json["placed"] = serde_json::json!([1, 0]);
    assert!(serde_json::from_value::<Six>(json).is_err(), "red to move again after placing");
    let mut json = start_json();
    json["history"] = serde_json::json!(["not hex"]);
    assert!(serde_json::from_value::<Six>(json).is_err(), "a bad hash");
    // Found by the fuzz body `state_json` (issue #14): a running game at
    // 65535 moves overflowed the move count on its next move.
    for moves in [200, 65535] {
        let mut json = start_json();
        json["moves"] = moves.into();
        let err = serde_json::from_value::<Six>(json).unwrap_err().to_string();
        assert!(err.contains("move limit"), "{moves} moves in a running game: {err}");
    }
}

#[test]
fn a_second_round_state_round_trips() {
    let text = "red=0,0 2,0 4,0 6,0 8,0 10,0 12,0; black=1,0 3,0 5,0 7,0 9,0 11,0 13,0; turn=red; round=2";
    let mut six = Six::from_position(&SixOptions::default(), text).unwrap();
    six.apply(&"lift 4,0".parse().unwrap()).unwrap();
    let json = serde_json::to_string(&six).unwrap();
    let back: Six = serde_json::from_str(&json).unwrap();
    assert_eq!(back, six);
    assert_eq!(back.legal_vec(), six.legal_vec());
}

#[test]
fn garbage_input_gets_errors_in_every_phase() {
    let text = "red=-10,0 -8,0 -6,0 -4,0 -2,0 0,0 2,0 4,0 6,0 8,0 10,0; \
                black=-11,0 -9,0 -7,0 -5,0 -3,0 -1,0 1,0 3,0 5,0 7,0 9,0 11,0; turn=red; round=2";
    let lift = Six::from_position(&SixOptions::default(), text).unwrap();
    let mut keep = lift.clone();
    keep.apply(&"lift 0,0".parse().unwrap()).unwrap();
    let mut replace = keep.clone();
    replace.apply(&"keep 1,0".parse().unwrap()).unwrap();
    let start = Six::new(&SixOptions::default()).unwrap();
    let inputs = [
        "",
        " ",
        "place",
        "place ,",
        "place 1,",
        "place 99,0",
        "lift -33,0",
        "keep x",
        "capture 20,20",
        "capture",
        "pass now",
        "0,0,0",
        "((1,2)",
        "place 1,2 3",
        "lift\t",
        "ü",
        "place -0,-0",
        "31,31",
    ];
    for six in [&start, &lift, &keep, &replace] {
        for input in inputs {
            if let Ok(action) = six.parse_action(input) {
                let _ = six.clone().apply(&action);
            }
        }
    }
}
