//! Reading a damaged SQLite database of spieltisch table by table, for
//! `spieltisch admin check` and `spieltisch admin salvage`.
//!
//! SQLite's `.recover` (which reads a file page by page) is not part of the
//! library rusqlite bundles, so this reads what SQLite's own b-trees still
//! reach, and loses only what lies on a damaged page:
//!
//! - It works on a copy of the file (and of its write-ahead log), so the
//!   damaged file is never written, not even to a lock or a log. A copy
//!   whose first 16 bytes are not SQLite's header string gets them back:
//!   they are the same in every SQLite file. A file shorter than its
//!   header says (truncated) is read as far as it goes.
//! - The table rows are walked in the order of their row ids; where a page
//!   cannot be read, the walk skips ahead (1, 2, 4, ... row ids further)
//!   until it finds rows again. The index of table ids and the list of
//!   tables with actions name tables the walk missed; each of those is
//!   looked up by its id.
//! - Each table's actions are read by its id: a damaged page loses the
//!   tables whose actions lie on it, not the others. Where the b-tree of
//!   the actions does not reach a table's actions (its root or an interior
//!   page damaged), they are read page by page ([`leaves`]) and kept if
//!   they verify against the table's version and checksum.
//!
//! Every table found is judged like a server loading it judges it: its
//! actions against its version and checksum, its JSON, its replay, and
//! where its replay stands against where its row says it stands
//! ([`crate::storage::StoredProgress`]).

use super::read::exported_at;
use super::schema::{columns_of, connect};
use crate::storage::checks::checked_actions;
use crate::storage::error::StoreError;
use crate::storage::progress::Progress;
use crate::storage::rows::{Exported, TableRow};
use crate::storage::stored_progress::StoredProgress;
use crate::storage::table_sum::{RecordHead, TableSum};
use crate::table::{Seating, progress_of};

mod leaves;
use serde::Serialize;
use spieltisch_core::Record;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How the reason begins with which a server quarantines a table whose
/// rows or actions lie on a page it cannot read.
pub const UNREADABLE: &str = "its rows cannot be read";

/// What became of one stored table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// It reads back exactly, and its replay stands where its row says.
    Sound,
    /// It reads back, but cannot be resumed exactly (or a server found so
    /// before): kept out of service, with why.
    Quarantined { reason: String },
    /// It cannot be read: its row or its actions lie on a damaged page, or
    /// its actions are stored without its row.
    Lost { reason: String },
}

/// One stored table and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub id: String,
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// What examining a database found besides its tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Examined {
    /// SQLite's own check of the file (`PRAGMA quick_check`, at most 16
    /// problems): damaged pages and indexes.
    pub pages: Vec<String>,
    /// What could not be read beyond single tables (a range of rows, the
    /// header), in words.
    pub notes: Vec<String>,
    /// Every table found, oldest first (tables whose rows are lost last).
    pub findings: Vec<Finding>,
}

impl Examined {
    /// Whether nothing at all is wrong.
    pub fn is_sound(&self) -> bool {
        self.pages.is_empty()
            && self.notes.is_empty()
            && self.findings.iter().all(|f| f.verdict == Verdict::Sound)
    }
}

/// SQLite's header string, the first 16 bytes of every database file.
const HEADER: &[u8; 16] = b"SQLite format 3\0";

/// Examines the database at `path` on a copy made in the folder `scratch`
/// (removed afterwards), handing each table found to `each` with what was
/// read of it (`None` for a lost table). The file at `path` is only read.
/// Refuses a file that is empty, or that holds no spieltisch tables.
pub fn examine(
    path: &Path,
    scratch: &Path,
    mut each: impl FnMut(&Finding, Option<Exported>) -> Result<(), StoreError>,
) -> Result<Examined, StoreError> {
    let opened = |reason: String| StoreError::Open { path: path.to_path_buf(), reason };
    let size = std::fs::metadata(path).map_err(|e| opened(e.to_string()))?.len();
    if size == 0 {
        return Err(StoreError::Empty { path: path.to_path_buf() });
    }
    std::fs::create_dir_all(scratch)
        .map_err(|e| opened(format!("cannot make {}: {e}", scratch.display())))?;
    let copy = scratch.join("examined.db");
    let mut examined = Examined::default();
    let result = copy_of(path, &copy, &mut examined.notes).and_then(|()| {
        let conn = rusqlite::Connection::open(&copy)?;
        // Lets SQLite read a file shorter than its header says (truncated),
        // as far as it goes, instead of refusing it whole. Only the copy is
        // opened so.
        conn.execute_batch("PRAGMA writable_schema = ON")?;
        // The log's pages go into the copy, where the page-by-page reading
        // of the actions finds them; a log that cannot be folded in is
        // still read through SQLite.
        let _ = conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)");
        read_all(&conn, &copy, &mut examined, &mut each)
    });
    let _ = std::fs::remove_dir_all(scratch);
    result.map_err(|e| match e {
        e if e.is_damage() => StoreError::Unrecognised(format!(
            "SQLite cannot read even its list of tables ({e}): nothing in it can be read table by table"
        )),
        e => e,
    })?;
    Ok(examined)
}

