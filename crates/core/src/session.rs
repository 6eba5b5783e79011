//! A game in progress as a front end holds it: the state, its record, and
//! each viewer's log.

use crate::{ActionError, Game, LoadError, OptionsError, Record, Seat, Turn, Viewer, chance};
use serde::{Deserialize, Serialize};

/// A game in progress: the true state, the record that rebuilds it, and one
/// log per viewer (seats, then the spectator) with every action as that
/// viewer saw it ([`Game::redact`]), which gives every view perfect recall.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Session<G: Game> {
    state: G,
    record: Record,
    logs: Vec<Vec<String>>,
}

impl<G: Game> Session<G> {
    /// A new game.
    pub fn new(options: &G::Options, seed: u64) -> Result<Self, OptionsError> {
        let state = G::new(options)?;
        let logs = vec![Vec::new(); state.seats() + 1];
        Ok(Session { record: Record::new::<G>(state.options(), seed), state, logs })
    }

    /// Rebuilds a session from its record, checking every action. A record
    /// of an older format is read as [`Record::upgraded`] reads it, and the
    /// session's own record is the upgraded one.
    pub fn from_record(record: &Record) -> Result<Self, LoadError> {
        let record = record.upgraded::<G>()?;
        let state = G::new(&record.options::<G>()?)?;
        let logs = vec![Vec::new(); state.seats() + 1];
        let header = Record { actions: Vec::with_capacity(record.actions.len()), ..record.clone() };
        let mut session = Session { state, record: header, logs };
        for (index, text) in record.actions.iter().enumerate() {
            let wrap = |source| LoadError::Action { index, action: text.clone(), source };
            let action = session.state.parse_action(text).map_err(wrap)?;
            session.apply(&action).map_err(wrap)?;
        }
        Ok(session)
    }

    /// The true state. Never show it to a seat: use [`Session::view`].
    pub fn state(&self) -> &G {
        &self.state
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    /// How many actions have been applied; a client acting against an older
    /// version is acting on a stale view.
    pub fn version(&self) -> usize {
        self.record.actions.len()
    }

    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// What `viewer` may see now.
    pub fn view(&self, viewer: Viewer) -> G::View {
        self.state.view(viewer)
    }

    /// The table's static part, the same for every viewer and every step.
    pub fn static_part(&self) -> G::Static {
        self.state.static_of()
    }

    /// Every action so far as `viewer` saw it.
    pub fn log(&self, viewer: Viewer) -> &[String] {
        &self.logs[self.log_index(viewer)]
    }

    fn log_index(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) if s < self.state.seats() => s,
            _ => self.state.seats(),
        }
    }

    /// Applies a checked action (a seat's move or a chance outcome).
    pub fn apply(&mut self, action: &G::Action) -> Result<(), ActionError> {
        let seen: Vec<String> = (0..=self.state.seats())
            .map(|i| {
                let viewer = if i < self.state.seats() { Viewer::Seat(i) } else { Viewer::Spectator };
                self.state.redact(action, viewer)
            })
            .collect();
        self.state.apply(action)?;
        self.record.actions.push(action.to_string());
        for (log, line) in self.logs.iter_mut().zip(seen) {
            log.push(line);
        }
        Ok(())
    }

    /// Applies an action of `seat`, checking that it is that seat's turn.
    pub fn apply_as(&mut self, seat: Seat, action: &G::Action) -> Result<(), ActionError> {
        match self.state.turn() {
            Turn::Over => Err(ActionError::GameOver),
            Turn::Seat(s) if s == seat => self.apply(action),
            _ => Err(ActionError::NotYourTurn { seat }),
        }
    }

    /// Draws and applies chance outcomes until a seat must decide or the game
    /// is over. Each draw depends only on the seed and its position, so a
    /// session rebuilt from its record continues identically.
    pub fn run_chance(&mut self) {
        while self.state.turn() == Turn::Chance {
            let mut rng = chance::chance_rng(self.record.seed, self.version());
            let action = chance::sample_chance(&self.state, &mut rng);
            self.apply(&action).expect("a sampled chance outcome is always listed");
        }
    }
}
