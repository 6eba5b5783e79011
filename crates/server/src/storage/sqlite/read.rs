//! Reading a table from SQLite: its row's columns into a [`RawRow`] (or,
//! with its marks, an [`Exported`] table), and a table with its actions as
//! loading it finds it ([`read_table`]). Apart from the engine because the
//! admin commands and salvage read rows the same way.

use crate::storage::checks::{LOADED_COLUMNS, StoredTable};
use crate::storage::error::StoreError;
use crate::storage::rows::{Exported, Loaded, ROW_COLUMNS, RawRow, now};
use crate::storage::stored_progress::StoredProgress;
use rusqlite::OptionalExtension;

pub(super) fn raw_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRow> {
    raw_row_at(r, 0)
}

/// A [`RawRow`] whose [`ROW_COLUMNS`] begin at column `at`.
pub(super) fn raw_row_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<RawRow> {
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
pub(super) const EXPORTED_COLUMNS: &str = "turn, waiting, ranks, active_at, COALESCE(visited, 1), \
    COALESCE(public, 0), expired, quarantined";

/// A table without its actions, from a row of [`ROW_COLUMNS`] and
/// [`EXPORTED_COLUMNS`] beginning at column `at`.
pub(super) fn exported_at(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Exported> {
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

/// A stored table that is not quarantined, with its actions, or `None`;
/// judged as both engines judge a table they load
/// ([`StoredTable::loaded`]). Nothing is written.
pub fn read_table(conn: &rusqlite::Connection, id: &str) -> Result<Option<Loaded>, StoreError> {
    let found = conn
        .prepare_cached(&format!(
            "SELECT {ROW_COLUMNS}, {LOADED_COLUMNS} FROM tables WHERE id = ?1 AND quarantined IS NULL"
        ))?
        .query_row([id], |r| {
            Ok(StoredTable {
                raw: raw_row(r)?,
                version: r.get(9)?,
                checksum: r.get(10)?,
                expired: r.get(11)?,
                progress: StoredProgress {
                    turn: r.get(12)?,
                    waiting: r.get(13)?,
                    ranks: r.get(14)?,
                    stamped: false,
                },
            })
        })
        .optional()?;
    let Some(table) = found else { return Ok(None) };
    let stored = match table.needs_actions() {
        false => Vec::new(),
        true => conn
            .prepare_cached("SELECT idx, action FROM actions WHERE table_id = ?1 ORDER BY idx")?
            .query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<Result<Vec<_>, _>>()?,
    };
    Ok(Some(table.loaded(stored)))
}
