//! A table: one game in progress, its seats, and everyone watching it.
//!
//! The table holds the truth. Every action is checked by the engine against
//! the version the client saw, committed to the database, and only then
//! announced; each connection then sends its own viewer's update.
//!
//! Messages are written once per version and viewer (and language and
//! detail), straight from typed structs to bytes, and shared by every
//! connection that needs the same one.
//!
//! A decision that seats take together (a Steigung window,
//! [`spieltisch_core::Together`]) is asked of all of them at once; the
//! answers are held unseen until all are in or the deadline passes
//! (`table/together.rs`).
//!
//! A table never stalls for good on storage: a commit that fails for a
//! reason that may pass is tried again with growing pauses, each failure
//! logged with the table's id. When it still fails, the table goes back to
//! what is stored, tells every connection (`table.stalled`) and the log,
//! and whatever was to happen next (a bot's move, the answers of a
//! Steigung window) is tried again a little later, until storage works.
//!
//! This file is the table itself: its state behind one lock, and each
//! change in turn, committed, then announced. What needs none of that is
//! apart: who sits where (`seating.rs`), the messages (`wire.rs`) and the
//! ones kept per version (`frames.rs`), and what an open window holds
//! (`window.rs`). The table's own work that runs across calls and tasks
//! has a file each: decisions taken together (`together.rs`), bots
//! (`bots.rs`), claims and the rematch (`seating_changes.rs`), and a
//! cluster's owner and replicas (`in_cluster.rs`).

mod bots;
mod frames;
mod in_cluster;
mod seating;
mod seating_changes;
mod together;
mod window;
mod wire;

pub(crate) use seating::seat_names;
pub use seating::{SeatConfig, SeatShown, Seating, progress_of, viewer_among};
pub use window::Window;
pub use wire::{
    Detail, Extras, LegalAction, SeatSummary, Snapshot, Standing, TableSummary, Update, UpdateLog,
    compact_update_text, snapshot_of, summary_of, update_of, update_text,
};

use crate::bot_pool::BotPool;
use crate::cluster::{Answer, Change, Cluster, Request};
use crate::error::ServerError;
use crate::limits::OpenTables;
use crate::storage::Progress;
use crate::storage::SharedStorage;
use axum::extract::ws::Utf8Bytes;
use frames::{FrameKey, Frames};
use spieltisch_catalog::{BotLimits, CatalogError, DynSession, session_from_record};
use spieltisch_core::{Seat, Turn, Viewer};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tokio::sync::{Mutex, watch};
use wire::to_text;

/// Server-wide settings that tables need.
#[derive(Clone, Debug)]
pub struct TableSettings {
    /// How long a bot waits before moving, so people can follow.
    pub bot_delay: Duration,
    /// How long a decision taken together waits for people; whoever has
    /// not answered then passes.
    pub window_deadline: Duration,
    /// How long a commit is tried again before the table gives up on it
    /// for now ([`Table::commit`]).
    pub commit_patience: Duration,
    /// The threads bots think on, shared by every table.
    pub bots: BotPool,
    /// What one bot decision may cost.
    pub bot_limits: BotLimits,
    /// The unfinished tables' places under the limits: a table gives up
    /// its own when its game ends.
    pub open: Arc<OpenTables>,
    /// The cluster this node belongs to, if any ([`crate::cluster`]).
    pub cluster: Option<Arc<Cluster>>,
}

/// The first pause before a failed commit is tried again; each next pause
/// is twice as long, up to [`LAST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(50);
/// The longest pause between two tries of a commit, and the pause before a
/// table that gave up on a commit tries what it was doing again.
const LAST_PAUSE: Duration = Duration::from_secs(2);

