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

/// Picks one outcome with probability proportional to its weight: the
/// first whose running total exceeds a number drawn below the total. It is
/// found by counting the running totals not above that number, which has no
/// branch to guess wrong (this runs at every chance node of every simulated
/// game).
///
/// # Panics
/// If `outcomes` is empty or all weights are zero (a game contract violation).
pub fn pick_weighted<A: Clone, R: RngCore + ?Sized>(outcomes: &[(A, Weight)], rng: &mut R) -> A {
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    assert!(total > 0, "a chance node must have an outcome with positive weight");
    let r = rng.random_range(0..total);
    let mut running = 0;
    let mut below = 0;
    for (_, w) in outcomes {
        running += u64::from(*w);
        below += usize::from(running <= r);
    }
    outcomes[below].0.clone()
}

/// Draws the chance outcome of `state` (which must be at a chance node).
pub fn sample_chance<G: Game>(state: &G, rng: &mut dyn RngCore) -> G::Action {
    pick_weighted(&state.chance_vec(), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Outcomes come by their weights (the totals of two dice about as often
    /// as their ways), a zero weight never, and the pick is the one the
    /// running totals name for each number drawn.
    #[test]
    fn outcomes_come_by_their_weights() {
        let dice: Vec<(u32, Weight)> = (2..=12).map(|t: u32| (t, 6 - t.abs_diff(7))).collect();
        let mut rng = GameRng::seed_from_u64(1);
        let mut seen = [0u32; 13];
        for _ in 0..36_000 {
            seen[pick_weighted(&dice, &mut rng) as usize] += 1;
        }
        for t in 2..=12u32 {
            let expected = 1000 * (6 - t.abs_diff(7));
            assert!(seen[t as usize].abs_diff(expected) < expected / 5 + 60, "{t}: {}", seen[t as usize]);
        }
        let with_zero = [('a', 0), ('b', 2), ('c', 0), ('d', 1)];
        let mut counts = std::collections::HashMap::new();
        for _ in 0..3000 {
            *counts.entry(pick_weighted(&with_zero, &mut rng)).or_insert(0) += 1;
        }
        assert!(!counts.contains_key(&'a') && !counts.contains_key(&'c'), "{counts:?}");
        assert!(counts[&'b'] > counts[&'d']);
    }
}