/// Copies the database at `from` (with its write-ahead log) to `to`, its
/// header string repaired.
fn copy_of(from: &Path, to: &Path, notes: &mut Vec<String>) -> Result<(), StoreError> {
    let failed = |e: std::io::Error| StoreError::Open { path: from.to_path_buf(), reason: e.to_string() };
    std::fs::copy(from, to).map_err(failed)?;
    let log = |p: &Path| PathBuf::from(format!("{}-wal", p.display()));
    if log(from).is_file() {
        std::fs::copy(log(from), log(to)).map_err(failed)?;
    }
    // Only the header is read and written: the file may be large.
    use std::io::{Read, Seek, Write};
    let mut copy = std::fs::OpenOptions::new().read(true).write(true).open(to).map_err(failed)?;
    let mut header = [0u8; HEADER.len()];
    let whole = copy.read_exact(&mut header).is_ok();
    if whole && &header != HEADER {
        copy.rewind().and_then(|()| copy.write_all(HEADER)).map_err(failed)?;
        notes
            .push("the file's first 16 bytes were not SQLite's header: read with the header repaired".into());
    }
    Ok(())
}

/// The columns read of a table row, in this order; a column that an older
/// build did not write is read as what that build meant.
const READ: [(&str, &str); 19] = [
    ("id", "NULL"),
    ("game", "NULL"),
    ("options", "NULL"),
    ("seed", "NULL"),
    ("seats", "NULL"),
    ("spectator_token", "NULL"),
    ("created_at", "NULL"),
    ("format", "1"),
    ("creator", "NULL"),
    ("turn", "NULL"),
    ("waiting", "NULL"),
    ("ranks", "NULL"),
    ("active_at", "NULL"),
    ("visited", "1"),
    ("public", "0"),
    ("expired", "NULL"),
    ("quarantined", "NULL"),
    ("version", "NULL"),
    ("checksum", "NULL"),
];

/// A table row as read, before its actions.
struct Row {
    table: Exported,
    version: Option<i64>,
    checksum: Option<String>,
}

fn row_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    // Column 0 is the row id; the columns of `READ` follow.
    Ok(Row { table: exported_at(r, 1)?, version: r.get(18)?, checksum: r.get(19)? })
}

