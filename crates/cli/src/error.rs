//! The one error type of the command line, with its exit codes.

use spieltisch_catalog::{CatalogError, SeatError};
use spieltisch_core::{ActionError, LoadError, OptionsError};
use std::{io, path::PathBuf};
use thiserror::Error;

/// Everything that can stop a command. Each is shown as one line on standard
/// error; none is a panic.
#[derive(Debug, Error)]
pub enum CliError {
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// Arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
    #[error("{}: {source}", path.display())]
    File { path: PathBuf, source: io::Error },
    /// A saved file that cannot be used, with the reason.
    #[error("{}: {reason}", path.display())]
    BadFile { path: PathBuf, reason: String },
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A game broke its contract (a bug in the game, not in the input).
    #[error("{0}")]
    Game(String),
}

impl CliError {
    /// The process exit code: 2 for usage errors (as for arguments clap
    /// rejects), 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) | CliError::Catalog(CatalogError::UnknownGame { .. }) => 2,
            CliError::Catalog(CatalogError::Options(_) | CatalogError::Seat(_)) => 2,
            _ => 1,
        }
    }

    /// True when standard output was closed by the reader (`| head`): not
    /// worth a message.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

macro_rules! via_catalog {
    ($($t:ty),*) => {$(
        impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                CliError::Catalog(e.into())
            }
        }
    )*};
}

via_catalog!(OptionsError, SeatError, ActionError, LoadError);
