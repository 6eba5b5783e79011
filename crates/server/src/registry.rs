//! Tables loaded on demand: the database holds every table, memory only
//! those in use.
//!
//! - **Loading.** A table is read and replayed the first time a request
//!   names it, once however many requests name it at the same moment. On
//!   start only the tables whose bots are to move are loaded (and those
//!   stored by an older build, which did not write down whom they wait
//!   for); every other table waits in the database for its first visitor.
//!   A table that cannot be loaded exactly is quarantined then.
//! - **Leaving memory.** A table that nobody holds (no connection, no bot
//!   thinking or waiting to move, no open Steigung window: nothing but the
//!   registry keeps a reference to it) and that nobody asked for during
//!   `unload_after` leaves memory; its next visitor loads it again.
//! - **Expiring.** An unfinished table that no person ever came to within
//!   `expire_unvisited` of its creation, or that nobody played or visited
//!   for `expire_idle`, expires: it leaves memory and the limits, its rows
//!   stay, its links answer `table.expired`. Finished tables never expire
//!   (their replays stay readable). Only `spieltisch admin purge` deletes.
//! - **Counting.** Every unfinished table holds its place under the table
//!   limits ([`crate::limits::OpenTables`]) whether it is in memory or not: the places are
//!   counted from the database on start and given back when a game ends,
//!   expires or is quarantined.

use crate::App;
use crate::error::ServerError;
use crate::limits::OpenTables;
use crate::storage::sqlite::salvage::UNREADABLE;
use crate::storage::{Loaded, StoredProgress, TableRow};
use crate::table::{Seating, Standing, Table, TableSummary, progress_of, summary_of, viewer_among};
use spieltisch_catalog::{FileAccess, read_record_files, session_from_record};
use spieltisch_core::{Record, Viewer};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The tables in memory, and the loads under way.
#[derive(Debug, Default)]
pub struct Registry {
    loaded: std::sync::RwLock<HashMap<String, Arc<Table>>>,
    /// One lock per table being loaded, so that requests naming it at the
    /// same moment load it once.
    loading: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    pub open: Arc<OpenTables>,
}

/// A table as a request finds it.
#[derive(Debug)]
pub enum Found {
    Live(Arc<Table>),
    /// Expired unfinished: only its row is read, to tell its links apart
    /// from wrong ones.
    Expired(TableRow),
}

impl Registry {
    fn cached(&self, id: &str) -> Option<Arc<Table>> {
        let table = self.loaded.read().ok()?.get(id).cloned()?;
        table.touch();
        Some(table)
    }

    /// The table `id` if it is in memory, without counting this as a use
    /// (a lobby's listing must not keep a table in memory).
    fn peek(&self, id: &str) -> Option<Arc<Table>> {
        self.loaded.read().ok()?.get(id).cloned()
    }

    pub fn insert(&self, table: Arc<Table>) {
        if let Ok(mut loaded) = self.loaded.write() {
            loaded.insert(table.id.clone(), table);
        }
    }

    pub fn remove(&self, id: &str) {
        if let Ok(mut loaded) = self.loaded.write() {
            loaded.remove(id);
        }
    }

    /// Every table in memory.
    pub fn tables(&self) -> Vec<Arc<Table>> {
        self.loaded.read().map(|l| l.values().cloned().collect()).unwrap_or_default()
    }

    /// How many tables are in memory.
    pub fn in_memory(&self) -> usize {
        self.loaded.read().map(|l| l.len()).unwrap_or(0)
    }

    /// Whether `id` is in memory and held by something besides the
    /// registry (a connection, a bot, a window's deadline).
    fn in_use(&self, id: &str) -> bool {
        self.loaded.read().ok().and_then(|l| l.get(id).map(|t| Arc::strong_count(t) > 1)).unwrap_or(false)
    }

