//! What the catalog's tests run on Der Ausreisser
//! (`crates/catalog/tests/catalog/every_game.rs`): the conformance suite on every
//! player count with and without the special cards, and the golden games.

use crate::Options;
use spieltisch_conformance::{Config, Golden, VariantSet};

/// 2, 4 and 6 riders over two stages, with and without the special cards.
pub fn conformance() -> Vec<VariantSet<Options>> {
    let options =
        |special| [2, 4, 6].into_iter().map(|players| Options { players, special, stages: 2 }).collect();
    vec![
        VariantSet::new(
            "with the special cards",
            options(true),
            Config { playouts: 12, seed: 11, stride: 2, resamples: 2 },
        ),
        VariantSet::new(
            "without the special cards",
            options(false),
            Config { playouts: 8, seed: 31, stride: 3, resamples: 1 },
        ),
    ]
}

/// One stage in full; a whole series of four stages as hashes.
pub fn goldens() -> Vec<Golden<Options>> {
    vec![
        Golden::written(
            "stage",
            Options { players: 3, special: true, stages: 1 },
            2024,
            "one stage with three riders, checked by hand against the rules where the rules tests do not reach",
        ),
        Golden::hashed("series", Options::default(), 1, "a whole series of four stages with four riders"),
    ]
}
