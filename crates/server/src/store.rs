//! Persistence: every table and every accepted action in SQLite, the
//! engine behind [`crate::storage::Storage`] in this build.
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
//! # The schema
//!
//! The schema is an ordered list of named steps (`MIGRATIONS`); a
//! database records each step it has run in `schema_migrations` (version,
//! name, when), and its version is how many it has run. Opening a database
//! runs the steps it lacks, all in one transaction taken with the write
//! lock, so a step never runs twice and a failed step leaves the database
//! as it was. Steps are only ever appended.
//!
//! Step 1, `baseline`, is the schema as builds before versioned migrations
//! left it. Those builds recorded no version and added columns one by one
//! as they needed them, so a database without `schema_migrations` is one of
//! them (or new): the baseline creates what is missing and adds every
//! column the build that wrote it lacked, keeping every row. A file whose
//! tables are not those of any build is refused, as is a database of a
//! newer build (more steps than this build knows, or other steps): it is
//! left untouched, its journal mode included, rather than half understood.

pub mod salvage;
mod stored_progress;
mod table_sum;

pub use stored_progress::StoredProgress;
pub use table_sum::{RecordHead, TableSum};

use crate::storage::{Ledger, Pending, Unfinished};
use serde::{Deserialize, Serialize};
use spieltisch_core::Record;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::{Arc, mpsc};
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

/// Who a table waits for at its stored version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Waiting {
    /// A person decides next (alone, or together with others).
    People,
    /// The server acts next: a bot decides, or answers in a decision taken
    /// together, or chance is to be drawn. Such tables are resumed on start.
    Bots,
    /// The game is over.
    Over,
}

impl Waiting {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Waiting::People => "people",
            Waiting::Bots => "bots",
            Waiting::Over => "over",
        }
    }
}

/// Where a table stands, written with each change of its actions, so that
/// lists and expiry need not replay it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub turn: spieltisch_core::Turn,
    pub waiting: Waiting,
    /// Per seat, 1 = first, once the game is over.
    pub ranks: Option<Vec<u32>>,
}

/// A table as lists show it without loading it: what its row and its
/// progress say.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub row: TableRow,
    pub version: usize,
    /// `None` for a table stored before its turn was kept.
    pub turn: Option<spieltisch_core::Turn>,
    /// Seconds since the Unix epoch when the table expired, if it did.
    pub expired: Option<i64>,
    /// Per seat, 1 = first, once the game is over (`None` for a table that
    /// ended before ranks were kept).
    pub ranks: Option<Vec<u32>>,
}

