//! Playing a game to the end with bots in every seat.

use crate::{Bot, Decision, Game, Turn, chance::sample_chance};
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
