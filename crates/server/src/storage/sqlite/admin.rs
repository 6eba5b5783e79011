//! The admin commands on an SQLite file, which work on the file itself
//! and not through a running server's writer: the list of its tables, the
//! purge of some, and the export of all (`spieltisch admin`, `spieltisch
//! migrate`). Apart from the engine because no server runs them.

use super::read::{EXPORTED_COLUMNS, exported_at};
use super::schema::connect;
use crate::storage::contract::BUSY_TIMEOUT;
use crate::storage::error::StoreError;
use crate::storage::rows::{Exported, Listed, ROW_COLUMNS};
use std::path::Path;

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
