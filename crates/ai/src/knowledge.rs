//! The hooks through which a game's own knowledge enters the search.

use spieltisch_core::{Bot, Game};

/// Game-specific knowledge for the search. Everything has a neutral default,
/// so `()` is a valid, knowledge-free implementation.
///
/// The hooks are called on determinized worlds that the search built from a
/// seat's view through [`Game::resample`], never on the true state.
pub trait Knowledge<G: Game>: Send + Sync {
    /// A fresh rollout policy for one search thread (for example the game's
    /// heuristic bot). `None` plays rollouts uniformly at random.
    fn rollout_policy(&self) -> Option<Box<dyn Bot<G>>> {
        None
    }

    /// An estimate of each seat's reward in `[0, 1]` (as
    /// [`spieltisch_core::Outcome::rewards`] counts it) for a position
    /// reached in a rollout: used once a rollout has run `rollout_depth`
    /// actions, or has passed a [`Knowledge::milestone`].
    fn evaluate(&self, state: &G) -> Option<Vec<f64>> {
        let _ = state;
        None
    }

    /// How many milestones of a long game (races of a series, stages of a
    /// tour) lie behind `state`. A rollout ends at the first milestone after
    /// the position searched and takes [`Knowledge::evaluate`] there: playing
    /// out the rest of a series costs most of the time and adds mostly noise
    /// to the decision at hand. `None`: the game has no milestones.
    fn milestone(&self, state: &G) -> Option<u32> {
        let _ = state;
        None
    }

    /// The most actions a rollout plays (chance outcomes included) before
    /// it is judged by [`Knowledge::evaluate`], or as even for every seat
    /// when that cannot tell: for games whose options can make a game
    /// longer than any milestone bounds (Six's `move_limit`), so that one
    /// rollout costs at most so much whatever the options. `None`: no limit.
    fn rollout_limit(&self) -> Option<usize> {
        None
    }
}

impl<G: Game> Knowledge<G> for () {}

/// Knowledge that rolls out with a bot made by a function.
pub struct RolloutWith<F>(pub F);

impl<F> std::fmt::Debug for RolloutWith<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RolloutWith")
    }
}

impl<G: Game, F: Fn() -> Box<dyn Bot<G>> + Send + Sync> Knowledge<G> for RolloutWith<F> {
    fn rollout_policy(&self) -> Option<Box<dyn Bot<G>>> {
        Some((self.0)())
    }
}

/// Knowledge for games played as a series (races, stages): rollouts by a
/// bot, ending at the next milestone, where the standings are turned into
/// rewards by [`standings_rewards`].
pub struct Series<P, M, S> {
    /// Makes the rollout policy.
    pub policy: P,
    /// The milestones passed ([`Knowledge::milestone`]).
    pub milestone: M,
    /// Each seat's standing (higher is better) and the spread of the
    /// remaining series (see [`standings_rewards`]); `None` when it cannot
    /// tell.
    pub standings: S,
}

impl<P, M, S> std::fmt::Debug for Series<P, M, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Series")
    }
}

impl<G, P, M, S> Knowledge<G> for Series<P, M, S>
where
    G: Game,
    P: Fn() -> Box<dyn Bot<G>> + Send + Sync,
    M: Fn(&G) -> u32 + Send + Sync,
    S: Fn(&G) -> Option<(Vec<f64>, f64)> + Send + Sync,
{
    fn rollout_policy(&self) -> Option<Box<dyn Bot<G>>> {
        Some((self.policy)())
    }

    fn evaluate(&self, state: &G) -> Option<Vec<f64>> {
        let (standing, spread) = (self.standings)(state)?;
        Some(standings_rewards(&standing, spread))
    }

    fn milestone(&self, state: &G) -> Option<u32> {
        Some((self.milestone)(state))
    }
}

/// Rewards from standings part-way through a series, on the scale of
/// [`spieltisch_core::Outcome::rewards`] (the share of other seats beaten):
/// each seat beats each other seat with the logistic chance of its lead,
/// measured in `spread`, the typical swing of the standings over the rest of
/// the series (for independent races, the swing of one race times the
/// square root of the races left). A spread of zero compares the standings
/// as final, a tie counting half.
pub fn standings_rewards(standing: &[f64], spread: f64) -> Vec<f64> {
    let n = standing.len();
    (0..n)
        .map(|s| {
            if n < 2 {
                return 0.5;
            }
            let beaten: f64 = (0..n)
                .filter(|&t| t != s)
                .map(|t| {
                    let lead = standing[s] - standing[t];
                    if spread > 0.0 {
                        1.0 / (1.0 + (-lead / spread).exp())
                    } else {
                        match lead.partial_cmp(&0.0) {
                            Some(std::cmp::Ordering::Greater) => 1.0,
                            Some(std::cmp::Ordering::Less) => 0.0,
                            _ => 0.5,
                        }
                    }
                })
                .sum();
            beaten / (n - 1) as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::standings_rewards;

    #[test]
    fn final_standings_give_the_outcome_rewards() {
        assert_eq!(standings_rewards(&[3.0, 1.0, 3.0], 0.0), vec![0.75, 0.0, 0.75]);
    }

    #[test]
    fn a_lead_counts_less_the_more_series_is_left() {
        let near = standings_rewards(&[2.0, 0.0], 1.0);
        let far = standings_rewards(&[2.0, 0.0], 4.0);
        assert!(near[0] > far[0] && far[0] > 0.5, "{near:?} {far:?}");
        assert!((near[0] + near[1] - 1.0).abs() < 1e-12);
    }
}
