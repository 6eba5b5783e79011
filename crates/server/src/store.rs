//! Persistence: every table and every accepted action in SQLite.
//!
//! One writer thread owns the connection. Appends that arrive within half a
//! millisecond of each other are committed in one transaction (group
//! commit), and each caller is answered only after its transaction is
//! durable, so the server broadcasts nothing that could be lost in a crash.
//! Durable means on the disk: WAL with `synchronous = FULL` syncs the log at
//! every commit, so an acknowledged action survives a power loss too (with
//! `NORMAL`, the last commits before one could be rolled back). Group commit
//! shares that sync among the actions of a batch.
//! On start, every table is read back and its record replayed.
//!
//! A failed write is answered as failed and changes nothing; the tables
//! retry their commits ([`crate::table`]). The writer keeps what the
//! health endpoint reports: how many commands wait, whether the last
//! transaction failed, and the last storage error.

use serde::{Deserialize, Serialize};
use spieltisch_core::Record;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;
use thiserror::Error;
use tokio::sync::oneshot;

/// A stored table: everything needed to rebuild it, besides its actions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRow {
    pub id: String,
    pub game: String,
    pub options: serde_json::Value,
    pub seed: u64,
    /// The record format the table's options and actions are written in
    /// ([`spieltisch_core::Record::format`]).
    pub format: u32,
    /// The seat assignments (people and bots) and their tokens, as JSON.
    pub seats: serde_json::Value,
    pub spectator_token: String,
    pub created_at: i64,
    /// The address group of the client that created the table
    /// ([`crate::client_addr::AddrGroup`]), which its open tables count
    /// against; `None` for tables stored before it was kept.
    pub creator: Option<String>,
}

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
}

impl StoreError {
    /// Whether the same write may succeed when tried again (the database
    /// was busy, locked, full or failing), as opposed to a write that is
    /// wrong in itself (out of order) or a writer that is gone.
    pub fn is_transient(&self) -> bool {
        matches!(self, StoreError::Sqlite(_) | StoreError::Failed(_))
    }
}

/// The writer's state, as the health endpoint reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreHealth {
    /// Commands sent to the writer and not yet answered.
    pub queue: usize,
    /// Whether the last transaction failed (and none has succeeded since).
    pub failing: bool,
    /// The last storage error, if any, with when it happened.
    pub last_error: Option<StorageFault>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StorageFault {
    pub message: String,
    /// Seconds since the Unix epoch.
    pub at: u64,
}

/// What the writer and its callers share.
#[derive(Debug, Default)]
struct Shared {
    queue: AtomicUsize,
    failing: AtomicBool,
    last_error: Mutex<Option<StorageFault>>,
}

enum Command {
    Create(TableRow, oneshot::Sender<Result<(), StoreError>>),
    Append {
        table: String,
        first_index: usize,
        actions: Vec<String>,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Marks a table as damaged, with the reason: kept, no longer loaded.
    Quarantine {
        table: String,
        reason: String,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Replaces a table's record by the same game in today's format.
    Upgrade {
        table: String,
        record: Record,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
}

/// A checksum of a table's actions in order: FNV-1a (64 bits) over each
/// action's bytes followed by a line feed, written as 16 hex digits. Kept up
/// to date as actions are appended, without reading them back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checksum(u64);

impl Checksum {
    const EMPTY: Checksum = Checksum(0xcbf2_9ce4_8422_2325);

    /// The checksum of `actions`.
    pub fn of<'a>(actions: impl IntoIterator<Item = &'a String>) -> Checksum {
        actions.into_iter().fold(Checksum::EMPTY, |sum, action| sum.then(action))
    }

    /// The checksum of the actions so far and `action` after them.
    pub fn then(self, action: &str) -> Checksum {
        let step = |hash: u64, byte: u8| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        Checksum(action.bytes().chain([b'\n']).fold(self.0, step))
    }

    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }

    fn parse(hex: &str) -> Option<Checksum> {
        u64::from_str_radix(hex, 16).ok().map(Checksum)
    }
}

/// What reading a stored table back gave.
#[derive(Debug)]
pub enum Loaded {
    /// The table, with its actions, all as stored.
    Table(TableRow, Vec<String>),
    /// A table that cannot be read back exactly, and why: to be quarantined.
    Damaged { id: String, reason: String },
}

/// A table as `spieltisch admin tables` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Listed {
    pub id: String,
    pub game: String,
    pub created_at: i64,
    /// How many actions are stored.
    pub actions: usize,
    /// Why the table is quarantined, if it is.
    pub quarantined: Option<String>,
}

