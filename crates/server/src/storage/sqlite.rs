//! The SQLite engine: every table and every accepted action in one SQLite
//! file (or in memory), the embedded default behind
//! [`crate::storage::Storage`].
//!
//! One writer thread owns the connection. Appends that arrive within half a
//! millisecond of each other are committed in one transaction (group
//! commit), and each caller is answered only after its transaction is
//! durable, so the server broadcasts nothing that could be lost in a crash.
//! Durable means on the disk: WAL with `synchronous = FULL` syncs the log at
//! every commit, so an acknowledged action survives a power loss too (with
//! `NORMAL`, the last commits before one could be rolled back). Group commit
//! shares that sync among the actions of a batch.
//! Tables are read back when they are needed ([`Store::load`]); on start
//! only the list of unfinished tables is read, and the tables whose bots
//! are to move are resumed. Each table keeps who it waits for (people,
//! bots, or nobody: it is over), when it was last active and whether a
//! person ever came, so that idle tables can expire without being read.
//! Reads go through the writer thread too: they see every commit before
//! them, also in a database held in memory.
//!
//! A failed write is answered as failed and changes nothing; the tables
//! retry their commits ([`crate::table`]). The writer keeps what the
//! health endpoint reports: how many commands wait, whether the last
//! transaction failed, and the last storage error.
//!
//! The engine's parts: the writer thread and the commands it batches
//! (`sqlite/writer.rs`), the schema and its migrations (`sqlite/schema.rs`),
//! reading a table's row and actions (`sqlite/read.rs`), the admin
//! commands that work on a file (`sqlite/admin.rs`: list, purge, export)
//! and the reading of a damaged file ([`salvage`]). What it shares with
//! PostgreSQL (the trait, the rows, the checksums, the errors) it imports
//! from the shared parts of [`crate::storage`], never from that engine.

mod admin;
mod read;
pub mod salvage;
mod schema;
mod writer;

pub use admin::{export_tables, list_tables, purge};
pub use read::read_table;
pub use schema::SCHEMA_VERSION;

use super::checks::{SERVER_ACTS, SUMMARY_COLUMNS, UNFINISHED, public_table, summary};
use super::contract::{BUSY_TIMEOUT, EmptyFile, Pending, Storage, Unfinished};
use super::error::StoreError;
use super::ledger::{Ledger, StoreHealth};
use super::progress::Progress;
use super::rows::{Loaded, PublicTable, ROW_COLUMNS, Summary, TableRow, now};
use read::raw_row;
use rusqlite::OptionalExtension;
use schema::{connect, connect_as};
use spieltisch_core::Record;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
use std::time::Duration;
use tokio::sync::oneshot;
use writer::{Command, writer};

/// The database writer; the server shares it behind an `Arc`.
#[derive(Debug)]
pub struct Store {
    commands: mpsc::Sender<Command>,
    path: Option<PathBuf>,
    ledger: Arc<Ledger>,
    writer: Option<std::thread::JoinHandle<()>>,
}

/// Dropping the store closes its database before it returns, so that the
/// file is at rest afterwards (its log checkpointed by the last
/// connection), not whenever the writer thread gets round to it.
impl Drop for Store {
    fn drop(&mut self) {
        let (closed, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.commands, closed));
        if let Some(writer) = self.writer.take() {
            // A writer that panicked has already said so; its connection is gone either way.
            let _ = writer.join();
        }
    }
}

impl Store {
    /// Opens (creating if needed) the database at `path`, or an in-memory one.
    pub fn open(path: Option<&Path>) -> Result<Self, StoreError> {
        Self::open_with(path, BUSY_TIMEOUT)
    }

    /// [`Store::open`], with writes waiting at most `busy_timeout` for a
    /// lock that another connection holds.
    pub fn open_with(path: Option<&Path>, busy_timeout: Duration) -> Result<Self, StoreError> {
        Self::open_as(path, busy_timeout, EmptyFile::Refuse)
    }

