//! A game in progress as a front end holds it: the state, its record, and
//! each viewer's log.

use crate::game::notation_in_sight;
use crate::{
    ActionError, Entry, LoadError, OptionsError, Package, Record, Seat, Sight, Turn, Viewer, chance,
    log::Chronicle,
};
use serde::{Deserialize, Serialize, Serializer};

/// A game in progress: the true state, the record that rebuilds it, and
/// what each viewer (the seats, then the spectator) saw of every action
/// ([`Game::sight`](crate::Game::sight)), which gives every view perfect
/// recall: its notation log ([`Session::log`]) and its log for people
/// ([`Session::entries`]).
///
/// Written as JSON it is the state, the record and the notation logs;
/// [`Session::from_json`] reads it back.
#[derive(Clone, Debug, PartialEq)]
pub struct Session<G: Package> {
    state: G,
    record: Record,
    /// `sights[viewer][action]`: how much of each action the viewer saw.
    sights: Vec<Vec<Sight>>,
    chronicle: Chronicle<G::Event>,
    /// How many of the actions were seats' decisions: counted as they are
    /// applied, since an action's notation does not say whether chance
    /// took it.
    moves: usize,
}

/// What serializing a session writes.
#[derive(Serialize)]
#[serde(bound = "")]
struct Written<'a, G: Package> {
    state: &'a G,
    record: &'a Record,
    logs: Vec<Vec<String>>,
}

impl<G: Package> Serialize for Session<G> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Written { state: &self.state, record: &self.record, logs: self.notation_logs() }.serialize(serializer)
    }
}

/// What reading a session back takes: the state and the record. The
/// notation logs it was written with are derived from the record (older
/// builds wrote some hidden actions in other words), so they are not read.
#[derive(Deserialize)]
#[serde(bound = "")]
struct Saved<G: Package> {
    state: G,
    record: Record,
}

impl<G: Package> Session<G> {
    /// A new game.
    pub fn new(options: &G::Options, seed: u64) -> Result<Self, OptionsError> {
        let state = G::new(options)?;
        let sights = vec![Vec::new(); state.seats() + 1];
        let chronicle = Chronicle::new(state.seats());
        Ok(Session { record: Record::new::<G>(state.options(), seed), state, sights, chronicle, moves: 0 })
    }

    /// Rebuilds a session from its record, checking every action. A record
    /// of an older format is read as [`Record::upgraded`] reads it, and the
    /// session's own record is the upgraded one.
    pub fn from_record(record: &Record) -> Result<Self, LoadError> {
        let record = record.upgraded::<G>()?;
        let state = G::new(&record.options::<G>()?)?;
        let sights = vec![Vec::with_capacity(record.actions.len()); state.seats() + 1];
        let chronicle = Chronicle::new(state.seats());
        let header = Record { actions: Vec::with_capacity(record.actions.len()), ..record.clone() };
        let mut session = Session { state, record: header, sights, chronicle, moves: 0 };
        for (index, text) in record.actions.iter().enumerate() {
            let wrap = |source| LoadError::Action { index, action: text.clone(), source };
            let action = session.state.parse_action(text).map_err(wrap)?;
            session.apply(&action).map_err(wrap)?;
        }
        Ok(session)
    }

    /// Reads back a serialized session by replaying its record, which must
    /// give exactly its state: no hand-edited state gets in. Its logs are
    /// what the record gives.
    pub fn from_json(json: &serde_json::Value) -> Result<Self, LoadError> {
        let saved: Saved<G> = serde_json::from_value(json.clone()).map_err(LoadError::Json)?;
        let session = Session::from_record(&saved.record)?;
        if session.state != saved.state {
            return Err(LoadError::Invalid("the state does not match what its record rebuilds".into()));
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

    /// How many of the actions applied were seats' decisions: the
    /// [`Session::version`] without the chance outcomes (dice, draws).
    pub fn moves(&self) -> usize {
        self.moves
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

    /// Every action so far as `viewer` saw it, in notation
    /// ([`crate::seen_notation`]).
    pub fn log(&self, viewer: Viewer) -> Vec<String> {
        self.log_since(viewer, 0)
    }

    /// The actions from number `from` on as `viewer` saw them (what a
    /// client that has the log up to `from` lacks).
    pub fn log_since(&self, viewer: Viewer, from: usize) -> Vec<String> {
        self.notation(self.log_index(viewer), from)
    }

    fn notation(&self, index: usize, from: usize) -> Vec<String> {
        let sights = &self.sights[index];
        let from = from.min(sights.len());
        sights[from..]
            .iter()
            .zip(&self.record.actions[from..])
            .map(|(&sight, written)| match sight {
                Sight::Plainly => written.clone(),
                sight => {
                    let action: G::Action =
                        written.parse().expect("a session's record holds the notation of actions it applied");
                    notation_in_sight::<G>(&action, sight)
                }
            })
            .collect()
    }

    fn notation_logs(&self) -> Vec<Vec<String>> {
        (0..self.sights.len()).map(|index| self.notation(index, 0)).collect()
    }

    /// `viewer`'s log for people: an entry per event, chance folded in.
    pub fn entries(&self, viewer: Viewer) -> &[Entry<G::Event>] {
        self.chronicle.entries(self.log_index(viewer))
    }

    /// `viewer`'s entries that began or changed at action `from` or later
    /// (what a client with the log up to `from` replaces its last entries
    /// with, from the first one's `at` on).
    pub fn entries_since(&self, viewer: Viewer, from: usize) -> &[Entry<G::Event>] {
        self.chronicle.since(self.log_index(viewer), from)
    }

    fn log_index(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) if s < self.state.seats() => s,
            _ => self.state.seats(),
        }
    }

    /// Applies a checked action (a seat's move or a chance outcome).
    pub fn apply(&mut self, action: &G::Action) -> Result<(), ActionError> {
        let seats = self.state.seats();
        let seen: Vec<Sight> = (0..=seats)
            .map(|i| self.state.sight(action, if i < seats { Viewer::Seat(i) } else { Viewer::Spectator }))
            .collect();
        let before = self.state.clone();
        self.state.apply(action)?;
        if matches!(before.turn(), Turn::Seat(_)) {
            self.moves += 1;
        }
        self.chronicle.record(self.version(), &before, action, &self.state);
        self.record.actions.push(action.to_string());
        for (sights, sight) in self.sights.iter_mut().zip(seen) {
            sights.push(sight);
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

    /// Plays the game to its end: chance as [`Session::run_chance`] draws
    /// it, each seat's move drawn uniformly among its legal actions by
    /// `rng` (for tests and demonstrations of a whole game).
    pub fn play_randomly(&mut self, rng: &mut impl rand::Rng) {
        loop {
            self.run_chance();
            let Turn::Seat(seat) = self.turn() else { break };
            let legal = self.state.legal_vec();
            let action = legal[rng.random_range(0..legal.len())].clone();
            self.apply_as(seat, &action).expect("a listed action is legal");
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
