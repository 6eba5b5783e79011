//! The server's database, as the rest of the server sees it: the
//! [`Storage`] trait, the types both engines share, and [`open`], which
//! picks the engine a [`DbAddress`] names: SQLite ([`sqlite::Store`]), the
//! embedded default, or PostgreSQL ([`postgres::Postgres`]), which several
//! server nodes share. The server holds its database as a
//! [`SharedStorage`] and knows nothing of the engine behind it.
//!
//! The parts side by side: the trait and what both engines share live in
//! modules of their own, which name no engine; each engine imports those
//! and nothing of the other. Only this module, which opens one, names
//! both, and nothing of the storage imports it.
//!
//! | part | what it holds |
//! | --- | --- |
//! | `contract.rs` | the [`Storage`] trait, [`BUSY_TIMEOUT`], [`EmptyFile`] |
//! | `rows.rs`, `progress.rs`, `stored_progress.rs` | what is stored of a table and where it stands |
//! | `checksum.rs`, `table_sum.rs` | the checksums a table's record is checked against |
//! | `checks.rs`, `written.rs` | the checks both engines make of what they store and load, and what they write for a table, each written once |
//! | `error.rs`, `ledger.rs` | [`StoreError`] and the caps; what the health endpoint reports |
//! | `migrations.rs` | the schema as versioned steps: the rules both engines run their own steps by |
//! | `sqlite.rs`, `sqlite/` | the SQLite engine, its writer thread, schema and admin tools |
//! | `postgres.rs`, `postgres/` | the PostgreSQL engine and its schema |

mod checks;
mod checksum;
mod contract;
mod error;
mod ledger;
mod migrations;
pub mod postgres;
mod progress;
mod rows;
pub mod sqlite;
mod stored_progress;
mod table_sum;
mod written;

pub use checksum::Checksum;
pub use contract::{BUSY_TIMEOUT, EmptyFile, Pending, SharedStorage, Storage, Unfinished};
pub use error::{StoreError, TableCap, TableCaps};
pub use ledger::{StorageFault, StoreHealth};
pub use progress::{Progress, Waiting};
pub use rows::{Exported, Listed, Loaded, PublicTable, RawRow, Summary, TableRow, now};
pub use stored_progress::StoredProgress;
pub use table_sum::{RecordHead, TableSum};

use crate::DbAddress;
use std::sync::Arc;
use std::time::Duration;

/// Opens the database `address` names, bringing its schema up to date.
/// A write waits at most `busy_timeout` for a lock another connection
/// holds.
pub async fn open(address: &DbAddress, busy_timeout: Duration) -> Result<SharedStorage, StoreError> {
    open_as(address, busy_timeout, EmptyFile::Refuse).await
}

/// [`open`], with what to do with an SQLite file that exists but holds
/// nothing ([`EmptyFile`]).
pub async fn open_as(
    address: &DbAddress,
    busy_timeout: Duration,
    empty: EmptyFile,
) -> Result<SharedStorage, StoreError> {
    Ok(match address {
        DbAddress::Sqlite(path) => Arc::new(sqlite::Store::open_as(Some(path), busy_timeout, empty)?),
        DbAddress::Memory => Arc::new(sqlite::Store::open_with(None, busy_timeout)?),
        DbAddress::Postgres(url) => Arc::new(postgres::Postgres::open(url, busy_timeout).await?),
    })
}
