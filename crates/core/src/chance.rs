//! Drawing chance outcomes, reproducibly.

use crate::{Game, Weight};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The generator every seeded component uses.
pub type GameRng = ChaCha8Rng;

/// A generator for `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The generator for the chance event at position `ply` of a game with `seed`.
/// Depends only on `(seed, ply)`, so a game can be resumed from its record
/// and still draw exactly what it would have drawn.
pub fn chance_rng(seed: u64, ply: usize) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed);
    rng.set_stream(ply as u64 + 1);
    rng
}

/// Picks one outcome with probability proportional to its weight.
///
/// # Panics
/// If `outcomes` is empty or all weights are zero (a game contract violation).
pub fn pick_weighted<A: Clone>(outcomes: &[(A, Weight)], rng: &mut dyn RngCore) -> A {
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    assert!(total > 0, "a chance node must have an outcome with positive weight");
    let mut r = rng.random_range(0..total);
    for (a, w) in outcomes {
        let w = u64::from(*w);
        if r < w {
            return a.clone();
        }
        r -= w;
    }
    unreachable!("r < total")
}

/// Draws the chance outcome of `state` (which must be at a chance node).
pub fn sample_chance<G: Game>(state: &G, rng: &mut dyn RngCore) -> G::Action {
    pick_weighted(&state.chance_vec(), rng)
}
