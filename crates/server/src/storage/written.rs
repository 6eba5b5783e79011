//! What both engines write for a table besides its [`TableRow`], worked
//! out once: the columns a new table starts with, and the checksum of a
//! table whose record an upgrade replaced. Apart from the engines so that
//! a table is written alike in SQLite and PostgreSQL, and loads alike from
//! either.

use super::progress::{Progress, turn_json};
use super::rows::TableRow;
use super::table_sum::{RecordHead, TableSum};
use spieltisch_core::Record;

/// The columns a new table is stored with besides its row's: version 0,
/// and these.
pub(crate) struct NewRow {
    /// The options column's text, which the checksum covers as written.
    pub(crate) options: String,
    /// The checksum of the table without actions (version 2).
    pub(crate) checksum: TableSum,
    /// Where the table starts ([`Progress`]), as its columns store it.
    pub(crate) turn: String,
    pub(crate) waiting: &'static str,
    /// Whether the lobby lists it: its seats say so.
    pub(crate) public: bool,
}

impl NewRow {
    pub(crate) fn of(row: &TableRow, progress: &Progress) -> NewRow {
        let options = row.options.to_string();
        let head = RecordHead { game: &row.game, format: row.format, seed: row.seed, options: &options };
        NewRow {
            checksum: TableSum::start(head),
            turn: turn_json(progress.turn),
            waiting: progress.waiting.word(),
            public: row.seats["public"].as_bool().unwrap_or(false),
            options,
        }
    }
}

/// The checksum of a table whose options, format and actions `record`
/// replaced, its options written as `options`: it covers the game and seed
/// as stored (`game`, `seed`), which an upgrade does not change.
pub(crate) fn upgraded_sum(game: &str, seed: i64, record: &Record, options: &str) -> TableSum {
    let head = RecordHead { game, format: record.format, seed: seed as u64, options };
    TableSum::of(head, &record.actions)
}
