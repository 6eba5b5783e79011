//! `spieltisch engine`: the JSON-lines protocol of docs/protocol.md.

use crate::support::{code, lines, real_games, run, session};
use serde_json::{Value, json};

#[test]
fn blank_lines_are_skipped_and_invalid_utf8_is_answered() {
    let out = run(&["engine"], "\n   \n\u{feff}\n");
    let replies: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].contains("protocol.malformed_json"));
}

#[test]
fn every_game_plays_over_the_protocol_with_bots() {
    for (game, seats) in real_games() {
        let mut requests = vec![json!({"cmd": "new", "game": game, "seed": 5, "options": null})];
        requests.extend(std::iter::repeat_n(json!({"cmd": "bot", "bot": "random"}), 4000));
        requests.push(json!({"cmd": "result"}));
        let replies = session(&lines(&requests));
        assert_eq!(replies[0]["ok"], true, "{game}: {}", replies[0]);
        let last = replies.last().unwrap();
        assert_eq!(last["status"], "over", "{game} ends within 4000 decisions (seats {seats:?}): {last}");
        assert!(last["outcome"]["scores"].is_array());
        let errors: Vec<&Value> =
            replies.iter().filter(|r| r["ok"] == false && code(r) != "seat.none_to_move").collect();
        assert!(errors.is_empty(), "{game}: {errors:?}");
    }
}

#[test]
fn chance_outcomes_come_with_their_data_as_players_actions_do() {
    let replies = session(&lines(&[
        json!({"cmd": "new", "game": "reifenbreite", "seed": 2, "chance": "manual"}),
        json!({"cmd": "legal"}),
        json!({"cmd": "legal", "lang": "de"}),
    ]));
    assert_eq!(replies[0]["status"], "chance", "{}", replies[0]);
    for legal in &replies[1..] {
        assert_eq!(legal["actions"], json!(["first 2", "first 3", "first 4", "first 5"]), "{legal}");
        assert_eq!(legal["weights"], json!([1, 1, 1, 1]));
        let data: Vec<Value> =
            (0..4).map(|team| json!({"kind": "first", "params": {"team": team}})).collect();
        assert_eq!(legal["data"], json!(data), "docs/api.md: the team placing first, 0-based");
    }
}
