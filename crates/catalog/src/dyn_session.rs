//! Games in progress behind one object-safe interface, for front ends that
//! pick the game at run time (the engine protocol, the server).
//!
//! [`DynSession`] is implemented once, generically, for every
//! [`Session<G>`] of a registered game. Actions travel as notation strings,
//! views as JSON; legality stays with the game.

use crate::{BotLimits, BotMove, CatalogError, CatalogGame, GameVisitor, SearchReport, SeatSpec, with_game};
use rand::SeedableRng;
use serde_json::Value;
use spieltisch_core::{
    ActionData, ActionError, Actor, Decision, Game, GameInfo, GameRng, Lang, LoadError, Outcome, Record,
    Seat, Session, Turn, Viewer, Weight, options,
};
use std::fmt;

/// A game in progress whose type is known only at run time.
pub trait DynSession: Send + Sync + fmt::Debug {
    /// The game's id, names, seat range and options.
    fn info(&self) -> GameInfo;
    /// True when seats hold secrets ([`CatalogGame::HIDDEN_INFORMATION`]).
    fn hidden_information(&self) -> bool;
    /// How many seats play.
    fn seats(&self) -> usize;
    /// `teams[seat]`: partners share a number.
    fn teams(&self) -> Vec<usize>;
    /// Who begins a rematch of a game that ended with `outcome`
    /// ([`Game::rematch_shift`]): the rematch's seat `j` is taken by
    /// whoever sat at `(j + shift) % seats`.
    fn rematch_shift(&self, outcome: &Outcome) -> usize;
    /// Whose decision it is.
    fn turn(&self) -> Turn;
    /// The number of actions applied so far (chance outcomes included).
    fn version(&self) -> usize;
    /// The number of actions that seats decided ([`Session::moves`]): the
    /// version without chance outcomes.
    fn moves(&self) -> usize;
    /// The legal actions of the seat to move in notation, in the game's
    /// order (empty unless a seat is to move).
    fn legal(&self) -> Vec<String>;
    /// Calls `visit` with each legal action of the seat to move, in the
    /// game's order, as something that writes its notation: no string is
    /// made per action (for writing them straight into a message).
    fn visit_legal(&self, visit: &mut dyn FnMut(&dyn fmt::Display));
    /// The legal actions of the seat to move, each with its description,
    /// each seat called `names[seat]` ([`Telling::describe_action_as`]; an
    /// empty list calls seats as the game does).
    fn legal_described(&self, names: &[String], lang: Lang) -> Vec<(String, String)>;
    /// The legal actions of the seat to move as a page shows them, in one
    /// pass: notation, data as written ([`ActionData::written`]) and words,
    /// each seat called `names[seat]`.
    fn legal_for_people(&self, names: &[String], lang: Lang) -> Vec<LegalForPeople>;
    /// The legal actions of the seat to move as data (kind and
    /// parameters), in the order of [`DynSession::legal`].
    fn legal_data(&self) -> Vec<ActionData>;
    /// An action in notation described in words, as the game describes it in
    /// the current state (so: before it is applied).
    fn describe(&self, notation: &str, lang: Lang) -> Result<String, CatalogError>;
    /// The chance outcomes with their weights (empty unless chance is to move).
    fn chance_outcomes(&self) -> Vec<(String, Weight)>;
    /// The chance outcomes as data (kind and parameters), in the order of
    /// [`DynSession::chance_outcomes`].
    fn chance_data(&self) -> Vec<ActionData>;
    /// Applies an action in notation. With `Some(seat)` it must be that
    /// seat's turn; with `None` the action is taken for whoever is to move,
    /// chance included.
    fn apply(&mut self, seat: Option<Seat>, notation: &str) -> Result<(), CatalogError>;
    /// Draws chance outcomes until a seat must decide or the game is over
    /// ([`Session::run_chance`]); returns how many were drawn.
    fn run_chance(&mut self) -> usize;
    /// Lets the bot of `spec` decide for the seat to move and applies its
    /// choice, which it returns in notation. The bot's generator is
    /// [`bot_rng`] of the seed and the version, so this is reproducible.
    fn bot_move(&mut self, spec: &SeatSpec) -> Result<String, CatalogError>;
    /// [`DynSession::bot_move`] within a server's `limits`: a search runs
    /// the iterations of its budget ([`BotLimits::budget`]; a time budget
    /// turned into iterations, every parameter held to its cap) on the
    /// calling thread alone, and is stopped at its deadline only as a
    /// safety net. Returns the move and what the search did, so that the
    /// caller can tell (and log) a search cut short.
    fn bot_move_within(&mut self, spec: &SeatSpec, limits: &BotLimits) -> Result<BotMove, CatalogError>;
    /// When seats decide together ([`spieltisch_core::Together`], a
    /// Steigung window): the seats still to answer, in the order their
    /// answers count (the seat to move first), and the pass in notation.
    fn together(&self) -> Option<(Vec<Seat>, String)>;
    /// Whether this game ever has seats decide together
    /// ([`spieltisch_core::Game::decides_together`]).
    fn decides_together(&self) -> bool;
    /// In a decision taken together: a copy in the state in which `seat`
    /// answers (every seat before it passed), with `seat` to move, so that
    /// its legal actions and a bot's choice there are its own decision's.
    fn ahead_to(&self, seat: Seat) -> Result<Box<dyn DynSession>, CatalogError>;
    /// The best actions for the seat to move, by that seat's own view: a
    /// search (`spec` is `mcts`, `ismcts` or a level that searches) from the
    /// seed and the version, most visited first, each with its visits and the
    /// estimated winning chance (a draw counting half).
    fn analyze(&self, spec: &SeatSpec) -> Result<Vec<MoveAnalysis>, CatalogError>;
    /// What `viewer` may see, as JSON.
    fn view(&self, viewer: Viewer) -> Result<Value, CatalogError>;
    /// [`DynSession::view`] written as JSON text straight from the game's
    /// view, its keys in the order its type declares them (a `Value` sorts
    /// them): what a message sends, where building the `Value` was most of
    /// the time of a full update.
    fn view_text(&self, viewer: Viewer) -> Result<Box<serde_json::value::RawValue>, CatalogError>;
    /// The table's static part ([`spieltisch_core::Game::Static`]) as JSON:
    /// the same for every viewer and at every step, so a front end gets it
    /// once per table.
    fn static_part(&self) -> Result<Value, CatalogError>;
    /// The game's drawing of what `viewer` may see.
    fn describe_view(&self, viewer: Viewer, lang: Lang) -> Result<String, CatalogError>;
    /// [`DynSession::describe_view`] with each seat called `names[seat]`
    /// ([`Telling::describe_view_as`]; an empty list calls seats as the game
    /// does).
    fn describe_view_as(&self, viewer: Viewer, names: &[String], lang: Lang) -> Result<String, CatalogError>;
    /// Every action so far as `viewer` saw it.
    fn log(&self, viewer: Viewer) -> Result<Vec<String>, CatalogError>;
    /// The actions from number `from` on as `viewer` saw them (what a client
    /// that has the log up to `from` lacks), without copying the rest.
    fn log_since(&self, viewer: Viewer, from: usize) -> Result<Vec<String>, CatalogError> {
        let mut log = self.log(viewer)?;
        Ok(log.split_off(from.min(log.len())))
    }
    /// `viewer`'s log for people ([`spieltisch_core::log`]): the entries that
    /// began or changed at action `from` or later, each as
    /// `{"at", "actor", "event"}`, with `"text"`, its words, when `wording`
    /// is given. A client holding the log up to `from` replaces its entries
    /// from the first one's `at` on with these.
    fn entries_since(
        &self,
        viewer: Viewer,
        from: usize,
        wording: Option<&Wording<'_>>,
    ) -> Result<Vec<Value>, CatalogError>;
    /// The numbers of the actions that begin `viewer`'s log entries (where
    /// a replay steps).
    fn entry_starts(&self, viewer: Viewer) -> Result<Vec<usize>, CatalogError>;
    /// How each seat is called where no person's name is known.
    fn seat_names(&self, lang: Lang) -> Vec<String>;
    /// The record that rebuilds this game.
    fn record(&self) -> &Record;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// The whole session (true state with every secret, record and logs),
    /// as [`load_session`] reads it back.
    fn to_json(&self) -> Result<Value, CatalogError>;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn DynSession>;
}

