//! The contract a game implements, split by concern: its rules
//! ([`Game`]), what it tells people ([`Telling`]) and how it reads old
//! records ([`Records`]); and its actions as data ([`ActionData`]).

mod action_data;
mod records;
mod sight;
mod telling;

pub use action_data::ActionData;
pub use records::Records;
pub(crate) use sight::notation_in_sight;
pub use sight::{Seen, Sight, seen_notation, seen_plainly};
pub use telling::Telling;

use crate::{ActionError, DeclaredOptions, OptionSpec, OptionsError, Outcome, Said, Seat, Turn, Viewer};

use rand::RngCore;
use serde::{Serialize, de::DeserializeOwned};
use std::{fmt, hash::Hash, str::FromStr};

/// What `spieltisch games` shows about a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// The stable identifier: `six`, `sechstage`, `reifenbreite`, `ausreisser`.
    pub id: &'static str,
    /// The game's name, from its catalog (`game-name`).
    pub name: Said,
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

/// A chance outcome's weight. The probability of an outcome is its weight
/// divided by the sum of the weights of all outcomes of that chance node, so
/// probabilities are exact and always sum to 1.
pub type Weight = u32;

/// A game's rules: the small required core of the contract.
///
/// A value of the type is a complete game state (the truth, with every
/// secret). Only [`Game::view`] may leave the engine for a seat; bots receive
/// views through [`crate::Decision`] and never the state.
///
/// Required: `info`, `new`, `options`, `seats`, `turn`, `legal_actions`,
/// `chance_outcomes`, `apply_unchecked`, `view`, `static_part`, `resample`,
/// `outcome`, `score_bounds`, `max_actions`; everything else is provided.
/// Legality is decided once, by `legal_actions` (and `chance_outcomes`):
/// the checked [`Game::apply`] accepts exactly what they list. What a game
/// tells people is [`Telling`], how it reads old records [`Records`]; a
/// game the platform plays implements all three (a [`crate::Package`]).
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
    /// Typed options, declared once ([`crate::options!`]); they deserialize
    /// from a JSON object whose keys are the option keys of [`Game::info`]
    /// (missing keys take defaults).
    type Options: DeclaredOptions;
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

    /// How much `viewer` sees of `action`, called on the state before the
    /// action is applied: the one per-viewer channel ([`Sight`]), which
    /// the search's information sets, the notation logs, the action as data
    /// and the log's events all follow. Default: all of it, which suits
    /// public actions; games hide secret chance outcomes here (a card drawn
    /// by another seat).
    fn sight(&self, action: &Self::Action, viewer: Viewer) -> Sight {
        let _ = (action, viewer);
        Sight::Plainly
    }

    /// When the seat to move is the first of seats that decide together
    /// (see [`Together`]): those seats and their pass. Default: none, every
    /// decision is the seat to move's alone.
    fn together(&self) -> Option<Together<Self::Action>> {
        None
    }

    /// Whether a game with these options ever has seats decide together
    /// ([`Game::together`]), so that a table offers each seat to pass such
    /// decisions automatically (the conformance suite checks that no
    /// other game does). Default: never.
    fn decides_together(options: &Self::Options) -> bool {
        let _ = options;
        false
    }

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

/// A game the platform plays: its rules, what it tells people and how it
/// reads old records. Every [`Game`] that implements [`Telling`] and
/// [`Records`] is one; generic code that shows or records play asks for
/// this, code that only plays (bots, the search) for [`Game`].
pub trait Package: Game + Telling + Records {}

impl<G: Game + Telling + Records> Package for G {}
