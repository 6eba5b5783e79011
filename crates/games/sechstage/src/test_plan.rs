//! What the catalog's tests run on 6-Tage Rennen
//! (`crates/catalog/tests/catalog/every_game.rs`): the conformance suite on every
//! player count, with and without the balancing rule, and the golden games.
//! (The suite on a track read from a file is a test of this crate:
//! `tests/track_files.rs`.)

use crate::Options;
use spieltisch_conformance::{Config, Golden, VariantSet};

/// Two races per series, so that the change of turn order between races is
/// checked; 3 to 8 players, and the balancing rule with most counts.
pub fn conformance() -> Vec<VariantSet<Options>> {
    let options = |players, balancing| Options { players, races: 2, balancing, ..Default::default() };
    let config = Config { playouts: 4, seed: 11, stride: 5, resamples: 2 };
    vec![
        VariantSet::new("3 players", vec![options(3, false), options(3, true)], config),
        VariantSet::new("4 players", vec![options(4, false)], config),
        VariantSet::new("5 players", vec![options(5, false), options(5, true)], config),
        VariantSet::new("6 players", vec![options(6, false), options(6, true)], config),
        VariantSet::new("7 players", vec![options(7, true)], config),
        VariantSet::new("8 players", vec![options(8, false), options(8, true)], config),
    ]
}

/// One race in full; a whole series with the balancing rule as hashes.
pub fn goldens() -> Vec<Golden<Options>> {
    vec![
        Golden::written(
            "race",
            Options { races: 1, ..Default::default() },
            2,
            "a 4-player race with three driver changes (33 grey draws), checked by hand (4 + 7 draws each)",
        ),
        Golden::hashed(
            "series",
            Options { players: 5, balancing: true, ..Default::default() },
            2,
            "a whole series of six races, each after the first started in the reverse order of the last \
             race's placings",
        ),
    ]
}