#[derive(Debug)]
pub struct Table {
    pub id: String,
    pub game: String,
    /// The client address that created the table (`None` for tables of
    /// older builds): its bots take turns with other addresses' bots.
    pub creator: Option<String>,
    /// Who sits where; a claim changes it (under the `live` lock, so that
    /// of two claims of one seat exactly one wins).
    seats: std::sync::RwLock<Vec<SeatConfig>>,
    pub spectator_token: String,
    pub hotseat: bool,
    /// Listed in the lobby: anyone may take a free seat or watch.
    pub public: bool,
    /// The rematch's table, once a person at this finished one asked for it.
    rematch: std::sync::RwLock<Option<String>>,
    live: Mutex<Live>,
    /// While a commit waits to try again: the table at its last committed
    /// version, which readers are answered from instead of waiting for the
    /// commit's lock ([`Table::reading`]); `None` otherwise.
    committed: watch::Sender<Option<Arc<Committed>>>,
    updates: watch::Sender<usize>,
    /// Counts the changes of who sits where: each one sends every
    /// connection a fresh snapshot.
    seating: watch::Sender<u64>,
    /// Why the table cannot go on now (its last commit failed for good),
    /// or `None`; connections tell their clients when it is set.
    stalled: watch::Sender<Option<String>>,
    /// When the table was last asked for, so that an idle one can leave
    /// memory ([`crate::registry`]).
    touched: std::sync::Mutex<tokio::time::Instant>,
    store: SharedStorage,
    settings: TableSettings,
    /// Whether this node owns the table: always without a cluster; in one,
    /// while it holds the table's lease ([`crate::cluster`]).
    owner: AtomicBool,
    /// In a cluster: the owner's changes, published in order by one task.
    outbox: Option<tokio::sync::mpsc::UnboundedSender<Change>>,
    /// In a cluster: the tasks listening on the bus for this table (its
    /// changes; its requests while this node owns it), stopped with it.
    listeners: std::sync::Mutex<Listeners>,
}

#[derive(Debug, Default)]
struct Listeners {
    changes: Option<tokio::task::AbortHandle>,
    requests: Option<tokio::task::AbortHandle>,
}

impl Drop for Table {
    fn drop(&mut self) {
        if let Ok(listeners) = self.listeners.get_mut() {
            for task in [listeners.changes.take(), listeners.requests.take()].into_iter().flatten() {
                task.abort();
            }
        }
    }
}

/// The game in progress and the messages already written for its current
/// version, behind one lock so a message always matches the version it names.
#[derive(Debug)]
struct Live {
    session: Box<dyn DynSession>,
    frames: Frames,
    /// The decision taken together that is collecting answers, if any.
    window: Option<Window>,
    /// Per seat: the person passes every decision taken together at once
    /// (a preference only that seat sees).
    auto_pass: Vec<bool>,
    /// Per seat: how many connections are open.
    connections: Vec<usize>,
    /// In a cluster: the last change published (by the owner) or applied
    /// (by a replica), which orders them ([`Change::seq`]).
    seq: (u64, u64),
    /// The owner's version when it last published a change.
    published: usize,
    /// The owner's last change, which answers a forwarded request.
    last_change: Option<Change>,
}

impl Live {
    /// Keeps a message for the other connections that need it; a finished
    /// table keeps none (it would hold them for as long as the table lives).
    fn keep(&mut self, key: FrameKey, bytes: &Utf8Bytes) {
        if self.session.turn() != Turn::Over {
            self.frames.put(key, bytes.clone());
        }
    }

    /// What a message for `viewer` says beyond the session: the open
    /// decision taken together, the seat's own preference, and who sits
    /// where.
    fn extras<'a>(&'a self, viewer: Viewer, seats: &'a [SeatConfig]) -> Extras<'a> {
        Extras::of(self.window.as_ref(), &self.auto_pass, viewer, seats)
    }

    /// Applies `action` (for `seat`, or chance with `None`).
    fn apply(&mut self, seat: Option<Seat>, action: &str) -> Result<(), CatalogError> {
        self.session.apply(seat, action)
    }

    /// Draws the chance outcomes due now.
    fn run_chance(&mut self) {
        self.session.run_chance();
    }
}

/// The table at its last committed version, kept while a commit of the
/// next one is retried.
#[derive(Debug)]
struct Committed {
    session: std::sync::Mutex<Box<dyn DynSession>>,
    window: Option<Window>,
    auto_pass: Vec<bool>,
}

impl Committed {
    /// As [`Live::extras`].
    fn extras<'a>(&'a self, viewer: Viewer, seats: &'a [SeatConfig]) -> Extras<'a> {
        Extras::of(self.window.as_ref(), &self.auto_pass, viewer, seats)
    }
}

