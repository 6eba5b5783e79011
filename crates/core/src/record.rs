//! Game records: game id, options, seed and actions; they replay exactly.

use crate::{Game, LoadError, options};
use serde::{Deserialize, Serialize};

/// A complete game: enough to rebuild every state of it.
///
/// `actions` holds every action in notation, chance outcomes included, so a
/// replay needs no generator; `seed` is kept so the game can go on drawing
/// exactly what it would have drawn ([`crate::chance_rng`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    pub options: serde_json::Value,
    pub seed: u64,
    pub actions: Vec<String>,
}

impl Record {
    /// An empty record of a new game.
    pub fn new<G: Game>(options: &G::Options, seed: u64) -> Self {
        Record {
            game: G::info().id.to_string(),
            options: options::options_to_json::<G>(options),
            seed,
            actions: Vec::new(),
        }
    }

    /// Rebuilds the initial state.
    pub fn initial<G: Game>(&self) -> Result<G, LoadError> {
        let id = G::info().id;
        if self.game != id {
            return Err(LoadError::WrongGame { expected: id.to_string(), found: self.game.clone() });
        }
        let options = options::options_from_json::<G>(&self.options)?;
        Ok(G::new(&options)?)
    }

    /// Replays the first `upto` actions (all of them with `None`), checking each.
    pub fn replay_to<G: Game>(&self, upto: Option<usize>) -> Result<G, LoadError> {
        let mut state = self.initial::<G>()?;
        let n = upto.unwrap_or(self.actions.len()).min(self.actions.len());
        for (index, text) in self.actions[..n].iter().enumerate() {
            let wrap = |source| LoadError::Action { index, action: text.clone(), source };
            let action = state.parse_action(text).map_err(wrap)?;
            state.apply(&action).map_err(wrap)?;
        }
        Ok(state)
    }

    /// Replays the whole record.
    pub fn replay<G: Game>(&self) -> Result<G, LoadError> {
        self.replay_to(None)
    }
}