    /// [`Store::open_with`], with what to do with a file that exists but
    /// holds nothing ([`EmptyFile`]).
    pub fn open_as(
        path: Option<&Path>,
        busy_timeout: Duration,
        empty: EmptyFile,
    ) -> Result<Self, StoreError> {
        if let Some(dir) = path.and_then(Path::parent).filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Open { path: dir.to_path_buf(), reason: e.to_string() })?;
        }
        let conn = connect_as(path, empty)?;
        conn.busy_timeout(busy_timeout)?;
        let (commands, inbox) = mpsc::channel();
        let ledger = Arc::new(Ledger::default());
        let theirs = Arc::clone(&ledger);
        let writer = std::thread::Builder::new()
            .name("spieltisch-db".into())
            .spawn(move || writer(conn, inbox, &theirs))
            .map_err(|e| StoreError::Open {
                path: path.map(Path::to_path_buf).unwrap_or_default(),
                reason: e.to_string(),
            })?;
        Ok(Store { commands, path: path.map(Path::to_path_buf), ledger, writer: Some(writer) })
    }

    /// Hands `command` to the writer and waits for its answer.
    async fn send(
        &self,
        command: Command,
        wait: oneshot::Receiver<Result<(), StoreError>>,
    ) -> Result<(), StoreError> {
        self.ledger.queue.fetch_add(1, Ordering::Relaxed);
        if self.commands.send(command).is_err() {
            self.ledger.queue.fetch_sub(1, Ordering::Relaxed);
            return Err(StoreError::Closed);
        }
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// The writer's queue and its last error.
    pub fn health(&self) -> StoreHealth {
        self.ledger.report()
    }

    /// Stores a new table, at the progress its game starts with.
    pub async fn create(&self, row: TableRow, progress: Progress) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Create(row, progress, done), wait).await
    }

    /// Appends `actions` to a table's record, the first at `first_index`,
    /// with where the table stands after them; returns once they are
    /// committed.
    pub async fn append(
        &self,
        table: &str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Result<(), StoreError> {
        Storage::append(self, table, first_index, actions, progress).await
    }

    /// Hands an append of at least one action to the writer.
    async fn send_append(
        &self,
        table: &str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        let command = Command::Append { table: table.to_string(), first_index, actions, progress, done };
        self.send(command, wait).await
    }

    /// Notes that a person came to a seat of the table now: it has been
    /// visited, and it is active. Nobody waits for this note: it is
    /// written with the next batch, and a failure is the writer's to log.
    pub fn visit(&self, table: &str) {
        let (done, _) = oneshot::channel();
        self.ledger.queue.fetch_add(1, Ordering::Relaxed);
        if self.commands.send(Command::Visit { table: table.to_string(), at: now(), done }).is_err() {
            self.ledger.queue.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Replaces a stored table's options, format and actions by `record`,
    /// the same game in today's format ([`Record::upgraded`]), in one
    /// transaction.
    pub async fn upgrade(&self, table: &str, record: Record) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Upgrade { table: table.to_string(), record, done }, wait).await
    }

    /// Replaces a table's seats by `seats` (the seats column's JSON);
    /// returns once that is committed.
    pub async fn seat(&self, table: &str, seats: serde_json::Value) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Seat { table: table.to_string(), seats, done }, wait).await
    }

    /// Keeps a table out of service for `reason` (see [`Loaded::Damaged`]).
    pub async fn quarantine(&self, table: &str, reason: &str) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        let command = Command::Quarantine { table: table.to_string(), reason: reason.to_string(), done };
        self.send(command, wait).await
    }

    /// SQLite's own check of the database file (`PRAGMA quick_check`),
    /// bounded to the first few problems: empty when the file is sound.
    pub fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        let Some(path) = &self.path else { return Ok(Vec::new()) };
        let conn = connect(Some(path))?;
        let mut check = conn.prepare("PRAGMA quick_check(16)")?;
        let found = check.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
        Ok(found.into_iter().filter(|line| line != "ok").collect())
    }

    /// Writes where a loaded table stands.
    pub async fn mark(&self, table: &str, progress: Progress) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Mark { table: table.to_string(), progress, done }, wait).await
    }

    /// Marks those of `tables` that are still unfinished and not expired
    /// as expired now; returns the ids marked.
    pub async fn expire(&self, tables: Vec<String>) -> Result<Vec<String>, StoreError> {
        Storage::expire(self, tables).await
    }

    /// Hands an expiry of at least one table to the writer.
    async fn send_expire(&self, tables: Vec<String>) -> Result<Vec<String>, StoreError> {
        let (done, wait) = oneshot::channel();
        self.ledger.queue.fetch_add(1, Ordering::Relaxed);
        if self.commands.send(Command::Expire { tables, at: now(), done }).is_err() {
            self.ledger.queue.fetch_sub(1, Ordering::Relaxed);
            return Err(StoreError::Closed);
        }
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// The table left memory: the writer forgets what it knew of it (it
    /// reads it again if the table comes back).
    pub fn forget(&self, table: &str) {
        let _ = self.commands.send(Command::Forget(table.to_string()));
    }

    /// Runs `read` on the writer's connection, after every commit sent
    /// before it.
    async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&rusqlite::Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (done, wait) = oneshot::channel();
        let command = Command::Read(Box::new(move |conn| {
            let _ = done.send(read(conn));
        }));
        self.commands.send(command).map_err(|_| StoreError::Closed)?;
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// One stored table with its actions, as [`read_table`] finds it;
    /// `None` for an unknown or quarantined one.
    pub async fn load(&self, table: &str) -> Result<Option<Loaded>, StoreError> {
        let table = table.to_string();
        self.read(move |conn| {
            // One transaction: the row and the actions of one moment, even
            // while another process appends to the file.
            let tx = conn.unchecked_transaction()?;
            let found = read_table(&tx, &table)?;
            tx.commit()?;
            Ok(found)
        })
        .await
    }

    /// The tables of `ids` that exist and are not quarantined, as lists
    /// show them, without their actions.
    pub async fn summaries(&self, ids: Vec<String>) -> Result<Vec<Summary>, StoreError> {
        self.read(move |conn| {
            let mut query = conn.prepare_cached(&format!(
                "SELECT {ROW_COLUMNS}, {SUMMARY_COLUMNS} FROM tables WHERE id = ?1 AND quarantined IS NULL"
            ))?;
            let mut out = Vec::new();
            for id in &ids {
                let found = match query
                    .query_row([id], |r| {
                        Ok((raw_row(r)?, r.get::<_, Option<i64>>(9)?, r.get(10)?, r.get(11)?, r.get(12)?))
                    })
                    .optional()
                {
                    Ok(found) => found,
                    // A row on a damaged page is left out of the list, as a
                    // quarantined one is; the table itself is quarantined
                    // when it is asked for.
                    Err(e) => match StoreError::from(e) {
                        e if e.is_damage() => continue,
                        e => return Err(e),
                    },
                };
                let Some((raw, version, turn, expired, ranks)) = found else { continue };
                out.extend(summary(raw, version.unwrap_or(0) as usize, turn, expired, ranks));
            }
            Ok(out)
        })
        .await
    }

    /// The newest public tables that are neither expired nor quarantined,
    /// at most `limit`, read from their rows alone (none is loaded).
    pub async fn public_tables(&self, limit: usize) -> Result<Vec<PublicTable>, StoreError> {
        self.read(move |conn| {
            let mut query = conn.prepare_cached(&format!(
                "SELECT {ROW_COLUMNS}, waiting IS 'over', version FROM tables
                 WHERE public = 1 AND quarantined IS NULL AND expired IS NULL
                 ORDER BY created_at DESC, id LIMIT ?1"
            ))?;
            let rows = query.query_map([limit as i64], |r| {
                Ok((raw_row(r)?, r.get::<_, bool>(9)?, r.get::<_, Option<i64>>(10)?))
            })?;
            let mut out = Vec::new();
            for found in rows {
                let (raw, over, version) = found?;
                out.extend(public_table(raw, over, version.unwrap_or(0).max(0) as usize));
            }
            Ok(out)
        })
        .await
    }

    /// Every unfinished table that is neither expired nor quarantined,
    /// with its creator and whether the server is to act at it (its bots
    /// are to move, or an older build did not write down who it waits
    /// for): read on start, to count the tables and to resume those. Read
    /// on a connection of its own, at once (a database in memory is new,
    /// and holds none).
    pub fn unfinished(&self) -> Result<Vec<Unfinished>, StoreError> {
        let Some(path) = &self.path else { return Ok(Vec::new()) };
        let conn = connect(Some(path))?;
        let mut query = conn.prepare(&format!(
            "SELECT id, creator, {SERVER_ACTS} FROM tables WHERE {UNFINISHED} ORDER BY created_at, id"
        ))?;
        let rows = query.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| StoreError::from(e).at(Some(path)))
    }

    /// Unfinished tables due to expire: created before `unvisited_before`
    /// and never visited by a person, or inactive since before
    /// `idle_before` (seconds since the Unix epoch); at most `limit`.
    pub async fn expiring(
        &self,
        unvisited_before: i64,
        idle_before: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        self.read(move |conn| {
            let mut query = conn.prepare_cached(&format!(
                "SELECT id FROM tables WHERE {UNFINISHED} AND {EXPIRING} LIMIT ?3"
            ))?;
            let rows = query
                .query_map(rusqlite::params![unvisited_before, idle_before, limit as i64], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<String>, _>>()?)
        })
        .await
    }
}

