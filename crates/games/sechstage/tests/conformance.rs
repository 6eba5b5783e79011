//! The shared conformance suite for every player count, with and without the
//! balancing rule, and a golden playthrough.

use spieltisch_conformance::{Config, check, playthrough};
use spieltisch_sechstage::{Sechstage, SechstageOptions};

fn options(players: usize, balancing: bool) -> SechstageOptions {
    // Two races per series so the change of turn order between races is checked.
    SechstageOptions { players, races: 2, balancing, ..Default::default() }
}

fn config() -> Config {
    Config { playouts: 4, seed: 11, stride: 5, resamples: 2 }
}

#[test]
fn conforms_with_3_players() {
    check::<Sechstage>(&[options(3, false), options(3, true)], config());
}

#[test]
fn conforms_with_4_players() {
    check::<Sechstage>(&[options(4, false)], config());
}

#[test]
fn conforms_with_5_players() {
    check::<Sechstage>(&[options(5, false), options(5, true)], config());
}

#[test]
fn conforms_with_6_players() {
    check::<Sechstage>(&[options(6, false), options(6, true)], config());
}

#[test]
fn conforms_with_7_players() {
    check::<Sechstage>(&[options(7, true)], config());
}

#[test]
fn conforms_with_8_players() {
    check::<Sechstage>(&[options(8, false), options(8, true)], config());
}

/// Golden playthrough: a seeded random 4-player race (default options, one
/// race), written by `spieltisch_conformance::playthrough`. Seed 2 is a race
/// with three driver changes (33 grey draws). The snapshot was produced by
/// this crate and its driver changes checked by hand (4 + 7 draws each).
#[test]
fn golden_playthrough() {
    let options = SechstageOptions { races: 1, ..Default::default() };
    insta::assert_snapshot!(playthrough::<Sechstage>(&options, 2));
}

#[test]
fn conforms_on_a_custom_track() {
    // Tests run in the crate's directory.
    let path = std::path::Path::new("tests/tracks/short_two_changes.json");
    let track = spieltisch_sechstage::read_track_file(path, "short_two_changes.json").unwrap();
    let sets: Vec<SechstageOptions> = [3, 8]
        .into_iter()
        .map(|players| SechstageOptions { track: track.clone(), ..options(players, true) })
        .collect();
    check::<Sechstage>(&sets, config());
}
