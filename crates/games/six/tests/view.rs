//! The view: what it shows (JSON shapes as `docs/api.md` documents them),
//! why each game ended, and that it rebuilds exactly the state it shows.

mod common;

use common::SHUFFLE;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};
use spieltisch_core::Telling;
use spieltisch_core::{FromSetup, Game, Lang, Viewer};
use spieltisch_six::{Options, Setup, Six, View};

fn at(options: &Options, text: &str) -> Six {
    Six::from_setup(Setup::new(options.clone(), text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(six: &mut Six, moves: &[&str]) {
    for m in moves {
        six.apply(&m.parse().unwrap()).unwrap_or_else(|e| panic!("{m}: {e}\n{}", six.position()));
    }
}

fn view_json(six: &Six) -> Value {
    serde_json::to_value(six.view(Viewer::Spectator)).unwrap()
}

/// Cells `q,r` as JSON objects.
fn cells(text: &str) -> Value {
    text.split_whitespace()
        .map(|c| {
            let (q, r) = c.split_once(',').unwrap();
            json!({"q": q.parse::<i32>().unwrap(), "r": r.parse::<i32>().unwrap()})
        })
        .collect()
}

/// A second-round position whose field is one row (r = 0) from q = 0, the
/// colours given letter by letter (R red, B black).
fn row(colours: &str, turn: &str) -> String {
    let list = |c: char| {
        let cells: Vec<String> =
            colours.chars().enumerate().filter(|&(_, x)| x == c).map(|(q, _)| format!("{q},0")).collect();
        cells.join(" ")
    };
    format!("red={}; black={}; turn={turn}; round=2", list('R'), list('B'))
}

#[test]
fn a_won_game_names_its_formation_and_cells() {
    // Rulebook, "Game Play": "A closed circle is always considered a winning
    // formation, regardless of whether it surrounds one of the player's own
    // pieces, an opposing piece, or is empty." Red closes the ring around
    // black's stone on -1,0 with -1,1.
    let options = Options::default();
    let mut six = at(&options, "red=0,0 0,-1 -1,-1 -2,0 -2,1; black=1,0 2,0 3,0 4,0 -1,0; turn=red; round=1");
    play(&mut six, &["place -1,1"]);
    let view = view_json(&six);
    assert_eq!(
        view["results"],
        json!([{"reason": "six", "winner": "red", "seat": 0,
                "formation": {"kind": "circle", "cells": cells("-1,-1 0,-1 -2,0 0,0 -2,1 -1,1")}}])
    );
    assert_eq!(view["phase"], json!({"kind": "over"}));
    assert_eq!(view["to_move"], Value::Null);
    assert_eq!(view["last"], json!({"seat": 0, "lifted": null, "placed": {"q": -1, "r": 1}}));
    // The words call the seat as the log does.
    let drawn = Six::describe_view(&six.view(Viewer::Seat(1)), &(), Lang::En);
    assert!(drawn.contains("Game 1: red wins: Seat 1 formed a circle"), "{drawn}");
    let drawn = Six::describe_view(&six.view(Viewer::Seat(1)), &(), Lang::De);
    assert!(drawn.contains("Partie 1: Rot gewinnt: Spieler 1 bildet einen Kreis"), "{drawn}");
    // At a table the log calls the seat by the name of the person there.
    let names = ["Anna".to_string(), "Bernd".to_string()];
    assert_eq!(six.results()[0].describe(Lang::En, &names), "red wins: Anna formed a circle");
    assert_eq!(six.results()[0].describe(Lang::De, &names), "Rot gewinnt: Anna bildet einen Kreis");
}

#[test]
fn a_six_in_a_match_is_kept_with_its_game() {
    // "The losing player begins the next game": the first game's result
    // keeps its formation while the next game starts afresh.
    let options = Options { games: 2, ..Options::default() };
    let mut six =
        at(&options, "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1");
    play(&mut six, &["place 4,-1"]);
    let view = view_json(&six);
    assert_eq!(
        view["results"][0]["formation"],
        json!({"kind": "line", "cells": cells("-1,-1 0,-1 1,-1 2,-1 3,-1 4,-1")})
    );
    assert_eq!(view["stones"], json!({"red": cells("0,0"), "black": cells("1,0")}));
    assert_eq!((view["to_move"].clone(), view["began"].clone()), (json!(1), json!(1)));
    assert_eq!(view["last"], Value::Null, "no move yet in the second game");
}

#[test]
fn the_other_side_short_of_six_stones_loses() {
    let mut six = at(&Options::default(), &row("BBRBBRRBRRBRRBRR", "red"));
    play(&mut six, &["lift 5,0", "place 16,0"]);
    let view = view_json(&six);
    assert_eq!(view["results"], json!([{"reason": "starved", "winner": "red"}]));
    // The move that captured says what it captured.
    assert_eq!(
        view["last"],
        json!({"seat": 0, "lifted": {"q": 5, "r": 0}, "placed": {"q": 16, "r": 0},
               "captured": {"red": cells("2,0"), "black": cells("0,0 1,0 3,0 4,0")}})
    );
}

#[test]
fn a_draw_because_both_sides_are_short() {
    // Decision in lib.rs: both below six stones after a capture is a draw.
    let mut six = at(&Options::default(), &row("BRBBRRRBRBRBR", "red"));
    play(&mut six, &["lift 5,0", "place 13,0"]);
    assert_eq!(view_json(&six)["results"], json!([{"reason": "both_starved"}]));
    let drawn = Six::describe_view(&six.view(Viewer::Spectator), &(), Lang::En);
    assert!(drawn.contains("draw: both sides have fewer than six stones"), "{drawn}");
}

#[test]
fn a_draw_by_repetition_and_what_the_view_keeps_for_it() {
    // docs/rules/six.md#draws: the same position a third time with the same
    // player to move is a draw.
    let mut six = at(&Options::default(), &row("RBRBRBRBRBRBRB", "red"));
    play(&mut six, &SHUFFLE[..2]);
    // The moves since the last capture, from which the positions seen follow.
    let view = view_json(&six);
    assert_eq!(
        view["since_capture"],
        json!([{"seat": 0, "lifted": {"q": 0, "r": 0}, "placed": {"q": 0, "r": 1}}])
    );
    assert_eq!(view["phase"], json!({"kind": "lift"}));
    play(&mut six, &SHUFFLE[2..]);
    assert_eq!(view_json(&six)["since_capture"].as_array().unwrap().len(), 4);
    play(&mut six, &SHUFFLE);
    let view = view_json(&six);
    assert_eq!(view["results"], json!([{"reason": "repetition"}]));
    assert_eq!(view["since_capture"], json!([]), "nothing can repeat once the match is over");
    let drawn = Six::describe_view(&six.view(Viewer::Spectator), &(), Lang::De);
    assert!(drawn.contains("unentschieden: Stellungswiederholung"), "{drawn}");
}

#[test]
fn a_draw_at_the_move_limit() {
    // docs/rules/six.md#draws: so is reaching the move limit (200
    // second-round moves by default, here 3) without a winner.
    let options = Options { move_limit: 3, ..Options::default() };
    let mut six = at(&options, &row("RBRBRBRBRBRBRB", "red"));
    play(&mut six, &SHUFFLE[..6]);
    let view = view_json(&six);
    assert_eq!(view["results"], json!([{"reason": "move_limit"}]));
    assert_eq!(view["moves"], 3);
    let drawn = Six::describe_view(&six.view(Viewer::Spectator), &(), Lang::En);
    assert!(drawn.contains("draw: second-round move limit reached"), "{drawn}");
}

#[test]
fn a_split_field_shows_its_parts_and_what_went() {
    // Three arms from red's 0,0 (east 11, north-west 11, south-west 3):
    // lifting 0,0 captures the short arm at once, and the mover keeps one of
    // the two long ones.
    let (mut red, mut black) = (vec!["0,0".to_string()], Vec::new());
    for (len, (dq, dr)) in [(11, (1, 0)), (11, (0, -1)), (3, (-1, 1))] {
        for k in 1..=len {
            let cell = format!("{},{}", dq * k, dr * k);
            if k % 2 == 1 { black.push(cell) } else { red.push(cell) }
        }
    }
    let text = format!("red={}; black={}; turn=red; round=2", red.join(" "), black.join(" "));
    let mut six = at(&Options::default(), &text);
    play(&mut six, &["lift 0,0"]);
    let view = view_json(&six);
    let east: Vec<String> = (1..=11).map(|q| format!("{q},0")).collect();
    let north: Vec<String> = (1..=11).rev().map(|k| format!("0,-{k}")).collect();
    assert_eq!(
        view["phase"],
        json!({"kind": "keep", "lifted": {"q": 0, "r": 0},
               "captured": {"red": cells("-2,2"), "black": cells("-1,1 -3,3")},
               "parts": [cells(&north.join(" ")), cells(&east.join(" "))]})
    );
    play(&mut six, &["keep 1,0"]);
    let view = view_json(&six);
    let red_north: Vec<String> = (1..=11).rev().filter(|k| k % 2 == 0).map(|k| format!("0,-{k}")).collect();
    let black_north: Vec<String> = (1..=11).rev().filter(|k| k % 2 == 1).map(|k| format!("0,-{k}")).collect();
    assert_eq!(view["phase"]["kind"], "replace");
    assert_eq!(view["phase"]["captured"]["red"], cells(&(red_north.join(" ") + " -2,2")));
    assert_eq!(view["phase"]["captured"]["black"], cells(&(black_north.join(" ") + " -1,1 -3,3")));
    // Stones missing from a set-up position count as captured before: red
    // had 12 of 21 on the field, black 14.
    assert_eq!(view["captured"], json!({"red": 9 + 6, "black": 7 + 8}));
}

#[test]
fn the_view_rebuilds_exactly_the_state() {
    // Nothing is hidden: the state resampled from any seat's view is the
    // state itself, at every step of random games, in every variant.
    let variants = [
        Options::default(),
        Options { players: 4, split: false, ..Options::default() },
        Options { games: 3, move_limit: 30, ..Options::default() },
        Options { repetitions: 2, repeat_shifted: true, ..Options::default() },
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for options in &variants {
        for _ in 0..6 {
            let mut six = Six::new(options).unwrap();
            while !six.is_over() {
                for viewer in [Viewer::Spectator, Viewer::Seat(six.to_move())] {
                    let view: View = six.view(viewer);
                    assert_eq!(Six::resample(&view, &(), six.to_move(), &mut rng), six, "{}", six.position());
                }
                let legal = six.legal_vec();
                let action = legal[rng.random_range(0..legal.len())];
                six.apply(&action).unwrap();
            }
            let view = six.view(Viewer::Spectator);
            assert_eq!(Six::resample(&view, &(), 0, &mut rng), six);
            let json = serde_json::to_string(&view).unwrap();
            assert_eq!(serde_json::from_str::<View>(&json).unwrap(), view);
        }
    }
}
