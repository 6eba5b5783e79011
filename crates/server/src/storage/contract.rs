//! What the server asks of its database, as one trait ([`Storage`]): the
//! tables and tables' actions it stores, the marks it writes on them
//! (progress, visits, seats, quarantine, expiry) and the lists it reads
//! without loading a table. Both engines implement it; it names neither,
//! so that each engine imports it and the shared types alone.
//!
//! Every write is answered only once it is durable, and a failed write
//! changes nothing ([`StoreError::is_transient`] says whether trying it
//! again may succeed): the tables rely on both to announce nothing that
//! could be lost.

use super::error::{StoreError, TableCaps};
use super::ledger::StoreHealth;
use super::progress::Progress;
use super::rows::{Loaded, PublicTable, Summary, TableRow};
use spieltisch_core::Record;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// The answer to a request to the database, once it is done.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The database as the server holds it.
pub type SharedStorage = Arc<dyn Storage>;

/// An unfinished table as read on start: its id, its creator, and whether
/// the server is to act at it ([`Storage::unfinished`]).
pub type Unfinished = (String, Option<String>, bool);

pub trait Storage: Send + Sync + std::fmt::Debug {
    /// Stores a new table, at the progress its game starts with.
    fn create(&self, row: TableRow, progress: Progress) -> Pending<'_, ()>;

    /// [`Storage::create`], unless the database already holds as many
    /// unfinished tables as `caps` allow ([`StoreError::Cap`]). A database
    /// that one server alone uses leaves the count to that server, whose
    /// own is exact; one that several nodes share counts in the same
    /// transaction as it stores, so that the caps hold across the cluster.
    fn create_within(&self, row: TableRow, progress: Progress, _caps: TableCaps) -> Pending<'_, ()> {
        self.create(row, progress)
    }

    /// Whether the caps on tables are counted by the database
    /// ([`Storage::create_within`]) rather than by the server.
    fn counts_tables(&self) -> bool {
        false
    }

    /// Appends `actions` to a table's record, the first at `first_index`
    /// (refused as out of order unless the table has exactly that many),
    /// with where the table stands after them. An append of no actions
    /// changes nothing and is answered at once, by every engine alike.
    fn append<'a>(
        &'a self,
        table: &'a str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Pending<'a, ()> {
        if actions.is_empty() {
            return Box::pin(std::future::ready(Ok(())));
        }
        self.append_actions(table, first_index, actions, progress)
    }

    /// The engine's part of [`Storage::append`], for at least one action.
    fn append_actions<'a>(
        &'a self,
        table: &'a str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Pending<'a, ()>;

    /// Notes that a person came to a seat of the table now; nobody waits
    /// for this note.
    fn visit(&self, table: &str);

    /// Replaces a table's options, format and actions by `record`, the
    /// same game in today's format, at once.
    fn upgrade<'a>(&'a self, table: &'a str, record: Record) -> Pending<'a, ()>;

    /// Replaces a table's seats (someone took a seat).
    fn seat<'a>(&'a self, table: &'a str, seats: serde_json::Value) -> Pending<'a, ()>;

    /// Keeps a table out of service for `reason`: kept, never loaded again.
    fn quarantine<'a>(&'a self, table: &'a str, reason: &'a str) -> Pending<'a, ()>;

    /// Writes where a loaded table stands.
    fn mark<'a>(&'a self, table: &'a str, progress: Progress) -> Pending<'a, ()>;

    /// Marks those of `tables` that are still unfinished and not expired as
    /// expired now; answers with the ids marked. An expiry of no tables is
    /// answered at once.
    fn expire(&self, tables: Vec<String>) -> Pending<'_, Vec<String>> {
        if tables.is_empty() {
            return Box::pin(std::future::ready(Ok(Vec::new())));
        }
        self.expire_tables(tables)
    }

    /// The engine's part of [`Storage::expire`], for at least one table.
    fn expire_tables(&self, tables: Vec<String>) -> Pending<'_, Vec<String>>;

    /// The table left memory: whatever is remembered of it may go.
    fn forget(&self, table: &str);

    /// One stored table with its actions; `None` for an unknown or
    /// quarantined one.
    fn load<'a>(&'a self, table: &'a str) -> Pending<'a, Option<Loaded>>;

    /// The tables of `ids` that exist and are not quarantined, without
    /// their actions.
    fn summaries(&self, ids: Vec<String>) -> Pending<'_, Vec<Summary>>;

    /// The newest public tables that are neither expired nor quarantined,
    /// at most `limit`.
    fn public_tables(&self, limit: usize) -> Pending<'_, Vec<PublicTable>>;

    /// Unfinished tables due to expire: created before `unvisited_before`
    /// and never visited, or inactive since before `idle_before` (seconds
    /// since the Unix epoch); at most `limit`.
    fn expiring(&self, unvisited_before: i64, idle_before: i64, limit: usize) -> Pending<'_, Vec<String>>;

    /// Every unfinished table that is neither expired nor quarantined, read
    /// on start to count the tables and resume those the server is to act at.
    fn unfinished(&self) -> Pending<'_, Vec<Unfinished>>;

    /// The database's own check of itself: empty when it is sound.
    fn integrity_check(&self) -> Pending<'_, Vec<String>>;

    /// The writer's queue and its last error, for the health endpoint.
    fn health(&self) -> StoreHealth;

    /// Takes (or keeps) the lease of `table` for `node` for `ttl`, unless
    /// another node holds it and its lease has not run out: whether
    /// `node` owns the table now ([`crate::cluster`]). A database that one
    /// server alone uses has no leases: that server owns every table.
    fn lease<'a>(&'a self, _table: &'a str, _node: &'a str, _ttl: Duration) -> Pending<'a, bool> {
        Box::pin(std::future::ready(Ok(true)))
    }

    /// Renews every lease `node` holds for `ttl`; answers the tables it
    /// still holds.
    fn renew<'a>(&'a self, _node: &'a str, _ttl: Duration) -> Pending<'a, Vec<String>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }

    /// Gives up `node`'s lease of `table` (it left memory).
    fn release<'a>(&'a self, _table: &'a str, _node: &'a str) -> Pending<'a, ()> {
        Box::pin(std::future::ready(Ok(())))
    }

    /// Tables without an owner: the unfinished ones at which the server is
    /// to act, and those of `held` (tables a node keeps replicas of),
    /// whose lease is missing or ran out; at most `limit`.
    fn ownerless(&self, _held: Vec<String>, _limit: usize) -> Pending<'_, Vec<String>> {
        Box::pin(std::future::ready(Ok(Vec::new())))
    }
}

/// How long a write waits for a lock another connection holds on the
/// database before it fails (and is retried by its table).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// What opening a database file does with a file that exists but holds
/// nothing: 0 bytes, or an SQLite file without a table. A path where no
/// file is creates a new database either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EmptyFile {
    /// Refuse it: a database was expected there, and an empty one may be
    /// one whose games were lost (truncated, or replaced by mistake).
    #[default]
    Refuse,
    /// Start a new database in it: the operator asked for one.
    Start,
}
