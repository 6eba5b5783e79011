//! Where a table stands ([`Progress`]: whose turn, who it waits for, the
//! ranks of a finished game), written with each change of its actions so
//! that lists and expiry need not replay it, and the text both engines
//! store it as. Apart from the engines, which only write it.

use serde::Serialize;

/// Who a table waits for at its stored version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Waiting {
    /// A person decides next (alone, or together with others).
    People,
    /// The server acts next: a bot decides, or answers in a decision taken
    /// together, or chance is to be drawn. Such tables are resumed on start.
    Bots,
    /// The game is over.
    Over,
}

impl Waiting {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Waiting::People => "people",
            Waiting::Bots => "bots",
            Waiting::Over => "over",
        }
    }
}

/// Where a table stands, written with each change of its actions, so that
/// lists and expiry need not replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub turn: spieltisch_core::Turn,
    pub waiting: Waiting,
    /// Per seat, 1 = first, once the game is over.
    pub ranks: Option<Vec<u32>>,
}

/// A turn as the `turn` column stores it: JSON.
pub(crate) fn turn_json(turn: spieltisch_core::Turn) -> String {
    serde_json::to_string(&turn).unwrap_or_default()
}

/// The ranks of a finished game as the `ranks` column stores them: JSON, or
/// nothing while the game is played.
pub(crate) fn ranks_json(progress: &Progress) -> Option<String> {
    progress.ranks.as_ref().map(|ranks| serde_json::to_string(ranks).unwrap_or_default())
}
