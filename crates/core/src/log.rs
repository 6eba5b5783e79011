//! The log people read: who did what, as data and in words.
//!
//! [`Game::sight`](crate::Game::sight) says how much of an action a viewer sees, which search uses
//! to tell information sets apart. People get more: an [`Entry`] per event,
//! naming its [`Actor`], with what happened as the game's typed event
//! ([`Telling::Event`]) and words from [`Telling::describe_event`]. Chance outcomes
//! and hidden draws are folded into the event they belong to.

use crate::game::seen_plainly;
use crate::words::say;
use crate::{ActionData, Lang, Seat, Telling, Turn, Viewer};
use serde::{Deserialize, Serialize};

/// Who caused an event: a seat, or chance (dice, cards drawn, a referee's
/// decision). On the wire `{"seat": 1}` or `"chance"`, as [`Turn`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    Seat(Seat),
    Chance,
}

impl Actor {
    /// Who acts on `turn`; `None` once the game is over.
    pub fn of(turn: Turn) -> Option<Actor> {
        match turn {
            Turn::Seat(seat) => Some(Actor::Seat(seat)),
            Turn::Chance => Some(Actor::Chance),
            Turn::Over => None,
        }
    }

    pub fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(seat) => Some(seat),
            Actor::Chance => None,
        }
    }
}

/// One entry of a viewer's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry<E> {
    /// The number of the action the entry begins with (the table's version
    /// before it); the entry covers every action up to the next entry's
    /// `at`, the chance outcomes folded into it included. A replay steps
    /// from entry to entry.
    pub at: usize,
    /// The number after the last action in it: an entry with `end > v` began
    /// or changed at action `v` or later.
    pub end: usize,
    pub actor: Actor,
    pub event: E,
}

/// What [`Telling::log_event`] makes of an action for one viewer.
#[derive(Clone, Debug, PartialEq)]
pub enum Logged<E> {
    /// A new entry.
    New(E),
    /// The action belongs to the viewer's last entry, and the game has
    /// folded it into that entry's event (a card drawn in a driver change,
    /// the dice of a ride).
    Folded,
    /// The action tells the viewer nothing it may know (another rider's
    /// hidden answer): its log stays as it was.
    Unseen,
}

/// The entries of every viewer (the seats, then the spectator), kept up to
/// date action by action.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Chronicle<E> {
    logs: Vec<Vec<Entry<E>>>,
}

impl<E> Chronicle<E> {
    pub(crate) fn new(seats: usize) -> Self {
        Chronicle { logs: (0..=seats).map(|_| Vec::new()).collect() }
    }

    pub(crate) fn entries(&self, index: usize) -> &[Entry<E>] {
        &self.logs[index]
    }

    /// The entries of log `index` that began or changed at action `from` or
    /// later: the last ones, as entries only ever grow at the end.
    pub(crate) fn since(&self, index: usize, from: usize) -> &[Entry<E>] {
        let log = &self.logs[index];
        let first = log.iter().rposition(|entry| entry.end <= from).map_or(0, |i| i + 1);
        &log[first..]
    }

    /// Adds what action number `at` of `before`, leading to `after`, tells
    /// each viewer.
    pub(crate) fn record<G: Telling<Event = E>>(
        &mut self,
        at: usize,
        before: &G,
        action: &G::Action,
        after: &G,
    ) {
        let Some(actor) = Actor::of(before.turn()) else { return };
        let seats = self.logs.len() - 1;
        for (index, log) in self.logs.iter_mut().enumerate() {
            let viewer = if index < seats { Viewer::Seat(index) } else { Viewer::Spectator };
            let last = log.last_mut().map(|entry| &mut entry.event);
            match before.log_event(action, after, viewer, last) {
                Logged::New(event) => log.push(Entry { at, end: at + 1, actor, event }),
                Logged::Folded => {
                    if let Some(entry) = log.last_mut() {
                        entry.end = at + 1;
                    }
                }
                Logged::Unseen => {}
            }
        }
    }
}

/// An event that is the action itself as the viewer observes it
/// ([`ActionData::observed`]) with its words: for a game whose every action
/// tells what happened by itself. An action the viewer does not see plainly
/// ([`Game::sight`](crate::Game::sight)) keeps only its kind, and its words say it is hidden.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plain {
    pub kind: String,
    pub params: serde_json::Value,
    /// The action in words, in English and German.
    pub words: [String; 2],
}

impl Plain {
    /// The event of `action`, played in `before`, for `viewer`.
    pub fn seen<G: Telling>(before: &G, action: &G::Action, viewer: Viewer) -> Plain {
        let ActionData { kind, params } = ActionData::observed(before, action, viewer);
        let words = if seen_plainly(before, action, viewer) {
            [Lang::En, Lang::De].map(|lang| before.describe_action(action, lang))
        } else {
            [Lang::En, Lang::De].map(|lang| say(lang, "hidden", &[]))
        };
        Plain { kind, params, words }
    }

    /// The event in words, after the actor's name.
    pub fn describe(&self, actor: Actor, names: &[String], lang: Lang) -> String {
        let said = &self.words[usize::from(lang == Lang::De)];
        match actor.seat().and_then(|seat| names.get(seat)) {
            Some(name) => format!("{name}: {said}"),
            None => format!("{}: {said}", say(lang, "chance", &[])),
        }
    }
}
