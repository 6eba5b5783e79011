//! `spieltisch engine` with the Kuhn poker fixture: the JSON-lines protocol
//! of docs/protocol.md.

#[path = "../../cli/tests/support/mod.rs"]
mod support;
use proptest::prelude::*;
use serde_json::json;
use support::{code, lines, session};

#[test]
fn a_whole_game_over_the_protocol() {
    let replies = session(&lines(&[
        json!({"cmd": "games"}),
        json!({"cmd": "new", "game": "kuhn", "seed": 3, "id": 1}),
        json!({"cmd": "legal", "lang": "de"}),
        json!({"cmd": "view", "seat": 0}),
        json!({"cmd": "view"}),
        json!({"cmd": "apply", "action": "bet", "seat": 0, "version": 2}),
        json!({"cmd": "describe", "seat": 1, "lang": "en"}),
        json!({"cmd": "bot", "bot": "heuristic"}),
        json!({"cmd": "result"}),
        json!({"cmd": "record"}),
    ]));
    assert_eq!(replies.len(), 10);
    assert!(replies.iter().all(|r| r["ok"] == true), "{replies:#?}");
    assert!(replies[0]["games"].as_array().unwrap().iter().any(|g| g["id"] == "kuhn"));
    assert_eq!(replies[1]["id"], 1, "the id is echoed");
    assert_eq!((replies[1]["status"].as_str(), replies[1]["to_move"].as_u64()), (Some("seat"), Some(0)));
    assert_eq!(replies[1]["version"], 2, "both deals drawn automatically");
    assert_eq!(replies[2]["actions"], json!(["check", "bet"]));
    assert_eq!(replies[2]["described"].as_array().unwrap().len(), 2);
    assert!(replies[3]["view"]["cards"][0].is_u64() && replies[3]["view"]["cards"][1].is_null());
    assert_eq!(replies[3]["log"][1], "deal ?");
    assert!(replies[4]["view"]["cards"][0].is_null(), "the spectator sees no card");
    assert_eq!(replies[5]["to_move"], 1);
    assert!(replies[6]["text"].is_string());
    let answer = replies[7]["action"].as_str().unwrap();
    assert!(answer == "call" || answer == "fold");
    assert_eq!(replies[8]["status"], "over");
    assert_eq!(replies[8]["outcome"]["scores"].as_array().unwrap().len(), 2);
    assert_eq!(replies[9]["record"]["actions"].as_array().unwrap().len(), 4);
}

#[test]
fn state_and_record_load_back() {
    let first = session(&lines(&[
        json!({"cmd": "new", "game": "kuhn", "seed": 21}),
        json!({"cmd": "apply", "action": "check"}),
        json!({"cmd": "state"}),
        json!({"cmd": "record"}),
    ]));
    let state = first[2]["state"].clone();
    let record = first[3]["record"].clone();
    let mut tampered = state.clone();
    tampered["state"]["bets"] = json!([]);
    let second = session(&lines(&[
        json!({"cmd": "load", "state": state}),
        json!({"cmd": "legal"}),
        json!({"cmd": "load", "record": record}),
        json!({"cmd": "state"}),
        json!({"cmd": "load", "state": tampered}),
        json!({"cmd": "load", "record": {"game": "kuhn"}}),
        json!({"cmd": "load"}),
    ]));
    assert_eq!(second[0]["to_move"], 1);
    assert_eq!(second[1]["actions"], json!(["check", "bet"]));
    assert_eq!(second[3]["state"], first[2]["state"]);
    assert_eq!(code(&second[4]), "state.invalid");
    assert_eq!(code(&second[5]), "record.malformed");
    assert_eq!(code(&second[6]), "protocol.bad_request");
}

