//! What is stored of a table, as both engines write and read it: its row
//! ([`TableRow`], and [`RawRow`] before its JSON is read), and what reads
//! answer without replaying it (summaries, the lobby's public tables,
//! the admin list, an export). Apart from the engines, which only read
//! these from their columns and write them back.

use super::stored_progress::StoredProgress;
use serde::{Deserialize, Serialize};

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
    /// How many actions the table has: 0 before anyone played.
    pub version: usize,
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

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The columns of a [`TableRow`], in the order each engine reads them into a
/// [`RawRow`].
pub(crate) const ROW_COLUMNS: &str =
    "id, game, options, seed, seats, spectator_token, created_at, format, creator";

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