/// How log entries are put in words: each seat's name, and the language.
#[derive(Clone, Copy, Debug)]
pub struct Wording<'a> {
    pub names: &'a [String],
    pub lang: Lang,
}

/// A viewer's log entry as it is sent: the number of the action it begins
/// with, who caused it, the event (its fields per game, in `docs/api.md`),
/// and its words when they are asked for.
#[derive(Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(concrete(E = ())))]
pub struct LogEntry<'a, E> {
    pub at: usize,
    pub actor: Actor,
    /// The game's event: its `kind` and its fields.
    #[cfg_attr(feature = "ts", ts(type = "{ kind: string; [field: string]: unknown }"))]
    pub event: &'a E,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
}

/// One action of an analysis.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MoveAnalysis {
    pub action: String,
    pub visits: u64,
    /// The estimated winning chance of the seat after this action, in `[0, 1]`.
    pub win: f64,
}

/// The generator a bot uses for the decision at position `ply` of a game
/// with `seed`; separate from the chance generator so bots never change
/// what chance draws.
pub fn bot_rng(seed: u64, ply: usize) -> GameRng {
    let mut rng = GameRng::seed_from_u64(seed ^ 0x6B6F_7473_6565_6421);
    rng.set_stream(ply as u64);
    rng
}

fn check_viewer<G: Game>(state: &G, viewer: Viewer) -> Result<(), CatalogError> {
    match viewer {
        Viewer::Seat(seat) if seat >= state.seats() => {
            Err(CatalogError::NoSuchSeat { seat, last: state.seats().saturating_sub(1) })
        }
        _ => Ok(()),
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<Value, CatalogError> {
    serde_json::to_value(value).map_err(|e| CatalogError::Internal(format!("cannot write JSON: {e}")))
}

impl<G: CatalogGame> DynSession for Session<G> {
    fn info(&self) -> GameInfo {
        G::info()
    }

    fn hidden_information(&self) -> bool {
        G::HIDDEN_INFORMATION
    }

    fn seats(&self) -> usize {
        self.state().seats()
    }

    fn teams(&self) -> Vec<usize> {
        self.state().teams()
    }

    fn rematch_shift(&self, outcome: &Outcome) -> usize {
        G::rematch_shift(outcome, self.state().seats())
    }

    fn turn(&self) -> Turn {
        Session::turn(self)
    }

    fn version(&self) -> usize {
        Session::version(self)
    }

    fn moves(&self) -> usize {
        Session::moves(self)
    }

    fn legal(&self) -> Vec<String> {
        self.state().legal_vec().iter().map(ToString::to_string).collect()
    }

    fn visit_legal(&self, visit: &mut dyn FnMut(&dyn fmt::Display)) {
        for action in &self.state().legal_vec() {
            visit(action);
        }
    }

    fn legal_described(&self, names: &[String], lang: Lang) -> Vec<(String, String)> {
        let state = self.state();
        state.legal_vec().iter().map(|a| (a.to_string(), state.describe_action_as(a, names, lang))).collect()
    }

    fn legal_for_people(&self, names: &[String], lang: Lang) -> Vec<LegalForPeople> {
        let state = self.state();
        state
            .legal_vec()
            .iter()
            .map(|action| {
                let (kind, params) = ActionData::written(action);
                LegalForPeople {
                    action: action.to_string(),
                    kind,
                    params,
                    text: state.describe_action_as(action, names, lang),
                }
            })
            .collect()
    }

    fn legal_data(&self) -> Vec<ActionData> {
        self.state().legal_vec().iter().map(G::action_data).collect()
    }

    fn describe(&self, notation: &str, lang: Lang) -> Result<String, CatalogError> {
        let state = self.state();
        let action = state.parse_action(notation)?;
        Ok(state.describe_action(&action, lang))
    }

    fn chance_outcomes(&self) -> Vec<(String, Weight)> {
        self.state().chance_vec().iter().map(|(a, w)| (a.to_string(), *w)).collect()
    }

    fn chance_data(&self) -> Vec<ActionData> {
        self.state().chance_vec().iter().map(|(a, _)| G::action_data(a)).collect()
    }

    fn apply(&mut self, seat: Option<Seat>, notation: &str) -> Result<(), CatalogError> {
        if let Some(seat) = seat {
            check_viewer(self.state(), Viewer::Seat(seat))?;
        }
        if self.state().is_over() {
            return Err(ActionError::GameOver.into());
        }
        let action = self.state().parse_action(notation)?;
        match seat {
            Some(seat) => self.apply_as(seat, &action)?,
            None => Session::apply(self, &action)?,
        }
        Ok(())
    }

    fn run_chance(&mut self) -> usize {
        let before = Session::version(self);
        Session::run_chance(self);
        Session::version(self) - before
    }

    fn analyze(&self, spec: &SeatSpec) -> Result<Vec<MoveAnalysis>, CatalogError> {
        let seat = self.turn().seat().ok_or(CatalogError::NoSeatToMove)?;
        let bot = spec.search_bot::<G>()?;
        let state = self.state();
        let legal = state.legal_vec();
        let seed = rand::RngCore::next_u64(&mut bot_rng(self.record().seed, Session::version(self)));
        let result = bot.analyze(&Decision::new(state, seat, &legal), seed);
        Ok(result
            .moves
            .into_iter()
            .map(|m| MoveAnalysis { action: m.action.to_string(), visits: m.visits, win: m.value })
            .collect())
    }

    fn together(&self) -> Option<(Vec<Seat>, String)> {
        self.state().together().map(|t| (t.seats, t.pass.to_string()))
    }

    fn decides_together(&self) -> bool {
        G::decides_together(self.state().options())
    }

    fn ahead_to(&self, seat: Seat) -> Result<Box<dyn DynSession>, CatalogError> {
        let together = self.state().together().ok_or(CatalogError::NoSeatToMove)?;
        if !together.seats.contains(&seat) {
            return Err(ActionError::NotYourTurn { seat }.into());
        }
        let mut ahead = self.clone();
        for &before in together.seats.iter().take_while(|&&s| s != seat) {
            ahead.apply_as(before, &together.pass)?;
        }
        Ok(Box::new(ahead))
    }

    fn bot_move(&mut self, spec: &SeatSpec) -> Result<String, CatalogError> {
        let seat = self.turn().seat().ok_or(CatalogError::NoSeatToMove)?;
        let mut bot = spec.bot::<G>()?.ok_or_else(|| crate::SeatError::BadParam {
            spec: spec.to_string(),
            reason: "a human seat cannot be asked for a move".into(),
        })?;
        let legal = self.state().legal_vec();
        let mut rng = bot_rng(self.record().seed, Session::version(self));
        let action = bot.choose(&Decision::new(self.state(), seat, &legal), &mut rng);
        self.apply_as(seat, &action)?;
        Ok(action.to_string())
    }

    fn bot_move_within(&mut self, spec: &SeatSpec, limits: &BotLimits) -> Result<BotMove, CatalogError> {
        let Some((mut bot, budget)) = limits.search_bot::<G>(spec)? else {
            return Ok(BotMove { action: self.bot_move(spec)?, search: None });
        };
        let seat = self.turn().seat().ok_or(CatalogError::NoSeatToMove)?;
        let legal = self.state().legal_vec();
        let mut rng = bot_rng(self.record().seed, Session::version(self));
        let started = std::time::Instant::now();
        let action =
            spieltisch_core::Bot::choose(&mut bot, &Decision::new(self.state(), seat, &legal), &mut rng);
        let elapsed = started.elapsed();
        self.apply_as(seat, &action)?;
        let search = bot.effort().map(|effort| SearchReport { budget, effort, elapsed });
        Ok(BotMove { action: action.to_string(), search })
    }

    fn view(&self, viewer: Viewer) -> Result<Value, CatalogError> {
        check_viewer(self.state(), viewer)?;
        to_json(&Session::view(self, viewer))
    }

    fn view_text(&self, viewer: Viewer) -> Result<Box<serde_json::value::RawValue>, CatalogError> {
        check_viewer(self.state(), viewer)?;
        serde_json::value::to_raw_value(&Session::view(self, viewer))
            .map_err(|e| CatalogError::Internal(format!("cannot write JSON: {e}")))
    }

    fn static_part(&self) -> Result<Value, CatalogError> {
        to_json(&Session::static_part(self))
    }

    fn describe_view(&self, viewer: Viewer, lang: Lang) -> Result<String, CatalogError> {
        check_viewer(self.state(), viewer)?;
        Ok(G::describe_view(&Session::view(self, viewer), &Session::static_part(self), lang))
    }

    fn describe_view_as(&self, viewer: Viewer, names: &[String], lang: Lang) -> Result<String, CatalogError> {
        check_viewer(self.state(), viewer)?;
        Ok(G::describe_view_as(&Session::view(self, viewer), &Session::static_part(self), names, lang))
    }

    fn log(&self, viewer: Viewer) -> Result<Vec<String>, CatalogError> {
        check_viewer(self.state(), viewer)?;
        Ok(Session::log(self, viewer).to_vec())
    }

    fn log_since(&self, viewer: Viewer, from: usize) -> Result<Vec<String>, CatalogError> {
        check_viewer(self.state(), viewer)?;
        let log = Session::log(self, viewer);
        Ok(log[from.min(log.len())..].to_vec())
    }

    fn entries_since(
        &self,
        viewer: Viewer,
        from: usize,
        wording: Option<&Wording<'_>>,
    ) -> Result<Vec<Value>, CatalogError> {
        check_viewer(self.state(), viewer)?;
        let fixed = wording.map(|_| Session::static_part(self));
        Session::entries_since(self, viewer, from)
            .iter()
            .map(|entry| {
                let text = wording
                    .zip(fixed.as_ref())
                    .map(|(w, fixed)| G::describe_event(&entry.event, entry.actor, w.names, fixed, w.lang));
                to_json(&LogEntry { at: entry.at, actor: entry.actor, event: &entry.event, text })
            })
            .collect()
    }

    fn entry_starts(&self, viewer: Viewer) -> Result<Vec<usize>, CatalogError> {
        check_viewer(self.state(), viewer)?;
        Ok(Session::entries(self, viewer).iter().map(|entry| entry.at).collect())
    }

    fn seat_names(&self, lang: Lang) -> Vec<String> {
        (0..self.state().seats()).map(|seat| G::seat_name(seat, lang)).collect()
    }

    fn record(&self) -> &Record {
        Session::record(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome()
    }

    fn to_json(&self) -> Result<Value, CatalogError> {
        to_json(self)
    }

    fn clone_box(&self) -> Box<dyn DynSession> {
        Box::new(self.clone())
    }
}

struct NewSession<'a> {
    options: &'a Value,
    seed: u64,
}

impl GameVisitor for NewSession<'_> {
    type Output = Result<Box<dyn DynSession>, CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let options = options::options_from_json::<G>(self.options)?;
        Ok(Box::new(Session::<G>::new(&options, self.seed)?))
    }
}