#[test]
fn manual_chance_lists_outcomes_with_weights() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "kuhn", "chance": "manual"}),
        json!({"cmd": "legal"}),
        json!({"cmd": "apply", "action": "deal K"}),
        json!({"cmd": "apply", "action": "deal K"}),
        json!({"cmd": "apply", "action": "deal Q"}),
    ]));
    assert_eq!(replies[0]["status"], "chance");
    assert_eq!(replies[1]["actions"], json!(["deal J", "deal Q", "deal K"]));
    assert_eq!(replies[1]["weights"], json!([1, 1, 1]));
    assert_eq!(code(&replies[3]), "action.illegal", "the king is gone");
    assert_eq!(replies[4]["to_move"], 0);
}

#[test]
fn every_mistake_gets_its_code_and_the_engine_keeps_serving() {
    let garbage = [
        "{not json".to_string(),
        "[1, 2]".to_string(),
        "\"new\"".to_string(),
        json!({"command": "new"}).to_string(),
        json!({"cmd": 7}).to_string(),
        json!({"cmd": "dance"}).to_string(),
        json!({"cmd": "legal"}).to_string(),
        json!({"cmd": "new", "game": "chess"}).to_string(),
        json!({"cmd": "new", "game": "kuhn", "options": {"players": 9}}).to_string(),
        json!({"cmd": "new", "game": "kuhn", "seed": -1}).to_string(),
        json!({"cmd": "new", "game": "kuhn", "seed": 1}).to_string(),
        json!({"cmd": "apply", "action": "raise"}).to_string(),
        json!({"cmd": "apply", "action": "call"}).to_string(),
        json!({"cmd": "apply", "action": "bet", "seat": 1}).to_string(),
        json!({"cmd": "apply", "action": "bet", "seat": 99}).to_string(),
        json!({"cmd": "apply", "action": "bet", "seat": "zero"}).to_string(),
        json!({"cmd": "apply", "action": "bet", "version": 0}).to_string(),
        json!({"cmd": "apply"}).to_string(),
        json!({"cmd": "view", "seat": 2}).to_string(),
        json!({"cmd": "bot", "bot": "wizard"}).to_string(),
        json!({"cmd": "bot", "bot": "human"}).to_string(),
        json!({"cmd": "legal", "lang": "fr"}).to_string(),
        "x".repeat(2 << 20),
        "\u{0}\u{1}\u{7f}".to_string(),
        json!({"cmd": "legal"}).to_string(),
    ];
    let replies = session(&garbage);
    let codes: Vec<&str> = replies.iter().map(code).collect();
    assert_eq!(
        codes,
        [
            "protocol.malformed_json",
            "protocol.bad_request",
            "protocol.bad_request",
            "protocol.bad_request",
            "protocol.bad_request",
            "protocol.unknown_cmd",
            "protocol.no_game",
            "game.unknown",
            "options.unknown",
            "protocol.bad_request",
            "",
            "action.parse",
            "action.illegal",
            "seat.not_your_turn",
            "seat.invalid",
            "seat.invalid",
            "state.stale",
            "protocol.bad_request",
            "seat.invalid",
            "seat.unknown",
            "seat.bad_param",
            "protocol.bad_request",
            "protocol.line_too_long",
            "protocol.malformed_json",
            "",
        ]
    );
    assert_eq!(replies.last().unwrap()["actions"], json!(["check", "bet"]), "still serving the same game");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever arrives, each non-blank line gets exactly one well-formed reply.
    #[test]
    fn random_lines_each_get_one_reply(
        lines in proptest::collection::vec(
            prop_oneof![
                ".{0,40}",
                "\\{\"cmd\":\"(new|legal|apply|view|state|load|record|result|bot|games|describe)\"[^\\n]{0,30}\\}",
                Just(r#"{"cmd":"new","game":"kuhn"}"#.to_string()),
                Just(r#"{"cmd":"apply","action":"bet"}"#.to_string()),
            ],
            1..30,
        )
    ) {
        let lines: Vec<String> = lines.into_iter().map(|l| l.replace(['\n', '\r'], " ")).collect();
        let expected = lines.iter().filter(|l| !l.bytes().all(|b| b.is_ascii_whitespace())).count();
        let replies = session(&lines);
        prop_assert_eq!(replies.len(), expected);
    }
}
