//! `spieltisch play` with input from a pipe.

mod support;
use support::{ok, real_games, run, scratch};

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

#[test]
fn every_game_plays_to_the_end_against_bots_and_from_a_pipe() {
    for (game, seats) in real_games() {
        let bots = seats.join(",");
        let out = ok(&["play", &game, "--seats", &bots, "--seed", "1"], "");
        assert!(out.stdout.contains("Result:"), "{game} with bots:\n{}", out.stdout);

        let mut with_human = seats.clone();
        with_human[0] = "human";
        let input = "#1\n".repeat(20_000);
        let out = ok(&["play", &game, "--seats", &with_human.join(","), "--seed", "1"], &input);
        assert!(out.stdout.contains("Result:"), "{game} with a human:\n{}", out.stdout);
    }
}

#[test]
fn hot_seat_asks_a_steigung_window_at_one_covered_prompt() {
    // RULES-NOTES (Der Ausreisser, Steigung): everyone but the leader is
    // asked at once; hot-seat play asks on one shared prompt that shows no
    // hand, where whoever lays a Steigung names their seat.
    let args = ["play", "ausreisser", "--seats", "human,human,random", "--option", "stages=1", "--seed", "4"];
    // Seat 1 leads and plays its first card; in the window after it nobody
    // acts; after the bot's play seat 1 lays its Steigung.
    let out = ok(&args, "\n1\n\n1\nquit\n");
    let text = &out.stdout;
    let first = text.find("Everyone at once, cards covered: seat 0.").expect("a shared prompt");
    let second =
        text.find("Everyone at once, cards covered: seat 0, seat 1.").expect("a prompt for both people");
    assert!(first < second);
    // The shared screen is cleared and shows no hand.
    let screen_start = text[..second].rfind("----------------------------------------").unwrap();
    assert!(!text[screen_start..second].contains("Your hand"), "{}", &text[screen_start..second]);
    let after = &text[second..];
    assert!(after.contains("Rider 2 puts a Steigung on the leader's pile"), "{after}");
    assert!(!text.contains("keeps the Steigung"), "{text}");
}
