//! A track read from a file: the conformance suite on it. (The suite on
//! every player count and variant runs for every registered game in the
//! catalog's `tests/catalog/every_game.rs`, on the sets of `test_plan`.)

use spieltisch_conformance::{Config, check};
use spieltisch_sechstage::{Options, Sechstage};

#[test]
fn conforms_on_a_custom_track() {
    // Tests run in the crate's directory.
    let path = std::path::Path::new("tests/tracks/short_two_changes.json");
    let track = spieltisch_sechstage::read_track_file(path, "short_two_changes.json").unwrap();
    let sets: Vec<Options> = [3, 8]
        .into_iter()
        .map(|players| Options {
            players,
            races: 2,
            balancing: true,
            track: track.clone(),
            ..Default::default()
        })
        .collect();
    check::<Sechstage>(&sets, Config { playouts: 4, seed: 11, stride: 5, resamples: 2 });
}
