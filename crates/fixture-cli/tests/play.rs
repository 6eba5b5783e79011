//! `spieltisch play` of the Kuhn poker fixture with input from a pipe.

#[path = "../../cli/tests/support/mod.rs"]
mod support;
use support::{ok, run, scratch};

#[test]
fn a_human_beats_the_pipe_against_a_bot() {
    let out = ok(&["play", "kuhn", "--seats", "human,random", "--seed", "4"], "bet\n");
    assert!(out.stdout.contains("1) check") && out.stdout.contains("2) bet"), "{}", out.stdout);
    assert!(out.stdout.contains("seat 0 (human): bet"), "{}", out.stdout);
    assert!(out.stdout.contains("Result:"), "{}", out.stdout);
}

#[test]
fn moves_are_taken_by_number_and_nonsense_is_explained() {
    let out = ok(&["play", "kuhn", "--seed", "4"], "raise\n7\n#0\nhelp\nview\n\n2\n");
    let text = &out.stdout;
    assert!(text.contains("cannot read 'raise'"), "{text}");
    assert!(text.contains("choose a number from 1 to 2"), "{text}");
    assert!(text.contains("seat 0 (human): bet"), "{text}");
    assert!(text.contains("Result:"), "{text}");
}

#[test]
fn the_end_of_input_and_quit_leave_cleanly() {
    let out = ok(&["play", "kuhn", "--seed", "1"], "");
    assert!(out.stdout.contains("Input ended"), "{}", out.stdout);
    let out = ok(&["play", "kuhn", "--seed", "1"], "quit\n");
    assert!(out.stdout.contains("Game left"), "{}", out.stdout);
}

#[test]
fn bots_alone_play_a_whole_game_in_german() {
    let out = ok(&["play", "kuhn", "--seats", "random,heuristic", "--seed", "2", "--lang", "de"], "");
    assert!(out.stdout.contains("Platz 1 (heuristic)"), "{}", out.stdout);
    assert!(out.stdout.contains("Ergebnis:"), "{}", out.stdout);
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let args = ["play", "kuhn", "--seats", "random,random", "--seed", "77"];
    assert_eq!(ok(&args, "").stdout, ok(&args, "").stdout);
}

#[test]
fn hot_seat_hides_each_hand_until_the_screen_is_passed() {
    let out = ok(&["play", "kuhn", "--seats", "human,human", "--seed", "5"], "\nbet\n\ncall\n");
    let text = &out.stdout;
    let to_0 = text.find("Pass to seat 0").expect("seat 0 is handed the screen");
    let to_1 = text.find("Pass to seat 1").expect("seat 1 is handed the screen");
    assert!(to_0 < to_1);
    // Before the first pass screen only public lines appear: both deals hidden.
    let before = &text[..to_0];
    assert!(before.contains("chance: deal ? (×2)"), "{before}");
    assert!(
        !before.contains("deal J") && !before.contains("deal Q") && !before.contains("deal K"),
        "{before}"
    );
    // Seat 1 learns its own card, and not seat 0's, after taking the screen.
    let after = &text[to_1..];
    let since = after.find("Since your last turn:").expect("a summary");
    let summary: Vec<&str> = after[since..].lines().skip(1).take(3).collect();
    assert_eq!(summary[0].trim(), "chance: deal ?", "{summary:?}");
    assert!(summary[1].trim().starts_with("chance: deal ") && !summary[1].contains('?'), "{summary:?}");
    assert!(text.contains("Result:"), "{text}");
}

#[test]
fn the_seat_count_must_fit_the_game() {
    let out = run(&["play", "kuhn", "--seats", "human,random,random"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("2 seats"), "{}", out.stderr);
}

#[test]
fn a_saved_record_is_the_game_played() {
    let path = scratch("play-save.json");
    let out = ok(&["play", "kuhn", "--seed", "8", "--save", path.to_str().unwrap()], "check\ncall\nfold\n");
    assert!(out.stdout.contains("Record saved"), "{}", out.stdout);
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record["game"], "kuhn");
    assert_eq!(record["seed"], 8);
    assert_eq!(record["actions"][2], "check");
}
