//! `spieltisch replay` of records of the Kuhn poker fixture.

#[path = "../../cli/tests/support/mod.rs"]
mod support;
use support::{ok, run, scratch};

fn saved(name: &str, seed: &str) -> std::path::PathBuf {
    let path = scratch(name);
    ok(&["play", "kuhn", "--seats", "random,random", "--seed", seed, "--save", path.to_str().unwrap()], "");
    path
}

#[test]
fn a_saved_game_replays_step_by_step_off_a_terminal() {
    let path = saved("replay-ok.json", "12");
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let steps = record["actions"].as_array().unwrap().len();
    let out = ok(&["replay", path.to_str().unwrap()], "");
    assert!(out.stdout.contains(&format!("[0/{steps}] start")), "{}", out.stdout);
    assert!(out.stdout.contains(&format!("[{steps}/{steps}]")), "{}", out.stdout);
    assert!(out.stdout.contains("Result:"), "{}", out.stdout);
    // The spectator never sees a card dealt before a showdown.
    assert!(out.stdout.contains("[1/") && out.stdout.contains("chance: deal ?"), "{}", out.stdout);
    let seat0 = ok(&["replay", path.to_str().unwrap(), "--seat", "0", "--lang", "de"], "");
    assert!(seat0.stdout.contains("Ergebnis:"), "{}", seat0.stdout);
}

#[test]
fn broken_records_fail_with_a_clear_line() {
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(saved("replay-base.json", "3")).unwrap()).unwrap();
    let mut unknown = good.clone();
    unknown["game"] = "chess".into();
    let mut illegal = good.clone();
    illegal["actions"][2] = "call".into();
    let mut bad_options = good.clone();
    bad_options["options"] = serde_json::json!({"players": 5});
    for (name, content, needle) in [
        ("not-json.json", "{ this is not json".to_string(), "not a game record"),
        ("no-record.json", "[1,2,3]".to_string(), "not a game record"),
        ("unknown.json", unknown.to_string(), "unknown game 'chess'"),
        ("illegal.json", illegal.to_string(), "action 2 ('call')"),
        ("options.json", bad_options.to_string(), "unknown option 'players'"),
    ] {
        let path = scratch(name);
        std::fs::write(&path, content).unwrap();
        let out = run(&["replay", path.to_str().unwrap()], "");
        assert_eq!(out.code, 1, "{name}");
        assert!(out.stderr.contains(needle), "{name}: {}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stdout.is_empty(), "{name}: nothing shown before the check: {}", out.stdout);
    }
    let missing = run(&["replay", "/nonexistent/spieltisch.json"], "");
    assert_eq!(missing.code, 1);
    let wrong_seat = run(&["replay", saved("replay-seat.json", "4").to_str().unwrap(), "--seat", "7"], "");
    assert_eq!(wrong_seat.code, 2);
}