    /// Lets the tables that nobody holds and nobody asked for during
    /// `after` leave memory; returns their ids. A table is cloned out of
    /// the registry only under its lock, so one that only the registry
    /// holds now cannot be taken by anyone while it is removed.
    fn unload_idle(&self, after: Duration) -> Vec<String> {
        let Ok(mut loaded) = self.loaded.write() else { return Vec::new() };
        let idle: Vec<String> = loaded
            .iter()
            .filter(|(_, table)| Arc::strong_count(table) == 1 && table.idle_for() >= after)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &idle {
            loaded.remove(id);
        }
        idle
    }
}

/// Why a stored table is not resumed.
#[derive(Debug)]
enum Unresumable {
    /// It cannot be resumed exactly, ever: it is quarantined.
    Damaged(String),
    /// Storage failed while resuming it: it is tried again when asked for.
    Storage(String),
}

impl From<String> for Unresumable {
    fn from(reason: String) -> Self {
        Unresumable::Damaged(reason)
    }
}

/// Table ids are short words (12 hex digits since tables have been made
/// here); anything else is not looked up in the database.
fn may_be_a_table(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl App {
    /// The table `id`, from memory or loaded from the database.
    pub(crate) async fn lookup(&self, id: &str) -> Result<Found, ServerError> {
        if let Some(table) = self.registry.cached(id) {
            return Ok(Found::Live(table));
        }
        if !may_be_a_table(id) {
            return Err(ServerError::UnknownTable(id.to_string()));
        }
        let gate = {
            let mut loading = self.registry.loading.lock().expect("loading lock");
            Arc::clone(loading.entry(id.to_string()).or_default())
        };
        let found = {
            let _one_at_a_time = gate.lock().await;
            match self.registry.cached(id) {
                Some(table) => Ok(Found::Live(table)),
                None => self.load(id).await,
            }
        };
        if let Ok(mut loading) = self.registry.loading.lock()
            && loading.get(id).is_some_and(|g| Arc::ptr_eq(g, &gate))
        {
            loading.remove(id);
        }
        found
    }

    /// Reads `id` from the database and resumes it; a table that cannot be
    /// resumed exactly is quarantined and answers as unknown.
    async fn load(&self, id: &str) -> Result<Found, ServerError> {
        let loaded = match self.store.load(id).await {
            Ok(loaded) => loaded,
            // Reading it again finds the same damaged page.
            Err(e) if e.is_damage() => {
                return Err(self.quarantined(id, format!("{UNREADABLE}: {e}")).await);
            }
            Err(e) => return Err(ServerError::Storage(e.to_string())),
        };
        let reason = match loaded {
            None => return Err(ServerError::UnknownTable(id.to_string())),
            Some(Loaded::Expired(row)) => return Ok(Found::Expired(row)),
            Some(Loaded::Table(row, actions, stored)) => match self.resume(row, actions, stored).await {
                Ok(table) => return Ok(Found::Live(table)),
                Err(Unresumable::Damaged(reason)) => reason,
                // Storage that fails now may work later: the table is sound.
                Err(Unresumable::Storage(e)) => return Err(ServerError::Storage(e)),
            },
            Some(Loaded::Damaged { reason, .. }) => reason,
        };
        Err(self.quarantined(id, reason).await)
    }

    /// Takes a table that cannot be resumed exactly out of service for
    /// `reason`; it answers as unknown. A mark that cannot be written (its
    /// row on a damaged page) is logged: the table stays out of service,
    /// since every load finds the same damage.
    async fn quarantined(&self, id: &str, reason: String) -> ServerError {
        tracing::error!(table = %id, "quarantined: {reason}");
        self.registry.open.release(id);
        if let Err(e) = self.store.quarantine(id, &reason).await {
            tracing::error!(table = %id, "cannot mark the table quarantined: {e}");
        }
        ServerError::UnknownTable(id.to_string())
    }

    /// Resumes a stored table exactly as it was, or says why it cannot:
    /// among other reasons, its replay does not stand where its row says
    /// it does. Nothing of a table is written before that is checked.
    async fn resume(
        &self,
        row: TableRow,
        actions: Vec<String>,
        stored: StoredProgress,
    ) -> Result<Arc<Table>, Unresumable> {
        let stored_version = actions.len();
        let mut record = Record {
            format: row.format,
            game: row.game.clone(),
            options: row.options.clone(),
            seed: row.seed,
            actions,
        };
        // Records before format 3 name course and track files; their
        // content is read once, here, and stored with the upgrade.
        let access = match &self.game_files {
            Some(dir) => FileAccess::Stored(dir),
            None => FileAccess::Nothing,
        };
        read_record_files(&mut record, access).map_err(|e| format!("cannot read its files: {e}"))?;
        let replayed = record.clone();
        // Replaying is the engines' work: it runs off the async threads.
        let session = tokio::task::spawn_blocking(move || session_from_record(&replayed))
            .await
            .map_err(|e| format!("its replay failed: {e}"))?
            .map_err(|e| format!("its record does not replay: {e}"))?;
        let seating = Seating::of_row(&row)?;
        if seating.seats.len() != session.seats() {
            return Err(Unresumable::Damaged(format!(
                "it names {} seats for a game of {}",
                seating.seats.len(),
                session.seats()
            )));
        }
        let progress = progress_of(&*session, &seating.seats);
        if let Some(why) = stored.disagreement(&progress) {
            return Err(Unresumable::Damaged(why));
        }
        // A table stored in an older record format is kept in today's, the
        // same game with the decisions that format left unwritten filled
        // in; one stored without a version and checksum gets them, now
        // that its replay agrees with its row.
        let reformatted = session.record() != &record;
        if reformatted || !stored.stamped {
            self.store.upgrade(&row.id, session.record().clone()).await.map_err(|e| {
                Unresumable::Storage(format!("cannot store its record in today's format: {e}"))
            })?;
        }
        if reformatted {
            tracing::info!(table = %row.id, from = row.format, actions = stored_version, "stored record upgraded");
        }
        let table = Table::new(
            row.id.clone(),
            row.creator.clone(),
            seating,
            session,
            self.store.clone(),
            self.settings(),
        );
        self.join(&table).await.map_err(Unresumable::Storage)?;
        if progress.waiting == crate::storage::Waiting::Over {
            // A table of an older build that ended: it was counted on start.
            self.registry.open.release(&row.id);
        }
        // Only lists and expiry read it: a table is not refused for it (a
        // failing disk must not quarantine a sound table).
        if table.owns()
            && let Err(e) = self.store.mark(&row.id, progress).await
        {
            tracing::warn!(table = %row.id, "cannot store where the table stands: {e}");
        }
        table.resume().await;
        self.registry.insert(Arc::clone(&table));
        Ok(table)
    }

    /// On start: counts every unfinished table under the limits, and
    /// resumes those at which the server is to act.
    pub(crate) async fn resume_unfinished(&self) -> Result<(), ServerError> {
        let unfinished = self.store.unfinished().await.map_err(|e| ServerError::Storage(e.to_string()))?;
        for (id, creator, _) in &unfinished {
            self.registry.open.hold(id, self.gate.tables.admit(creator.clone()));
        }
        for (id, _, acting) in unfinished {
            // In a cluster, the nodes' sweeps share them out ([`crate::cluster`]).
            if acting && self.cluster.is_none() {
                // Damage is logged and quarantined by the lookup itself.
                let _ = self.lookup(&id).await;
            }
        }
        Ok(())
    }

    /// A table and the viewer its token speaks for. A wrong token answers
    /// exactly as an unknown table does; a right one of an expired table
    /// hears that it expired.
    pub(crate) async fn table_for(&self, id: &str, token: &str) -> Result<(Arc<Table>, Viewer), ServerError> {
        match self.lookup(id).await? {
            Found::Live(table) => {
                let viewer = table.viewer_for(token)?;
                Ok((table, viewer))
            }
            Found::Expired(row) => {
                let seats = Seating::of_row(&row).map(|s| s.seats).unwrap_or_default();
                match viewer_among(&seats, &row.spectator_token, token) {
                    Some(_) => Err(ServerError::Expired(id.to_string())),
                    None => Err(ServerError::UnknownTable(id.to_string())),
                }
            }
        }
    }

    /// The lobby summaries of the tables a browser has links for
    /// (`table:token` pairs), without loading them: a table in memory
    /// answers for itself, the others from their stored progress.
    pub(crate) async fn summaries(
        &self,
        pairs: &[(String, String)],
    ) -> Result<Vec<TableSummary>, ServerError> {
        let mut out = Vec::new();
        let mut stored = Vec::new();
        for (id, token) in pairs {
            match self.registry.cached(id) {
                Some(table) => {
                    if let Ok(viewer) = table.viewer_for(token) {
                        out.push((id.clone(), table.summary(viewer).await, token.clone()));
                    }
                }
                None if may_be_a_table(id) && !stored.contains(id) => stored.push(id.clone()),
                None => {}
            }
        }
        let rows = self.store.summaries(stored).await.map_err(|e| ServerError::Storage(e.to_string()))?;
        for found in rows {
            let row = &found.row;
            let seats = Seating::of_row(row).map(|s| s.seats).unwrap_or_default();
            for (id, token) in pairs.iter().filter(|(id, _)| *id == row.id) {
                let Some(viewer) = viewer_among(&seats, &row.spectator_token, token) else { continue };
                let standing = Standing {
                    version: found.version,
                    turn: found.turn.unwrap_or(spieltisch_core::Turn::Chance),
                    ranks: found.ranks.clone(),
                    expired: found.expired.is_some(),
                };
                let summary = summary_of(id, &row.game, &seats, viewer, standing);
                out.push((id.clone(), summary, token.clone()));
            }
        }
        // In the order the browser gave them.
        let position = |id: &str| pairs.iter().position(|(i, _)| i == id).unwrap_or(usize::MAX);
        out.sort_by_key(|(id, _, _)| position(id));
        Ok(out
            .into_iter()
            .map(|(_, mut summary, token)| {
                summary.token = Some(token);
                summary
            })
            .collect())
    }

    /// How many moves the players made at `id` (chance outcomes not
    /// counted), if the table is in memory on this server; `None` if not.
    pub(crate) async fn moves_in_memory(&self, id: &str) -> Option<usize> {
        Some(self.registry.peek(id)?.moves().await)
    }

    /// Housekeeping: idle tables leave memory.
    pub(crate) fn unload_idle(&self) {
        for id in self.registry.unload_idle(self.config.unload_after) {
            self.store.forget(&id);
            self.leave(&id);
            tracing::debug!(table = %id, "left memory, idle");
        }
    }

    /// Housekeeping: unfinished tables abandoned for long expire.
    pub(crate) async fn expire_abandoned(&self) {
        let now = crate::storage::now();
        let before = |after: Duration| now.saturating_sub(i64::try_from(after.as_secs()).unwrap_or(i64::MAX));
        let due = match self
            .store
            .expiring(before(self.config.expire_unvisited), before(self.config.expire_idle), 1000)
            .await
        {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("cannot look for tables to expire: {e}");
                return;
            }
        };
        // A table someone holds now is in use, whatever its stored times say.
        let due: Vec<String> = due.into_iter().filter(|id| !self.registry.in_use(id)).collect();
        match self.store.expire(due).await {
            Ok(expired) => {
                for id in expired {
                    self.registry.remove(&id);
                    self.leave(&id);
                    self.registry.open.release(&id);
                    self.store.forget(&id);
                    tracing::info!(table = %id, "expired unfinished: abandoned");
                }
            }
            Err(e) => tracing::warn!("cannot expire tables: {e}"),
        }
    }
}