/// A new game of `game` with options given as a JSON object (`null` for the
/// defaults).
///
/// # Errors
/// `game.unknown` for an unregistered id, `options.*` for bad options.
pub fn new_session(game: &str, options: &Value, seed: u64) -> Result<Box<dyn DynSession>, CatalogError> {
    with_game(game, NewSession { options, seed })?
}

struct FromRecord<'a>(&'a Record);

impl GameVisitor for FromRecord<'_> {
    type Output = Result<Box<dyn DynSession>, CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        Ok(Box::new(Session::<G>::from_record(self.0)?))
    }
}

/// A legal action as a page shows it ([`DynSession::legal_for_people`]).
#[derive(Clone, Debug)]
pub struct LegalForPeople {
    /// The notation, what the page sends back.
    pub action: String,
    /// The data's kind and its parameters as JSON text.
    pub kind: String,
    pub params: Box<serde_json::value::RawValue>,
    /// The action in words.
    pub text: String,
}

/// Rebuilds a game from its record, checking every action.
///
/// # Errors
/// `game.unknown`, `options.*`, or `record.bad_action` naming the index of
/// the first action that does not parse or is not legal.
pub fn session_from_record(record: &Record) -> Result<Box<dyn DynSession>, CatalogError> {
    with_game(&record.game, FromRecord(record))?
}

struct LoadSession<'a>(&'a Value);

impl GameVisitor for LoadSession<'_> {
    type Output = Result<Box<dyn DynSession>, CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        Ok(Box::new(Session::<G>::from_json(self.0)?))
    }
}

/// Reads back a session written by [`DynSession::to_json`]. The session
/// must be exactly what replaying its own record gives.
///
/// # Errors
/// `state.invalid` when the JSON is no session or does not match its record,
/// `json.malformed` when it does not fit the game's types, and the errors of
/// [`session_from_record`].
pub fn load_session(json: &Value) -> Result<Box<dyn DynSession>, CatalogError> {
    let game =
        json.get("record").and_then(|r| r.get("game")).and_then(Value::as_str).ok_or_else(|| {
            LoadError::Invalid("a saved state has the fields state, record and logs".into())
        })?;
    with_game(game, LoadSession(json))?
}
