//! The [`Game`] trait: a few required methods, everything else provided.

use crate::{ActionError, Actor, Lang, Logged, OptionSpec, OptionsError, Outcome, Seat, Text, Turn, Viewer};

use rand::RngCore;
use serde::{Serialize, de::DeserializeOwned};
use std::{fmt, hash::Hash, str::FromStr};

/// What `spieltisch games` shows about a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// The stable identifier: `six`, `sechstage`, `reifenbreite`, `ausreisser`.
    pub id: &'static str,
    pub name: Text,
    /// The smallest and largest number of seats.
    pub min_seats: usize,
    pub max_seats: usize,
    #[cfg_attr(feature = "ts", ts(as = "Vec<crate::SpecWritten<'static>>"))]
    pub options: Vec<OptionSpec>,
    /// Where the rules come from.
    pub rules_source: &'static str,
}

/// A decision that several seats take together, each without seeing the
/// others' answers: a reaction window that everyone at the table may use.
/// The engine asks the seats one at a time in `seats` order, which is also
/// the order in which their answers count; a table asks them all at once
/// and applies the answers in that order when all are in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Together<A> {
    /// The seats still to answer, the seat to move first, in the order
    /// their answers count. It depends on public facts only.
    pub seats: Vec<Seat>,
    /// The answer that leaves the decision to the next seat (passing). Each
    /// seat answers in the state reached when every seat before it passed.
    pub pass: A,
}

/// An action as data: what kind of action it is and its typed parameters
/// (documented per game in `docs/api.md`), so that front ends pick actions
/// by what they do and never read notation. Distinct legal actions have
/// distinct data (the conformance suite checks it).
///
/// A game's [`Game::Action`] is itself this data: its `Serialize` writes
/// it, and [`ActionData::of`] reads it back as kind and parameters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionData {
    /// The kind, a snake_case word: `place`, `play`, `roll`, …
    pub kind: String,
    /// The parameters, a JSON object (empty for an action without any):
    /// cells as `{"q", "r"}`, riders by their printed numbers, cards by
    /// their values.
    pub params: serde_json::Value,
}

impl ActionData {
    /// An action without parameters.
    pub fn bare(kind: &str) -> Self {
        ActionData { kind: kind.into(), params: serde_json::Value::Object(serde_json::Map::new()) }
    }

    /// An action with parameters (`params` must be a JSON object).
    pub fn with(kind: &str, params: serde_json::Value) -> Self {
        debug_assert!(params.is_object(), "the parameters of {kind} are no object");
        ActionData { kind: kind.into(), params }
    }

    /// An action from its typed data: an enum written with
    /// `#[serde(tag = "kind", content = "params")]` whose variants have named
    /// fields (`Pass {}` for none: serde writes a unit variant without
    /// `params`), so that the type that writes the wire is also the one the
    /// front end's TypeScript declarations come from.
    ///
    /// # Panics
    /// If `typed` is not written in that shape (a mistake in the game's code,
    /// never in its input).
    pub fn of(typed: &impl Serialize) -> Self {
        let written = serde_json::to_value(typed).ok();
        let (kind, params) = match written {
            Some(serde_json::Value::Object(mut map)) => (map.remove("kind"), map.remove("params")),
            _ => (None, None),
        };
        match (kind, params) {
            (Some(serde_json::Value::String(kind)), Some(params)) if params.is_object() => {
                ActionData { kind, params }
            }
            _ => panic!("typed action data is written as {{\"kind\", \"params\": {{…}}}}"),
        }
    }

    /// What `viewer` observes of `action`, played in `before`, as data: the
    /// action's data ([`Game::action_data`]) when the viewer sees it as it
    /// is written ([`Game::redact`] gives its notation), else its kind
    /// alone, so that another seat's `draw 6` is
    /// `{"kind": "draw", "params": {}}`. Whatever tells a viewer of a move as
    /// data goes through here ([`crate::Plain`], the log's events of such
    /// games); the conformance suite checks that two actions a viewer
    /// observes alike give the same data.
    pub fn observed<G: Game>(before: &G, action: &G::Action, viewer: Viewer) -> ActionData {
        let data = G::action_data(action);
        if seen_plainly(before, action, viewer) { data } else { ActionData::bare(&data.kind) }
    }
}

