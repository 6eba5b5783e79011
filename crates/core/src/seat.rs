//! Who is deciding, and who is looking.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A seat at the table, counted from 0 in turn order.
pub type Seat = usize;

/// Whose decision the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Turn {
    /// A seat must choose one of the legal actions. Out-of-turn reactions
    /// (a hill card, an answer to a proposal) are modelled as ordinary turns
    /// of the reacting seat.
    Seat(Seat),
    /// The game draws a chance outcome (dice, a card from a pile).
    Chance,
    /// The game is over; [`crate::Game::outcome`] is `Some`.
    Over,
}

impl Turn {
    /// The seat to move, if a seat is to move.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Turn::Seat(s) => Some(s),
            _ => None,
        }
    }
}

/// Who a view is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// One seat: sees public information plus that seat's own secrets.
    Seat(Seat),
    /// A spectator (and any log or replay shown to the public): public information only.
    Spectator,
}

impl fmt::Display for Viewer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewer::Seat(s) => write!(f, "seat {s}"),
            Viewer::Spectator => f.write_str("spectator"),
        }
    }
}
