//! [`Telling`]: what a game tells people of its play, as the log's events
//! and in words.

use super::Game;
use crate::{Actor, Lang, Logged, Seat, Viewer};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt;

/// The log people read and the words a game is told in, apart from its
/// rules ([`Game`]): what a viewer learns of each action as an event, and
/// how events, actions, views and seats are said in a language. Two
/// methods are required; the words of views and actions have plain
/// defaults. Nothing here decides anything: bots and the search never call
/// it.
pub trait Telling: Game {
    /// An event of the log people read ([`crate::log`]): what happened, as
    /// data its viewer may know, written with a snake_case `kind` and its
    /// fields (documented per game in `docs/api.md`).
    type Event: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// What `viewer` learns from `action`, played in this state and leading
    /// to `after`, for the log people read: a new event, or
    /// [`Logged::Folded`] when the action belongs to the viewer's `last`
    /// event (a card drawn in a driver change, the dice of a ride; the game
    /// folds it in there) or tells the viewer nothing. Nothing the viewer
    /// may not know goes into its events; what [`Game::sight`] hides stays
    /// hidden here too, and two actions a viewer sees alike log alike (the
    /// conformance suite checks both).
    fn log_event(
        &self,
        action: &Self::Action,
        after: &Self,
        viewer: Viewer,
        last: Option<&mut Self::Event>,
    ) -> Logged<Self::Event>;

    /// An event in words, as a person would tell it ("B plays 4: 12 → 16,
    /// slipstream +2"): `actor` caused it, `names[seat]` is how each seat is
    /// called (a person's name, or [`Telling::seat_name`]).
    fn describe_event(
        event: &Self::Event,
        actor: Actor,
        names: &[String],
        fixed: &Self::Static,
        lang: Lang,
    ) -> String;

    /// How a seat is called where no person's name is known. Default:
    /// "Seat 1", counting from 1, as the browser calls seats.
    fn seat_name(seat: Seat, lang: Lang) -> String {
        crate::words::say(lang, "seat", &[("n", (seat + 1).into())])
    }

    /// A human-readable drawing of a view (with its table's static part)
    /// for the terminal.
    fn describe_view(view: &Self::View, fixed: &Self::Static, lang: Lang) -> String {
        let _ = (fixed, lang);
        serde_json::to_string_pretty(view).unwrap_or_default()
    }

    /// [`Telling::describe_view`] with each seat called `names[seat]` (a
    /// person's name, or how the table shows a bot), as
    /// [`Telling::describe_action_as`] calls them, for a page that calls people
    /// by name everywhere; a seat beyond `names` is called as the game calls
    /// it. Default: the game's own drawing.
    fn describe_view_as(view: &Self::View, fixed: &Self::Static, names: &[String], lang: Lang) -> String {
        let _ = names;
        Self::describe_view(view, fixed, lang)
    }

    /// An action in words, for move lists and logs.
    fn describe_action(&self, action: &Self::Action, lang: Lang) -> String {
        let _ = lang;
        action.to_string()
    }

    /// [`Telling::describe_action`] with each seat called `names[seat]` (a
    /// person's name, or how the table shows a bot), as the log's words
    /// call seats ([`Telling::describe_event`]); a seat beyond `names` is
    /// called as the game calls it. Default: the action's words, which name
    /// no seat.
    fn describe_action_as(&self, action: &Self::Action, names: &[String], lang: Lang) -> String {
        let _ = names;
        self.describe_action(action, lang)
    }
}
