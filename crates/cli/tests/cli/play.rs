//! `spieltisch play` with input from a pipe.

use crate::support::{ok, real_games};

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
    // docs/rules/ausreisser.md#windows-reveal-no-hand: everyone but the leader is
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
