//! Full random races, as the benchmark (`benches/reifenbreite.rs`) and the
//! `speed` example run them: at every decision `legal_actions` and a
//! uniformly random pick, at every chance node an outcome drawn by its exact
//! weight, each applied with `apply_unchecked`. The lists are kept from one
//! action to the next, so the loop itself allocates nothing.

use crate::{Action, Reifenbreite};
use rand::Rng;
use spieltisch_core::{Game, Turn};

/// The reusable lists of a loop of random races.
#[derive(Debug, Default)]
pub struct RandomRaces {
    legal: Vec<Action>,
    chance: Vec<(Action, u32)>,
}

impl RandomRaces {
    pub fn new() -> Self {
        Self::default()
    }

    /// Plays a copy of `initial` to the end; returns the number of actions.
    pub fn run<R: Rng + ?Sized>(&mut self, initial: &Reifenbreite, rng: &mut R) -> usize {
        let mut g = initial.clone();
        let mut n = 0;
        loop {
            let a = match g.turn() {
                Turn::Over => return n,
                Turn::Chance => {
                    self.chance.clear();
                    g.chance_outcomes(&mut self.chance);
                    pick_weighted(&self.chance, rng)
                }
                Turn::Seat(_) => {
                    self.legal.clear();
                    g.legal_actions(&mut self.legal);
                    self.legal[rng.random_range(0..self.legal.len() as u32) as usize]
                }
            };
            g.apply_unchecked(&a);
            n += 1;
        }
    }
}

/// One outcome with probability proportional to its weight (the chance
/// weights of a race are small: at most 36 in all). The outcome is the
/// first whose running total exceeds the number drawn, found by counting
/// the running totals not above it: no branch to guess wrong.
fn pick_weighted<R: Rng + ?Sized>(outcomes: &[(Action, u32)], rng: &mut R) -> Action {
    let total: u32 = outcomes.iter().map(|&(_, w)| w).sum();
    let r = rng.random_range(0..total);
    let mut running = 0;
    let mut below = 0;
    for &(_, w) in outcomes {
        running += w;
        below += (running <= r) as usize;
    }
    outcomes[below].0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Level, Options};
    use rand::SeedableRng;

    /// Every race is played to its end, and outcomes come by their weights:
    /// the dice totals of two dice come up about as often as their ways.
    #[test]
    fn races_end_and_chance_follows_the_weights() {
        let options =
            Options { teams: 4, course: Some("tour".into()), rules: Level::Pro, ..Options::default() };
        let initial = Reifenbreite::new(&options).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut races = RandomRaces::new();
        for _ in 0..2 {
            assert!(races.run(&initial, &mut rng) > 1000);
        }
        let dice: Vec<(Action, u32)> =
            (2..=12).map(|t: u32| (Action::Roll(t as u8), 6 - t.abs_diff(7))).collect();
        let mut seen = [0u32; 13];
        for _ in 0..36_000 {
            let Action::Roll(t) = pick_weighted(&dice, &mut rng) else { unreachable!() };
            seen[t as usize] += 1;
        }
        for t in 2..=12u32 {
            let expected = 1000 * (6 - t.abs_diff(7));
            assert!(seen[t as usize].abs_diff(expected) < expected / 5 + 60, "{t}: {}", seen[t as usize]);
        }
    }
}
