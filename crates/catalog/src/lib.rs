//! # spieltisch-catalog: the registry of the games
//!
//! The one place that names every game crate. Front ends (the `spieltisch`
//! command line, the engine protocol, the server) reach the games only
//! through it:
//!
//! - [`with_game`] calls a generic [`GameVisitor`] with the type of the game
//!   named by an id, so commands are written once, generically, over
//!   [`CatalogGame`];
//! - [`DynSession`] is a game in progress behind an object-safe interface
//!   (actions as notation strings, views as JSON) for front ends that choose
//!   the game at run time; [`new_session`], [`session_from_record`] and
//!   [`load_session`] make them;
//! - [`new_table`] (and [`table_for`], generically) builds a new table from
//!   what its creator names: options, files, seats and bot limits;
//! - [`SeatSpec`] names who sits in a seat (`human`, `random`, `heuristic`,
//!   ...) and builds the bot; [`BotLimits`] are a server's caps on what a
//!   bot's decision may cost, and give each decision its budget;
//! - [`CatalogError`] carries a stable code for every failure.
//!
//! Adding a game is one line in the `registry!` list below plus a
//! [`CatalogGame`] impl in `games.rs`, which must name the game's test plan
//! (its variants for the conformance suite and its golden games), and its
//! id in the list of `tests/catalog/every_game.rs`, whose tests fail until it is
//! there: a game is covered the day it is registered.
//!
//! The registry is the four games and nothing else. Test fixtures (Kuhn
//! poker, `kuhn`) join it only at run time, in a process that calls
//! [`register_fixtures`]; no product does.
//!
//! ```
//! use spieltisch_catalog::{GameVisitor, CatalogGame, with_game};
//! struct Seats;
//! impl GameVisitor for Seats {
//!     type Output = (usize, usize);
//!     fn visit<G: CatalogGame>(self) -> (usize, usize) {
//!         let info = G::info();
//!         (info.min_seats, info.max_seats)
//!     }
//! }
//! for id in spieltisch_catalog::ids() {
//!     let (min, max) = with_game(id, Seats).unwrap();
//!     assert!(min <= max);
//! }
//! assert_eq!(with_game("chess", Seats).unwrap_err().code(), "game.unknown");
//! ```

mod budget;
mod catalog_game;
mod dyn_session;
mod error;
mod files;
mod fixture;
mod games;
mod loanwords;
mod new_table;
mod seat_spec;

pub use budget::{BotLimits, BotMove, Budget, SearchReport};
pub use catalog_game::{CatalogGame, Stat};
pub use dyn_session::{
    DynSession, LegalForPeople, LogEntry, MoveAnalysis, Wording, bot_rng, load_session, new_session,
    session_from_record,
};
pub use error::CatalogError;
pub use files::{FileAccess, read_files, read_record_files};
pub use fixture::register_fixtures;
pub use loanwords::{GERMAN_LOANWORDS, SPELLED_ALIKE_IN_GERMAN};
pub use new_table::{NewTable, TableRequest, new_table, table_for};
pub use seat_spec::{LEVELS, SEAT_KINDS, SeatError, SeatSpec, parse_seats};

use serde::Serialize;
use spieltisch_core::{GameInfo, OptionDefault};

/// A computation written once for every game: [`with_game`] calls `visit`
/// with the type of the game it names.
pub trait GameVisitor {
    type Output;
    fn visit<G: CatalogGame>(self) -> Self::Output;
}

/// The games of the product, then the test fixtures: id and type. A fixture
/// answers only in a process that called [`register_fixtures`].
macro_rules! registry {
    (
        games { $( $id:literal => $game:ty ),* $(,)? }
        fixtures { $( $fixture_id:literal => $fixture:ty ),* $(,)? }
    ) => {
        /// Calls `visitor` with the game named `id`.
        ///
        /// # Errors
        /// [`CatalogError::UnknownGame`] (`game.unknown`) for an id that is
        /// not registered, with the known ids in the message.
        pub fn with_game<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output, CatalogError> {
            match id {
                $( $id => Ok(visitor.visit::<$game>()), )*
                $( $fixture_id if fixture::registered() => Ok(visitor.visit::<$fixture>()), )*
                _ => {
                    drop(visitor);
                    Err(CatalogError::UnknownGame { id: id.to_string(), known: ids().join(", ") })
                }
            }
        }

        /// The ids of the registered games, in the order `spieltisch games` lists them.
        pub fn ids() -> Vec<&'static str> {
            let mut ids = vec![$( $id ),*];
            if fixture::registered() {
                ids.extend([$( $fixture_id ),*]);
            }
            ids
        }
    };
}

