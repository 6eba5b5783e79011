//! Options and seats of a table, from the command line, shared by `play`,
//! `sim` and `rate`.

use crate::{TableArgs, error::CliError};
use spieltisch_catalog::{
    CatalogError, CatalogGame, FileAccess, SeatSpec, TableRequest, parse_seats, table_for,
};
use spieltisch_core::options;

/// Reads the options and the seat specs of `args` for game `G`
/// ([`table_for`]: `--seats` sets the seat-count option when it is not
/// given). Without `--seats`, seat `s` gets `default_seat(s)` for every
/// seat the options make.
pub fn table<G: CatalogGame>(
    args: &TableArgs,
    default_seat: impl Fn(usize) -> SeatSpec,
) -> Result<(G::Options, Vec<SeatSpec>), CliError> {
    let seats = args.seats.as_deref().map(parse_seats).transpose()?;
    let options = options::pairs_to_json::<G>(&args.options)?;
    // The person who runs the command pays for its bots, and may name any
    // file of theirs.
    let request = TableRequest { options, seats, files: FileAccess::Local, bots: None };
    table_for::<G>(request, default_seat).map_err(|e| match e {
        CatalogError::SeatsSetOptions { named, source } => {
            CliError::Usage(format!("--seats names {named} seats, but {source}"))
        }
        CatalogError::SeatCount { game, seats, named } => {
            CliError::Usage(format!("{game} with these options has {seats} seats, but --seats names {named}"))
        }
        e => e.into(),
    })
}
