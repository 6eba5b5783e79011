//! States as JSON: a state is written as its view, and checked on the way
//! back in.
//!
//! Loading rebuilds the bitboards, the stone counts, the position hash and
//! the hashes of the positions since the last capture from the view, so the conformance suite's round trip at every step
//! also proves that the incrementally kept hash equals a fresh one.

use spieltisch_core::{FromSetup, Game};
use spieltisch_six::{Cell, Options, Setup, Six};

fn start_json() -> serde_json::Value {
    serde_json::to_value(Six::new(&Options::default()).unwrap()).unwrap()
}

/// Cells `q,r` as the JSON of a cell list.
fn cells(text: &str) -> serde_json::Value {
    text.split_whitespace().map(|c| serde_json::to_value(c.parse::<Cell>().unwrap()).unwrap()).collect()
}

#[test]
fn the_start_reads_like_a_position() {
    // A state is written as its view (docs/api.md, "Six").
    let json = start_json();
    assert_eq!(json["stones"], serde_json::json!({"red": [{"q": 0, "r": 0}], "black": [{"q": 1, "r": 0}]}));
    assert_eq!(json["phase"], serde_json::json!({"kind": "place"}));
    assert_eq!(json["to_move"], 0);
    assert_eq!(json["supply"], serde_json::json!([20, 20]));
    assert_eq!(json["options"]["players"], 2);
}

#[test]
fn broken_states_are_refused_not_panicked_on() {
    let cases: Vec<(&str, serde_json::Value)> = vec![
        ("two stones on one cell", cells("0,0 1,0")),
        ("a disconnected field", cells("0,0 5,5")),
        ("22 stones", cells(&(0..22).map(|q| format!("{},1", q - 11)).collect::<Vec<_>>().join(" "))),
        ("a cell as garbage", serde_json::json!([{"q": "x", "r": 0}])),
    ];
    for (what, black) in cases {
        let mut json = start_json();
        json["stones"]["black"] = black;
        assert!(serde_json::from_value::<Six>(json).is_err(), "{what} was accepted");
    }
    // Each refused for its own reason: `what` is part of the message.
    let refused = |what: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut json = start_json();
        change(&mut json);
        let result = serde_json::from_value::<Six>(json.clone());
        assert!(result.is_err(), "{what} was accepted: {json}");
        let message = result.unwrap_err().to_string();
        assert!(message.contains(what), "refused, but not because {what}: {message}");
    };
    refused("not by 3", &|j| j["options"]["players"] = 3.into());
    refused("the seat to move is one of 0 to 1", &|j| j["to_move"] = 7.into());
    refused("the seat to move is one of 0 to 1", &|j| j["to_move"] = serde_json::Value::Null);
    refused(
        "equal parts meeting at the lifted cell",
        &|j| j["phase"] = serde_json::json!({"kind": "keep", "lifted": {"q": 3, "r": 3}, "captured": {"red": [], "black": []}, "parts": []}),
    );
    refused("but the game goes on", &|j| {
        j["stones"]["red"] = cells("0,0 0,1 0,2 0,3 0,4 0,5");
        j["stones"]["black"] = cells("1,0 2,0 3,0 4,0 5,0");
        j["supply"] = serde_json::json!([15, 16]);
        j["to_move"] = 1.into();
    });
    refused("does not follow from the stones placed", &|j| {
        j["stones"]["red"] = cells("-1,0 0,0");
        j["supply"] = serde_json::json!([19, 20]);
    });
    refused("red has more than 21 stones", &|j| {
        j["phase"] = serde_json::json!({"kind": "over"});
        j["to_move"] = serde_json::Value::Null;
        j["results"] = serde_json::json!([{"reason": "repetition"}]);
        j["stones"]["red"] = cells(&(0..21).map(|q| format!("{q},-1")).collect::<Vec<_>>().join(" "));
        j["stones"]["black"] = cells(&(0..21).map(|q| format!("{q},0")).collect::<Vec<_>>().join(" "));
    });
    refused("not 1 and 0", &|j| j["captured"]["red"] = 1.into());
    refused("reading order", &|j| {
        j["stones"]["red"] = cells("0,0 -1,0");
        j["stones"]["black"] = cells("1,0 0,-1");
        j["supply"] = serde_json::json!([19, 19]);
    });
    refused("no position is remembered now", &|j| {
        j["since_capture"] = serde_json::json!([{"seat": 1, "lifted": null, "placed": null}])
    });
    refused("seat 1 does not play red", &|j| {
        j["options"]["games"] = 2.into();
        j["results"] = serde_json::json!([{"reason": "six", "winner": "red", "seat": 1,
            "formation": {"kind": "line", "cells": cells("0,0 1,0 2,0 3,0 4,0 5,0")}}]);
    });
    // Found by the fuzz body `state_json` (issue #14): a running game at
    // 65535 moves overflowed the move count on its next move.
    for moves in [200, 65535] {
        refused("reach the move limit", &|j| j["moves"] = moves.into());
    }
}

#[test]
fn moves_since_the_last_capture_must_lead_to_the_field() {
    let text = "red=0,0 2,0 4,0 6,0 8,0 10,0 12,0; black=1,0 3,0 5,0 7,0 9,0 11,0 13,0; turn=red; round=2";
    let mut six = Six::from_setup(Setup::new(Options::default(), text)).unwrap();
    for step in ["lift 0,0", "place 14,0", "lift 1,0", "place 15,0"] {
        six.apply(&step.parse().unwrap()).unwrap();
    }
    let json = serde_json::to_value(&six).unwrap();
    assert_eq!(
        json["since_capture"][1],
        serde_json::json!({"seat": 1, "lifted": {"q": 1, "r": 0}, "placed": {"q": 15, "r": 0}})
    );
    assert_eq!(serde_json::from_value::<Six>(json.clone()).unwrap(), six);
    for (what, change) in [
        ("a stone moved from an occupied cell", serde_json::json!({"q": 11, "r": 0})),
        ("a stone moved to where it came from", serde_json::json!({"q": 15, "r": 0})),
    ] {
        let mut broken = json.clone();
        broken["since_capture"][1]["lifted"] = change;
        assert!(serde_json::from_value::<Six>(broken).is_err(), "{what} was accepted");
    }
    let mut broken = json.clone();
    broken["since_capture"][0]["seat"] = 1.into();
    assert!(serde_json::from_value::<Six>(broken).is_err(), "a seat moving twice in a row was accepted");
}

#[test]
fn a_second_round_state_round_trips() {
    let text = "red=0,0 2,0 4,0 6,0 8,0 10,0 12,0; black=1,0 3,0 5,0 7,0 9,0 11,0 13,0; turn=red; round=2";
    let mut six = Six::from_setup(Setup::new(Options::default(), text)).unwrap();
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
    let lift = Six::from_setup(Setup::new(Options::default(), text)).unwrap();
    let mut keep = lift.clone();
    keep.apply(&"lift 0,0".parse().unwrap()).unwrap();
    let mut replace = keep.clone();
    replace.apply(&"keep 1,0".parse().unwrap()).unwrap();
    let start = Six::new(&Options::default()).unwrap();
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