/// What a reader reads: the table as it is, or, while a commit is retried,
/// as it was last committed.
enum Reading<'a> {
    Live(tokio::sync::MutexGuard<'a, Live>),
    Committed(Arc<Committed>),
}

impl Reading<'_> {
    /// Reads the session (and what a message says beyond it for `viewer`).
    fn with<T>(
        &self,
        viewer: Viewer,
        seats: &[SeatConfig],
        read: impl FnOnce(&dyn DynSession, Extras<'_>) -> T,
    ) -> T {
        match self {
            Reading::Live(live) => read(&*live.session, live.extras(viewer, seats)),
            Reading::Committed(committed) => {
                let session = committed.session.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
                read(&**session, committed.extras(viewer, seats))
            }
        }
    }
}

impl Table {
    pub fn new(
        id: String,
        creator: Option<String>,
        seating: Seating,
        session: Box<dyn DynSession>,
        store: SharedStorage,
        settings: TableSettings,
    ) -> Arc<Self> {
        let game = session.info().id.to_string();
        let (updates, _) = watch::channel(session.version());
        let (seating_changes, _) = watch::channel(0);
        let (stalled, _) = watch::channel(None);
        let Seating { seats, spectator_token, hotseat, public, rematch } = seating;
        let version = session.version();
        let outbox =
            settings.cluster.as_ref().map(|cluster| in_cluster::publisher(Arc::clone(cluster), id.clone()));
        Arc::new(Table {
            id,
            creator,
            game,
            seats: std::sync::RwLock::new(seats),
            spectator_token,
            hotseat,
            public,
            rematch: std::sync::RwLock::new(rematch),
            live: Mutex::new(Live {
                frames: Frames::default(),
                window: None,
                // A seat may pass automatically only where seats decide
                // together; elsewhere no message offers it.
                auto_pass: if session.decides_together() { vec![false; session.seats()] } else { Vec::new() },
                connections: vec![0; session.seats()],
                seq: (0, 0),
                published: version,
                last_change: None,
                session,
            }),
            updates,
            seating: seating_changes,
            stalled,
            committed: watch::Sender::new(None),
            touched: std::sync::Mutex::new(tokio::time::Instant::now()),
            owner: AtomicBool::new(settings.cluster.is_none()),
            store,
            settings,
            outbox,
            listeners: std::sync::Mutex::default(),
        })
    }

    /// Who sits where now.
    pub fn seats(&self) -> Vec<SeatConfig> {
        self.seats.read().map(|seats| seats.clone()).unwrap_or_default()
    }

    /// The table's seating as it is stored ([`Seating::stored`]).
    fn seating_now(&self, seats: Vec<SeatConfig>) -> Seating {
        Seating {
            seats,
            spectator_token: self.spectator_token.clone(),
            hotseat: self.hotseat,
            public: self.public,
            rematch: self.rematch(),
        }
    }

    /// Notes that the table is in use now.
    pub fn touch(&self) {
        if let Ok(mut touched) = self.touched.lock() {
            *touched = tokio::time::Instant::now();
        }
    }

    /// How long since the table was last in use.
    pub fn idle_for(&self) -> Duration {
        self.touched.lock().map(|t| t.elapsed()).unwrap_or_default()
    }

    /// A receiver that wakes when the table stalls (with the reason) or
    /// goes on again (`None`).
    pub fn stalls(&self) -> watch::Receiver<Option<String>> {
        self.stalled.subscribe()
    }

    /// The viewer a token speaks for on this table. Every token is compared,
    /// each in constant time, so how long the answer takes tells nothing
    /// about how much of a token was right. A wrong token answers exactly as
    /// an unknown table does: nobody can probe which tables exist.
    pub fn viewer_for(&self, token: &str) -> Result<Viewer, ServerError> {
        viewer_among(&self.seats(), &self.spectator_token, token)
            .ok_or_else(|| ServerError::UnknownTable(self.id.clone()))
    }

    /// A receiver that wakes whenever the version changes.
    pub fn subscribe(&self) -> watch::Receiver<usize> {
        self.updates.subscribe()
    }