/// A public table as the lobby lists it: what its row says, without its
/// actions.
#[derive(Clone, Debug, PartialEq)]
pub struct PublicTable {
    pub row: TableRow,
    pub over: bool,
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
    /// it is unless the operator asks for a new database ([`EmptyFile`]).
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
    /// again does not help; salvaging does ([`salvage`]).
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

/// A read, run on the writer's connection after the commits before it.
type Read = Box<dyn FnOnce(&rusqlite::Connection) + Send>;

enum Command {
    Create(TableRow, Progress, oneshot::Sender<Result<(), StoreError>>),
    Append {
        table: String,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// A person connected to a seat of the table now.
    Visit {
        table: String,
        at: i64,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Marks unfinished tables as expired (those of `tables` that still
    /// are unfinished and not expired); answers with the ids marked.
    Expire {
        tables: Vec<String>,
        at: i64,
        done: oneshot::Sender<Result<Vec<String>, StoreError>>,
    },
    /// Writes where a table stands (on loading it: a table of an older
    /// build gets it then).
    Mark {
        table: String,
        progress: Progress,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// The table left memory: the writer need not remember its count.
    Forget(String),
    Read(Read),
    /// Replaces a table's seats (someone took a seat).
    Seat {
        table: String,
        seats: serde_json::Value,
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
    pub(crate) const EMPTY: Checksum = Checksum(0xcbf2_9ce4_8422_2325);

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

    pub(crate) fn parse(hex: &str) -> Option<Checksum> {
        u64::from_str_radix(hex, 16).ok().map(Checksum)
    }
}

/// What reading a stored table back gave.
#[derive(Debug)]
pub enum Loaded {
    /// The table, with its actions, all as stored, and where its row says
    /// it stands (to be checked against its replay).
    Table(TableRow, Vec<String>, StoredProgress),
    /// A table that cannot be read back exactly, and why: to be quarantined.
    Damaged { id: String, reason: String },
    /// A table that expired unfinished: kept, no longer played. Its row
    /// says whose links are right, so that they can be told.
    Expired(TableRow),
}

/// A table as `spieltisch admin tables` lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Listed {
    pub id: String,
    pub game: String,
    pub created_at: i64,
    /// How many actions the table has: its version (counted, for a table
    /// stored before versions were kept), read without its actions.
    pub actions: usize,
    /// Why the table is quarantined, if it is.
    pub quarantined: Option<String>,
    /// Who the table waits for (`None`: not known yet, for a table stored
    /// by an older build and not loaded since).
    pub waiting: Option<String>,
    /// When the table expired unfinished (seconds since the Unix epoch).
    pub expired: Option<i64>,
}

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

/// How long a write waits for a lock another connection holds on the
/// database before it fails (and is retried by its table).
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Per connection: not part of the schema, so set on every open.
const PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;";

/// One step of the schema, run once per database, in order.
struct Migration {
    /// Recorded with the step's version in `schema_migrations`; a database
    /// whose steps have other names than this build's was written by
    /// another line of builds and is refused.
    name: &'static str,
    run: fn(&rusqlite::Connection) -> Result<(), StoreError>,
}

/// Every step of the schema, oldest first; step `i` brings a database to
/// version `i + 1`. Steps are only ever appended: a released step never
/// changes, since databases out there have run it.
const MIGRATIONS: &[Migration] = &[Migration { name: "baseline", run: baseline }];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Where the steps run so far are recorded; the database's version is the
/// number of them.
const MIGRATIONS_TABLE: &str = "CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at INTEGER NOT NULL
    )";

/// Version 1: the schema as builds before versioned migrations left it.
/// Those builds recorded no version and grew their schema column by column,
/// so a database of any of them (or a new, empty one) is brought to the
/// same shape here: the tables created if missing, the columns each older
/// build lacked added, the indexes created.
fn baseline(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    recognise_earlier_build(conn)?;
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            seats TEXT NOT NULL,
            spectator_token TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE IF NOT EXISTS actions (
            table_id TEXT NOT NULL REFERENCES tables(id),
            idx INTEGER NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (table_id, idx)
        ) WITHOUT ROWID;",
    )?;
    add_missing_columns(conn)?;
    // A table stored before activity was kept counts as active from the
    // day this build first opened its database: it is not expired for
    // having been made long ago.
    conn.execute("UPDATE tables SET active_at = ?1 WHERE active_at IS NULL", [now()])?;
    // The expiry sweep reads the unfinished tables only, every few seconds.
    conn.execute_batch(
        "CREATE INDEX IF NOT EXISTS unfinished ON tables (created_at)
         WHERE quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'",
    )?;
    // The lobby lists the newest public tables.
    conn.execute_batch("CREATE INDEX IF NOT EXISTS public_tables ON tables (created_at) WHERE public = 1")?;
    Ok(())
}

/// The columns every build has written, in each of the two tables.
const FIRST_COLUMNS: [(&str, &[&str]); 2] = [
    ("tables", &["id", "game", "options", "seed", "seats", "spectator_token", "created_at"]),
    ("actions", &["table_id", "idx", "action"]),
];

/// Refuses a database whose tables are not those of any earlier build
/// (another program's file), rather than adding columns to it.
fn recognise_earlier_build(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    for (table, columns) in FIRST_COLUMNS {
        let present = columns_of(conn, table)?;
        if present.is_empty() {
            continue;
        }
        let missing: Vec<&str> =
            columns.iter().copied().filter(|c| !present.iter().any(|p| p == c)).collect();
        if !missing.is_empty() {
            return Err(StoreError::Unrecognised(format!(
                "its table '{table}' lacks the column(s) {}: it was not written by spieltisch",
                missing.join(", ")
            )));
        }
    }
    Ok(())
}

/// The columns of `table`, in order; empty if there is no such table.
fn columns_of(conn: &rusqlite::Connection, table: &str) -> Result<Vec<String>, StoreError> {
    let mut query = conn.prepare("SELECT name FROM pragma_table_info(?1) ORDER BY cid")?;
    let names = query.query_map([table], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
    Ok(names)
}

/// Adds the columns that databases written by older builds lack, in the
/// order those builds added them. Tables stored before records had a
/// format are format 1; tables stored before their creator was kept have
/// none.
///
/// Each table keeps its version (how many actions it has) and a checksum of
/// its actions ([`Checksum`]), written in the transaction that appends
/// them, so that a table whose actions were lost or changed is found when it
/// is read back; and, once found damaged, why (`quarantined`): it is kept,
/// never served, and only `spieltisch admin purge` deletes it.
fn add_missing_columns(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    let present = columns_of(conn, "tables")?;
    for column in [
        "format INTEGER NOT NULL DEFAULT 1",
        "creator TEXT",
        // Tables stored before these were kept have no version and checksum
        // until they are next read (see [`read_table`]).
        "version INTEGER",
        "checksum TEXT",
        "quarantined TEXT",
        // Tables stored before their progress was kept have none until they
        // are next loaded: they count as unfinished, are resumed on start,
        // and count as visited and active from when this build first opened
        // the database (nothing expires a table because an older build did
        // not write something down).
        "turn TEXT",
        "waiting TEXT",
        "active_at INTEGER",
        "visited INTEGER",
        "expired INTEGER",
        // Listed in the lobby ([`Store::public_tables`]); older tables are not.
        "public INTEGER",
        // The ranks of a finished game, as JSON; games that ended before
        // they were kept have none.
        "ranks TEXT",
    ] {
        let name = column.split(' ').next().unwrap_or(column);
        if !present.iter().any(|p| p == name) {
            conn.execute_batch(&format!("ALTER TABLE tables ADD COLUMN {column}"))?;
        }
    }
    Ok(())
}

/// The database's schema version: how many steps it has run (0 for a new
/// database and for one of a build before migrations). Refuses a database
/// this build cannot read: one of a newer build, or one whose steps are
/// not this build's.
fn schema_version(conn: &rusqlite::Connection) -> Result<usize, StoreError> {
    if columns_of(conn, "schema_migrations")?.is_empty() {
        return Ok(0);
    }
    let mut query = conn.prepare("SELECT version, name FROM schema_migrations ORDER BY version")?;
    let applied = query
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    if applied.len() > SCHEMA_VERSION {
        return Err(StoreError::Newer { found: applied.len(), known: SCHEMA_VERSION });
    }
    for (i, (version, name)) in applied.iter().enumerate() {
        if *version != i as i64 + 1 {
            return Err(StoreError::Unrecognised(format!(
                "its schema steps skip version {} (the next recorded is {version})",
                i + 1
            )));
        }
        if *name != MIGRATIONS[i].name {
            return Err(StoreError::Unrecognised(format!(
                "its schema step {version} is '{name}', this build's is '{}'",
                MIGRATIONS[i].name
            )));
        }
    }
    Ok(applied.len())
}

/// Runs every step the database has not run, all in one transaction that
/// holds the write lock from its start, so that two programs opening an
/// older database at once cannot both run a step: the second finds the
/// steps done (and the primary key of `schema_migrations` refuses a step
/// recorded twice).
fn migrate(conn: &mut rusqlite::Connection) -> Result<(), StoreError> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let done = schema_version(&tx)?;
    tx.execute_batch(MIGRATIONS_TABLE)?;
    for (i, step) in MIGRATIONS.iter().enumerate().skip(done) {
        (step.run)(&tx)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
            rusqlite::params![i as i64 + 1, step.name, now()],
        )?;
    }
    tx.commit()?;
    Ok(())
}

fn connect(path: Option<&Path>) -> Result<rusqlite::Connection, StoreError> {
    connect_as(path, EmptyFile::Refuse)
}

/// [`connect`], with what to do with a file that holds nothing.
fn connect_as(path: Option<&Path>, empty: EmptyFile) -> Result<rusqlite::Connection, StoreError> {
    let existed = path.is_some_and(Path::exists);
    let mut conn = match path {
        Some(p) => rusqlite::Connection::open(p),
        None => rusqlite::Connection::open_in_memory(),
    }
    .map_err(|e| StoreError::Open {
        path: path.map(Path::to_path_buf).unwrap_or_default(),
        reason: e.to_string(),
    })?;
    // A database this build cannot read is refused before anything is
    // written to it, its journal mode included; one at this build's
    // version is only read.
    let version = schema_version(&conn).map_err(|e| e.at(path))?;
    if version == 0 {
        recognise_file(&conn, path.filter(|_| existed && empty == EmptyFile::Refuse))
            .map_err(|e| e.at(path))?;
    }
    conn.execute_batch(PRAGMAS)?;
    if version < SCHEMA_VERSION {
        migrate(&mut conn).map_err(|e| e.at(path))?;
    }
    Ok(conn)
}

/// The tables spieltisch keeps in a database of its own.
const OUR_TABLES: [&str; 3] = ["tables", "actions", "schema_migrations"];

/// Refuses a file that holds another program's tables (spieltisch keeps
/// its games in a file of its own, and adds nothing to anyone else's), and
/// one that holds nothing at all where a database was expected
/// (`expected`: the file existed before, and the operator did not ask for
/// a new database). Either is left byte for byte as it was.
fn recognise_file(conn: &rusqlite::Connection, expected: Option<&Path>) -> Result<(), StoreError> {
    let mut query = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?;
    let tables = query.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
    let theirs: Vec<&str> = tables
        .iter()
        .map(String::as_str)
        .filter(|name| !OUR_TABLES.contains(name) && !name.starts_with("sqlite_"))
        .collect();
    if !theirs.is_empty() {
        return Err(StoreError::Unrecognised(format!(
            "it holds tables of another program ({}); spieltisch keeps its games in a file of its own: name another file with --db",
            theirs.join(", ")
        )));
    }
    match expected {
        Some(path) if tables.is_empty() => Err(StoreError::Empty { path: path.to_path_buf() }),
        _ => Ok(()),
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
        if actions.is_empty() {
            return Ok(());
        }
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
        if tables.is_empty() {
            return Ok(Vec::new());
        }
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
                "SELECT {ROW_COLUMNS}, version, turn, expired, ranks FROM tables
                 WHERE id = ?1 AND quarantined IS NULL"
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
                let (turn, ranks): (Option<String>, Option<String>) = (turn, ranks);
                let Ok(row) = raw.parse() else { continue };
                out.push(Summary {
                    row,
                    version: version.unwrap_or(0) as usize,
                    turn: turn.and_then(|t| serde_json::from_str(&t).ok()),
                    expired,
                    ranks: ranks.and_then(|r| serde_json::from_str(&r).ok()),
                });
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
                "SELECT {ROW_COLUMNS}, waiting IS 'over' FROM tables
                 WHERE public = 1 AND quarantined IS NULL AND expired IS NULL
                 ORDER BY created_at DESC, id LIMIT ?1"
            ))?;
            let rows = query.query_map([limit as i64], |r| Ok((raw_row(r)?, r.get::<_, bool>(9)?)))?;
            let mut out = Vec::new();
            for found in rows {
                let (raw, over) = found?;
                if let Ok(row) = raw.parse() {
                    out.push(PublicTable { row, over });
                }
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
        let mut query = conn.prepare(
            "SELECT id, creator, waiting IS NULL OR waiting = 'bots' FROM tables
             WHERE quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'
             ORDER BY created_at, id",
        )?;
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
            let mut query =
                conn.prepare_cached(&format!("SELECT id FROM tables WHERE {EXPIRING} LIMIT ?3"))?;
            let rows = query
                .query_map(rusqlite::params![unvisited_before, idle_before, limit as i64], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<String>, _>>()?)
        })
        .await
    }
}

