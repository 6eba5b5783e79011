//! What the catalog's tests run on Six (`crates/catalog/tests/catalog/every_game.rs`):
//! the conformance suite on every player count and variant, and the golden
//! games.

use crate::Options;
use spieltisch_conformance::{Config, Golden, VariantSet};

/// 2 and 4 players, with and without splitting the field; matches, short
/// move limits and draws by repetition.
pub fn conformance() -> Vec<VariantSet<Options>> {
    let mut variants = Vec::new();
    for players in [2, 4] {
        for split in [true, false] {
            variants.push(Options { players, split, ..Options::default() });
        }
    }
    vec![
        VariantSet::new(
            "2 and 4 players, with and without splitting",
            variants,
            Config { playouts: 12, stride: 3, ..Config::default() },
        ),
        VariantSet::new(
            "matches and short draw limits",
            vec![
                Options { games: 3, ..Options::default() },
                Options { players: 4, games: 2, split: false, ..Options::default() },
                Options { move_limit: 5, repetitions: 2, ..Options::default() },
                Options { repetitions: 2, repeat_shifted: true, ..Options::default() },
            ],
            Config { playouts: 6, stride: 5, ..Config::default() },
        ),
    ]
}

/// A game to the second round in full; a choice of parts, a match and a
/// 4-player game as hashes.
pub fn goldens() -> Vec<Golden<Options>> {
    vec![
        Golden::written(
            "second_round",
            Options::default(),
            3,
            "seed 3 reaches the second round: the legal actions and the order of a whole game",
        ),
        Golden::hashed(
            "choice_of_parts",
            Options::default(),
            93,
            "seed 93 splits the field into equal parts in the second round: the `keep` step and its options",
        ),
        Golden::hashed(
            "match",
            Options { games: 3, ..Options::default() },
            3,
            "three games; the loser of each begins the next",
        ),
        Golden::hashed(
            "four_players_basic",
            Options { players: 4, split: false, ..Options::default() },
            5,
            "four players in the basic variant, played to the move limit",
        ),
    ]
}
