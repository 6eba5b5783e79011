//! A new table from what its creator names: the game, its options (files
//! still named), who sits where, which files may be read and what a bot may
//! cost. The server and the command line both build tables this way, so
//! the steps run in one order everywhere (bots checked before any file is
//! read, files read before any game code runs) and the game is looked up
//! once.

use crate::files::read_files_for;
use crate::{
    BotLimits, CatalogError, CatalogGame, DynSession, FileAccess, GameVisitor, SeatSpec, seat_count_option,
    with_game,
};
use serde_json::{Map, Value};
use spieltisch_core::{Session, options};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

/// What the creator of a table names.
#[derive(Debug)]
pub struct TableRequest<'a> {
    /// The options as given, a JSON object whose files are still named.
    pub options: Map<String, Value>,
    /// Who sits in each seat; `None`: every seat the options make gets
    /// the default seat of [`table_for`].
    pub seats: Option<Vec<SeatSpec>>,
    /// Which files the options may name.
    pub files: FileAccess<'a>,
    /// What one bot decision may cost, or `None` where the person who runs
    /// the bots pays for them (the command line).
    pub bots: Option<&'a BotLimits>,
}

/// A table built by [`new_table`]: its game in progress and who sits where.
#[derive(Debug)]
pub struct NewTable {
    pub session: Box<dyn DynSession>,
    pub seats: Vec<SeatSpec>,
}

/// The options and seats of a table of game `G`.
///
/// When seats are named and the game's seat-count option (`players`,
/// `teams`) is not, the option is taken from the number of seats; when that
/// option is given and another option's default follows it (managers
/// sharing teams in Um Reifenbreite: `seats`), that one is taken instead.
/// Without named seats, seat `s` gets `default_seat(s)` for every seat the
/// options make.
///
/// # Errors
/// `seat.*` for a bot beyond the limits; `options.*` for options or files
/// refused, wrapped in [`CatalogError::SeatsSetOptions`] when the option
/// that the seats set is what the game refuses; [`CatalogError::SeatCount`]
/// when the named seats are not as many as the options make.
pub fn table_for<G: CatalogGame>(
    request: TableRequest,
    default_seat: impl Fn(usize) -> SeatSpec,
) -> Result<(G::Options, Vec<SeatSpec>), CatalogError> {
    let Prepared { options, named, filled } = prepare::<G>(request)?;
    let seats = G::new(&options).map_err(|e| set_by_seats(filled, e.into()))?.seats();
    Ok((options, seats_of::<G>(seats, named, default_seat)?))
}

/// A new table of the game named `game` with chance seed `seed`: as
/// [`table_for`], with a person in every seat not named.
///
/// # Errors
/// `game.unknown`, and as [`table_for`].
pub fn new_table(game: &str, request: TableRequest, seed: u64) -> Result<NewTable, CatalogError> {
    with_game(game, NewTableOf { request, seed })?
}

struct NewTableOf<'a> {
    request: TableRequest<'a>,
    seed: u64,
}

impl GameVisitor for NewTableOf<'_> {
    type Output = Result<NewTable, CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let Prepared { options, named, filled } = prepare::<G>(self.request)?;
        let session = Session::<G>::new(&options, self.seed).map_err(|e| set_by_seats(filled, e.into()))?;
        let seats = seats_of::<G>(session.state().seats(), named, |_| SeatSpec::plain("human"))?;
        Ok(NewTable { session: Box::new(session), seats })
    }
}

/// The options of a table, read and checked, and the seats named.
struct Prepared<O> {
    options: O,
    named: Option<Vec<SeatSpec>>,
    /// The number of seats named, when it set an option.
    filled: Option<usize>,
}

fn prepare<G: CatalogGame>(request: TableRequest) -> Result<Prepared<G::Options>, CatalogError> {
    let TableRequest { mut options, seats: named, files, bots } = request;
    // Bots cost what the operator allows, whatever a creator asks.
    if let Some(limits) = bots {
        for spec in named.iter().flatten() {
            limits.check_for::<G>(spec)?;
        }
    }
    // Files named are read here, before any game code runs, and the table
    // keeps their content: it survives the file.
    read_files_for::<G>(&mut options, files)?;
    let mut filled = None;
    if let Some(count) = named.as_ref().map(Vec::len)
        && let Some(key) =
            seat_count_option(G::seats_option(), &G::info().options, |key| options.contains_key(key))
    {
        options.insert(key.to_string(), Value::from(count));
        filled = Some(count);
    }
    let options = options::options_from_json::<G>(&Value::Object(options))
        .map_err(|e| set_by_seats(filled, e.into()))?;
    Ok(Prepared { options, named, filled })
}

