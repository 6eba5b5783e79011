//! Options and seats of a table, from the command line, shared by `play` and
//! `sim`.

use crate::{TableArgs, error::CliError};
use serde_json::Value;
use spieltisch_catalog::{CatalogGame, FileAccess, SeatSpec, entry, parse_seats, read_files};
use spieltisch_core::options;

/// Reads the options and the seat specs of `args` for game `G`.
///
/// When `--seats` is given and the game's seat-count option (`players`,
/// `teams`) is not, the option is taken from the number of seats; when that
/// option is given and the game also has a `seats` option (managers sharing
/// teams in Um Reifenbreite), `seats` is taken from it instead. Without
/// `--seats`, seat `s` gets `default_seat(s)` for every seat the options
/// make.
pub fn table<G: CatalogGame>(
    args: &TableArgs,
    default_seat: impl Fn(usize) -> SeatSpec,
) -> Result<(G::Options, Vec<SeatSpec>), CliError> {
    let specs = args.seats.as_deref().map(parse_seats).transpose()?;
    let mut pairs = args.options.clone();
    let mut filled_in = None;
    if let Some(specs) = &specs {
        let given = |key: &str| pairs.iter().any(|p| p.split_once('=').is_some_and(|(k, _)| k.trim() == key));
        if let Some(fill) = entry::<G>().seat_count_option(given) {
            pairs.push(format!("{fill}={}", specs.len()));
            filled_in = Some(specs.len());
        }
    }
    let explain = |e: spieltisch_core::OptionsError| match filled_in {
        Some(n) => CliError::Usage(format!("--seats names {n} seats, but {e}")),
        None => e.into(),
    };
    let mut given = options::pairs_to_json::<G>(&pairs).map_err(explain)?;
    // Course and track files are read here: the rules read no files.
    read_files(G::info().id, &mut given, FileAccess::Local)?;
    let options = options::options_from_json::<G>(&Value::Object(given)).map_err(explain)?;
    let seats = G::new(&options).map_err(explain)?.seats();
    let specs = match specs {
        Some(specs) if specs.len() != seats => {
            return Err(CliError::Usage(format!(
                "{} with these options has {seats} seats, but --seats names {}",
                G::info().id,
                specs.len()
            )));
        }
        Some(specs) => specs,
        None => (0..seats).map(default_seat).collect(),
    };
    Ok((options, specs))
}