/// Reads every table the b-trees of `conn` (a connection to the file
/// `copy`) still reach, and the actions its pages hold where the
/// b-tree of the actions does not reach them.
fn read_all(
    conn: &rusqlite::Connection,
    copy: &Path,
    examined: &mut Examined,
    each: &mut impl FnMut(&Finding, Option<Exported>) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let present = columns_of(conn, "tables")?;
    if present.is_empty() {
        return Err(StoreError::Unrecognised("it holds no spieltisch tables".into()));
    }
    let columns: Vec<String> = READ
        .iter()
        .map(|(name, otherwise)| match present.iter().any(|p| p == name) {
            true if *otherwise == "NULL" => (*name).to_string(),
            true => format!("COALESCE({name}, {otherwise})"),
            false => (*otherwise).to_string(),
        })
        .collect();
    let columns = columns.join(", ");
    examined.pages = quick_check(conn);
    let mut rows = BTreeMap::new();
    let mut lost = BTreeMap::new();
    walk_rows(conn, &columns, &mut rows, &mut lost, &mut examined.notes);
    let mut named = Vec::new();
    named_by(conn, "SELECT id FROM tables INDEXED BY sqlite_autoindex_tables_1 ORDER BY id", &mut named);
    named_by(conn, "SELECT DISTINCT table_id FROM actions ORDER BY table_id", &mut named);
    let mut by_id = conn.prepare(&format!("SELECT rowid, {columns} FROM tables WHERE id = ?1"))?;
    let mut known: std::collections::HashSet<String> =
        rows.values().map(|row| row.table.row.id.clone()).collect();
    for id in named {
        if known.contains(&id) || lost.contains_key(&id) {
            continue;
        }
        known.insert(id.clone());
        let reason = match by_id.query_row([&id], |r| Ok((r.get::<_, i64>(0)?, row_of(r)?))) {
            Ok((rowid, row)) => {
                rows.insert(rowid, row);
                continue;
            }
            Err(rusqlite::Error::QueryReturnedNoRows) => {
                "its actions are stored, but no row of its table (orphaned actions)".to_string()
            }
            Err(e) => format!("its row lies on a damaged page ({e})"),
        };
        lost.insert(id, reason);
    }
    let mut rows: Vec<Row> = rows.into_values().collect();
    rows.sort_by(|a, b| {
        (a.table.row.created_at, &a.table.row.id).cmp(&(b.table.row.created_at, &b.table.row.id))
    });
    let mut read_actions =
        conn.prepare("SELECT idx, action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
    let mut on_leaves: Option<leaves::Found> = None;
    let mut from_leaves = 0;
    for row in rows {
        let id = row.table.row.id.clone();
        let stored = read_actions
            .query_map([&id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .or_else(|unreachable| {
                let found =
                    on_leaves.get_or_insert_with(|| leaves::scan(&std::fs::read(copy).unwrap_or_default()));
                match leaves::actions_of(found, &id) {
                    Some(stored) if verifies(&row, &stored) => {
                        from_leaves += 1;
                        Ok(stored)
                    }
                    _ => Err(unreachable),
                }
            });
        let (finding, table) = match stored {
            Err(e) => (Verdict::Lost { reason: format!("its actions lie on a damaged page ({e})") }, None),
            Ok(stored) => judge(row, stored),
        };
        let finding = Finding { id, verdict: finding };
        each(&finding, table)?;
        examined.findings.push(finding);
    }
    if from_leaves > 0 {
        examined.notes.push(format!(
            "the actions of {from_leaves} tables were read page by page where their b-tree no longer reaches them, each verified by its version and checksum"
        ));
    }
    for (id, reason) in lost {
        let finding = Finding { id, verdict: Verdict::Lost { reason } };
        each(&finding, None)?;
        examined.findings.push(finding);
    }
    Ok(())
}

/// Whether actions found page by page are exactly a table's: its row has
/// a version and a checksum, and they agree with them.
fn verifies(row: &Row, stored: &[(i64, String)]) -> bool {
    let (Some(version), Some(checksum)) = (row.version, row.checksum.as_deref()) else { return false };
    checked_actions(stored.to_vec(), Some(version), Some(checksum), (&row.table.row).into()).is_ok()
}

/// What becomes of a table whose row and actions were read: sound, or
/// quarantined with why (a table a server quarantined stays so).
fn judge(row: Row, stored: Vec<(i64, String)>) -> (Verdict, Option<Exported>) {
    let Row { mut table, version, checksum } = row;
    let verdict = match checked_actions(stored.clone(), version, checksum.as_deref(), (&table.row).into()) {
        Err(reason) => Err(reason),
        Ok(actions) => {
            table.actions = actions;
            match &table.quarantined {
                // A server quarantines a table whose pages it cannot read;
                // one that reads back exactly now is judged afresh.
                Some(reason) if !reason.starts_with(UNREADABLE) => Err(reason.clone()),
                _ => replays_as_stored(&table),
            }
        }
    };
    if table.actions.is_empty() {
        // A table whose actions do not check is copied as they are stored.
        table.actions = stored.into_iter().map(|(_, action)| action).collect();
    }
    match verdict {
        Ok(()) => (Verdict::Sound, Some(Exported { quarantined: None, ..table })),
        Err(reason) => {
            table.quarantined = Some(reason.clone());
            (Verdict::Quarantined { reason }, Some(table))
        }
    }
}

/// Whether a table's record replays, and its replay stands where its row
/// says it does; an expired table's replay too.
fn replays_as_stored(table: &Exported) -> Result<(), String> {
    let row: TableRow = table.row.clone().parse()?;
    let seating = Seating::of_row(&row)?;
    let record = Record {
        format: row.format,
        game: row.game,
        options: row.options,
        seed: row.seed,
        actions: table.actions.clone(),
    };
    let session = spieltisch_catalog::session_from_record(&record)
        .map_err(|e| format!("its record does not replay: {e}"))?;
    let replayed: Progress = progress_of(&*session, &seating.seats);
    let stored = StoredProgress {
        turn: table.turn.clone(),
        waiting: table.waiting.clone(),
        ranks: table.ranks.clone(),
        stamped: true,
    };
    match stored.disagreement(&replayed) {
        Some(why) => Err(why),
        None => Ok(()),
    }
}

/// SQLite's own findings on the file, without "ok".
fn quick_check(conn: &rusqlite::Connection) -> Vec<String> {
    let found = conn
        .prepare("PRAGMA quick_check(16)")
        .and_then(|mut check| check.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>());
    match found {
        Ok(lines) => lines.into_iter().filter(|line| line != "ok").collect(),
        Err(e) => vec![format!("SQLite's check of the pages stopped: {e}")],
    }
}

/// The furthest a walk skips ahead past damaged rows: 2^24 row ids.
const FURTHEST_SKIP: i64 = 1 << 24;

/// Walks the table rows in the order of their row ids into `rows` (by row
/// id), skipping over pages that cannot be read; a row that is reached but
/// cannot be read is `lost` when its id can be read, noted otherwise.
fn walk_rows(
    conn: &rusqlite::Connection,
    columns: &str,
    rows: &mut BTreeMap<i64, Row>,
    lost: &mut BTreeMap<String, String>,
    notes: &mut Vec<String>,
) {
    let sql = format!("SELECT rowid, {columns} FROM tables WHERE rowid > ?1 ORDER BY rowid");
    let Ok(mut walk) = conn.prepare(&sql) else {
        notes.push("the table rows cannot be walked".into());
        return;
    };
    let mut after = i64::MIN;
    loop {
        let damaged_at = match walk.query([after]) {
            Err(e) => e,
            Ok(mut found) => loop {
                match found.next() {
                    Ok(None) => return,
                    Err(e) => break e,
                    Ok(Some(r)) => {
                        let Ok(rowid) = r.get::<_, i64>(0) else { continue };
                        after = rowid;
                        match row_of(r) {
                            Ok(row) => {
                                rows.insert(rowid, row);
                            }
                            Err(e) => match r.get::<_, String>(1) {
                                Ok(id) => {
                                    lost.insert(id, format!("its row cannot be read ({e})"));
                                }
                                Err(_) => {
                                    notes.push(format!("the row with row id {rowid} cannot be read ({e})"))
                                }
                            },
                        }
                    }
                }
            },
        };
        // Row ids count up from 1: a walk that failed at its start skips from there.
        after = after.max(0);
        let mut step = 1;
        let resumed = loop {
            if step > FURTHEST_SKIP {
                break None;
            }
            let probe = after.saturating_add(step);
            match conn.query_row(
                "SELECT rowid FROM tables WHERE rowid > ?1 ORDER BY rowid LIMIT 1",
                [probe],
                |r| r.get::<_, i64>(0),
            ) {
                Ok(next) => break Some((probe, Some(next))),
                Err(rusqlite::Error::QueryReturnedNoRows) => break Some((probe, None)),
                Err(_) => step *= 2,
            }
        };
        let from = if after == 0 { "the first row".to_string() } else { format!("row id {after}") };
        match resumed {
            Some((probe, Some(next))) => {
                notes.push(format!(
                    "rows after {from} before row id {next} lie on damaged pages ({damaged_at})"
                ));
                after = probe;
            }
            Some((_, None)) | None => {
                notes.push(format!("rows after {from} lie on damaged pages ({damaged_at})"));
                return;
            }
        }
    }
}

/// Adds the ids that `sql` lists, up to the first page it cannot read.
fn named_by(conn: &rusqlite::Connection, sql: &str, named: &mut Vec<String>) {
    let Ok(mut query) = conn.prepare(sql) else { return };
    let Ok(mut found) = query.query([]) else { return };
    while let Ok(Some(r)) = found.next() {
        if let Ok(id) = r.get::<_, String>(0) {
            named.push(id);
        }
    }
}

/// A new SQLite database that salvaged tables are written into.
#[derive(Debug)]
pub struct NewDatabase {
    conn: rusqlite::Connection,
}

impl NewDatabase {
    /// Makes a new database at `path`, where no file may be yet.
    pub fn create(path: &Path) -> Result<Self, StoreError> {
        if path.exists() {
            return Err(StoreError::Open {
                path: path.to_path_buf(),
                reason: "a file is there already: salvage writes into a new file only".into(),
            });
        }
        Ok(NewDatabase { conn: connect(Some(path))? })
    }

    /// Stores `table` with everything written of it, its version and
    /// checksum made afresh, in one transaction.
    pub fn import(&mut self, table: &Exported) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO tables (id, game, options, seed, seats, spectator_token, created_at, format, creator,
                                 version, checksum, turn, waiting, ranks, active_at, visited, public, expired,
                                 quarantined)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
            rusqlite::params![
                table.row.id,
                table.row.game,
                table.row.options,
                table.row.seed,
                table.row.seats,
                table.row.spectator_token,
                table.row.created_at,
                table.row.format,
                table.row.creator,
                table.actions.len() as i64,
                TableSum::of(RecordHead::from(&table.row), &table.actions).text(),
                table.turn,
                table.waiting,
                table.ranks,
                table.active_at,
                table.visited,
                table.public,
                table.expired,
                table.quarantined,
            ],
        )?;
        let mut insert = tx.prepare("INSERT INTO actions (table_id, idx, action) VALUES (?1, ?2, ?3)")?;
        for (i, action) in table.actions.iter().enumerate() {
            insert.execute(rusqlite::params![table.row.id, i as i64, action])?;
        }
        drop(insert);
        tx.commit()?;
        Ok(())
    }

    /// A table's actions as the new database holds them.
    pub fn stored_actions(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let mut query = self.conn.prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY idx")?;
        let actions = query.query_map([table], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
        Ok(actions)
    }
}