registry! {
    games {
        "six" => spieltisch_six::Six,
        "sechstage" => spieltisch_sechstage::Sechstage,
        "ausreisser" => spieltisch_ausreisser::Ausreisser,
        "reifenbreite" => spieltisch_reifenbreite::Reifenbreite,
    }
    fixtures {
        "kuhn" => spieltisch_conformance::kuhn::Kuhn,
    }
}

/// What `spieltisch games --json` and the engine's `games` command show
/// about a game: its [`GameInfo`] plus what the catalog knows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameEntry {
    #[serde(flatten)]
    pub info: GameInfo,
    /// True when seats hold secrets.
    pub hidden_information: bool,
    /// The option that sets the number of seats, if any.
    pub seats_option: Option<&'static str>,
    /// Every number of seats a table of the game can have, from
    /// `min_seats` to `max_seats` (Six: 2 and 4, never 3), as the game's
    /// own check of its options decides it: a lobby offers only these.
    pub seat_counts: Vec<usize>,
}

impl GameEntry {
    /// The option that the number of seats someone names should set, given
    /// which options they set themselves (`given(key)`): the seat-count option
    /// (`players`, `teams`) unless given; else, where an option's default
    /// follows it (managers sharing teams: `seats` follows `teams`), that
    /// option unless given; else none.
    pub fn seat_count_option(&self, given: impl Fn(&str) -> bool) -> Option<&'static str> {
        seat_count_option(self.seats_option, &self.info.options, given)
    }
}

/// [`GameEntry::seat_count_option`] of a game whose seat-count option is
/// `seats_option` and whose options are `options`.
pub(crate) fn seat_count_option(
    seats_option: Option<&'static str>,
    options: &[spieltisch_core::OptionSpec],
    given: impl Fn(&str) -> bool,
) -> Option<&'static str> {
    let key = seats_option?;
    if !given(key) {
        return Some(key);
    }
    let follower = options.iter().find(|o| o.default == OptionDefault::Follows(key))?;
    (!given(follower.key)).then_some(follower.key)
}

/// The entry of game `G`.
pub fn entry<G: CatalogGame>() -> GameEntry {
    Entry.visit::<G>()
}

struct Entry;

impl GameVisitor for Entry {
    type Output = GameEntry;
    fn visit<G: CatalogGame>(self) -> GameEntry {
        GameEntry {
            info: G::info(),
            hidden_information: G::HIDDEN_INFORMATION,
            seats_option: G::seats_option(),
            seat_counts: new_table::seat_counts::<G>(),
        }
    }
}

/// The entry of the game named `id`.
///
/// # Errors
/// [`CatalogError::UnknownGame`] (`game.unknown`) for an id that is not
/// registered.
pub fn entry_of(id: &str) -> Result<GameEntry, CatalogError> {
    with_game(id, Entry)
}

/// Every registered game, in [`ids`] order.
pub fn entries() -> Vec<GameEntry> {
    ids().into_iter().filter_map(|id| entry_of(id).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Id;
    impl GameVisitor for Id {
        type Output = &'static str;
        fn visit<G: CatalogGame>(self) -> &'static str {
            G::info().id
        }
    }

    // Every test registers the fixtures first: the registry is process-wide
    // and tests run in parallel, so each test sees the fixtures whatever ran
    // before it, and the fixtures are covered too.

    #[test]
    fn every_id_names_the_game_with_that_id() {
        register_fixtures();
        for id in ids() {
            assert_eq!(with_game(id, Id).unwrap(), id);
        }
    }

    struct Levels;
    impl GameVisitor for Levels {
        type Output = Vec<String>;
        fn visit<G: CatalogGame>(self) -> Vec<String> {
            LEVELS
                .iter()
                .map(|level| {
                    let spec: SeatSpec = level.parse().unwrap();
                    let bot = spec.bot::<G>().unwrap().expect("a level is a bot");
                    let target: SeatSpec = G::level(level).unwrap().parse().unwrap();
                    target.validate().unwrap();
                    bot.name()
                })
                .collect()
        }
    }

    #[test]
    fn every_game_has_three_distinct_levels() {
        register_fixtures();
        for id in ids() {
            let names = with_game(id, Levels).unwrap();
            assert_eq!(names.len(), 3, "{id}");
            assert!(names[0] != names[1] && names[1] != names[2], "{id}: levels {names:?} are not distinct");
        }
    }

    #[test]
    fn registered_fixtures_follow_the_games_once() {
        register_fixtures();
        register_fixtures();
        assert_eq!(ids(), ["six", "sechstage", "ausreisser", "reifenbreite", "kuhn"]);
        assert_eq!(with_game("kuhn", Id).unwrap(), "kuhn");
    }

    #[test]
    fn unknown_ids_list_the_known_ones() {
        register_fixtures();
        let err = with_game("chess", Id).unwrap_err();
        assert_eq!(err.code(), "game.unknown");
        for id in ids() {
            assert!(err.to_string().contains(id));
        }
    }
}
