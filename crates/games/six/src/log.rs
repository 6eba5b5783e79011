//! The log people read: one entry per whole move, with what it captured and
//! how a game ended when it did.

use crate::{
    action::Action,
    cell::Cell,
    describe::{CellText, colour_name},
    game::{GameResult, Phase, Six},
    moves::Stones,
    words::{say, say_into},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Actor, Lang, Logged, Seat};

/// A whole move (everyone sees the same: nothing in Six is hidden). On the
/// wire an object whose `kind` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// First round: a stone from the supply put on `cell`.
    Place {
        cell: Cell,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ended: Option<GameResult>,
    },
    /// Second round: the stone lifted from `lifted` and put on `placed`
    /// (`None` while the mover is still to put it down), with the stones the
    /// lift captured.
    Move {
        lifted: Cell,
        placed: Option<Cell>,
        #[serde(default, skip_serializing_if = "Stones::is_empty")]
        captured: Stones,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ended: Option<GameResult>,
    },
    /// Basic variant: every stone of the mover held the field together.
    Pass {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ended: Option<GameResult>,
    },
}

impl Six {
    pub(crate) fn event_of(&self, action: &Action, after: &Six, last: Option<&mut Event>) -> Logged<Event> {
        let ended = (after.results.len() > self.results.len()).then(|| after.results[self.results.len()]);
        match (*action, self.phase) {
            (Action::Place { cell }, Phase::Place) => Logged::New(Event::Place { cell, ended }),
            (Action::Lift { cell: lifted }, _) => {
                Logged::New(Event::Move { lifted, placed: None, captured: after.captured_now.clone(), ended })
            }
            (Action::Pass {}, _) => Logged::New(Event::Pass { ended }),
            (Action::Keep { .. } | Action::Place { .. }, _) => match last {
                Some(Event::Move { placed: last_placed, captured, ended: last_ended, .. }) => {
                    if let Action::Place { cell } = action {
                        *last_placed = Some(*cell);
                    } else {
                        *captured = after.captured_now.clone();
                    }
                    *last_ended = ended;
                    Logged::Folded
                }
                // A move's later steps always follow its lift.
                _ => unreachable!("{action} outside a move"),
            },
        }
    }
}

/// An event in words: "Seat 1 moves the stone from 0,1 to 2,-1, capturing
/// 2 black stones. Red wins: …".
pub fn describe(event: &Event, actor: Actor, names: &[String], lang: Lang) -> String {
    let who = actor.seat().and_then(|seat: Seat| names.get(seat)).map_or("?", String::as_str);
    let (mut text, ended) = match event {
        Event::Place { cell, ended } => (
            say(lang, "log-place", &[("name", who.into()), ("cell", CellText::of(*cell).as_str().into())]),
            ended,
        ),
        Event::Move { lifted, placed, captured, ended } => {
            let lifted = CellText::of(*lifted);
            let mut text = match placed {
                Some(to) => say(
                    lang,
                    "log-move",
                    &[
                        ("name", who.into()),
                        ("from", lifted.as_str().into()),
                        ("to", CellText::of(*to).as_str().into()),
                    ],
                ),
                None => say(lang, "log-lift", &[("name", who.into()), ("cell", lifted.as_str().into())]),
            };
            for colour in crate::board::Colour::ALL {
                let count = captured.of(colour).len();
                if count > 0 {
                    text.push_str(", ");
                    let colour = colour_name(colour, lang);
                    say_into(
                        &mut text,
                        lang,
                        "log-captured",
                        &[("count", count.into()), ("colour", (&colour).into())],
                    );
                }
            }
            (text, ended)
        }
        Event::Pass { ended } => (say(lang, "log-pass", &[("name", who.into())]), ended),
    };
    if let Some(result) = ended {
        // A sentence of its own: "… on 1,-3. Black wins: Seat 2 formed a line".
        let said = result.describe(lang, names);
        let mut chars = said.chars();
        text.push_str(". ");
        text.extend(chars.next().map(|c| c.to_uppercase().collect::<String>()));
        text.push_str(chars.as_str());
    }
    text
}
