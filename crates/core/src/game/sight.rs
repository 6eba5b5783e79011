//! What a viewer sees of an action: the one per-viewer channel, decided
//! once by [`Game::sight`]. The search's information sets ([`Seen`]), the
//! notation logs ([`seen_notation`]), the action as data
//! ([`super::ActionData::observed`]) and the log's events
//! ([`super::Telling::log_event`], checked against it by the conformance
//! suite) all follow it.

use super::Game;
use crate::Viewer;
use std::mem::Discriminant;

/// How much of an action one viewer sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sight {
    /// All of it, as it is written.
    Plainly,
    /// Its kind alone: another seat's `draw 6` is a `draw`, written
    /// `draw ?`.
    Kind,
    /// Nothing: the action leaves no trace the viewer may know (another
    /// rider's answer in a window everyone answers blind). It is written as
    /// the empty string.
    Nothing,
}

/// An action as one viewer saw it. Two actions give equal values exactly
/// when the viewer cannot tell them apart, so the search files chance
/// outcomes by it ([`Seen::of`]) without writing anything.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen<A> {
    Plainly(A),
    /// The kind: a game's action is an enum whose variants are its kinds
    /// ([`Game::Action`]).
    Kind(Discriminant<A>),
    Nothing,
}

impl<A: Clone> Seen<A> {
    /// What `viewer` sees of `action`, played in `before`.
    pub fn of<G: Game<Action = A>>(before: &G, action: &A, viewer: Viewer) -> Self {
        match before.sight(action, viewer) {
            Sight::Plainly => Seen::Plainly(action.clone()),
            Sight::Kind => Seen::Kind(std::mem::discriminant(action)),
            Sight::Nothing => Seen::Nothing,
        }
    }
}

/// Whether `viewer` sees `action`, played in `before`, as it is written.
pub fn seen_plainly<G: Game>(before: &G, action: &G::Action, viewer: Viewer) -> bool {
    before.sight(action, viewer) == Sight::Plainly
}

/// The notation of what `viewer` saw of `action`, played in `before`: the
/// action's own, its kind with a question mark (`draw ?`), or nothing.
/// Notation logs (the engine protocol, golden files, compact updates) are
/// written with it.
pub fn seen_notation<G: Game>(before: &G, action: &G::Action, viewer: Viewer) -> String {
    notation_in_sight::<G>(action, before.sight(action, viewer))
}

/// The notation of `action` as seen with `sight`.
pub(crate) fn notation_in_sight<G: Game>(action: &G::Action, sight: Sight) -> String {
    match sight {
        Sight::Plainly => action.to_string(),
        Sight::Kind => format!("{} ?", G::action_data(action).kind),
        Sight::Nothing => String::new(),
    }
}
