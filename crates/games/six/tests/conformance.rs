//! The shared conformance suite for every player count and variant, and a
//! golden playthrough.

use spieltisch_conformance::{Config, check, playthrough};
use spieltisch_six::{Six, SixOptions};

fn variants() -> Vec<SixOptions> {
    let mut sets = Vec::new();
    for players in [2, 4] {
        for split in [true, false] {
            sets.push(SixOptions { players, split, ..SixOptions::default() });
        }
    }
    sets
}

#[test]
fn every_variant_conforms() {
    check::<Six>(&variants(), Config { playouts: 12, stride: 3, ..Config::default() });
}

#[test]
fn matches_and_short_draw_limits_conform() {
    check::<Six>(
        &[
            SixOptions { games: 3, ..SixOptions::default() },
            SixOptions { players: 4, games: 2, split: false, ..SixOptions::default() },
            SixOptions { move_limit: 5, repetitions: 2, ..SixOptions::default() },
            SixOptions { repetitions: 2, repeat_shifted: true, ..SixOptions::default() },
        ],
        Config { playouts: 6, stride: 5, ..Config::default() },
    );
}

#[test]
fn golden_playthrough() {
    // Seed 3 reaches the second round; the snapshot pins the legal-action
    // counts and the order of a whole game.
    insta::assert_snapshot!(playthrough::<Six>(&SixOptions::default(), 3));
}

#[test]
fn golden_playthrough_with_a_choice_of_parts() {
    // Seed 93 splits the field into equal parts in the second round: the
    // snapshot pins the `keep` step and its options.
    let text = playthrough::<Six>(&SixOptions::default(), 93);
    assert!(text.contains("keep"));
    insta::assert_snapshot!(text);
}

#[test]
fn golden_playthrough_of_a_match() {
    // Three games; the loser of each begins the next.
    insta::assert_snapshot!(playthrough::<Six>(&SixOptions { games: 3, ..SixOptions::default() }, 3));
}

#[test]
fn golden_playthrough_four_players_basic() {
    // Four players in the basic variant, played to the move limit.
    let options = SixOptions { players: 4, split: false, ..SixOptions::default() };
    insta::assert_snapshot!(playthrough::<Six>(&options, 5));
}
