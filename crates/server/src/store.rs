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

use serde::{Deserialize, Serialize};
use spieltisch_core::Record;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
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
}

enum Command {
    Create(TableRow, oneshot::Sender<Result<(), StoreError>>),
    Append {
        table: String,
        first_index: usize,
        actions: Vec<String>,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
    /// Replaces a table's record by the same game in today's format.
    Upgrade {
        table: String,
        record: Record,
        done: oneshot::Sender<Result<(), StoreError>>,
    },
}

/// A handle to the database writer; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    commands: mpsc::Sender<Command>,
    path: Option<PathBuf>,
}

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
        format INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, idx)
    ) WITHOUT ROWID;
";

/// Adds the columns that databases written by older builds lack. Tables
/// stored before records had a format are format 1.
fn add_missing_columns(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    let has_format =
        conn.prepare("SELECT 1 FROM pragma_table_info('tables') WHERE name = 'format'")?.exists([])?;
    if !has_format {
        conn.execute_batch("ALTER TABLE tables ADD COLUMN format INTEGER NOT NULL DEFAULT 1")?;
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
        if let Some(dir) = path.and_then(Path::parent).filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Open { path: dir.to_path_buf(), reason: e.to_string() })?;
        }
        let conn = connect(path)?;
        let (commands, inbox) = mpsc::channel();
        std::thread::Builder::new().name("spieltisch-db".into()).spawn(move || writer(conn, inbox)).map_err(
            |e| StoreError::Open {
                path: path.map(Path::to_path_buf).unwrap_or_default(),
                reason: e.to_string(),
            },
        )?;
        Ok(Store { commands, path: path.map(Path::to_path_buf) })
    }

    /// Stores a new table.
    pub async fn create(&self, row: TableRow) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.commands.send(Command::Create(row, done)).map_err(|_| StoreError::Closed)?;
        wait.await.map_err(|_| StoreError::Closed)?
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
        self.commands
            .send(Command::Append { table: table.to_string(), first_index, actions, done })
            .map_err(|_| StoreError::Closed)?;
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// Replaces a stored table's options, format and actions by `record`,
    /// the same game in today's format ([`Record::upgraded`]), in one
    /// transaction.
    pub async fn upgrade(&self, table: &str, record: Record) -> Result<(), StoreError> {
        let (done, wait) = oneshot::channel();
        self.commands
            .send(Command::Upgrade { table: table.to_string(), record, done })
            .map_err(|_| StoreError::Closed)?;
        wait.await.map_err(|_| StoreError::Closed)?
    }

    /// Every stored table with its actions, oldest first (read on start).
    pub fn load_all(&self) -> Result<Vec<(TableRow, Vec<String>)>, StoreError> {
        let Some(path) = &self.path else { return Ok(Vec::new()) };
        let conn = connect(Some(path))?;
        let mut tables = conn.prepare(
            "SELECT id, game, options, seed, seats, spectator_token, created_at, format FROM tables ORDER BY created_at, id",
        )?;
        let rows = tables
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, u32>(7)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut actions = conn.prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, game, options, seed, seats, spectator_token, created_at, format) in rows {
            let list = actions.query_map([&id], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>()?;
            let row = TableRow {
                id,
                game,
                options: serde_json::from_str(&options)?,
                seed: seed as u64,
                format,
                seats: serde_json::from_str(&seats)?,
                spectator_token,
                created_at,
            };
            out.push((row, list));
        }
        Ok(out)
    }
}

/// How long the writer waits for more commands after the first of a batch:
/// a small part of the time people or bots take to answer.
const LINGER: std::time::Duration = std::time::Duration::from_micros(500);

/// How many actions each table has stored, as far as the writer knows:
/// read from the database the first time a table is appended to, then kept
/// up to date, so an append needs no query to check its place.
type Stored = std::collections::HashMap<String, usize>;

fn writer(mut conn: rusqlite::Connection, inbox: mpsc::Receiver<Command>) {
    let mut stored = Stored::new();
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
        for (command, result) in batch.into_iter().zip(results) {
            let done = match command {
                Command::Create(_, done) | Command::Append { done, .. } | Command::Upgrade { done, .. } => {
                    done
                }
            };
            let _ = done.send(result);
        }
    }
}

/// Writes a batch in one transaction. If any command fails, the batch is
/// rolled back and each command is written in a transaction of its own, so a
/// bad command fails alone and the others still commit.
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
    if together.is_ok() {
        stored.extend(counts);
        return batch.iter().map(|_| Ok(())).collect();
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
                "INSERT INTO tables (id, game, options, seed, seats, spectator_token, created_at, format)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?
            .execute(rusqlite::params![
                row.id,
                row.game,
                row.options.to_string(),
                row.seed as i64,
                row.seats.to_string(),
                row.spectator_token,
                row.created_at,
                row.format
            ])?;
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
            counts.insert(table.clone(), record.actions.len());
        }
        Command::Append { table, first_index, actions, .. } => {
            let count = match counts.get(table).or_else(|| stored.get(table)) {
                Some(&count) => count,
                None => {
                    let count: i64 = conn
                        .prepare_cached("SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE table_id = ?1")?
                        .query_row([table], |r| r.get(0))?;
                    count as usize
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
            counts.insert(table.clone(), first_index + actions.len());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(stored[0].1, ["x", "y", "w"]);
        assert_eq!(stored[0].0, row("a"));
    }
}
