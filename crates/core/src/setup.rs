//! Positions set up by hand: one checked way into a position.
//!
//! Rules tests start from the position a rule is about, analysis from a
//! position someone wants looked at, fuzzing from arbitrary bytes read as a
//! position. Each game says what a position is as plain data (its
//! [`FromSetup::Setup`]: stones and whose turn, riders and spaces, hands
//! and piles, or a position written as text) and builds the state from it
//! through [`FromSetup::from_setup`], which checks it first. A state is
//! never assembled field by field from outside the game.

use crate::{Game, PositionError};

/// A game whose positions can be set up by hand, checked.
///
/// "Checked" means: [`FromSetup::from_setup`] refuses, with a
/// [`PositionError`] naming the reason, every setup the rules cannot work
/// with (bad options, pieces where none can stand, more cards than the deck
/// holds, a game already decided), and derives whatever follows from the
/// setup (supplies, hand sizes, whose turn the rules give). The rules play
/// on the state it returns as on one reached by play: its legal actions
/// apply, its views resample, it plays on to an outcome (the conformance
/// suite's `check_setups` holds a game to this). It need not be reachable
/// from the start: a game says in its `setup` (or `position`) module how far
/// its checks go, and whether a test may stand pieces anywhere.
///
/// ```
/// use spieltisch_core::FromSetup;
///
/// // Whatever the game, a setup is built, or refused with a reason, alike.
/// fn refusal<G: FromSetup>(setup: G::Setup) -> Option<String> {
///     G::from_setup(setup).err().map(|e| format!("{}: {e}", e.code()))
/// }
/// ```
pub trait FromSetup: Game {
    /// A position as plain data: what stands where, who holds what, whose
    /// turn it is, and the options it is played with. Building one checks
    /// nothing; [`FromSetup::from_setup`] does.
    type Setup;

    /// The state of the position `setup` describes, with what follows from
    /// it derived.
    ///
    /// # Errors
    /// [`PositionError::Parse`] for a position written as text that does
    /// not follow the game's format, [`PositionError::Invalid`] naming what
    /// the rules cannot work with, [`PositionError::Options`] for invalid
    /// options.
    fn from_setup(setup: Self::Setup) -> Result<Self, PositionError>;
}
