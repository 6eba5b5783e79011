//! How a request to the database fails, the same for both engines: one
//! error type the server matches on (out of order, missing, a cap,
//! damage, a newer schema), and the caps on unfinished tables it names.
//! Apart from the engines so that the trait and each engine use it
//! without importing the other.

use std::path::{Path, PathBuf};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("stored JSON is malformed: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the database writer has stopped")]
    Closed,
    #[error("action {index} of table {table} is out of order (the table has {stored})")]
    OutOfOrder { table: String, index: usize, stored: usize },
    #[error("cannot open the database at {path}: {reason}")]
    Open { path: PathBuf, reason: String },
    /// The transaction this command was written in failed as a whole
    /// (the database was busy or locked, the disk full, ...).
    #[error("database: {0}")]
    Failed(String),
    /// The database was written by a build with more schema steps than
    /// this one knows; it is left as it is.
    #[error(
        "the database has schema version {found}, written by a newer build of spieltisch; this build knows versions up to {known} and leaves the database untouched: run the newer build, or restore a backup made before it"
    )]
    Newer { found: usize, known: usize },
    /// The file is a database, but not one any build of spieltisch wrote.
    #[error("the database is not one spieltisch can use: {0}")]
    Unrecognised(String),
    /// PostgreSQL failed a command: `transient` unless the command was
    /// wrong in itself (it broke a constraint).
    #[error("database: {message}")]
    Postgres { message: String, transient: bool },
    /// A write to a table the database does not hold.
    #[error("table {0} is not stored")]
    Missing(String),
    /// A new table was refused: the database holds as many unfinished
    /// tables as [`TableCaps`] allow.
    #[error("{0}")]
    Cap(TableCap),
    /// The file at `path` exists but holds nothing (0 bytes, or an SQLite
    /// file without a table) where a database was expected; it is left as
    /// it is unless the operator asks for a new database ([`EmptyFile`](super::EmptyFile)).
    #[error(
        "the database file {} is empty: the games it held may have been lost. Restore a backup, or start a new database in it with `spieltisch serve --db {} --new-database`",
        path.display(), path.display()
    )]
    Empty { path: PathBuf },
    /// SQLite found pages of the file at `path` that it cannot read (or no
    /// database header); nothing was written to it.
    #[error(
        "the database {} is damaged ({reason}); nothing was written to it. See what is damaged with `spieltisch admin check --db {}`, and copy every table that reads back exactly into a new file with `spieltisch admin salvage --from {} --to NEW.db` (then serve NEW.db), or restore a backup",
        path.display(), path.display(), path.display()
    )]
    Damaged { path: PathBuf, reason: String },
}

/// The unfinished tables a database may hold, in all and per creator
/// (the creating address's group), checked where the count is exact:
/// in one server's memory for its own SQLite file, in PostgreSQL for the
/// nodes of a cluster ([`crate::storage::Storage::create_within`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableCaps {
    pub total: usize,
    pub per_creator: Option<usize>,
}

/// Which cap refused a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableCap {
    #[error("the server holds {0} unfinished tables, as many as it may")]
    Total(usize),
    #[error("{0} unfinished tables of this address, as many as one may have")]
    PerCreator(usize),
}

impl StoreError {
    /// Whether the same write may succeed when tried again (the database
    /// was busy, locked, full or failing), as opposed to a write that is
    /// wrong in itself (out of order, breaking a constraint) or a writer
    /// that is gone.
    pub fn is_transient(&self) -> bool {
        match self {
            _ if self.is_damage() => false,
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                f.code != rusqlite::ErrorCode::ConstraintViolation
            }
            StoreError::Sqlite(_) | StoreError::Failed(_) => true,
            StoreError::Postgres { transient, .. } => *transient,
            _ => false,
        }
    }
}

impl StoreError {
    /// Whether the database file is damaged where this command read or
    /// wrote: a page SQLite cannot read, or no database header. Trying
    /// again does not help; salvaging does ([`crate::storage::sqlite::salvage`]).
    pub fn is_damage(&self) -> bool {
        match self {
            StoreError::Damaged { .. } => true,
            StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
                matches!(f.code, rusqlite::ErrorCode::DatabaseCorrupt | rusqlite::ErrorCode::NotADatabase)
            }
            _ => false,
        }
    }

    /// This error, as the damage of the file at `path` if it is damage,
    /// so that it says which commands to run.
    pub(crate) fn at(self, path: Option<&Path>) -> StoreError {
        match path {
            Some(path) if self.is_damage() && !matches!(self, StoreError::Damaged { .. }) => {
                StoreError::Damaged { path: path.to_path_buf(), reason: self.to_string() }
            }
            _ => self,
        }
    }
}