impl Storage for Store {
    fn create(&self, row: TableRow, progress: Progress) -> Pending<'_, ()> {
        Box::pin(Store::create(self, row, progress))
    }

    fn append_actions<'a>(
        &'a self,
        table: &'a str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Pending<'a, ()> {
        Box::pin(self.send_append(table, first_index, actions, progress))
    }

    fn visit(&self, table: &str) {
        Store::visit(self, table);
    }

    fn upgrade<'a>(&'a self, table: &'a str, record: Record) -> Pending<'a, ()> {
        Box::pin(Store::upgrade(self, table, record))
    }

    fn seat<'a>(&'a self, table: &'a str, seats: serde_json::Value) -> Pending<'a, ()> {
        Box::pin(Store::seat(self, table, seats))
    }

    fn quarantine<'a>(&'a self, table: &'a str, reason: &'a str) -> Pending<'a, ()> {
        Box::pin(Store::quarantine(self, table, reason))
    }

    fn mark<'a>(&'a self, table: &'a str, progress: Progress) -> Pending<'a, ()> {
        Box::pin(Store::mark(self, table, progress))
    }

    fn expire_tables(&self, tables: Vec<String>) -> Pending<'_, Vec<String>> {
        Box::pin(self.send_expire(tables))
    }

    fn forget(&self, table: &str) {
        Store::forget(self, table);
    }

    fn load<'a>(&'a self, table: &'a str) -> Pending<'a, Option<Loaded>> {
        Box::pin(Store::load(self, table))
    }

    fn summaries(&self, ids: Vec<String>) -> Pending<'_, Vec<Summary>> {
        Box::pin(Store::summaries(self, ids))
    }

    fn public_tables(&self, limit: usize) -> Pending<'_, Vec<PublicTable>> {
        Box::pin(Store::public_tables(self, limit))
    }

    fn expiring(&self, unvisited_before: i64, idle_before: i64, limit: usize) -> Pending<'_, Vec<String>> {
        Box::pin(Store::expiring(self, unvisited_before, idle_before, limit))
    }

    fn unfinished(&self) -> Pending<'_, Vec<Unfinished>> {
        Box::pin(std::future::ready(Store::unfinished(self)))
    }

    fn integrity_check(&self) -> Pending<'_, Vec<String>> {
        Box::pin(std::future::ready(Store::integrity_check(self)))
    }

    fn health(&self) -> StoreHealth {
        Store::health(self)
    }
}

/// The condition of an unfinished table ([`UNFINISHED`]) that is due to
/// expire, with `?1` = created before it unvisited, `?2` = inactive since
/// before it. A table of an older build counts as visited, and as active
/// when this build first opened the database (`schema::connect`).
const EXPIRING: &str = "((COALESCE(visited, 1) = 0 AND created_at < ?1) OR active_at < ?2)";

#[cfg(test)]
mod tests;

#[cfg(test)]
mod migration_tests;
