//! The SQLite engine's schema: the pragmas every connection sets, the
//! steps of its schema and how opening a database runs those it lacks,
//! and the refusal of a file this build cannot use. Apart from the engine
//! because it is read only when a connection is opened.
//!
//! # The schema
//!
//! The schema is an ordered list of named steps (`MIGRATIONS`), run by
//! the rules PostgreSQL's are run by too (`storage/migrations.rs`); a
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

use crate::storage::contract::EmptyFile;
use crate::storage::error::StoreError;
use crate::storage::migrations::{HISTORY, Migration, due, version_of};
use crate::storage::rows::now;
use std::path::Path;

/// Per connection: not part of the schema, so set on every open.
const PRAGMAS: &str = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;";

/// What a step of SQLite's schema runs, on the migration's transaction.
type Step = fn(&rusqlite::Connection) -> Result<(), StoreError>;

/// Every step of the schema, oldest first; step `i` brings a database to
/// version `i + 1`. Steps are only ever appended: a released step never
/// changes, since databases out there have run it.
const MIGRATIONS: &[Migration<Step>] = &[Migration { name: "baseline", step: baseline }];

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
pub(super) fn columns_of(conn: &rusqlite::Connection, table: &str) -> Result<Vec<String>, StoreError> {
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
/// its actions ([`crate::storage::Checksum`]), written in the transaction that appends
/// them, so that a table whose actions were lost or changed is found when it
/// is read back; and, once found damaged, why (`quarantined`): it is kept,
/// never served, and only `spieltisch admin purge` deletes it.
fn add_missing_columns(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    let present = columns_of(conn, "tables")?;
    for column in [
        "format INTEGER NOT NULL DEFAULT 1",
        "creator TEXT",
        // Tables stored before these were kept have no version and checksum
        // until they are next read (see [`super::read_table`]).
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
        // Listed in the lobby ([`super::Store::public_tables`]); older tables are not.
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
pub(super) fn schema_version(conn: &rusqlite::Connection) -> Result<usize, StoreError> {
    if columns_of(conn, "schema_migrations")?.is_empty() {
        return Ok(0);
    }
    let mut query = conn.prepare(HISTORY)?;
    let applied = query
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    version_of(MIGRATIONS, &applied)
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
    for (version, step) in due(MIGRATIONS, done) {
        (step.step)(&tx)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?1, ?2, ?3)",
            rusqlite::params![version, step.name, now()],
        )?;
    }
    tx.commit()?;
    Ok(())
}

pub(super) fn connect(path: Option<&Path>) -> Result<rusqlite::Connection, StoreError> {
    connect_as(path, EmptyFile::Refuse)
}

/// [`connect`], with what to do with a file that holds nothing.
pub(super) fn connect_as(path: Option<&Path>, empty: EmptyFile) -> Result<rusqlite::Connection, StoreError> {
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
