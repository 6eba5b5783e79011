//! # spieltisch-core: the game contract
//!
//! Every spieltisch game implements [`Game`]: whose decision it is
//! ([`Turn`]), the legal actions in a deterministic order, chance outcomes with
//! exact weights, a checked [`Game::apply`] that uses the same legality code,
//! per-seat views ([`Game::view`]) and a resampler for search under hidden
//! information ([`Game::resample`]). That is a game's rules, the small
//! required core; the contract's other concerns are traits of their own:
//! what a game tells people, its log's events and its words ([`Telling`]),
//! and how it reads records of older formats ([`Records`]). A game the
//! platform plays implements the three ([`Package`]); bots and the search
//! ask for [`Game`] alone.
//!
//! Around it:
//! - actions, written two ways ([`Game::Action`]): as notation
//!   (`Display` and `FromStr`), which records, logs and the protocols carry,
//!   and as data (their serde form, [`ActionData`]), by which front ends
//!   pick them; [`Game::sight`] is how much of one a viewer sees, the one
//!   per-viewer channel that [`Seen`], [`seen_notation`] and
//!   [`ActionData::observed`] follow;
//! - [`options`](mod@options): options declared once per game ([`options!`],
//!   [`DeclaredOptions`]), and one
//!   validation path for command lines, the engine protocol and the server;
//! - [`FromSetup`]: a position set up by hand (for tests, analysis and
//!   fuzzing), checked, or refused with a [`PositionError`];
//! - [`Record`]: game id, options, seed and actions, replaying exactly;
//! - [`Session`]: a game in progress with its record and per-viewer logs;
//! - [`log`]: the log people read, an [`Entry`] per event with its [`Actor`];
//! - [`Bot`] and [`Decision`]: bots see a seat's view and legal actions, never
//!   the state;
//! - [`driver::play_to_end`]: bots play a game to its end.
//!
//! ```
//! use spieltisch_core::{Turn, Viewer};
//! assert_eq!(Turn::Seat(1).seat(), Some(1));
//! assert_eq!(Viewer::Spectator.to_string(), "spectator");
//! ```

mod bot;
pub mod chance;
pub mod data_file;
pub mod driver;
mod error;
mod game;
mod lang;
pub mod log;
pub mod options;
mod outcome;
mod record;
mod seat;
mod session;
mod setup;
pub mod words;

pub use bot::{Bot, Decision, RandomBot};
pub use chance::{GameRng, chance_rng, rng_from_seed};
pub use error::{ActionError, LoadError, PositionError};
pub use game::{
    ActionData, Game, GameInfo, Package, Records, Seen, Sight, Telling, Together, Weight, seen_notation,
    seen_plainly,
};
pub use lang::{Lang, Said, Text};
pub use log::{Actor, Entry, Logged, Plain};
pub use options::{
    Choice, DeclaredOptions, DefaultWritten, OptionDefault, OptionKind, OptionSpec, OptionValue,
    OptionsError, SpecWritten,
};
pub use outcome::{Criterion, Outcome, ranks_by};
pub use record::Record;
pub use seat::{Seat, Turn, Viewer};
pub use session::Session;
pub use setup::FromSetup;