/// A handle to the database writer; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    commands: mpsc::Sender<Command>,
    path: Option<PathBuf>,
    shared: Arc<Shared>,
}

/// How long a write waits for a lock another connection holds on the
/// database before it fails (and is retried by its table).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

const SCHEMA: &str = "
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        spectator_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        format INTEGER NOT NULL DEFAULT 1,
        creator TEXT,
        version INTEGER,
        checksum TEXT,
        quarantined TEXT
    );
    CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, idx)
    ) WITHOUT ROWID;
";

/// Adds the columns that databases written by older builds lack. Tables
/// stored before records had a format are format 1; tables stored before
/// their creator was kept have none.
///
/// Each table keeps its version (how many actions it has) and a checksum of
/// its actions ([`Checksum`]), written in the transaction that appends
/// them, so that a table whose actions were lost or changed is found when it
/// is read back; and, once found damaged, why (`quarantined`): it is kept,
/// never served, and only `spieltisch admin purge` deletes it.
fn add_missing_columns(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    let has = |column: &str| -> Result<bool, StoreError> {
        Ok(conn.prepare("SELECT 1 FROM pragma_table_info('tables') WHERE name = ?1")?.exists([column])?)
    };
    if !has("format")? {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN format INTEGER NOT NULL DEFAULT 1")?;
    }
    if !has("creator")? {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN creator TEXT")?;
    }
    // Tables stored before these were kept have no version and checksum
    // until they are next read (see `Store::load_all`).
    for column in ["version INTEGER", "checksum TEXT", "quarantined TEXT"] {
        let name = column.split(' ').next().unwrap_or(column);
        if !has(name)? {
            conn.execute_batch(&format!("ALTER TABLE tables ADD COLUMN {column}"))?;
        }
    }
    Ok(())
}

fn connect(path: Option<&Path>) -> Result<rusqlite::Connection, StoreError> {
    let conn = match path {
        Some(p) => rusqlite::Connection::open(p),
        None => rusqlite::Connection::open_in_memory(),
    }
    .map_err(|e| StoreError::Open {
        path: path.map(Path::to_path_buf).unwrap_or_default(),
        reason: e.to_string(),
    })?;
    conn.execute_batch(SCHEMA)?;
    add_missing_columns(&conn)?;
    Ok(conn)
}

impl Store {
    /// Opens (creating if needed) the database at `path`, or an in-memory one.
    pub fn open(path: Option<&Path>) -> Result<Self, StoreError> {
        Self::open_with(path, BUSY_TIMEOUT)
    }