/// Whether `viewer` sees `action`, played in `before`, as it is written.
pub(crate) fn seen_plainly<G: Game>(before: &G, action: &G::Action, viewer: Viewer) -> bool {
    before.redact(action, viewer) == action.to_string()
}

/// A chance outcome's weight. The probability of an outcome is its weight
/// divided by the sum of the weights of all outcomes of that chance node, so
/// probabilities are exact and always sum to 1.
pub type Weight = u32;

/// The contract every game implements.
///
/// A value of the type is a complete game state (the truth, with every
/// secret). Only [`Game::view`] may leave the engine for a seat; bots receive
/// views through [`crate::Decision`] and never the state.
///
/// Required: `info`, `new`, `turn`, `legal_actions`, `chance_outcomes`,
/// `apply_unchecked`, `view`, `static_part`, `resample`, `outcome`,
/// `score_bounds`, `max_actions`, `log_event`, `describe_event`. Legality is decided once, by `legal_actions` (and
/// `chance_outcomes`): the checked [`Game::apply`] accepts exactly what they
/// list.
pub trait Game:
    Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// A move (or chance outcome), with two written forms:
    ///
    /// - notation, for people, records and logs: `Display` writes it and
    ///   `FromStr` reads it back, so `a.to_string().parse() == Ok(a)`.
    ///   Records, stored tables, the engine protocol and golden files keep
    ///   actions as notation strings, written and read through these two;
    /// - data, for front ends ([`ActionData`]): `Serialize` and
    ///   `Deserialize` write and read the action as its kind and parameters,
    ///   `{"kind": "place", "params": {"cell": {"q": 2, "r": -1}}}`. Derive
    ///   them with `#[serde(tag = "kind", content = "params", rename_all =
    ///   "snake_case")]` on an enum whose variants have named fields
    ///   (`Pass {}` for none), and the TypeScript declaration from the same
    ///   type: there is no second type for the wire. Reading data checks its
    ///   shape only; an action read so is legal only if [`Game::apply`]
    ///   accepts it, as one read from notation.
    type Action: Clone
        + fmt::Debug
        + PartialEq
        + Eq
        + Hash
        + fmt::Display
        + FromStr<Err = ActionError>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// Typed options; deserialize from a JSON object whose keys are the
    /// option keys of [`Game::info`] (missing keys take defaults).
    type Options: Clone + fmt::Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What one viewer may see. Must have perfect recall of everything that
    /// viewer has observed that still matters for decisions.
    type View: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// What every viewer of a table may know from its options alone and
    /// that never changes while it is played: course and track drawings,
    /// points tables, rider numbering. A front end receives it once per
    /// table, not with every view; the view and the static part together
    /// are the viewer's complete information state. `()` for a game without
    /// any.
    type Static: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    /// An event of the log people read ([`crate::log`]): what happened, as
    /// data its viewer may know, written with a snake_case `kind` and its
    /// fields (documented per game in `docs/api.md`).
    type Event: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;

    /// Name, seat range, options and rules source.
    fn info() -> GameInfo;

    /// The initial state for validated options. Invalid combinations get an
    /// [`OptionsError::Rule`] with a clear reason.
    fn new(options: &Self::Options) -> Result<Self, OptionsError>;

    /// The options the game was created with.
    fn options(&self) -> &Self::Options;

    /// How many seats play.
    fn seats(&self) -> usize;

    /// `teams[seat]`: partners share a number. Default: everyone alone.
    fn teams(&self) -> Vec<usize> {
        (0..self.seats()).collect()
    }

    /// Who begins a rematch of a finished game with this `outcome`: the
    /// rematch's seat `j` is taken by whoever sat at `(j + shift) % seats`.
    /// Default: everyone moves one seat on, so that the order of play
    /// changes; a game whose rules say who begins the next game (Six: the
    /// loser) says it here.
    fn rematch_shift(outcome: &Outcome, seats: usize) -> usize {
        let _ = outcome;
        usize::from(seats > 1)
    }

    /// Whose decision it is.
    fn turn(&self) -> Turn;

    /// Appends the legal actions of the seat to move, in a deterministic,
    /// documented order, without duplicates. Appends nothing unless
    /// `turn()` is `Turn::Seat`.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Appends the chance outcomes with positive weights, in a deterministic
    /// order. Appends nothing unless `turn()` is `Turn::Chance`.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, Weight)>);

    /// Applies an action known to be legal (or a chance outcome known to be
    /// listed). May panic on anything else: use [`Game::apply`] for input from
    /// outside.
    fn apply_unchecked(&mut self, action: &Self::Action);

    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The static part of a table with these (validated) options: a
    /// function of the options alone, equal at every step of a game.
    fn static_part(options: &Self::Options) -> Self::Static;

    /// The static part of this game ([`Game::static_part`] of its options).
    /// A game may give it cheaper from what its state already holds.
    fn static_of(&self) -> Self::Static {
        Self::static_part(self.options())
    }

    /// A full state drawn at random among those consistent with `view` (the
    /// view of `seat`) and the table's static part `fixed`, with every
    /// secret the seat cannot know re-dealt. For games without secrets this
    /// rebuilds the state from the view.
    fn resample(view: &Self::View, fixed: &Self::Static, seat: Seat, rng: &mut dyn RngCore) -> Self;

    /// The result, once `turn()` is `Turn::Over`.
    fn outcome(&self) -> Option<Outcome>;

    /// The action as data: kind and parameters ([`ActionData`]), as its
    /// `Serialize` writes it.
    fn action_data(action: &Self::Action) -> ActionData {
        ActionData::of(action)
    }

    /// The lowest and highest score any seat can get with these options.
    fn score_bounds(options: &Self::Options) -> (f64, f64);

    /// An upper bound on the number of actions (chance outcomes included) of a
    /// whole game with these options.
    fn max_actions(options: &Self::Options) -> usize;

    /// How `viewer` sees `action` in its log, called on the state before the
    /// action is applied. Default: the notation, which suits public actions;
    /// games hide secret chance outcomes here (a card drawn by another seat).
    fn redact(&self, action: &Self::Action, viewer: Viewer) -> String {
        let _ = viewer;
        action.to_string()
    }

    /// What `viewer` learns from `action`, played in this state and leading
    /// to `after`, for the log people read: a new event, or
    /// [`Logged::Folded`] when the action belongs to the viewer's `last`
    /// event (a card drawn in a driver change, the dice of a ride; the game
    /// folds it in there) or tells the viewer nothing. Nothing the viewer
    /// may not know goes into its events; what [`Game::redact`] hides stays
    /// hidden here too.
    fn log_event(
        &self,
        action: &Self::Action,
        after: &Self,
        viewer: Viewer,
        last: Option<&mut Self::Event>,
    ) -> Logged<Self::Event>;

    /// An event in words, as a person would tell it ("B plays 4: 12 → 16,
    /// slipstream +2"): `actor` caused it, `names[seat]` is how each seat is
    /// called (a person's name, or [`Game::seat_name`]).
    fn describe_event(
        event: &Self::Event,
        actor: Actor,
        names: &[String],
        fixed: &Self::Static,
        lang: Lang,
    ) -> String;

    /// How a seat is called where no person's name is known. Default:
    /// "Seat 1", counting from 1, as the browser calls seats.
    fn seat_name(seat: Seat, lang: Lang) -> String {
        crate::words::say(lang, "seat", &[("n", (seat + 1).into())])
    }

    /// When the seat to move is the first of seats that decide together
    /// (see [`Together`]): those seats and their pass. Default: none, every
    /// decision is the seat to move's alone.
    fn together(&self) -> Option<Together<Self::Action>> {
        None
    }

    /// Option keys that only records carry, never people: a reading of the
    /// rules that a record of an older format was played under (see
    /// [`Game::upgrade_options`]). Default: none.
    fn record_keys() -> &'static [&'static str] {
        &[]
    }

    /// Rewrites the options of a record of an older `format` so that they
    /// mean what they meant when it was written: a key that did not exist
    /// then gets the reading of its time. Default: nothing changed.
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        let _ = (format, options);
    }

    /// While replaying a record of an older `format`: an action that this
    /// state asks for but that the format did not write down (it is applied
    /// and written into the upgraded record). Default: none.
    fn implied_action(&self, format: u32) -> Option<Self::Action> {
        let _ = format;
        None
    }

    /// A human-readable drawing of a view (with its table's static part)
    /// for the terminal.
    fn describe_view(view: &Self::View, fixed: &Self::Static, lang: Lang) -> String {
        let _ = (fixed, lang);
        serde_json::to_string_pretty(view).unwrap_or_default()
    }

    /// [`Game::describe_view`] with each seat called `names[seat]` (a
    /// person's name, or how the table shows a bot), as
    /// [`Game::describe_action_as`] calls them, for a page that calls people
    /// by name everywhere; a seat beyond `names` is called as the game calls
    /// it. Default: the game's own drawing.
    fn describe_view_as(view: &Self::View, fixed: &Self::Static, names: &[String], lang: Lang) -> String {
        let _ = names;
        Self::describe_view(view, fixed, lang)
    }

    /// An action in words, for move lists and logs.
    fn describe_action(&self, action: &Self::Action, lang: Lang) -> String {
        let _ = lang;
        action.to_string()
    }

    /// [`Game::describe_action`] with each seat called `names[seat]` (a
    /// person's name, or how the table shows a bot), as the log's words
    /// call seats ([`Game::describe_event`]); a seat beyond `names` is
    /// called as the game calls it. Default: the action's words, which name
    /// no seat.
    fn describe_action_as(&self, action: &Self::Action, names: &[String], lang: Lang) -> String {
        let _ = names;
        self.describe_action(action, lang)
    }

    // ---- provided ----

    /// The legal actions as a new vector.
    fn legal_vec(&self) -> Vec<Self::Action> {
        let mut out = Vec::new();
        self.legal_actions(&mut out);
        out
    }

    /// The chance outcomes as a new vector.
    fn chance_vec(&self) -> Vec<(Self::Action, Weight)> {
        let mut out = Vec::new();
        self.chance_outcomes(&mut out);
        out
    }

    /// Checks `action` against the one source of legality, then applies it.
    fn apply(&mut self, action: &Self::Action) -> Result<(), ActionError> {
        let listed = match self.turn() {
            Turn::Over => return Err(ActionError::GameOver),
            Turn::Seat(_) => self.legal_vec().contains(action),
            Turn::Chance => self.chance_vec().iter().any(|(a, _)| a == action),
        };
        if !listed {
            return Err(ActionError::Illegal {
                action: action.to_string(),
                reason: match self.turn() {
                    Turn::Chance => "not a possible chance outcome here".into(),
                    _ => "not among the legal actions".into(),
                },
            });
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// Checks that `seat` is to move, then applies.
    fn apply_as(&mut self, seat: Seat, action: &Self::Action) -> Result<(), ActionError> {
        match self.turn() {
            Turn::Over => Err(ActionError::GameOver),
            Turn::Seat(s) if s == seat => self.apply(action),
            _ => Err(ActionError::NotYourTurn { seat }),
        }
    }

    /// Reads an action in notation (surrounding white space ignored).
    fn parse_action(&self, input: &str) -> Result<Self::Action, ActionError> {
        input.trim().parse()
    }

    /// True when the game is over.
    fn is_over(&self) -> bool {
        self.turn() == Turn::Over
    }
}

#[cfg(test)]
mod tests {
    use super::ActionData;
    use serde::Serialize;
    use serde_json::json;

    #[derive(Serialize)]
    #[serde(tag = "kind", content = "params", rename_all = "snake_case")]
    enum Typed {
        PlaceStone { cell: u8 },
        Pass {},
    }

    #[test]
    fn typed_action_data_is_written_as_kind_and_params() {
        let place = ActionData::of(&Typed::PlaceStone { cell: 3 });
        assert_eq!((place.kind.as_str(), place.params), ("place_stone", json!({ "cell": 3 })));
        assert_eq!(ActionData::of(&Typed::Pass {}), ActionData::bare("pass"));
    }

    #[test]
    #[should_panic(expected = "kind")]
    fn data_in_another_shape_is_a_mistake_in_the_game() {
        ActionData::of(&json!({ "kind": "pass" }));
    }

    /// Why a variant without parameters is written `Pass {}`: serde writes a
    /// unit variant without `params`.
    #[test]
    fn a_unit_variant_has_no_params() {
        #[derive(Serialize)]
        #[serde(tag = "kind", content = "params", rename_all = "snake_case")]
        enum Unit {
            Pass,
        }
        assert_eq!(serde_json::to_value(Unit::Pass).unwrap(), json!({ "kind": "pass" }));
        assert_eq!(serde_json::to_value(Typed::Pass {}).unwrap(), json!({ "kind": "pass", "params": {} }));
    }
}
