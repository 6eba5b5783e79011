//! Game records: game id, options, seed and actions; they replay exactly.

use crate::{Game, LoadError, Records, options};
use serde::{Deserialize, Serialize};

/// A complete game: enough to rebuild every state of it.
///
/// `actions` holds every action in notation, chance outcomes included, so a
/// replay needs no generator; `seed` is kept so the game can go on drawing
/// exactly what it would have drawn ([`crate::chance_rng`]).
///
/// `format` says which readings of the rules the record was written under
/// (files without it are format 1). A record of an older format is read
/// through [`Record::upgraded`], which keeps the game exactly as it was
/// played: a reading that changed is restored by a record-only option
/// ([`Records::upgrade_options`]), and decisions that the format did not write
/// down are filled in ([`Records::implied_action`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    #[serde(default = "Record::first_format")]
    pub format: u32,
    pub game: String,
    pub options: serde_json::Value,
    pub seed: u64,
    pub actions: Vec<String>,
}

impl Record {
    /// The format written today. Format 2 (2026-11): Der Ausreisser asks every
    /// rider but the leader in each Steigung window; 6-Tage Rennen has
    /// `laps_down`; Um Reifenbreite plays energy row 2 and tows as printed.
    /// Format 3 (2026-11): the options carry the courses and tracks played
    /// on as content, never a file name, built-in ones included (the game's
    /// options as the initial state holds them, [`Game::options`]).
    /// Format 4 (2026-12): Six writes cells with their true coordinates,
    /// which older formats wrote modulo 64 in `-32..=31`.
    pub const FORMAT: u32 = 4;

    fn first_format() -> u32 {
        1
    }

    /// An empty record of a new game. Give the options the game holds
    /// ([`Game::options`]), which say what given options leave to the game
    /// (such as the course ridden), so that a record means the same to
    /// every later build.
    pub fn new<G: Game>(options: &G::Options, seed: u64) -> Self {
        Record {
            format: Self::FORMAT,
            game: G::info().id.to_string(),
            options: options::options_to_json::<G>(options),
            seed,
            actions: Vec::new(),
        }
    }

    /// The game's options as the record states them, record-only options
    /// ([`DeclaredOptions::RECORD_KEYS`](crate::DeclaredOptions::RECORD_KEYS)) included. Only for records of today's format:
    /// read older ones through [`Record::upgraded`].
    pub fn options<G: Game>(&self) -> Result<G::Options, LoadError> {
        let id = G::info().id;
        if self.game != id {
            return Err(LoadError::WrongGame { expected: id.to_string(), found: self.game.clone() });
        }
        if self.format != Self::FORMAT {
            return Err(LoadError::Format { found: self.format, supported: Self::FORMAT });
        }
        Ok(options::options_from_record_json::<G>(&self.options)?)
    }

    /// Rebuilds the initial state (of the record as [`Record::upgraded`] reads it).
    pub fn initial<G: Records>(&self) -> Result<G, LoadError> {
        Ok(G::new(&self.upgraded::<G>()?.options::<G>()?)?)
    }

    /// The same game as a record of today's format. A record of today's
    /// format comes back as it is; an older one is replayed under the rules
    /// of its time (every action checked), with the decisions its format
    /// left unwritten filled in, and its options written as the game holds
    /// them (built-in courses and tracks as content). A newer format than
    /// this build knows is refused. An older record that names a course or
    /// track file needs the file read first (the catalog's `read_files`).
    pub fn upgraded<G: Records>(&self) -> Result<Record, LoadError> {
        let id = G::info().id;
        if self.game != id {
            return Err(LoadError::WrongGame { expected: id.to_string(), found: self.game.clone() });
        }
        if self.format == Self::FORMAT {
            return Ok(self.clone());
        }
        if self.format == 0 || self.format > Self::FORMAT {
            return Err(LoadError::Format { found: self.format, supported: Self::FORMAT });
        }
        let mut given = match &self.options {
            serde_json::Value::Object(map) => map.clone(),
            serde_json::Value::Null => serde_json::Map::new(),
            _ => {
                return Err(crate::OptionsError::rule(
                    "options must be a JSON object",
                    "Optionen müssen ein JSON-Objekt sein",
                )
                .into());
            }
        };
        G::upgrade_options(self.format, &mut given);
        let mut state = G::new(&options::options_from_record_json::<G>(&serde_json::Value::Object(given))?)?;
        let options = options::options_to_json::<G>(state.options());
        let mut actions = Vec::with_capacity(self.actions.len());
        let fill = |state: &mut G, actions: &mut Vec<String>| {
            while let Some(implied) = state.implied_action(self.format) {
                state.apply(&implied).map_err(|source| LoadError::Action {
                    index: actions.len(),
                    action: implied.to_string(),
                    source,
                })?;
                actions.push(implied.to_string());
            }
            Ok::<(), LoadError>(())
        };
        for (index, text) in self.actions.iter().enumerate() {
            fill(&mut state, &mut actions)?;
            let wrap = |source| LoadError::Action { index, action: text.clone(), source };
            let action = state.parse_action(text).map_err(wrap)?;
            state.apply(&action).map_err(wrap)?;
            actions.push(text.clone());
        }
        fill(&mut state, &mut actions)?;
        Ok(Record { format: Self::FORMAT, game: self.game.clone(), options, seed: self.seed, actions })
    }

    /// Replays the first `upto` actions (all of them with `None`) of the
    /// record as [`Record::upgraded`] reads it, checking each.
    pub fn replay_to<G: Records>(&self, upto: Option<usize>) -> Result<G, LoadError> {
        let record = self.upgraded::<G>()?;
        let mut state = G::new(&record.options::<G>()?)?;
        let n = upto.unwrap_or(record.actions.len()).min(record.actions.len());
        for (index, text) in record.actions[..n].iter().enumerate() {
            let wrap = |source| LoadError::Action { index, action: text.clone(), source };
            let action = state.parse_action(text).map_err(wrap)?;
            state.apply(&action).map_err(wrap)?;
        }
        Ok(state)
    }

    /// Replays the whole record.
    pub fn replay<G: Records>(&self) -> Result<G, LoadError> {
        self.replay_to(None)
    }
}
