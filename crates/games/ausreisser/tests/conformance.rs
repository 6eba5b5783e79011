//! The shared conformance suite for every player count and variant, and the
//! golden playthrough.

use spieltisch_ausreisser::{Ausreisser, Options};
use spieltisch_conformance::{Config, check, playthrough};

fn option_sets(special: bool) -> Vec<Options> {
    [2, 4, 6].into_iter().map(|players| Options { players, special, stages: 2 }).collect()
}

#[test]
fn conforms_with_special_cards() {
    check::<Ausreisser>(&option_sets(true), Config { playouts: 12, seed: 11, stride: 2, resamples: 2 });
}

#[test]
fn conforms_without_special_cards() {
    check::<Ausreisser>(&option_sets(false), Config { playouts: 8, seed: 31, stride: 3, resamples: 1 });
}

#[test]
fn golden_playthrough() {
    // A seeded random series of one stage with three riders; the expected
    // text is the committed snapshot, produced by this engine and checked
    // by hand against the rules at the points the rules tests do not reach.
    let text = playthrough::<Ausreisser>(&Options { players: 3, special: true, stages: 1 }, 2024);
    insta::assert_snapshot!(text);
}