impl crate::storage::Storage for Store {
    fn create(&self, row: TableRow, progress: Progress) -> Pending<'_, ()> {
        Box::pin(Store::create(self, row, progress))
    }

    fn append<'a>(
        &'a self,
        table: &'a str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Pending<'a, ()> {
        Box::pin(Store::append(self, table, first_index, actions, progress))
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

    fn expire(&self, tables: Vec<String>) -> Pending<'_, Vec<String>> {
        Box::pin(Store::expire(self, tables))
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

/// The condition of an unfinished table due to expire, with
/// `?1` = created before it unvisited, `?2` = inactive since before it.
/// A table of an older build counts as visited, and as active when this
/// build first opened the database ([`connect`]).
const EXPIRING: &str = "quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'
     AND ((COALESCE(visited, 1) = 0 AND created_at < ?1) OR active_at < ?2)";

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The columns of a [`TableRow`], in the order [`raw_row`] reads them.
const ROW_COLUMNS: &str = "id, game, options, seed, seats, spectator_token, created_at, format, creator";

/// A table row as stored, its JSON not yet read.
#[derive(Clone, Debug, PartialEq)]
pub struct RawRow {
    pub id: String,
    pub game: String,
    pub options: String,
    pub seed: i64,
    pub seats: String,
    pub spectator_token: String,
    pub created_at: i64,
    pub format: u32,
    pub creator: Option<String>,
}

fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    raw_row_at(r, 0)
}