/// Every number of seats from the game's least to its most for which a
/// table with the default options and that many people can be built.
/// Found once per game and process: every game's entry carries them, and
/// lists of tables name their games by their entries.
pub(crate) fn seat_counts<G: CatalogGame>() -> Vec<usize> {
    static FOUND: OnceLock<Mutex<HashMap<&'static str, Vec<usize>>>> = OnceLock::new();
    let info = G::info();
    let found = FOUND.get_or_init(Mutex::default);
    if let Some(counts) = found.lock().ok().and_then(|known| known.get(info.id).cloned()) {
        return counts;
    }
    let counts: Vec<usize> = (info.min_seats..=info.max_seats)
        .filter(|&count| {
            let seats = Some(vec![SeatSpec::plain("human"); count]);
            let request = TableRequest { options: Map::new(), seats, files: FileAccess::Nothing, bots: None };
            table_for::<G>(request, |_| SeatSpec::plain("human")).is_ok()
        })
        .collect();
    if let Ok(mut known) = found.lock() {
        known.insert(info.id, counts.clone());
    }
    counts
}

/// An error of the game about options that the number of seats named set
/// says so: the seats, not the options given, are what to change.
fn set_by_seats(filled: Option<usize>, error: CatalogError) -> CatalogError {
    match filled {
        Some(named) => CatalogError::SeatsSetOptions { named, source: Box::new(error) },
        None => error,
    }
}

fn seats_of<G: CatalogGame>(
    seats: usize,
    named: Option<Vec<SeatSpec>>,
    default_seat: impl Fn(usize) -> SeatSpec,
) -> Result<Vec<SeatSpec>, CatalogError> {
    match named {
        Some(named) if named.len() != seats => {
            Err(CatalogError::SeatCount { game: G::info().id, seats, named: named.len() })
        }
        Some(named) => Ok(named),
        None => Ok((0..seats).map(default_seat).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(options: Value, seats: Option<&str>) -> TableRequest<'static> {
        TableRequest {
            options: options.as_object().cloned().unwrap_or_default(),
            seats: seats.map(|s| crate::parse_seats(s).unwrap()),
            files: FileAccess::Nothing,
            bots: None,
        }
    }

    #[test]
    fn the_seats_named_set_the_seat_count() {
        let table = new_table("six", request(json!({}), Some("human,random,random,heuristic")), 7).unwrap();
        assert_eq!(table.session.seats(), 4);
        assert_eq!(table.seats.len(), 4);
        // Um Reifenbreite's teams given: the managers share them.
        let table =
            new_table("reifenbreite", request(json!({"teams": 4}), Some("random,random")), 7).unwrap();
        assert_eq!(table.session.seats(), 2);
    }

    #[test]
    fn a_seat_count_the_game_refuses_names_the_seats() {
        let err = new_table("six", request(json!({}), Some("random,random,random")), 1).unwrap_err();
        assert!(matches!(err, CatalogError::SeatsSetOptions { named: 3, .. }), "{err}");
        // The code is the game's own.
        assert!(err.code().starts_with("options."), "{}", err.code());
        assert!(err.to_string().starts_with("the seats name 3 seats, but "), "{err}");
    }

    #[test]
    fn seats_named_must_be_as_many_as_the_options_make() {
        let err = new_table("six", request(json!({"players": 4}), Some("random,random")), 1).unwrap_err();
        assert!(matches!(err, CatalogError::SeatCount { game: "six", seats: 4, named: 2 }), "{err}");
    }

    #[test]
    fn without_seats_named_every_seat_gets_the_default() {
        let (options, seats) = table_for::<spieltisch_six::Six>(request(json!({"players": 4}), None), |s| {
            SeatSpec::plain(if s == 0 { "human" } else { "random" })
        })
        .unwrap();
        assert_eq!(options.players, 4);
        let kinds: Vec<String> = seats.iter().map(ToString::to_string).collect();
        assert_eq!(kinds, ["human", "random", "random", "random"]);
    }

    #[test]
    fn bots_beyond_the_limits_are_refused_before_any_file_is_read() {
        let limits = BotLimits::default();
        let mut asked =
            request(json!({"track": "no-such-file.json"}), Some("random,random,mcts:iters=99999999"));
        asked.bots = Some(&limits);
        let err = new_table("sechstage", asked, 1).unwrap_err();
        assert_eq!(err.code(), "seat.too_expensive", "{err}");
    }

    #[test]
    fn the_seat_counts_offered_are_those_the_game_takes() {
        let counts = |id| crate::entry_of(id).unwrap().seat_counts;
        assert_eq!(counts("six"), [2, 4], "three cannot play Six");
        assert_eq!(counts("sechstage"), [3, 4, 5, 6, 7, 8]);
        assert_eq!(counts("ausreisser"), [2, 3, 4, 5, 6]);
        assert_eq!(counts("reifenbreite"), [2, 3, 4]);
    }

    #[test]
    fn an_unknown_game_is_named() {
        let err = new_table("chess", request(json!({}), Some("random,random")), 1).unwrap_err();
        assert_eq!(err.code(), "game.unknown");
    }
}