    /// [`Store::open`], with writes waiting at most `busy_timeout` for a
    /// lock that another connection holds.
    pub fn open_with(path: Option<&Path>, busy_timeout: Duration) -> Result<Self, StoreError> {
        if let Some(dir) = path.and_then(Path::parent).filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Open { path: dir.to_path_buf(), reason: e.to_string() })?;
        }
        let conn = connect(path)?;
        conn.busy_timeout(busy_timeout)?;
        let (commands, inbox) = mpsc::channel();
        let shared = Arc::new(Shared::default());
        let theirs = Arc::clone(&shared);
        std::thread::Builder::new()
            .name("spieltisch-db".into())
            .spawn(move || writer(conn, inbox, &theirs))
            .map_err(|e| StoreError::Open {
                path: path.map(Path::to_path_buf).unwrap_or_default(),
                reason: e.to_string(),
            })?;
        Ok(Store { commands, path: path.map(Path::to_path_buf), shared })
    }

    /// Hands `command` to the writer and waits for its answer.
    async fn send(
        &self,
        command: Command,
        wait: oneshot::Receiver<Result<(), StoreError>>,
    ) -> Result<(), StoreError> {
        self.shared.queue.fetch_add(1, Ordering::Relaxed);
        if self.commands.send(command).is_err() {
            self.shared.queue.fetch_sub(1, Ordering::Relaxed);
            return Err(StoreError::Closed);
        }
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// The writer's queue and its last error.
    pub fn health(&self) -> StoreHealth {
        StoreHealth {
            queue: self.shared.queue.load(Ordering::Relaxed),
            failing: self.shared.failing.load(Ordering::Relaxed),
            last_error: self.shared.last_error.lock().map(|e| e.clone()).unwrap_or(None),
        }
    }

    /// Stores a new table.
    pub async fn create(&self, row: TableRow) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Create(row, done), wait).await
    }

    /// Appends `actions` to a table's record, the first at `first_index`;
    /// returns once they are committed.
    pub async fn append(
        &self,
        table: &str,
        first_index: usize,
        actions: Vec<String>,
    ) -> Result<(), StoreError> {
        if actions.is_empty() {
            return Ok(());
        }
        let (done, wait) = oneshot::channel();
        self.send(Command::Append { table: table.to_string(), first_index, actions, done }, wait).await
    }

    /// Replaces a stored table's options, format and actions by `record`,
    /// the same game in today's format ([`Record::upgraded`]), in one
    /// transaction.
    pub async fn upgrade(&self, table: &str, record: Record) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.send(Command::Upgrade { table: table.to_string(), record, done }, wait).await
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

    /// Every stored table that is not quarantined, with its actions, oldest
    /// first (read on start). A table that cannot be read back exactly
    /// comes back as [`Loaded::Damaged`]: unreadable JSON, a gap in its
    /// action numbers, fewer or other actions than its version and checksum
    /// say. A table stored before versions were kept gets them now.
    pub fn load_all(&self) -> Result<Vec<Loaded>, StoreError> {
        let Some(path) = &self.path else { return Ok(Vec::new()) };
        let conn = connect(Some(path))?;
        let mut tables = conn.prepare(
            "SELECT id, game, options, seed, seats, spectator_token, created_at, format, creator, version, checksum
             FROM tables WHERE quarantined IS NULL ORDER BY created_at, id",
        )?;
        let rows = tables
            .query_map([], |r| {
                Ok((
                    (
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, String>(5)?,
                        r.get::<_, i64>(6)?,
                        r.get::<_, u32>(7)?,
                        r.get::<_, Option<String>>(8)?,
                    ),
                    (r.get::<_, Option<i64>>(9)?, r.get::<_, Option<String>>(10)?),
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut actions = conn.prepare("SELECT idx, action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
        let mut out = Vec::with_capacity(rows.len());
        for ((id, game, options, seed, seats, spectator_token, created_at, format, creator), kept) in rows {
            let stored = actions
                .query_map([&id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            let damaged = |reason: String| Loaded::Damaged { id: id.clone(), reason };
            if let Some(gap) = stored.iter().enumerate().position(|(i, (idx, _))| *idx != i as i64) {
                out.push(damaged(format!("action {gap} is missing (the stored actions skip it)")));
                continue;
            }
            let list: Vec<String> = stored.into_iter().map(|(_, action)| action).collect();
            let sum = Checksum::of(&list);
            match kept {
                (Some(version), _) if version != list.len() as i64 => {
                    out.push(damaged(format!(
                        "{} actions are stored, but the table has {version}: actions were lost",
                        list.len()
                    )));
                    continue;
                }
                (Some(_), Some(hex)) if Checksum::parse(&hex) != Some(sum) => {
                    out.push(damaged("the stored actions do not match their checksum".into()));
                    continue;
                }
                (None, _) | (_, None) => {
                    conn.execute(
                        "UPDATE tables SET version = ?2, checksum = ?3 WHERE id = ?1",
                        rusqlite::params![id, list.len() as i64, sum.hex()],
                    )?;
                }
                _ => {}
            }
            let (options, seats) = match (serde_json::from_str(&options), serde_json::from_str(&seats)) {
                (Ok(options), Ok(seats)) => (options, seats),
                (Err(e), _) => {
                    out.push(damaged(format!("its options are not JSON: {e}")));
                    continue;
                }
                (_, Err(e)) => {
                    out.push(damaged(format!("its seats are not JSON: {e}")));
                    continue;
                }
            };
            let row = TableRow {
                id: id.clone(),
                game,
                options,
                seed: seed as u64,
                format,
                seats,
                spectator_token,
                created_at,
                creator,
            };
            out.push(Loaded::Table(row, list));
        }
        Ok(out)
    }
}

/// Every table of the database at `path`, or only the quarantined ones,
/// oldest first (`spieltisch admin tables`).
pub fn list_tables(path: &Path, quarantined_only: bool) -> Result<Vec<Listed>, StoreError> {
    let conn = existing(path)?;
    let mut query = conn.prepare(
        "SELECT id, game, created_at, quarantined, (SELECT COUNT(*) FROM actions WHERE table_id = tables.id)
         FROM tables WHERE ?1 = 0 OR quarantined IS NOT NULL ORDER BY created_at, id",
    )?;
    let rows = query
        .query_map([i64::from(quarantined_only)], |r| {
            Ok(Listed {
                id: r.get(0)?,
                game: r.get(1)?,
                created_at: r.get(2)?,
                quarantined: r.get(3)?,
                actions: r.get::<_, i64>(4)? as usize,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Deletes the tables named, with their actions, from the database at
/// `path` (`spieltisch admin purge`): the only way anything stored is
/// deleted. Returns the ids that were found and deleted.
pub fn purge(path: &Path, ids: &[String]) -> Result<Vec<String>, StoreError> {
    let mut conn = existing(path)?;
    conn.busy_timeout(BUSY_TIMEOUT)?;
    let tx = conn.transaction()?;
    let mut deleted = Vec::new();
    for id in ids {
        tx.execute("DELETE FROM actions WHERE table_id = ?1", [id])?;
        if tx.execute("DELETE FROM tables WHERE id = ?1", [id])? > 0 {
            deleted.push(id.clone());
        }
    }
    tx.commit()?;
    Ok(deleted)
}

/// The database at `path`, which must exist (an admin command never makes
/// one), brought to today's schema.
fn existing(path: &Path) -> Result<rusqlite::Connection, StoreError> {
    if !path.is_file() {
        return Err(StoreError::Open { path: path.to_path_buf(), reason: "no such database file".into() });
    }
    connect(Some(path))
}

/// How long the writer waits for more commands after the first of a batch:
/// a small part of the time people or bots take to answer.
const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

/// How many actions each table has stored, and their checksum, as far as
/// the writer knows: read from the database the first time a table is
/// appended to, then kept up to date, so an append needs no query to check
/// its place.
type Stored = std::collections::HashMap<String, (usize, Checksum)>;

fn writer(mut conn: rusqlite::Connection, inbox: mpsc::Receiver<Command>, shared: &Shared) {
    let mut stored = Stored::new();
    let mut failed_batches = 0u64;
    while let Ok(first) = inbox.recv() {
        // Waking this thread costs more than writing one action, so after
        // the first command of a batch it lingers a moment for others, which
        // then share the wake-up and the transaction.
        std::thread::sleep(LINGER);
        let mut batch = vec![first];
        while let Ok(more) = inbox.try_recv() {
            batch.push(more);
            if batch.len() >= 512 {
                break;
            }
        }
        let results = write_batch(&mut conn, &mut stored, &batch);
        let fault = results.iter().find_map(|r| r.as_ref().err().filter(|e| e.is_transient()));
        match fault {
            Some(e) => {
                failed_batches += 1;
                let at = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                if let Ok(mut last) = shared.last_error.lock() {
                    *last = Some(StorageFault { message: e.to_string(), at });
                }
                if !shared.failing.swap(true, Ordering::Relaxed) {
                    tracing::error!("storage failed, {} commands refused: {e}", batch.len());
                } else {
                    tracing::debug!("storage still failing, {} commands refused: {e}", batch.len());
                }
            }
            None => {
                if shared.failing.swap(false, Ordering::Relaxed) {
                    tracing::info!("storage works again after {failed_batches} failed transactions");
                }
                failed_batches = 0;
            }
        }
        shared.queue.fetch_sub(batch.len(), Ordering::Relaxed);
        for (command, result) in batch.into_iter().zip(results) {
            let done = match command {
                Command::Create(_, done)
                | Command::Append { done, .. }
                | Command::Upgrade { done, .. }
                | Command::Quarantine { done, .. } => done,
            };
            let _ = done.send(result);
        }
    }
}

/// Writes a batch in one transaction. If a command is wrong in itself (out
/// of order, a duplicate table), the batch is rolled back and each command
/// is written in a transaction of its own, so a bad command fails alone and
/// the others still commit. If the transaction fails for any other reason
/// (the database busy or locked, the disk full), every command of the batch
/// fails with that error at once: writing them one by one would wait out the
/// busy timeout once per command, and stall every table for as long.
/// The counts in `stored` change only with a committed transaction.
fn write_batch(
    conn: &mut rusqlite::Connection,
    stored: &mut Stored,
    batch: &[Command],
) -> Vec<Result<(), StoreError>> {
    let mut counts = Stored::new();
    let together = (|| -> Result<(), StoreError> {
        let tx = conn.transaction()?;
        for command in batch {
            write_one(&tx, stored, &mut counts, command)?;
        }
        tx.commit()?;
        Ok(())
    })();
    match together {
        Ok(()) => {
            stored.extend(counts);
            return batch.iter().map(|_| Ok(())).collect();
        }
        Err(e) if !is_wrong_in_itself(&e) => {
            let message = e.to_string();
            return batch.iter().map(|_| Err(StoreError::Failed(message.clone()))).collect();
        }
        Err(_) => {}
    }
    batch
        .iter()
        .map(|command| {
            let mut counts = Stored::new();
            let tx = conn.transaction()?;
            write_one(&tx, stored, &mut counts, command)?;
            tx.commit()?;
            stored.extend(counts);
            Ok(())
        })
        .collect()
}

/// Whether a failed write is the command's own fault, so that the other
/// commands of its batch may still succeed without it.
fn is_wrong_in_itself(e: &StoreError) -> bool {
    match e {
        StoreError::OutOfOrder { .. } | StoreError::Json(_) => true,
        StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
            f.code == rusqlite::ErrorCode::ConstraintViolation
        }
        _ => false,
    }
}

/// Writes one command; `counts` collects the new action counts of the
/// tables written (committed to `stored` by the caller).
fn write_one(
    conn: &rusqlite::Connection,
    stored: &Stored,
    counts: &mut Stored,
    command: &Command,
) -> Result<(), StoreError> {
    match command {
        Command::Create(row, _) => {
            conn.prepare_cached(
                "INSERT INTO tables (id, game, options, seed, seats, spectator_token, created_at, format, creator,
                                     version, checksum)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10)",
            )?
            .execute(rusqlite::params![
                row.id,
                row.game,
                row.options.to_string(),
                row.seed as i64,
                row.seats.to_string(),
                row.spectator_token,
                row.created_at,
                row.format,
                row.creator,
                Checksum::EMPTY.hex()
            ])?;
            counts.insert(row.id.clone(), (0, Checksum::EMPTY));
        }
        Command::Quarantine { table, reason, .. } => {
            conn.prepare_cached("UPDATE tables SET quarantined = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, reason])?;
            counts.remove(table);
        }
        Command::Upgrade { table, record, .. } => {
            conn.prepare_cached("UPDATE tables SET options = ?2, format = ?3 WHERE id = ?1")?
                .execute(rusqlite::params![table, record.options.to_string(), record.format])?;
            conn.prepare_cached("DELETE FROM actions WHERE table_id = ?1")?.execute([table])?;
            let mut insert =
                conn.prepare_cached("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in record.actions.iter().enumerate() {
                insert.execute(rusqlite::params![table, i as i64, action])?;
            }
            let sum = Checksum::of(&record.actions);
            stamp(conn, table, record.actions.len(), sum)?;
            counts.insert(table.clone(), (record.actions.len(), sum));
        }
        Command::Append { table, first_index, actions, .. } => {
            let (count, sum) = match counts.get(table).or_else(|| stored.get(table)) {
                Some(&known) => known,
                None => {
                    let mut read =
                        conn.prepare_cached("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
                    let list =
                        read.query_map([table], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
                    (list.len(), Checksum::of(&list))
                }
            };
            if count != *first_index {
                return Err(StoreError::OutOfOrder {
                    table: table.clone(),
                    index: *first_index,
                    stored: count,
                });
            }
            let mut insert =
                conn.prepare_cached("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in actions.iter().enumerate() {
                insert.execute(rusqlite::params![table, (first_index + i) as i64, action])?;
            }
            let sum = actions.iter().fold(sum, |sum, action| sum.then(action));
            stamp(conn, table, first_index + actions.len(), sum)?;
            counts.insert(table.clone(), (first_index + actions.len(), sum));
        }
    }
    Ok(())
}

/// Writes a table's version and checksum, in the transaction that changed
/// its actions.
fn stamp(conn: &rusqlite::Connection, table: &str, version: usize, sum: Checksum) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE tables SET version = ?2, checksum = ?3 WHERE id = ?1")?
        .execute(rusqlite::params![table, version as i64, sum.hex()])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Loaded {
        /// The table, for tests that expect it to be sound.
        fn sound(&self) -> (&TableRow, &Vec<String>) {
            match self {
                Loaded::Table(row, actions) => (row, actions),
                Loaded::Damaged { id, reason } => panic!("{id} damaged: {reason}"),
            }
        }
    }

    fn row(id: &str) -> TableRow {
        TableRow {
            id: id.into(),
            game: "six".into(),
            options: serde_json::json!({}),
            seed: 1,
            format: Record::FORMAT,
            seats: serde_json::json!({"seats": []}),
            spectator_token: "t".into(),
            created_at: 0,
            creator: Some("192.0.2.1".into()),
        }
    }

    #[test]
    fn commits_are_synced_to_the_disk() {
        // WAL with synchronous = FULL: an acknowledged commit survives a
        // power loss (NORMAL would not promise that).
        let dir = std::env::temp_dir().join(format!("spieltisch-sync-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let conn = connect(Some(&dir.join("games.db"))).unwrap();
        let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
        let sync: i64 = conn.query_row("PRAGMA synchronous", [], |r| r.get(0)).unwrap();
        assert_eq!((mode.as_str(), sync), ("wal", 2), "2 is FULL");
        drop(conn);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_locked_database_fails_a_batch_at_once_and_the_health_says_so() {
        let dir = std::env::temp_dir().join(format!("spieltisch-locked-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("games.db");
        let busy = Duration::from_millis(200);
        let store = Store::open_with(Some(&path), busy).unwrap();
        for id in ["a", "b", "c", "d"] {
            store.create(row(id)).await.unwrap();
        }
        let lock = rusqlite::Connection::open(&path).unwrap();
        lock.execute_batch("BEGIN IMMEDIATE").unwrap();
        // Sent together, they share one transaction: it waits out the busy
        // timeout once, not once per command.
        let started = std::time::Instant::now();
        let (a, b, c, d) = tokio::join!(
            store.append("a", 0, vec!["x".into()]),
            store.append("b", 0, vec!["x".into()]),
            store.append("c", 0, vec!["x".into()]),
            store.append("d", 0, vec!["x".into()]),
        );
        let waited = started.elapsed();
        for result in [a, b, c, d] {
            let e = result.unwrap_err();
            assert!(e.is_transient(), "{e}");
        }
        assert!(waited < busy * 3, "{waited:?}");
        let health = store.health();
        assert!(health.failing && health.queue == 0, "{health:?}");
        assert!(health.last_error.unwrap().message.contains("locked"));
        lock.execute_batch("COMMIT").unwrap();
        store.append("a", 0, vec!["x".into()]).await.unwrap();
        assert!(!store.health().failing);
        // The creator is stored with the table.
        let stored = Store::open(Some(&path)).unwrap().load_all().unwrap();
        assert_eq!(stored[0].sound().0.creator.as_deref(), Some("192.0.2.1"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_older_database_gets_the_creator_column() {
        let dir = std::env::temp_dir().join(format!("spieltisch-creator-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.db");
        let old = rusqlite::Connection::open(&path).unwrap();
        old.execute_batch(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
                 seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
                 created_at INTEGER NOT NULL, format INTEGER NOT NULL DEFAULT 1);
             INSERT INTO tables VALUES ('old', 'six', '{}', 1, '{\"seats\": []}', 't', 0, 2);",
        )
        .unwrap();
        drop(old);
        let stored = Store::open(Some(&path)).unwrap().load_all().unwrap();
        assert_eq!(stored[0].sound().0.creator, None, "a table stored before creators were kept");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn appends_are_kept_in_order_and_a_bad_one_fails_alone() {
        let dir = std::env::temp_dir().join(format!("spieltisch-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("games.db");
        let store = Store::open(Some(&path)).unwrap();
        store.create(row("a")).await.unwrap();
        store.append("a", 0, vec!["x".into(), "y".into()]).await.unwrap();
        // Sent together: one out of order, one right; only the bad one fails.
        let (bad, good) =
            tokio::join!(store.append("a", 5, vec!["z".into()]), store.append("a", 2, vec!["w".into()]));
        assert!(matches!(bad, Err(StoreError::OutOfOrder { index: 5, stored: 2, .. })), "{bad:?}");
        good.unwrap();
        assert!(store.create(row("a")).await.is_err(), "a table id is unique");
        let stored = Store::open(Some(&path)).unwrap().load_all().unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].sound().1, &["x", "y", "w"]);
        assert_eq!(stored[0].sound().0, &row("a"));
    }
}
