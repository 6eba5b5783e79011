//! The checks both engines make of what they store and read back, written
//! once: an append goes where the table's stored actions end, a table's
//! actions agree with its version and checksum, a table that expired is
//! answered from its row, a row whose JSON cannot be read is damaged (or
//! left out of a list), and which tables count as unfinished. Apart from
//! the engines so that SQLite and PostgreSQL judge a table alike; each
//! only reads the columns and hands them here.

use super::error::StoreError;
use super::rows::{Loaded, PublicTable, RawRow, Summary};
use super::stored_progress::StoredProgress;
use super::table_sum::{RecordHead, TableSum};

/// The condition of an unfinished table, in SQL both engines take: still
/// played, neither expired nor quarantined. SQLite's index `unfinished`
/// and PostgreSQL's `unfinished` and `unfinished_by_creator` are made on
/// it (SQLite reads `IS DISTINCT FROM` as its `IS NOT`).
pub(crate) const UNFINISHED: &str =
    "quarantined IS NULL AND expired IS NULL AND waiting IS DISTINCT FROM 'over'";

/// The condition of a table at which the server is to act: its bots are
/// to move, or an older build did not write down who it waits for.
pub(crate) const SERVER_ACTS: &str = "waiting IS NULL OR waiting = 'bots'";

/// Refuses an append whose first action is not where the table's stored
/// actions end (`stored` of them): another writer stored that version
/// first, or the table was not what its writer thought.
pub(crate) fn in_order(table: &str, first_index: usize, stored: i64) -> Result<(), StoreError> {
    if stored == first_index as i64 {
        return Ok(());
    }
    Err(StoreError::OutOfOrder {
        table: table.to_string(),
        index: first_index,
        stored: stored.max(0) as usize,
    })
}

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

/// The columns read to load a table, after [`super::rows::ROW_COLUMNS`],
/// in the order [`StoredTable`] holds them.
pub(crate) const LOADED_COLUMNS: &str = "version, checksum, expired, turn, waiting, ranks";

/// A table's row as read to load it, before its actions: what its
/// [`LOADED_COLUMNS`] say (`None` where an older build did not write it).
pub(crate) struct StoredTable {
    pub(crate) raw: RawRow,
    pub(crate) version: Option<i64>,
    pub(crate) checksum: Option<String>,
    pub(crate) expired: Option<i64>,
    /// Where the row says the table stands; whether it is stamped is
    /// decided here.
    pub(crate) progress: StoredProgress,
}

impl StoredTable {
    /// Whether loading it reads its actions: a table that expired is
    /// answered from its row alone.
    pub(crate) fn needs_actions(&self) -> bool {
        self.expired.is_none()
    }

    /// What loading the table answers, given its actions as stored
    /// (`(index, action)` in the order of their index; none for a table
    /// that expired). A table that cannot be read back exactly is
    /// [`Loaded::Damaged`]: unreadable JSON, a gap in its action numbers,
    /// fewer or other actions than its version and checksum say. Nothing is
    /// written: a table stored before versions were kept gets them once its
    /// replay agrees with its row ([`StoredProgress`]).
    pub(crate) fn loaded(self, stored: Vec<(i64, String)>) -> Loaded {
        let StoredTable { raw, version, checksum, expired, progress } = self;
        let damaged = |id: String, reason: String| Loaded::Damaged { id, reason };
        if expired.is_some() {
            let id = raw.id.clone();
            return match raw.parse() {
                Ok(row) => Loaded::Expired(row),
                Err(reason) => damaged(id, reason),
            };
        }
        let list = match checked_actions(stored, version, checksum.as_deref(), RecordHead::from(&raw)) {
            Ok(list) => list,
            Err(reason) => return damaged(raw.id, reason),
        };
        let covers_the_record =
            checksum.as_deref().and_then(TableSum::parse).is_some_and(TableSum::covers_the_record);
        let progress = StoredProgress { stamped: version.is_some() && covers_the_record, ..progress };
        let id = raw.id.clone();
        match raw.parse() {
            Ok(row) => Loaded::Table(row, list, progress),
            Err(reason) => damaged(id, reason),
        }
    }
}

/// The columns read for a summary, after [`super::rows::ROW_COLUMNS`], in
/// the order [`summary`] takes them.
pub(crate) const SUMMARY_COLUMNS: &str = "version, turn, expired, ranks";

/// A table as lists show it, from its row and its [`SUMMARY_COLUMNS`];
/// `None` for a row whose JSON cannot be read, which lists leave out (the
/// table is quarantined when it is asked for). A turn or ranks that cannot
/// be read are not known.
pub(crate) fn summary(
    raw: RawRow,
    version: usize,
    turn: Option<String>,
    expired: Option<i64>,
    ranks: Option<String>,
) -> Option<Summary> {
    Some(Summary {
        row: raw.parse().ok()?,
        version,
        turn: turn.and_then(|t| serde_json::from_str(&t).ok()),
        expired,
        ranks: ranks.and_then(|r| serde_json::from_str(&r).ok()),
    })
}

/// A public table as the lobby lists it, or `None` for a row whose JSON
/// cannot be read, which the lobby leaves out.
pub(crate) fn public_table(raw: RawRow, over: bool, version: usize) -> Option<PublicTable> {
    Some(PublicTable { row: raw.parse().ok()?, over, version })
}
