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

    /// An estimate of each seat's reward in `[0, 1]` for a position reached
    /// in a rollout, used once a rollout has run `rollout_depth` actions.
    fn evaluate(&self, state: &G) -> Option<Vec<f64>> {
        let _ = state;
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
