//! Bots: anything that picks an action from a seat's view.
//!
//! A bot is handed a [`Decision`], which exposes the seat, its legal actions
//! and its view, but never the state: the field is private to this crate, so
//! no bot can read another seat's secrets.

use crate::{Game, Seat, Viewer};
use rand::RngCore;

/// One decision of one seat, as that seat may see it.
#[derive(Debug)]
pub struct Decision<'a, G: Game> {
    state: &'a G,
    seat: Seat,
    legal: &'a [G::Action],
}

impl<'a, G: Game> Decision<'a, G> {
    /// A decision of `seat` in `state` among `legal` (which must be
    /// `state.legal_vec()` with `seat` to move).
    pub fn new(state: &'a G, seat: Seat, legal: &'a [G::Action]) -> Self {
        Decision { state, seat, legal }
    }

    /// The deciding seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions, in the game's order.
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// What the deciding seat may see.
    pub fn view(&self) -> G::View {
        self.state.view(Viewer::Seat(self.seat))
    }

    /// The table's static part ([`Game::static_part`]), which completes the
    /// view.
    pub fn static_part(&self) -> G::Static {
        self.state.static_of()
    }

    /// The game's options (public to everyone).
    pub fn options(&self) -> &'a G::Options {
        self.state.options()
    }

    /// The number of seats.
    pub fn seats(&self) -> usize {
        self.state.seats()
    }
}

/// A player that is not a person.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs, e.g. `random` or `mcts:iters=2000`.
    fn name(&self) -> String;

    /// Picks one of `decision.legal()`.
    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut dyn RngCore) -> G::Action;
}

/// Plays uniformly at random among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut dyn RngCore) -> G::Action {
        let legal = decision.legal();
        legal[(rng.next_u64() % legal.len() as u64) as usize].clone()
    }
}
