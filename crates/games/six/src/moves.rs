//! Whole moves and the stones they concern, as the state keeps them and the
//! view shows them.

use crate::{board::Colour, cell::Cell};
use serde::{Deserialize, Serialize};
use spieltisch_core::Seat;

/// Stones by colour, each list in reading order (row `r`, then `q`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Stones {
    pub red: Vec<Cell>,
    pub black: Vec<Cell>,
}

impl Stones {
    /// The list of `colour`.
    pub fn of(&self, colour: Colour) -> &[Cell] {
        match colour {
            Colour::Red => &self.red,
            Colour::Black => &self.black,
        }
    }

    /// Adds a stone of `colour`.
    pub fn push(&mut self, colour: Colour, cell: Cell) {
        match colour {
            Colour::Red => self.red.push(cell),
            Colour::Black => self.black.push(cell),
        }
    }

    /// True when neither colour has a stone here.
    pub fn is_empty(&self) -> bool {
        self.red.is_empty() && self.black.is_empty()
    }

    pub(crate) fn push_all(&mut self, colour: Colour, cells: impl Iterator<Item = Cell>) {
        match colour {
            Colour::Red => self.red.extend(cells),
            Colour::Black => self.black.extend(cells),
        }
    }

    pub(crate) fn sort(&mut self) {
        self.red.sort_by_key(|c| c.reading_key());
        self.black.sort_by_key(|c| c.reading_key());
    }
}

/// One whole move: a first-round placement (`placed` alone), a second-round
/// move (`lifted`, then `placed`, with what the lift captured), or a pass
/// (neither).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub seat: Seat,
    pub lifted: Option<Cell>,
    pub placed: Option<Cell>,
    /// The stones the lift captured; left out when none.
    #[serde(default, skip_serializing_if = "Stones::is_empty")]
    pub captured: Stones,
}