/// A [`RawRow`] whose [`ROW_COLUMNS`] begin at column `at`.
fn raw_row_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<RawRow> {
    Ok(RawRow {
        id: r.get(at)?,
        game: r.get(at + 1)?,
        options: r.get(at + 2)?,
        seed: r.get(at + 3)?,
        seats: r.get(at + 4)?,
        spectator_token: r.get(at + 5)?,
        created_at: r.get(at + 6)?,
        format: r.get(at + 7)?,
        creator: r.get(at + 8)?,
    })
}

/// The columns of a table as exported after [`ROW_COLUMNS`]: where it
/// stands, its marks.
pub(crate) const EXPORTED_COLUMNS: &str = "turn, waiting, ranks, active_at, COALESCE(visited, 1), \
    COALESCE(public, 0), expired, quarantined";

/// A table without its actions, from a row of [`ROW_COLUMNS`] and
/// [`EXPORTED_COLUMNS`] beginning at column `at`.
pub(crate) fn exported_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Exported> {
    let more = at + 9;
    Ok(Exported {
        row: raw_row_at(r, at)?,
        turn: r.get(more)?,
        waiting: r.get(more + 1)?,
        ranks: r.get(more + 2)?,
        active_at: r.get::<_, Option<i64>>(more + 3)?.unwrap_or_else(now),
        visited: r.get(more + 4)?,
        public: r.get(more + 5)?,
        expired: r.get(more + 6)?,
        quarantined: r.get(more + 7)?,
        actions: Vec::new(),
    })
}

impl RawRow {
    /// The row, or why its JSON cannot be read.
    pub(crate) fn parse(self) -> Result<TableRow, String> {
        let options =
            serde_json::from_str(&self.options).map_err(|e| format!("its options are not JSON: {e}"))?;
        let seats = serde_json::from_str(&self.seats).map_err(|e| format!("its seats are not JSON: {e}"))?;
        Ok(TableRow {
            id: self.id,
            game: self.game,
            options,
            seed: self.seed as u64,
            format: self.format,
            seats,
            spectator_token: self.spectator_token,
            created_at: self.created_at,
            creator: self.creator,
        })
    }
}

use rusqlite::OptionalExtension;

/// A table's actions as stored, `(index, action)` in the order of their
/// index, checked against the table's version and checksum where it has
/// them ([`TableSum`], which in version 2 covers `head` too): the actions,
/// or why the table cannot be read back exactly (a gap in the indexes,
/// fewer or other actions than its version says, a record other than its
/// checksum says).
pub(crate) fn checked_actions(
    stored: Vec<(i64, String)>,
    version: Option<i64>,
    checksum: Option<&str>,
    head: RecordHead<'_>,
) -> Result<Vec<String>, String> {
    if let Some(gap) = stored.iter().enumerate().position(|(i, (idx, _))| *idx != i as i64) {
        return Err(format!("action {gap} is missing (the stored actions skip it)"));
    }
    let list: Vec<String> = stored.into_iter().map(|(_, action)| action).collect();
    match (version, checksum) {
        (Some(version), _) if version != list.len() as i64 => {
            Err(format!("{} actions are stored, but the table has {version}: actions were lost", list.len()))
        }
        (Some(_), Some(text)) if !TableSum::parse(text).is_some_and(|sum| sum.matches(head, &list)) => {
            Err("the stored record (its actions, seed or options) does not match its checksum".into())
        }
        _ => Ok(list),
    }
}

/// A stored table that is not quarantined, with its actions, or `None`.
/// A table that cannot be read back exactly comes back as
/// [`Loaded::Damaged`]: unreadable JSON, a gap in its action numbers, fewer
/// or other actions than its version and checksum say. Nothing is written:
/// a table stored before versions were kept gets them once its replay
/// agrees with its row ([`StoredProgress`]).
pub fn read_table(conn: &rusqlite::Connection, id: &str) -> Result<Option<Loaded>, StoreError> {
    let found = conn
        .prepare_cached(&format!(
            "SELECT {ROW_COLUMNS}, version, checksum, expired, turn, waiting, ranks
             FROM tables WHERE id = ?1 AND quarantined IS NULL"
        ))?
        .query_row([id], |r| {
            let progress =
                StoredProgress { turn: r.get(12)?, waiting: r.get(13)?, ranks: r.get(14)?, stamped: false };
            Ok((
                raw_row(r)?,
                r.get::<_, Option<i64>>(9)?,
                r.get::<_, Option<String>>(10)?,
                r.get::<_, Option<i64>>(11)?,
                progress,
            ))
        })
        .optional()?;
    let Some((raw, version, checksum, expired, progress)) = found else { return Ok(None) };
    let damaged = |reason: String| Ok(Some(Loaded::Damaged { id: id.to_string(), reason }));
    if expired.is_some() {
        return match raw.parse() {
            Ok(row) => Ok(Some(Loaded::Expired(row))),
            Err(reason) => damaged(reason),
        };
    }
    let stored = conn
        .prepare_cached("SELECT idx, action FROM actions WHERE table_id = ?1 ORDER BY idx")?
        .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    let list = match checked_actions(stored, version, checksum.as_deref(), RecordHead::from(&raw)) {
        Ok(list) => list,
        Err(reason) => return damaged(reason),
    };
    let covers_the_record =
        checksum.as_deref().and_then(TableSum::parse).is_some_and(TableSum::covers_the_record);
    let progress = StoredProgress { stamped: version.is_some() && covers_the_record, ..progress };
    match raw.parse() {
        Ok(row) => Ok(Some(Loaded::Table(row, list, progress))),
        Err(reason) => damaged(reason),
    }
}