    /// The table to read: as it is, or, while a commit waits to be tried
    /// again, as it was last committed, so that no read waits behind
    /// storage (the commit holds the table's lock all the while).
    async fn reading(&self) -> Reading<'_> {
        let mut committed = self.committed.subscribe();
        loop {
            if let Some(committed) = committed.borrow_and_update().clone() {
                return Reading::Committed(committed);
            }
            tokio::select! {
                live = self.live.lock() => return Reading::Live(live),
                changed = committed.changed() => {
                    if changed.is_err() {
                        return Reading::Live(self.live.lock().await);
                    }
                }
            }
        }
    }

    pub async fn is_over(&self) -> bool {
        self.reading().await.with(Viewer::Spectator, &[], |session, _| session.turn() == Turn::Over)
    }

    /// The game's name in English and German.
    pub async fn name(&self) -> spieltisch_core::Said {
        self.reading().await.with(Viewer::Spectator, &[], |session, _| session.info().name)
    }

    /// The record (for replays, only once the game is over).
    pub async fn record(&self) -> spieltisch_core::Record {
        self.reading().await.with(Viewer::Spectator, &[], |session, _| session.record().clone())
    }

    /// What `viewer` sees now.
    pub async fn snapshot(&self, viewer: Viewer, detail: Detail) -> Result<Snapshot, ServerError> {
        let reading = self.reading().await;
        let seats = self.seats();
        let rematch = self.rematch();
        reading.with(viewer, &seats, |session, extras| {
            let extras = Extras { rematch: rematch.as_deref(), ..extras };
            snapshot_of(&self.id, session, viewer, detail, extras)
        })
    }

    /// `viewer`'s snapshot as a message, with its version.
    pub async fn snapshot_frame(
        &self,
        viewer: Viewer,
        detail: Detail,
    ) -> Result<(usize, Utf8Bytes), ServerError> {
        let mut reading = self.reading().await;
        let key = FrameKey { viewer, detail, from: None };
        if let Reading::Live(live) = &mut reading {
            let version = live.session.version();
            if let Some(bytes) = live.frames.get(version, key) {
                return Ok((version, bytes));
            }
        }
        let seats = self.seats();
        let rematch = self.rematch();
        let (version, bytes) = reading.with(viewer, &seats, |session, extras| {
            let extras = Extras { rematch: rematch.as_deref(), ..extras };
            let snapshot = snapshot_of(&self.id, session, viewer, detail, extras)?;
            Ok::<_, ServerError>((session.version(), Utf8Bytes::from(to_text(&snapshot)?)))
        })?;
        if let Reading::Live(live) = &mut reading {
            live.keep(key, &bytes);
        }
        Ok((version, bytes))
    }

    /// `viewer`'s update from version `from` to now as a message, with the
    /// new version; `None` when nothing changed since `from`.
    pub async fn update_frame(
        &self,
        viewer: Viewer,
        detail: Detail,
        from: usize,
    ) -> Result<Option<(usize, Utf8Bytes)>, ServerError> {
        let mut reading = self.reading().await;
        let version = reading.with(viewer, &[], |session, _| session.version());
        if version <= from {
            return Ok(None);
        }
        let key = FrameKey { viewer, detail, from: Some(from) };
        if let Reading::Live(live) = &mut reading
            && let Some(bytes) = live.frames.get(version, key)
        {
            return Ok(Some((version, bytes)));
        }
        let seats = self.seats();
        let text = reading
            .with(viewer, &seats, |session, extras| update_text(session, viewer, detail, from, extras))?;
        let bytes = Utf8Bytes::from(text);
        if let Reading::Live(live) = &mut reading {
            live.keep(key, &bytes);
        }
        Ok(Some((version, bytes)))
    }

    /// Plays `action` for `seat`, if it is sent against the current version
    /// (`expected`); commits it (and the chance outcomes that follow) before
    /// announcing the new version. Returns the new version. In a decision
    /// taken together the action is the seat's answer: it is held (the
    /// version stays) until every seat asked has answered.
    pub async fn act(
        self: &Arc<Self>,
        seat: Seat,
        expected: Option<usize>,
        action: &str,
    ) -> Result<usize, ServerError> {
        if !self.owns() {
            let request = Request::Act { seat, expected, action: action.to_string() };
            match self.forwarded(request).await? {
                Some(Answer::Version(version)) => return Ok(version),
                Some(_) => return Ok(self.live.lock().await.session.version()),
                None => {} // this node owns the table now
            }
        }
        let mut live = self.live.lock().await;
        let before = live.session.version();
        if let Some(sent) = expected
            && sent != before
        {
            return Err(ServerError::Stale { sent, current: before });
        }
        if let Some(window) = &live.window
            && window.position(seat).is_some()
        {
            if !window.waits_for(seat) {
                return Err(ServerError::Answered);
            }
            // Checked in the state in which the seat answers.
            live.session.ahead_to(seat)?.apply(Some(seat), action)?;
            return self.answer(&mut live, seat, action.to_string()).await;
        }
        live.apply(Some(seat), action)?;
        live.run_chance();
        self.commit(&mut live, before).await?;
        Ok(self.announce(&mut live))
    }

    /// Draws any chance outcomes due now (at the start of a game), commits
    /// them, and lets a bot move if one is to.
    pub async fn start(self: &Arc<Self>) -> Result<(), ServerError> {
        let mut live = self.live.lock().await;
        let before = live.session.version();
        live.run_chance();
        self.commit(&mut live, before).await?;
        self.announce(&mut live);
        Ok(())
    }

    /// Stores the actions after `before`. A write that fails for a reason
    /// that may pass (the database busy or locked, the disk full) is tried
    /// again after [`FIRST_PAUSE`], then after pauses twice as long each up
    /// to [`LAST_PAUSE`], for at most the table's `commit_patience`; every
    /// failure is logged with the table's id. The table's lock is held all
    /// the while, so nobody sees a move before it is stored. When the
    /// actions cannot be stored, the session is rebuilt from what is
    /// stored, so memory never runs ahead of the database, and every
    /// connection hears that the table is stalled.
    async fn commit(&self, live: &mut Live, before: usize) -> Result<(), ServerError> {
        let started = tokio::time::Instant::now();
        let mut pause = FIRST_PAUSE;
        let mut attempt = 1u32;
        let progress = self.progress(&*live.session);
        let error = loop {
            let new = live.session.record().actions[before..].to_vec();
            match self.store.append(&self.id, before, new, progress.clone()).await {
                Ok(()) => {
                    if attempt > 1 {
                        tracing::info!(table = %self.id, attempt, "commit stored after retrying");
                        self.committed.send_replace(None);
                    }
                    self.stalled.send_if_modified(|stalled| stalled.take().is_some());
                    return Ok(());
                }
                Err(crate::storage::StoreError::OutOfOrder { .. }) if self.settings.cluster.is_some() => {
                    // Another node stored this version first: it owns the table.
                    self.committed.send_replace(None);
                    return Err(self.lost_the_race(live, before).await);
                }
                Err(e) if e.is_transient() && started.elapsed() + pause <= self.settings.commit_patience => {
                    if attempt == 1 {
                        self.keep_committed(live, before);
                    }
                    tracing::warn!(
                        table = %self.id,
                        attempt,
                        retry_in_ms = pause.as_millis() as u64,
                        "commit failed, retrying: {e}"
                    );
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(LAST_PAUSE);
                    attempt += 1;
                }
                Err(e) => break e,
            }
        };
        tracing::error!(
            table = %self.id,
            attempt,
            "commit failed for good, the table stays at version {before} and cannot go on until storage works: {error}"
        );
        let mut record = live.session.record().clone();
        record.actions.truncate(before);
        if let Ok(restored) = session_from_record(&record) {
            live.session = restored;
        }
        live.frames.written.clear();
        self.committed.send_replace(None);
        self.stalled.send_replace(Some(format!(
            "this table cannot store its moves now ({error}); it goes on once storage works again"
        )));
        self.publish(live);
        Err(ServerError::Storage(error.to_string()))
    }

    /// Keeps the table as it was at version `before`, its last committed
    /// one, for the readers while the commit of what follows is retried.
    fn keep_committed(&self, live: &Live, before: usize) {
        let mut record = live.session.record().clone();
        record.actions.truncate(before);
        match session_from_record(&record) {
            Ok(session) => {
                self.committed.send_replace(Some(Arc::new(Committed {
                    session: std::sync::Mutex::new(session),
                    window: live.window.clone(),
                    auto_pass: live.auto_pass.clone(),
                })));
            }
            // Readers wait for the commit then, as they would without this.
            Err(e) => tracing::error!(table = %self.id, "the committed version does not replay: {e}"),
        }
    }

    /// Tells every connection about the new version and asks whoever
    /// decides next; returns the version. A finished table gives up its
    /// place among the unfinished ones.
    fn announce(self: &Arc<Self>, live: &mut Live) -> usize {
        let version = live.session.version();
        if live.session.turn() == Turn::Over {
            self.settings.open.release(&self.id);
        }
        self.updates.send_replace(version);
        self.ask(live);
        // After asking: the change carries the decision taken together that
        // opened, which the replicas' clients are asked in too.
        self.publish(live);
        version
    }

    /// Where the table stands now and who it waits for.
    pub async fn progress_now(&self) -> Progress {
        self.reading().await.with(Viewer::Spectator, &[], |session, _| self.progress(session))
    }

    /// Where `session` stands and who it waits for at this table.
    pub fn progress(&self, session: &dyn DynSession) -> Progress {
        match self.seats.read() {
            Ok(seats) => progress_of(session, &seats),
            Err(_) => progress_of(session, &[]),
        }
    }

    /// Resumes a table after a restart: whoever decides now is asked, people
    /// whether or not they are connected yet.
    pub async fn resume(self: &Arc<Self>) {
        let mut live = self.live.lock().await;
        self.ask_passing_the_absent(&mut live, false);
        self.publish(&mut live);
    }

    /// A connection of `viewer` opens (`true`) or closes. A person asked in
    /// a decision taken together who is no longer connected passes.
    pub async fn connected(self: &Arc<Self>, viewer: Viewer, open: bool) {
        self.touch();
        let Viewer::Seat(seat) = viewer else { return };
        if open && self.bot_spec(seat).is_none() {
            // A person came: the table is not abandoned (expiry counts
            // from here).
            self.store.visit(&self.id);
        }
        if !self.owns() {
            // The owner counts every node's connections; nobody waits for it.
            let table = Arc::clone(self);
            tokio::spawn(async move {
                if let Err(e) = table.forwarded(Request::Connected { seat, open }).await {
                    tracing::debug!(table = %table.id, seat, "the owner did not hear of a connection: {e}");
                }
            });
            return;
        }
        let mut live = self.live.lock().await;
        let Some(count) = live.connections.get_mut(seat) else { return };
        *count = if open { *count + 1 } else { count.saturating_sub(1) };
        if *count == 0
            && live.window.as_ref().is_some_and(|w| w.waits_for(seat))
            && self.bot_spec(seat).is_none()
        {
            let pass = live.window.as_ref().map(|w| w.pass.clone()).unwrap_or_default();
            if let Err(e) = self.answer(&mut live, seat, pass).await {
                tracing::error!(table = %self.id, seat, "the pass of a seat that left failed: {e}");
            }
        }
    }

    /// Sets whether `seat` passes every decision taken together at once;
    /// when it is asked now, it passes now.
    pub async fn set_auto_pass(self: &Arc<Self>, seat: Seat, on: bool) -> Result<(), ServerError> {
        if !self.owns() && self.forwarded(Request::AutoPass { seat, on }).await?.is_some() {
            return Ok(());
        }
        let mut live = self.live.lock().await;
        let Some(slot) = live.auto_pass.get_mut(seat) else { return Ok(()) };
        *slot = on;
        live.frames.written.clear();
        self.publish(&mut live);
        if on
            && let Some(window) = &live.window
            && window.waits_for(seat)
        {
            let pass = window.pass.clone();
            self.answer(&mut live, seat, pass).await?;
        }
        Ok(())
    }

    /// Summary for lobby lists.
    /// How many moves the players made (chance outcomes not counted).
    pub async fn moves(&self) -> usize {
        self.reading().await.with(Viewer::Spectator, &[], |session, _| session.moves())
    }

    pub async fn summary(&self, viewer: Viewer) -> TableSummary {
        let standing = self.reading().await.with(viewer, &[], |session, _| Standing {
            version: session.version(),
            turn: session.turn(),
            ranks: session.outcome().map(|o| o.ranks),
            expired: false,
        });
        summary_of(&self.id, &self.game, &self.seats(), viewer, standing)
    }
}

#[cfg(test)]
mod tests;
