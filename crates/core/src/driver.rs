//! Playing a game to the end with bots in every seat.

use crate::{
    Bot, Decision, Game, Turn, Weight,
    chance::{pick_weighted, sample_chance},
};
use rand::{Rng, RngCore};

/// Plays `state` to the end: chance outcomes are drawn from `rng`, and
/// `bots[seat]` decides for each seat. Returns the number of actions applied.
///
/// # Panics
/// If the game exceeds [`Game::max_actions`] (a contract violation) or
/// `bots` has fewer entries than seats.
pub fn play_to_end<G: Game>(state: &mut G, bots: &mut [Box<dyn Bot<G>>], rng: &mut dyn RngCore) -> usize {
    let limit = G::max_actions(state.options());
    let mut legal = Vec::new();
    let mut actions = 0;
    loop {
        let action = match state.turn() {
            Turn::Over => return actions,
            Turn::Chance => sample_chance(state, rng),
            Turn::Seat(seat) => {
                legal.clear();
                state.legal_actions(&mut legal);
                bots[seat].choose(&Decision::new(state, seat, &legal), rng)
            }
        };
        state.apply_unchecked(&action);
        actions += 1;
        assert!(actions <= limit, "{} exceeded its bound of {limit} actions", G::info().id);
    }
}

/// One random step of a game: a chance outcome drawn by its weight, or a
/// uniformly random legal action of the seat to move; `None` once the game
/// is over. The walk that tests, examples and benchmarks take through games.
pub fn random_action<G: Game>(state: &G, rng: &mut dyn RngCore) -> Option<G::Action> {
    match state.turn() {
        Turn::Over => None,
        Turn::Chance => Some(sample_chance(state, rng)),
        Turn::Seat(_) => {
            let legal = state.legal_vec();
            Some(legal[rng.random_range(0..legal.len())].clone())
        }
    }
}

/// Random playouts that keep their lists from one action to the next, so
/// the loop allocates nothing: at every decision a uniformly random legal
/// action, at every chance node an outcome drawn by its weight
/// ([`pick_weighted`]), each applied with `apply_unchecked`. The loop of the
/// games' speed benchmarks and examples.
#[derive(Debug)]
pub struct RandomPlayouts<G: Game> {
    legal: Vec<G::Action>,
    chance: Vec<(G::Action, Weight)>,
}

/// What one playout did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Actions applied, chance outcomes included.
    pub actions: usize,
    /// The actions that were a seat's decision.
    pub decisions: usize,
}

impl<G: Game> Default for RandomPlayouts<G> {
    fn default() -> Self {
        RandomPlayouts { legal: Vec::with_capacity(256), chance: Vec::with_capacity(64) }
    }
}

impl<G: Game> RandomPlayouts<G> {
    pub fn new() -> Self {
        Self::default()
    }

    /// Plays `state` to its end.
    pub fn play<R: RngCore + ?Sized>(&mut self, state: &mut G, rng: &mut R) -> Playout {
        let mut done = Playout::default();
        loop {
            let action = match state.turn() {
                Turn::Over => return done,
                Turn::Chance => {
                    self.chance.clear();
                    state.chance_outcomes(&mut self.chance);
                    pick_weighted(&self.chance, rng)
                }
                Turn::Seat(_) => {
                    done.decisions += 1;
                    self.legal.clear();
                    state.legal_actions(&mut self.legal);
                    self.legal[rng.random_range(0..self.legal.len())].clone()
                }
            };
            state.apply_unchecked(&action);
            done.actions += 1;
        }
    }
}