/// Every table of the database at `path`, or only the quarantined ones,
/// oldest first (`spieltisch admin tables`).
pub fn list_tables(path: &Path, quarantined_only: bool) -> Result<Vec<Listed>, StoreError> {
    list_rows(&existing(path)?, quarantined_only).map_err(|e| e.at(Some(path)))
}

/// [`list_tables`] on an open database. A table's count of actions is its
/// version, so that the list does not read the actions (which may lie on a
/// damaged page); tables stored before versions were kept are counted.
fn list_rows(conn: &rusqlite::Connection, quarantined_only: bool) -> Result<Vec<Listed>, StoreError> {
    let mut query = conn.prepare(
        "SELECT id, game, created_at, quarantined,
                COALESCE(version, (SELECT COUNT(*) FROM actions WHERE table_id = tables.id)), waiting, expired
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
                waiting: r.get(5)?,
                expired: r.get(6)?,
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

/// A stored table with everything written of it, its JSON as stored (a
/// quarantined table's may not parse), as `spieltisch migrate` copies it.
#[derive(Clone, Debug, PartialEq)]
pub struct Exported {
    pub row: RawRow,
    pub turn: Option<String>,
    pub waiting: Option<String>,
    pub ranks: Option<String>,
    pub active_at: i64,
    pub visited: bool,
    pub public: bool,
    pub expired: Option<i64>,
    pub quarantined: Option<String>,
    pub actions: Vec<String>,
}

/// Every table of the database at `path`, oldest first, each handed to
/// `each` with its actions (one table in memory at a time).
pub fn export_tables(
    path: &Path,
    mut each: impl FnMut(Exported) -> Result<(), StoreError>,
) -> Result<usize, StoreError> {
    let conn = existing(path)?;
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM tables ORDER BY created_at, id")?
        .query_map([], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut row =
        conn.prepare(&format!("SELECT {ROW_COLUMNS}, {EXPORTED_COLUMNS} FROM tables WHERE id = ?1"))?;
    let mut actions = conn.prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
    for id in &ids {
        let mut table = row.query_row([id], |r| exported_at(r, 0))?;
        table.actions = actions.query_map([id], |r| r.get(0))?.collect::<Result<_, _>>()?;
        each(table)?;
    }
    Ok(ids.len())
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
type Stored = std::collections::HashMap<String, (usize, TableSum)>;

fn writer(mut conn: rusqlite::Connection, inbox: mpsc::Receiver<Command>, ledger: &Ledger) {
    let mut stored = Stored::new();
    while let Ok(first) = inbox.recv() {
        // A read waits for nobody: it is answered at once.
        let first = match first {
            Command::Read(read) => {
                read(&conn);
                continue;
            }
            Command::Forget(table) => {
                stored.remove(&table);
                continue;
            }
            write => write,
        };
        // Waking this thread costs more than writing one action, so after
        // the first command of a batch it lingers a moment for others, which
        // then share the wake-up and the transaction. Reads that arrive
        // meanwhile are answered after the batch, so they see it.
        std::thread::sleep(LINGER);
        let mut batch = vec![first];
        let mut after = Vec::new();
        while let Ok(more) = inbox.try_recv() {
            match more {
                Command::Read(_) | Command::Forget(_) => after.push(more),
                write => batch.push(write),
            }
            if batch.len() >= 512 {
                break;
            }
        }
        let results = write_batch(&mut conn, &mut stored, &batch);
        let fault = results.iter().find_map(|r| r.as_ref().err().filter(|e| e.is_transient()));
        match fault {
            Some(e) => ledger.failed(e, batch.len()),
            None => ledger.succeeded(),
        }
        ledger.queue.fetch_sub(batch.len(), Ordering::Relaxed);
        for (command, result) in batch.into_iter().zip(results) {
            match command {
                Command::Create(_, _, done)
                | Command::Append { done, .. }
                | Command::Visit { done, .. }
                | Command::Mark { done, .. }
                | Command::Upgrade { done, .. }
                | Command::Seat { done, .. }
                | Command::Quarantine { done, .. } => {
                    let _ = done.send(result.map(|_| ()));
                }
                Command::Expire { done, .. } => {
                    let _ = done.send(result.map(|marked| marked.unwrap_or_default()));
                }
                Command::Read(_) | Command::Forget(_) => {}
            }
        }
        for command in after {
            match command {
                Command::Read(read) => read(&conn),
                Command::Forget(table) => {
                    stored.remove(&table);
                }
                _ => {}
            }
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
) -> Vec<Result<Option<Vec<String>>, StoreError>> {
    let mut counts = Stored::new();
    let together = (|| -> Result<Vec<Option<Vec<String>>>, StoreError> {
        let tx = conn.transaction()?;
        let mut answers = Vec::with_capacity(batch.len());
        for command in batch {
            answers.push(write_one(&tx, stored, &mut counts, command)?);
        }
        tx.commit()?;
        Ok(answers)
    })();
    match together {
        Ok(answers) => {
            stored.extend(counts);
            return answers.into_iter().map(Ok).collect();
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
            let answer = write_one(&tx, stored, &mut counts, command)?;
            tx.commit()?;
            stored.extend(counts);
            Ok(answer)
        })
        .collect()
}

/// Whether a failed write is the command's own fault, so that the other
/// commands of its batch may still succeed without it.
fn is_wrong_in_itself(e: &StoreError) -> bool {
    match e {
        // A damaged page fails the commands that touch it, not the others.
        _ if e.is_damage() => true,
        StoreError::OutOfOrder { .. } | StoreError::Json(_) | StoreError::Missing(_) => true,
        StoreError::Sqlite(rusqlite::Error::SqliteFailure(f, _)) => {
            f.code == rusqlite::ErrorCode::ConstraintViolation
        }
        _ => false,
    }
}

/// Writes one command; `counts` collects the new action counts of the
/// tables written (committed to `stored` by the caller). An expiry answers
/// with the tables it marked.
fn write_one(
    conn: &rusqlite::Connection,
    stored: &Stored,
    counts: &mut Stored,
    command: &Command,
) -> Result<Option<Vec<String>>, StoreError> {
    match command {
        Command::Create(row, progress, _) => {
            let options = row.options.to_string();
            let head = RecordHead { game: &row.game, format: row.format, seed: row.seed, options: &options };
            conn.prepare_cached(
                "INSERT INTO tables (id, game, options, seed, seats, spectator_token, created_at, format, creator,
                                     version, checksum, turn, waiting, active_at, visited, public)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0, ?10, ?11, ?12, ?7, 0, ?13)",
            )?
            .execute(rusqlite::params![
                row.id,
                row.game,
                options,
                row.seed as i64,
                row.seats.to_string(),
                row.spectator_token,
                row.created_at,
                row.format,
                row.creator,
                TableSum::start(head).text(),
                turn_json(progress.turn),
                progress.waiting.word(),
                row.seats["public"].as_bool().unwrap_or(false),
            ])?;
            counts.insert(row.id.clone(), (0, TableSum::start(head)));
        }
        Command::Mark { table, progress, .. } => {
            conn.prepare_cached("UPDATE tables SET turn = ?2, waiting = ?3, ranks = ?4 WHERE id = ?1")?
                .execute(rusqlite::params![
                    table,
                    turn_json(progress.turn),
                    progress.waiting.word(),
                    ranks_json(progress)
                ])?;
        }
        Command::Seat { table, seats, .. } => {
            conn.prepare_cached("UPDATE tables SET seats = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, seats.to_string()])?;
        }
        Command::Visit { table, at, .. } => {
            conn.prepare_cached("UPDATE tables SET visited = 1, active_at = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, at])?;
        }
        Command::Expire { tables, at, .. } => {
            let mut mark = conn.prepare_cached(
                "UPDATE tables SET expired = ?2
                 WHERE id = ?1 AND quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'",
            )?;
            let mut marked = Vec::new();
            for table in tables {
                if mark.execute(rusqlite::params![table, at])? > 0 {
                    marked.push(table.clone());
                }
            }
            return Ok(Some(marked));
        }
        Command::Read(_) | Command::Forget(_) => {}
        Command::Quarantine { table, reason, .. } => {
            conn.prepare_cached("UPDATE tables SET quarantined = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![table, reason])?;
            counts.remove(table);
        }
        Command::Upgrade { table, record, .. } => {
            let options = record.options.to_string();
            // The checksum covers the game and seed as stored, which an
            // upgrade does not change.
            let (game, seed): (String, i64) = conn
                .prepare_cached(
                    "UPDATE tables SET options = ?2, format = ?3 WHERE id = ?1 RETURNING game, seed",
                )?
                .query_row(rusqlite::params![table, options, record.format], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?
                .ok_or_else(|| StoreError::Missing(table.clone()))?;
            conn.prepare_cached("DELETE FROM actions WHERE table_id = ?1")?.execute([table])?;
            let mut insert =
                conn.prepare_cached("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in record.actions.iter().enumerate() {
                insert.execute(rusqlite::params![table, i as i64, action])?;
            }
            let head =
                RecordHead { game: &game, format: record.format, seed: seed as u64, options: &options };
            let sum = TableSum::of(head, &record.actions);
            stamp(conn, table, record.actions.len(), sum)?;
            counts.insert(table.clone(), (record.actions.len(), sum));
        }
        Command::Append { table, first_index, actions, progress, .. } => {
            let (count, sum) = match counts.get(table).or_else(|| stored.get(table)) {
                Some(&known) => known,
                None => {
                    let raw = conn
                        .prepare_cached(&format!("SELECT {ROW_COLUMNS} FROM tables WHERE id = ?1"))?
                        .query_row([table], raw_row)
                        .optional()?
                        .ok_or_else(|| StoreError::Missing(table.clone()))?;
                    let mut read =
                        conn.prepare_cached("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
                    let list =
                        read.query_map([table], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
                    (list.len(), TableSum::of(RecordHead::from(&raw), &list))
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
            conn.prepare_cached(
                "UPDATE tables SET turn = ?2, waiting = ?3, active_at = ?4, ranks = ?5 WHERE id = ?1",
            )?
            .execute(rusqlite::params![
                table,
                turn_json(progress.turn),
                progress.waiting.word(),
                now(),
                ranks_json(progress)
            ])?;
            counts.insert(table.clone(), (first_index + actions.len(), sum));
        }
    }
    Ok(None)
}

pub(crate) fn turn_json(turn: spieltisch_core::Turn) -> String {
    serde_json::to_string(&turn).unwrap_or_default()
}

pub(crate) fn ranks_json(progress: &Progress) -> Option<String> {
    progress.ranks.as_ref().map(|ranks| serde_json::to_string(ranks).unwrap_or_default())
}

/// Writes a table's version and checksum, in the transaction that changed
/// its actions.
fn stamp(conn: &rusqlite::Connection, table: &str, version: usize, sum: TableSum) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE tables SET version = ?2, checksum = ?3 WHERE id = ?1")?
        .execute(rusqlite::params![table, version as i64, sum.text()])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Loaded {
        /// The table, for tests that expect it to be sound.
        fn sound(&self) -> (&TableRow, &Vec<String>) {
            match self {
                Loaded::Table(row, actions, _) => (row, actions),
                Loaded::Damaged { id, reason } => panic!("{id} damaged: {reason}"),
                Loaded::Expired(row) => panic!("{} expired", row.id),
            }
        }
    }

    const PLAYING: Progress =
        Progress { turn: spieltisch_core::Turn::Seat(0), waiting: Waiting::People, ranks: None };

    /// A table as a new store on `path` reads it back.
    async fn reopened(path: &Path, id: &str) -> Option<Loaded> {
        Store::open(Some(path)).unwrap().load(id).await.unwrap()
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
            store.create(row(id), PLAYING).await.unwrap();
        }
        let lock = rusqlite::Connection::open(&path).unwrap();
        lock.execute_batch("BEGIN IMMEDIATE").unwrap();
        // Sent together, they share one transaction: it waits out the busy
        // timeout once, not once per command.
        let started = std::time::Instant::now();
        let (a, b, c, d) = tokio::join!(
            store.append("a", 0, vec!["x".into()], PLAYING),
            store.append("b", 0, vec!["x".into()], PLAYING),
            store.append("c", 0, vec!["x".into()], PLAYING),
            store.append("d", 0, vec!["x".into()], PLAYING),
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
        store.append("a", 0, vec!["x".into()], PLAYING).await.unwrap();
        assert!(!store.health().failing);
        // The creator is stored with the table.
        let stored = reopened(&path, "a").await.unwrap();
        assert_eq!(stored.sound().0.creator.as_deref(), Some("192.0.2.1"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn an_older_database_gets_the_creator_column() {
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
        let store = Store::open(Some(&path)).unwrap();
        let stored = store.load("old").await.unwrap().unwrap();
        assert_eq!(stored.sound().0.creator, None, "a table stored before creators were kept");
        // Nobody knows who it waits for: it counts as unfinished and is
        // resumed on start; it is not due to expire for want of visits, nor
        // for having been made in 1970: it is active as of today.
        assert_eq!(store.unfinished().unwrap(), [("old".to_string(), None, true)]);
        assert!(store.expiring(i64::MAX, 0, 10).await.unwrap().is_empty());
        assert!(store.expiring(0, now() - 60, 10).await.unwrap().is_empty());
        assert_eq!(store.expiring(0, now() + 60, 10).await.unwrap(), ["old"], "idle from today on");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn appends_are_kept_in_order_and_a_bad_one_fails_alone() {
        let dir = std::env::temp_dir().join(format!("spieltisch-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("games.db");
        let store = Store::open(Some(&path)).unwrap();
        store.create(row("a"), PLAYING).await.unwrap();
        store.append("a", 0, vec!["x".into(), "y".into()], PLAYING).await.unwrap();
        // Sent together: one out of order, one right; only the bad one fails.
        let (bad, good) = tokio::join!(
            store.append("a", 5, vec!["z".into()], PLAYING),
            store.append("a", 2, vec!["w".into()], PLAYING)
        );
        assert!(matches!(bad, Err(StoreError::OutOfOrder { index: 5, stored: 2, .. })), "{bad:?}");
        good.unwrap();
        assert!(store.create(row("a"), PLAYING).await.is_err(), "a table id is unique");
        let stored = reopened(&path, "a").await.unwrap();
        assert_eq!(stored.sound().1, &["x", "y", "w"]);
        assert_eq!(stored.sound().0, &row("a"));
        assert!(reopened(&path, "b").await.is_none(), "no such table");
    }
}

#[cfg(test)]
mod migration_tests {
    use super::*;

    /// The columns each build before versioned migrations added to
    /// `tables`, oldest first; the first build made only the first columns.
    const EARLIER_BUILDS: &[(&str, &[&str])] = &[
        ("the first build", &[]),
        ("record formats", &["format INTEGER NOT NULL DEFAULT 1"]),
        ("creators", &["creator TEXT"]),
        ("checksums", &["version INTEGER", "checksum TEXT", "quarantined TEXT"]),
        (
            "tables loaded on demand",
            &["turn TEXT", "waiting TEXT", "active_at INTEGER", "visited INTEGER", "expired INTEGER"],
        ),
        ("people", &["public INTEGER", "ranks TEXT"]),
    ];

    /// A fresh folder for one test's database.
    fn database_in(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("spieltisch-migrate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("games.db")
    }

    /// A database as build `build` of [`EARLIER_BUILDS`] left it, holding
    /// one table, `old`, with two actions (and, from the build that kept
    /// them, its version and checksum, and when it was last active).
    fn earlier_database(path: &Path, build: usize) {
        let conn = rusqlite::Connection::open(path).unwrap();
        conn.execute_batch(
            "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
                 seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
                 created_at INTEGER NOT NULL);
             CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
                 action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
             INSERT INTO tables VALUES ('old', 'six', '{\"move_limit\": 20}', 7, '{\"seats\": []}', 'watch', 5);
             INSERT INTO actions VALUES ('old', 0, 'a'), ('old', 1, 'b');",
        )
        .unwrap();
        for (_, columns) in &EARLIER_BUILDS[..=build] {
            for column in *columns {
                conn.execute_batch(&format!("ALTER TABLE tables ADD COLUMN {column}")).unwrap();
            }
        }
        let has = |column: &str| columns_of(&conn, "tables").unwrap().iter().any(|c| c == column);
        if has("checksum") {
            let sum = Checksum::of(&["a".to_string(), "b".to_string()]);
            conn.execute("UPDATE tables SET version = 2, checksum = ?1", [sum.hex()]).unwrap();
        }
        if has("active_at") {
            conn.execute_batch(
                "UPDATE tables SET waiting = 'people', active_at = 123, visited = 1;
                 CREATE INDEX unfinished ON tables (created_at)
                 WHERE quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'",
            )
            .unwrap();
        }
        if has("public") {
            conn.execute_batch("CREATE INDEX public_tables ON tables (created_at) WHERE public = 1").unwrap();
        }
    }

    /// Everything a database holds, schema and rows, as text.
    fn everything(path: &Path) -> Vec<String> {
        let conn = rusqlite::Connection::open(path).unwrap();
        let mut out = Vec::new();
        let mut dump = |sql: &str| {
            let mut query = conn.prepare(sql).unwrap();
            let width = query.column_count();
            let rows = query
                .query_map([], |r| {
                    (0..width).map(|i| r.get::<_, rusqlite::types::Value>(i)).collect::<Result<Vec<_>, _>>()
                })
                .unwrap();
            out.extend(rows.map(|row| format!("{:?}", row.unwrap())));
        };
        dump("SELECT type, name, sql FROM sqlite_master ORDER BY name");
        dump("SELECT * FROM tables ORDER BY id");
        dump("SELECT * FROM actions ORDER BY table_id, idx");
        dump("SELECT * FROM schema_migrations ORDER BY version");
        out
    }

    fn index_names(conn: &rusqlite::Connection) -> Vec<String> {
        let mut query = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
            .unwrap();
        query.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
    }

    #[tokio::test]
    async fn every_earlier_shape_migrates_to_the_latest_keeping_its_table() {
        let new = connect(None).unwrap();
        let (new_columns, new_indexes) = (columns_of(&new, "tables").unwrap(), index_names(&new));
        assert_eq!(schema_version(&new).unwrap(), SCHEMA_VERSION);
        for (build, (name, _)) in EARLIER_BUILDS.iter().enumerate() {
            let path = database_in(&format!("shape{build}"));
            earlier_database(&path, build);
            let conn = connect(Some(&path)).unwrap();
            assert_eq!(schema_version(&conn).unwrap(), SCHEMA_VERSION, "{name}");
            assert_eq!(columns_of(&conn, "tables").unwrap(), new_columns, "{name}: the columns, in order");
            assert_eq!(index_names(&conn), new_indexes, "{name}");
            let active_at: i64 = conn.query_row("SELECT active_at FROM tables", [], |r| r.get(0)).unwrap();
            if EARLIER_BUILDS[..=build].iter().any(|(_, columns)| columns.contains(&"active_at INTEGER")) {
                assert_eq!(active_at, 123, "{name}: its own activity is kept");
            } else {
                assert!(active_at > now() - 60, "{name}: active from today on, not from 1970");
            }
            drop(conn);
            let store = Store::open(Some(&path)).unwrap();
            match store.load("old").await.unwrap() {
                Some(Loaded::Table(row, actions, _)) => {
                    assert_eq!(actions, ["a", "b"], "{name}");
                    assert_eq!(
                        (row.game.as_str(), row.seed, row.format, row.created_at, row.creator),
                        ("six", 7, 1, 5, None),
                        "{name}"
                    );
                    assert_eq!(row.options, serde_json::json!({"move_limit": 20}), "{name}");
                    assert_eq!(row.spectator_token, "watch", "{name}");
                }
                other => panic!("{name}: {other:?}"),
            }
            let _ = std::fs::remove_dir_all(path.parent().unwrap());
        }
    }

    #[test]
    fn opening_a_migrated_database_again_changes_nothing() {
        for build in [0, EARLIER_BUILDS.len() - 1] {
            let path = database_in(&format!("twice{build}"));
            earlier_database(&path, build);
            drop(connect(Some(&path)).unwrap());
            let once = everything(&path);
            assert!(once.iter().any(|line| line.contains("baseline")), "{once:?}");
            // A second second: a step run again would record another time.
            std::thread::sleep(Duration::from_millis(1100));
            drop(connect(Some(&path)).unwrap());
            assert_eq!(everything(&path), once, "opened twice");
            let _ = std::fs::remove_dir_all(path.parent().unwrap());
        }
    }

    #[test]
    fn a_database_of_a_newer_build_is_refused_untouched() {
        let path = database_in("newer");
        drop(connect(Some(&path)).unwrap());
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute(
                "INSERT INTO schema_migrations VALUES (?1, 'a step of a newer build', 0)",
                [SCHEMA_VERSION as i64 + 1],
            )
            .unwrap();
        let before = std::fs::read(&path).unwrap();
        let refused = Store::open(Some(&path)).unwrap_err();
        assert!(
            matches!(refused, StoreError::Newer { found, known } if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION),
            "{refused}"
        );
        assert!(refused.to_string().contains("newer build"), "{refused}");
        assert!(matches!(list_tables(&path, false), Err(StoreError::Newer { .. })), "admin too");
        assert_eq!(std::fs::read(&path).unwrap(), before, "untouched");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn a_database_whose_steps_are_not_ours_is_refused() {
        let path = database_in("other-steps");
        drop(connect(Some(&path)).unwrap());
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute("UPDATE schema_migrations SET name = 'another line of builds' WHERE version = 1", [])
            .unwrap();
        let refused = Store::open(Some(&path)).unwrap_err();
        assert!(
            matches!(&refused, StoreError::Unrecognised(why) if why.contains("another line")),
            "{refused}"
        );
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }

    #[test]
    fn another_programs_database_is_refused_and_left_as_it_was() {
        let path = database_in("foreign");
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch("CREATE TABLE tables (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO tables VALUES (1, 'x');")
            .unwrap();
        let refused = Store::open(Some(&path)).unwrap_err();
        assert!(matches!(&refused, StoreError::Unrecognised(why) if why.contains("game")), "{refused}");
        let conn = rusqlite::Connection::open(&path).unwrap();
        assert_eq!(columns_of(&conn, "tables").unwrap(), ["id", "name"], "no column added");
        assert!(columns_of(&conn, "schema_migrations").unwrap().is_empty(), "nothing recorded");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
