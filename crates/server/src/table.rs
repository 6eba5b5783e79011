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
//! [`spieltisch_core::Together`]) is asked of all of them at once: each
//! person privately, each bot from its own view. Answers are held, seen by
//! nobody else, and applied in the engine's order once all are in. A person
//! who has asked to pass automatically, or is not connected, passes at once
//! (neither depends on the hand); one who has not answered by the deadline,
//! the same for everyone, passes then. Bots start thinking at once and
//! answer no earlier than the bot delay, whatever they hold; the deadline
//! waits for them, since their decisions wait in the search pool's queue
//! and what they answer must not depend on its length.
//!
//! A table never stalls for good on storage: a commit that fails for a
//! reason that may pass is tried again with growing pauses, each failure
//! logged with the table's id. When it still fails, the table goes back to
//! what is stored, tells every connection (`table.stalled`) and the log,
//! and whatever was to happen next (a bot's move, the answers of a
//! Steigung window) is tried again a little later, until storage works.

mod in_cluster;

use crate::bot_pool::{BotPool, Lane};
use crate::cluster::{Answer, Change, Cluster, Request};
use crate::error::ServerError;
use crate::limits::OpenTables;
use crate::storage::SharedStorage;
use crate::storage::{Progress, Waiting};
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use spieltisch_catalog::{
    BotLimits, BotMove, CatalogError, DynSession, SeatSpec, Wording, session_from_record,
};
use spieltisch_core::{ActionData, Lang, Outcome, Seat, Turn, Viewer};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tokio::sync::{Mutex, watch};

/// Who sits in a seat, and the secret that lets a person act there.
///
/// A person's seat is *claimed* (it has a token) or *free* (it has an
/// invitation code and no token yet: whoever follows the invitation takes
/// it). Tables of older builds stored neither name nor invitation: their
/// person seats are claimed and unnamed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatConfig {
    /// A seat spec: `human`, `random`, `heuristic`, `easy`, `mcts:iters=500`, ...
    pub spec: String,
    /// The seat's token (people only, once the seat is claimed).
    pub token: Option<String>,
    /// The name of the person who sits there, if they gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The invitation code that leads to this seat; kept once the seat is
    /// claimed, so that the invitation can say the seat is taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

impl SeatConfig {
    /// A seat as tables of older builds made them: a person's seat with
    /// its token, a bot's without.
    pub fn claimed(spec: String, token: Option<String>) -> SeatConfig {
        SeatConfig { spec, token, name: None, invite: None }
    }

    /// The bot that plays this seat, if a bot does.
    pub fn bot(&self) -> Option<SeatSpec> {
        self.spec.parse::<SeatSpec>().ok().filter(|spec| !spec.is_human())
    }

    /// Whether a person plays this seat (not a bot).
    pub fn is_person(&self) -> bool {
        self.spec.parse::<SeatSpec>().is_ok_and(|spec| spec.is_human())
    }

    /// Whether a person may still take this seat.
    pub fn is_free(&self) -> bool {
        self.token.is_none() && self.invite.is_some()
    }

    /// The seat as anyone may see it: what plays it, who sits there, and
    /// whether it is free (never its token or invitation).
    pub fn public(&self, seat: Seat) -> Value {
        let mut shown = json!({ "seat": seat, "kind": self.spec, "name": self.name });
        if self.is_free() {
            shown["free"] = json!(true);
        }
        shown
    }
}

/// Who sits at a table and who may see it, as its row stores it: the
/// seats as JSON `{"seats": [...], "hotseat": bool, "public": bool}` and
/// the spectator token in a column of its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Seating {
    pub seats: Vec<SeatConfig>,
    pub spectator_token: String,
    pub hotseat: bool,
    pub public: bool,
    /// The table of the rematch, once someone at this finished one asked for it.
    pub rematch: Option<String>,
}

impl Seating {
    /// The seating of a stored table, or why its seats cannot be read.
    pub fn of_row(row: &crate::storage::TableRow) -> Result<Seating, String> {
        Seating::from_stored(&row.seats, &row.spectator_token)
    }

    /// The seating that [`Seating::stored`] wrote, with the spectator token
    /// kept beside it.
    pub fn from_stored(stored: &Value, spectator_token: &str) -> Result<Seating, String> {
        let seats = serde_json::from_value(stored["seats"].clone())
            .map_err(|e| format!("its seats cannot be read: {e}"))?;
        Ok(Seating {
            seats,
            spectator_token: spectator_token.to_string(),
            hotseat: stored["hotseat"].as_bool().unwrap_or(false),
            public: stored["public"].as_bool().unwrap_or(false),
            rematch: stored["rematch"].as_str().map(str::to_string),
        })
    }

    /// The seats column's JSON.
    pub fn stored(&self) -> Value {
        let mut stored = json!({ "seats": self.seats, "hotseat": self.hotseat, "public": self.public });
        if let Some(rematch) = &self.rematch {
            stored["rematch"] = json!(rematch);
        }
        stored
    }
}

/// Where `session` stands and who it waits for at a table seated as
/// `seats`: the server, when a bot decides (alone or among others), or
/// chance is to be drawn.
pub fn progress_of(session: &dyn DynSession, seats: &[SeatConfig]) -> Progress {
    let turn = session.turn();
    let deciding = match session.together() {
        Some((seats, _)) => seats,
        None => turn.seat().into_iter().collect(),
    };
    let is_bot = |seat: Seat| seats.get(seat).and_then(SeatConfig::bot).is_some();
    let waiting = match turn {
        Turn::Over => Waiting::Over,
        Turn::Chance => Waiting::Bots,
        Turn::Seat(_) if deciding.iter().any(|&seat| is_bot(seat)) => Waiting::Bots,
        Turn::Seat(_) => Waiting::People,
    };
    let ranks = if turn == Turn::Over { session.outcome().map(|o| o.ranks) } else { None };
    Progress { turn, waiting, ranks }
}

/// Each seat's name for people in `lang`: the name of the person who sits
/// there, or else the game's word for the seat ([`DynSession::seat_names`]).
pub(crate) fn seat_names(session: &dyn DynSession, seats: &[SeatConfig], lang: Lang) -> Vec<String> {
    let mut names = session.seat_names(lang);
    for (name, seat) in names.iter_mut().zip(seats) {
        if let Some(person) = &seat.name {
            name.clone_from(person);
        }
    }
    names
}

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

/// A decision taken together that is collecting its answers.
#[derive(Clone, Debug)]
pub struct Window {
    /// The version at which everyone was asked; answers count for it only.
    version: usize,
    /// The seats asked, in the order their answers count.
    seats: Vec<Seat>,
    /// The pass, in notation.
    pass: String,
    /// Each seat's answer so far, by position in `seats`.
    answers: Vec<Option<String>>,
    /// The task waiting for the deadline, stopped once the answers are
    /// applied sooner, so that no sleeping task outlives its window.
    deadline: Option<tokio::task::AbortHandle>,
}

impl Window {
    fn position(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().position(|&s| s == seat)
    }

    /// True when `seat` is asked and has not answered yet.
    fn waits_for(&self, seat: Seat) -> bool {
        self.position(seat).is_some_and(|i| self.answers[i].is_none())
    }

    fn complete(&self) -> bool {
        self.answers.iter().all(Option::is_some)
    }
}

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

/// What a message says beyond the session.
#[derive(Clone, Copy, Debug, Default)]
pub struct Extras<'a> {
    pub window: Option<&'a Window>,
    pub auto_pass: Option<bool>,
    /// Who sits where: the log calls people by their names.
    pub seats: &'a [SeatConfig],
    /// The rematch's table, once there is one.
    pub rematch: Option<&'a str>,
}

impl<'a> Extras<'a> {
    /// What a message for `viewer` says beyond the session: the open
    /// decision taken together, the seat's own preference (`auto_pass`, per
    /// seat), and who sits where.
    fn of(window: Option<&'a Window>, auto_pass: &[bool], viewer: Viewer, seats: &'a [SeatConfig]) -> Self {
        let auto_pass = match viewer {
            Viewer::Seat(s) => auto_pass.get(s).copied(),
            Viewer::Spectator => None,
        };
        Extras { window, auto_pass, seats, rematch: None }
    }
}

/// A viewer's log entries for people from action `from` on
/// ([`DynSession::entries_since`]), in words in `lang`, each seat called by
/// the name of the person who sits there, or as its game calls it.
pub(crate) fn entries_in_words(
    session: &dyn DynSession,
    seats: &[SeatConfig],
    viewer: Viewer,
    from: usize,
    lang: Lang,
) -> Result<Vec<Value>, ServerError> {
    let names = seat_names(session, seats, lang);
    Ok(session.entries_since(viewer, from, Some(&Wording { names: &names, lang }))?)
}

/// Messages written for one version, shared by the connections that send them.
#[derive(Debug, Default)]
struct Frames {
    version: usize,
    written: Vec<(FrameKey, Utf8Bytes)>,
}

/// Which message: a snapshot (`from: None`) or the update from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FrameKey {
    viewer: Viewer,
    detail: Detail,
    from: Option<usize>,
}

impl Frames {
    fn get(&mut self, version: usize, key: FrameKey) -> Option<Utf8Bytes> {
        if self.version != version {
            self.version = version;
            self.written.clear();
            return None;
        }
        self.written.iter().find(|(k, _)| *k == key).map(|(_, bytes)| bytes.clone())
    }

    fn put(&mut self, key: FrameKey, bytes: Utf8Bytes) {
        // A handful of viewers per table: a short list beats a map.
        if self.written.len() < 32 {
            self.written.push((key, bytes));
        }
    }
}

/// Everything one viewer needs to draw the table: sent on connect and on
/// request (`sync`), so a client that reconnects is fully in sync at once.
#[derive(Clone, Debug, Serialize)]
pub struct Snapshot {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub table: String,
    pub game: String,
    /// The game's name in English and German.
    pub name: spieltisch_core::Text,
    pub version: usize,
    pub viewer: Viewer,
    pub turn: Turn,
    pub seats: Vec<SeatSummary>,
    /// The table's static part ([`spieltisch_core::Game::Static`]): what
    /// never changes while the table is played, such as a course's
    /// drawing; `null` for a game without one. Only snapshots carry it,
    /// never updates: a client keeps it from the snapshot.
    #[serde(rename = "static")]
    pub static_part: Value,
    pub view: Value,
    /// The view drawn as text by the game (a fallback and a screen-reader aid);
    /// left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The viewer's legal actions, when it is the viewer's turn (or the
    /// viewer has still to answer a decision taken together).
    pub legal: Vec<LegalAction>,
    /// The seats asked together now (a Steigung window), in the order their
    /// answers count; absent otherwise. Who has answered is not shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<Vec<Seat>>,
    /// For a seat: whether it passes every decision taken together at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub auto_pass: Option<bool>,
    /// The viewer's log for people, an entry per event with its words;
    /// left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<Vec<Value>>,
    pub outcome: Option<Outcome>,
    /// The table of the rematch of this finished game, once someone asked
    /// for it: a person's token is the same there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub kind: String,
    pub team: usize,
    /// The name of the person who sits there, if they gave one.
    pub name: Option<String>,
    /// A person's seat that nobody has taken yet.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct LegalAction {
    pub action: String,
    /// The action as data: its kind and parameters (see `docs/api.md`);
    /// left out of compact snapshots, where the notation says it.
    #[serde(skip_serializing_if = "Option::is_none", flatten)]
    pub data: Option<ActionData>,
    /// The action in words; left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// An update's log: for people, the log entries that began or changed
/// since `from` (replacing the receiver's entries from the first one's
/// `at` on); for programs (compact), the actions since `from` in notation
/// as the viewer saw them (secret ones redacted).
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum UpdateLog {
    Entries(Vec<Value>),
    Notation(Vec<String>),
}

/// What changed since version `from`, for one viewer: sent to each
/// connection after its first snapshot, instead of a whole snapshot.
#[derive(Debug, Serialize)]
pub struct Update {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub version: usize,
    /// The version the receiver had; `log` continues its log from there.
    pub from: usize,
    pub turn: Turn,
    /// What happened since `from`, as the viewer may know it.
    pub log: UpdateLog,
    /// The viewer's legal actions, when it is the viewer's turn.
    pub legal: Vec<LegalAction>,
    /// The seats asked together now, as in [`Snapshot::window`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<Vec<Seat>>,
    pub outcome: Option<Outcome>,
    /// The new view; left out of compact updates (a program asks with
    /// `sync` when it wants one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<Value>,
    /// The view drawn as text; left out of compact updates.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

/// How much a snapshot carries: everything a person's screen needs, or
/// (compact) only what a program needs to play: view, turn and legal actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    pub lang: Lang,
    pub compact: bool,
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
                auto_pass: vec![false; session.seats()],
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

    /// The rematch's table, if someone asked for one.
    pub fn rematch(&self) -> Option<String> {
        self.rematch.read().ok().and_then(|r| r.clone())
    }

    /// Makes the rematch of this finished table once: `open` opens the new
    /// table (given this table's seats) and is called only by the first to
    /// ask; everyone else gets the same table. The new table is stored in
    /// this one's seating before it is announced, so a restart keeps it, and
    /// every connection then gets a fresh snapshot that names it.
    pub async fn rematch_with<F, Fut>(self: &Arc<Self>, open: F) -> Result<String, ServerError>
    where
        F: FnOnce(Vec<SeatConfig>, Outcome) -> Fut,
        Fut: std::future::Future<Output = Result<String, ServerError>>,
    {
        let mut live = self.live.lock().await;
        if let Some(made) = self.rematch() {
            return Ok(made);
        }
        let Some(outcome) = live.session.outcome() else {
            return Err(ServerError::NotOver);
        };
        if !self.owns() {
            // Opened here; the owner keeps the first rematch made.
            drop(live);
            let made = open(self.seats(), outcome).await?;
            return match self.forwarded(Request::Rematch { made: made.clone() }).await? {
                Some(Answer::Rematch(kept)) => Ok(kept),
                Some(_) => Ok(made),
                None => self.keep_rematch(&mut *self.live.lock().await, made).await,
            };
        }
        let made = open(self.seats(), outcome).await?;
        self.keep_rematch(&mut live, made).await
    }

    /// Stores `made` as the rematch, unless one was kept first; answers the
    /// rematch kept.
    async fn keep_rematch(&self, live: &mut Live, made: String) -> Result<String, ServerError> {
        if let Some(kept) = self.rematch() {
            return Ok(kept);
        }
        let mut seating = self.seating_now(self.seats());
        seating.rematch = Some(made.clone());
        self.store.seat(&self.id, seating.stored()).await.map_err(|e| ServerError::Storage(e.to_string()))?;
        if let Ok(mut now) = self.rematch.write() {
            *now = Some(made.clone());
        }
        live.frames.written.clear();
        self.seating.send_modify(|changes| *changes += 1);
        self.publish(live);
        Ok(made)
    }

    /// A receiver that wakes whenever someone takes a seat.
    pub fn seating_changes(&self) -> watch::Receiver<u64> {
        self.seating.subscribe()
    }

    /// Gives `seat` to a person named `name` with a new `token`, if the
    /// seat is still free: stored before it is answered, then every
    /// connection gets a fresh snapshot. Claims are taken one at a time
    /// (under the table's lock), so of two for one seat exactly one wins.
    pub async fn claim(self: &Arc<Self>, seat: Seat, name: String, token: String) -> Result<(), ServerError> {
        if !self.owns() {
            let request = Request::Claim { seat, name: name.clone(), token: token.clone() };
            if self.forwarded(request).await?.is_some() {
                return Ok(());
            }
        }
        let mut live = self.live.lock().await;
        let mut seats = self.seats();
        let Some(config) = seats.get_mut(seat).filter(|c| c.is_person()) else {
            return Err(ServerError::NoSuchSeat(seat));
        };
        if !config.is_free() {
            return Err(ServerError::SeatTaken(seat));
        }
        config.token = Some(token);
        config.name = Some(name);
        let stored = self.seating_now(seats.clone()).stored();
        self.store.seat(&self.id, stored).await.map_err(|e| ServerError::Storage(e.to_string()))?;
        if let Ok(mut now) = self.seats.write() {
            *now = seats;
        }
        live.frames.written.clear();
        self.seating.send_modify(|changes| *changes += 1);
        self.publish(&mut live);
        Ok(())
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
    pub async fn name(&self) -> spieltisch_core::Text {
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
        let text = reading.with(viewer, &seats, |session, extras| {
            if detail.compact {
                compact_update_text(session, viewer, from, extras)
            } else {
                to_text(&update_of(session, viewer, detail, from, extras)?)
            }
        })?;
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

    /// Holds `seat`'s answer to the open decision taken together; once all
    /// are in, applies them. Returns the version then.
    async fn answer(
        self: &Arc<Self>,
        live: &mut Live,
        seat: Seat,
        action: String,
    ) -> Result<usize, ServerError> {
        let Some(window) = &mut live.window else { return Ok(live.session.version()) };
        let Some(i) = window.position(seat) else { return Ok(live.session.version()) };
        window.answers[i].get_or_insert(action);
        // The answerer's own messages change (nothing left to answer); no
        // one else's does, and no one else is told.
        live.frames.written.clear();
        if window.complete() {
            self.resolve(live).await
        } else {
            self.publish(live);
            Ok(live.session.version())
        }
    }

    /// Applies the answers of the open decision taken together in the
    /// engine's order, up to the answer that ends it, then commits and
    /// announces.
    async fn resolve(self: &Arc<Self>, live: &mut Live) -> Result<usize, ServerError> {
        let Some(mut window) = live.window.take() else { return Ok(live.session.version()) };
        if let Some(deadline) = window.deadline.take() {
            deadline.abort();
        }
        let before = live.session.version();
        for (&seat, answer) in window.seats.iter().zip(&window.answers) {
            if live.session.turn() != Turn::Seat(seat) {
                break; // an earlier answer ended the decision
            }
            let action = answer.as_deref().unwrap_or(&window.pass);
            if let Err(e) = live.apply(Some(seat), action) {
                // Every answer was checked when it came in; should one fail
                // anyway, the seat passes rather than stall the table.
                tracing::error!(table = %self.id, seat, "answer '{action}' not applied: {e}");
                live.apply(Some(seat), &window.pass)?;
            }
        }
        live.run_chance();
        if let Err(e) = self.commit(live, before).await {
            // The answers stay; they are applied again a little later.
            window.deadline = Some(self.close_window_at(window.version, LAST_PAUSE));
            live.window = Some(window);
            return Err(e);
        }
        Ok(self.announce(live))
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

    fn bot_spec(&self, seat: Seat) -> Option<SeatSpec> {
        self.seats.read().ok()?.get(seat)?.bot()
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

    /// Asks whoever decides now: every seat of a decision taken together at
    /// once, or a bot to move.
    fn ask(self: &Arc<Self>, live: &mut Live) {
        self.ask_passing_the_absent(live, true);
    }

    /// [`Table::ask`]; with `pass_absent`, a person without a connection
    /// passes a decision taken together at once. Not on resuming after a
    /// restart, when nobody has had the time to reconnect: then everyone
    /// has until the deadline.
    fn ask_passing_the_absent(self: &Arc<Self>, live: &mut Live, pass_absent: bool) {
        if !self.owns() {
            return; // the owner asks
        }
        let version = live.session.version();
        let Some((seats, pass)) = live.session.together() else {
            live.window = None;
            if let Some(seat) = live.session.turn().seat()
                && let Some(spec) = self.bot_spec(seat)
            {
                self.schedule_bot(seat, spec, version);
            }
            return;
        };
        if live.window.as_ref().is_some_and(|w| w.version == version) {
            return;
        }
        let mut window = Window { version, answers: vec![None; seats.len()], seats, pass, deadline: None };
        for (i, &seat) in window.seats.iter().enumerate() {
            match self.bot_spec(seat) {
                Some(spec) => match live.session.ahead_to(seat) {
                    Ok(ahead) => self.schedule_bot_answer(seat, spec, version, ahead),
                    Err(e) => {
                        tracing::error!(table = %self.id, seat, "cannot ask the bot: {e}");
                        window.answers[i] = Some(window.pass.clone());
                    }
                },
                None if live.auto_pass[seat] || (pass_absent && live.connections[seat] == 0) => {
                    window.answers[i] = Some(window.pass.clone());
                }
                None => {}
            }
        }
        let wait = if window.complete() { Duration::ZERO } else { self.settings.window_deadline };
        window.deadline = Some(self.close_window_at(version, wait));
        live.window = Some(window);
    }

    /// Starts the task that closes the window of `version` after `wait`.
    fn close_window_at(self: &Arc<Self>, version: usize, wait: Duration) -> tokio::task::AbortHandle {
        let table = Arc::clone(self);
        let deadline = tokio::time::Instant::now() + wait;
        tokio::spawn(async move {
            tokio::time::sleep_until(deadline).await;
            table.close_window(version).await;
        })
        .abort_handle()
    }

    /// The deadline of the decision taken together at `version`: every
    /// person who has not answered passes, and the answers are applied.
    /// A bot that has not answered yet is waited for: its decision waits
    /// in the search pool's queue, and what it answers must not depend on
    /// how long that queue is (it answers, or passes if it fails, and its
    /// answer completes the window).
    async fn close_window(self: &Arc<Self>, version: usize) {
        let mut live = self.live.lock().await;
        let Some(window) = live.window.as_mut().filter(|w| w.version == version) else { return };
        // This task is the deadline: it must not stop itself while applying.
        window.deadline = None;
        for (i, &seat) in window.seats.iter().enumerate() {
            if window.answers[i].is_none() && self.bot_spec(seat).is_none() {
                window.answers[i] = Some(window.pass.clone());
            }
        }
        if !window.complete() {
            // The people who passed now have nothing left to answer.
            live.frames.written.clear();
            self.publish(&mut live);
            return;
        }
        if let Err(e) = self.resolve(&mut live).await {
            tracing::error!(table = %self.id, "the answers could not be applied: {e}");
        }
    }

    /// A bot's answer to a decision taken together: it starts thinking at
    /// once (in the search pool's queue), in the state in which it answers,
    /// and answers no earlier than the bot delay, so how long the window
    /// lasts does not depend on what the bot holds.
    fn schedule_bot_answer(
        self: &Arc<Self>,
        seat: Seat,
        spec: SeatSpec,
        version: usize,
        ahead: Box<dyn DynSession>,
    ) {
        let table = Arc::clone(self);
        let answer_at = tokio::time::Instant::now() + self.settings.bot_delay;
        tokio::spawn(async move {
            let thinking = table.think(seat, spec, ahead);
            let (choice, ()) = tokio::join!(thinking, tokio::time::sleep_until(answer_at));
            let mut live = table.live.lock().await;
            let Some(window) = live.window.as_ref().filter(|w| w.version == version) else { return };
            // A bot that failed passes: the window waits for its answer.
            let action = choice.unwrap_or_else(|| window.pass.clone());
            if let Err(e) = table.answer(&mut live, seat, action).await {
                tracing::warn!(table = %table.id, seat, "bot answer not applied: {e}");
            }
        });
    }

    /// If a bot is to move, lets it think on the search pool (on a copy of
    /// the session) and play through the same checked path as people.
    fn schedule_bot(self: &Arc<Self>, seat: Seat, spec: SeatSpec, version: usize) {
        let table = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(table.settings.bot_delay).await;
            let copy = table.live.lock().await.session.clone_box();
            if copy.version() != version {
                return;
            }
            let Some(action) = table.think(seat, spec, copy).await else { return };
            match table.act(seat, Some(version), &action).await {
                Ok(_) => {}
                Err(ServerError::Storage(e)) => {
                    // The table is back at `version`: the bot moves
                    // again a little later, until storage works.
                    tracing::warn!(table = %table.id, seat, "bot move not stored, asking again: {e}");
                    tokio::time::sleep(LAST_PAUSE).await;
                    let mut live = table.live.lock().await;
                    if live.session.version() == version {
                        table.ask(&mut live);
                    }
                }
                Err(e) => tracing::warn!(table = %table.id, seat, "bot move not applied: {e}"),
            }
        });
    }

    /// The move of `spec`'s bot for `seat` in `session` (a copy), decided
    /// on the search pool within the server's bot limits; `None` (logged)
    /// when the bot failed. A search its deadline cut short is logged: its
    /// move depends on the machine.
    async fn think(&self, seat: Seat, spec: SeatSpec, mut session: Box<dyn DynSession>) -> Option<String> {
        let limits = self.settings.bot_limits.clone();
        let client = self.creator.as_deref().unwrap_or(&self.id);
        // A spec that cannot say fails in the decision itself, where it is
        // logged; the quick lane is where it costs least.
        let lane = if spec.searches_in(&self.game).unwrap_or(false) { Lane::Search } else { Lane::Quick };
        let decided = self
            .settings
            .bots
            .run(lane, client, &self.id, move || session.bot_move_within(&spec, &limits))
            .await;
        match decided {
            Ok(Ok(BotMove { action, search })) => {
                if let Some(report) = search.filter(|r| r.cut_short()) {
                    tracing::warn!(
                        table = %self.id,
                        seat,
                        iterations = report.effort.iterations,
                        budget = report.budget.iterations,
                        expected_ms = report.budget.expected.as_millis() as u64,
                        elapsed_ms = report.elapsed.as_millis() as u64,
                        "bot search stopped at its deadline: this move depends on the machine's speed"
                    );
                }
                Some(action)
            }
            Ok(Err(e)) => {
                tracing::error!(table = %self.id, seat, "bot failed: {e}");
                None
            }
            Err(e) => {
                tracing::error!(table = %self.id, seat, "bot task failed: {e}");
                None
            }
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
    pub async fn summary(&self, viewer: Viewer) -> Value {
        let standing = self.reading().await.with(viewer, &[], |session, _| Standing {
            version: session.version(),
            turn: session.turn(),
            ranks: session.outcome().map(|o| o.ranks),
            expired: false,
        });
        summary_of(&self.id, &self.game, &self.seats(), viewer, standing)
    }
}

/// Where a table stands, as lobby lists tell it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub version: usize,
    pub turn: Turn,
    /// Per seat, 1 = first, once the game is over.
    pub ranks: Option<Vec<u32>>,
    /// Closed unfinished: nobody played at it for a long time.
    pub expired: bool,
}

/// A table as lobby lists show it (loaded or not): the same words either way.
pub fn summary_of(id: &str, game: &str, seats: &[SeatConfig], viewer: Viewer, standing: Standing) -> Value {
    json!({
        "table": id,
        "game": game,
        "name": spieltisch_catalog::entry_of(game).map(|e| e.info.name).ok(),
        "viewer": viewer,
        "version": standing.version,
        "turn": standing.turn,
        "seats": seats.iter().enumerate().map(|(seat, s)| s.public(seat)).collect::<Vec<_>>(),
        "over": standing.turn == Turn::Over,
        "ranks": standing.ranks,
        "expired": standing.expired,
    })
}

/// The viewer `token` speaks for among a table's seats and its spectator
/// token. Every token is compared, each in constant time, so how long the
/// answer takes tells nothing about how much of a token was right.
pub fn viewer_among(seats: &[SeatConfig], spectator_token: &str, token: &str) -> Option<Viewer> {
    use subtle::ConstantTimeEq;
    let same = |known: &str| bool::from(known.as_bytes().ct_eq(token.as_bytes()));
    let mut found = None;
    for (seat, config) in seats.iter().enumerate() {
        if config.token.as_deref().is_some_and(same) {
            found = Some(Viewer::Seat(seat));
        }
    }
    if same(spectator_token) {
        found = Some(Viewer::Spectator);
    }
    found
}

/// A message as JSON text, written straight from its typed struct.
fn to_text<T: Serialize>(message: &T) -> Result<String, ServerError> {
    serde_json::to_string(message)
        .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))
}

/// The session in which `viewer` decides now, if it does: the session
/// itself on the viewer's turn, or, in a decision taken together that waits
/// for the viewer, the session as the viewer answers in it.
fn deciding<'a>(
    session: &'a dyn DynSession,
    viewer: Viewer,
    window: Option<&Window>,
) -> Option<Deciding<'a>> {
    let Viewer::Seat(seat) = viewer else { return None };
    match window {
        Some(w) if w.position(seat).is_some() => {
            if w.waits_for(seat) {
                session.ahead_to(seat).ok().map(Deciding::Ahead)
            } else {
                None
            }
        }
        _ => (session.turn() == Turn::Seat(seat)).then_some(Deciding::Now(session)),
    }
}

/// A session in which a viewer decides: the table's own, or a copy ahead.
enum Deciding<'a> {
    Now(&'a dyn DynSession),
    Ahead(Box<dyn DynSession>),
}

impl Deciding<'_> {
    fn session(&self) -> &dyn DynSession {
        match self {
            Deciding::Now(session) => *session,
            Deciding::Ahead(session) => session.as_ref(),
        }
    }
}

/// The legal actions `viewer` may take now: none unless the viewer decides.
fn legal_for(
    session: &dyn DynSession,
    viewer: Viewer,
    detail: Detail,
    window: Option<&Window>,
) -> Vec<LegalAction> {
    let Some(deciding) = deciding(session, viewer, window) else { return Vec::new() };
    let session = deciding.session();
    if detail.compact {
        session.legal().into_iter().map(|action| LegalAction { action, data: None, text: None }).collect()
    } else {
        session
            .legal_described(detail.lang)
            .into_iter()
            .zip(session.legal_data())
            .map(|((action, text), data)| LegalAction { action, data: Some(data), text: Some(text) })
            .collect()
    }
}

/// What changed for `viewer` since version `from`.
pub fn update_of(
    session: &dyn DynSession,
    viewer: Viewer,
    detail: Detail,
    from: usize,
    extras: Extras<'_>,
) -> Result<Update, ServerError> {
    let log = if detail.compact {
        UpdateLog::Notation(session.log_since(viewer, from)?)
    } else {
        UpdateLog::Entries(entries_in_words(session, extras.seats, viewer, from, detail.lang)?)
    };
    Ok(Update {
        kind: "update",
        version: session.version(),
        from,
        turn: session.turn(),
        log,
        legal: legal_for(session, viewer, detail, extras.window),
        window: extras.window.map(|w| w.seats.clone()),
        outcome: session.outcome(),
        view: if detail.compact { None } else { Some(session.view(viewer)?) },
        text: if detail.compact { None } else { Some(session.describe_view(viewer, detail.lang)?) },
    })
}

/// The compact update from `from` for `viewer`, as [`update_of`] and
/// serde would write it, but with each legal action written straight into
/// the message instead of into a string of its own (the hottest message:
/// programs get one per action).
pub fn compact_update_text(
    session: &dyn DynSession,
    viewer: Viewer,
    from: usize,
    extras: Extras<'_>,
) -> Result<String, ServerError> {
    use std::fmt::Write as _;
    let json = |e: serde_json::Error| {
        ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}")))
    };
    let log = session.log_since(viewer, from)?;
    let turn = session.turn();
    let mut out = String::with_capacity(256);
    let _ = write!(out, r#"{{"type":"update","version":{},"from":{from},"turn":"#, session.version());
    out.push_str(&serde_json::to_string(&turn).map_err(json)?);
    out.push_str(r#","log":"#);
    out.push_str(&serde_json::to_string(&log).map_err(json)?);
    out.push_str(r#","legal":["#);
    if let Some(deciding) = deciding(session, viewer, extras.window) {
        let mut notation = String::new();
        let mut first = true;
        deciding.session().visit_legal(&mut |action| {
            notation.clear();
            let _ = write!(notation, "{action}");
            out.push_str(if first { r#"{"action":"# } else { r#",{"action":"# });
            first = false;
            write_json_str(&mut out, &notation);
            out.push('}');
        });
    }
    out.push(']');
    if let Some(window) = extras.window {
        out.push_str(r#","window":"#);
        out.push_str(&serde_json::to_string(&window.seats).map_err(json)?);
    }
    out.push_str(r#","outcome":"#);
    out.push_str(&serde_json::to_string(&session.outcome()).map_err(json)?);
    out.push('}');
    Ok(out)
}

/// `text` as a JSON string (quoted and escaped).
fn write_json_str(out: &mut String, text: &str) {
    if text.bytes().all(|b| b >= 0x20 && b != b'"' && b != b'\\') {
        out.push('"');
        out.push_str(text);
        out.push('"');
    } else {
        out.push_str(&serde_json::to_string(text).unwrap_or_default());
    }
}

/// A viewer's snapshot of a session.
pub fn snapshot_of(
    table: &str,
    session: &dyn DynSession,
    viewer: Viewer,
    detail: Detail,
    extras: Extras<'_>,
) -> Result<Snapshot, ServerError> {
    let teams = session.teams();
    let seats = extras.seats;
    Ok(Snapshot {
        kind: "state",
        table: table.to_string(),
        game: session.info().id.to_string(),
        name: session.info().name,
        version: session.version(),
        viewer,
        turn: session.turn(),
        seats: seats
            .iter()
            .enumerate()
            .map(|(seat, s)| SeatSummary {
                seat,
                kind: s.spec.clone(),
                team: teams.get(seat).copied().unwrap_or(seat),
                name: s.name.clone(),
                free: s.is_free(),
            })
            .collect(),
        static_part: session.static_part()?,
        view: session.view(viewer)?,
        text: if detail.compact { None } else { Some(session.describe_view(viewer, detail.lang)?) },
        legal: legal_for(session, viewer, detail, extras.window),
        window: extras.window.map(|w| w.seats.clone()),
        auto_pass: extras.auto_pass,
        log: if detail.compact {
            None
        } else {
            Some(entries_in_words(session, seats, viewer, 0, detail.lang)?)
        },
        outcome: session.outcome(),
        rematch: extras.rematch.map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_catalog::{new_session, register_fixtures};

    /// The hand-written compact update is exactly what serde writes for
    /// [`Update`], for every viewer at every step of whole games.
    #[test]
    fn compact_updates_match_the_update_struct() {
        register_fixtures();
        for game in ["kuhn", "six"] {
            let mut session = new_session(game, &Value::Null, 5).unwrap();
            let viewers: Vec<Viewer> =
                (0..session.seats()).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
            let detail = Detail { lang: Lang::En, compact: true };
            let extras = Extras::default();
            let mut steps = 0;
            while session.turn() != Turn::Over && steps < 200 {
                let from = session.version();
                match session.turn() {
                    Turn::Seat(_) => {
                        let legal = session.legal();
                        session.apply(None, &legal[steps % legal.len()]).unwrap();
                    }
                    _ => {
                        session.run_chance();
                    }
                }
                for &viewer in &viewers {
                    let by_hand: Value =
                        serde_json::from_str(&compact_update_text(&*session, viewer, from, extras).unwrap())
                            .unwrap();
                    let by_serde =
                        serde_json::to_value(update_of(&*session, viewer, detail, from, extras).unwrap())
                            .unwrap();
                    assert_eq!(by_hand, by_serde, "{game} at {from} for {viewer:?}");
                }
                steps += 1;
            }
            assert!(steps >= 3, "{game}: {steps} steps");
        }
    }

    /// Der Ausreisser for four, seat 0 leading, seat 2 dealt a Steigung
    /// (`with`) or a 39 in its place, up to the leader's first play: a
    /// Steigung window asks seats 1, 2 and 3.
    fn window_record(with: bool) -> spieltisch_core::Record {
        let mut actions: Vec<String> = ["draw 50", "draw 39", "draw 39", "draw 39"].map(String::from).into();
        let hands = [
            "45 44 43 42 41 40",
            "45 44 43 42 41 40",
            if with { "47 hill 44 42 41 40" } else { "47 39 44 42 41 40" },
            "46 44 43 42 41 40",
        ];
        let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split(' ').collect()).collect();
        for k in 0..24 {
            actions.push(format!("draw {}", hands[k % 4][k / 4]));
        }
        actions.extend(["draw 48", "play 45"].map(String::from));
        spieltisch_core::Record {
            format: spieltisch_core::Record::FORMAT,
            game: "ausreisser".into(),
            options: json!({ "players": 4, "stages": 1 }),
            seed: 9,
            actions,
        }
    }

    /// A table of `record` with `specs` in its seats, stored as it is.
    async fn table_of(record: &spieltisch_core::Record, specs: [&str; 4]) -> Arc<Table> {
        let store =
            crate::storage::open(&crate::DbAddress::Memory, crate::storage::BUSY_TIMEOUT).await.unwrap();
        let row = crate::storage::TableRow {
            id: "t".into(),
            game: record.game.clone(),
            options: record.options.clone(),
            seed: record.seed,
            format: record.format,
            seats: json!({}),
            spectator_token: "s".into(),
            created_at: 0,
            creator: None,
        };
        let seats = specs.iter().map(|s| SeatConfig::claimed(s.to_string(), None)).collect();
        let seating =
            Seating { seats, spectator_token: "s".into(), hotseat: false, public: false, rematch: None };
        let settings = TableSettings {
            bot_delay: Duration::from_millis(400),
            window_deadline: Duration::from_secs(20),
            commit_patience: Duration::from_secs(20),
            bots: BotPool::new(1),
            bot_limits: BotLimits::default(),
            open: Arc::default(),
            cluster: None,
        };
        let table = Table::new(
            "t".into(),
            None,
            seating,
            session_from_record(record).unwrap(),
            store.clone(),
            settings,
        );
        let progress = table.progress_now().await;
        store.create(row, progress.clone()).await.unwrap();
        store.append("t", 0, record.actions.clone(), progress).await.unwrap();
        table
    }

    /// Asks whoever decides now, as after any change of the table.
    async fn ask(table: &Arc<Table>) {
        let mut live = table.live.lock().await;
        table.ask(&mut live);
    }

    async fn version(table: &Table) -> usize {
        table.live.lock().await.session.version()
    }

    async fn answers(table: &Table) -> usize {
        table.live.lock().await.window.as_ref().map_or(0, |w| w.answers.iter().flatten().count())
    }

    /// Lets the spawned tasks run (a bot thinks on the search pool's thread).
    async fn settle(table: &Table, answered: usize) {
        for _ in 0..2000 {
            if answers(table).await >= answered {
                return;
            }
            tokio::task::yield_now().await;
            std::thread::sleep(Duration::from_micros(200));
        }
        panic!("{answered} answers expected, {} seen", answers(table).await);
    }

    #[tokio::test(start_paused = true)]
    async fn a_window_holds_answers_until_all_are_in_and_passes_the_silent_at_the_deadline() {
        // RULES-NOTES (Der Ausreisser, Steigung): everyone is asked at once,
        // answers apply when all are in, a bot answers after the same delay
        // whatever it holds, and a person who has not answered by the
        // deadline passes.
        let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
        for seat in 0..3 {
            table.connected(Viewer::Seat(seat), true).await;
        }
        ask(&table).await;
        let v = version(&table).await;
        let detail = Detail { lang: Lang::En, compact: false };
        for seat in [1, 2] {
            let snap = table.snapshot(Viewer::Seat(seat), detail).await.unwrap();
            assert_eq!(snap.window, Some(vec![1, 2, 3]));
            assert!(snap.legal.iter().any(|l| l.action == "pass"), "seat {seat} is asked");
        }
        let spectator = table.snapshot(Viewer::Spectator, detail).await.unwrap();
        assert!(spectator.legal.is_empty() && spectator.window == Some(vec![1, 2, 3]));
        assert!(table.snapshot(Viewer::Seat(0), detail).await.unwrap().legal.is_empty(), "the leader");

        // Seat 1 answers: held, and seen by nobody else.
        assert_eq!(table.act(1, Some(v), "pass").await.unwrap(), v);
        assert!(table.snapshot(Viewer::Seat(1), detail).await.unwrap().legal.is_empty());
        {
            // The hand-written compact update says the same in a window.
            let live = table.live.lock().await;
            for viewer in [Viewer::Seat(1), Viewer::Seat(2), Viewer::Spectator] {
                let extras = live.extras(viewer, &[]);
                let compact = Detail { lang: Lang::En, compact: true };
                let by_hand: Value = serde_json::from_str(
                    &compact_update_text(&*live.session, viewer, v - 2, extras).unwrap(),
                )
                .unwrap();
                let by_serde =
                    serde_json::to_value(update_of(&*live.session, viewer, compact, v - 2, extras).unwrap())
                        .unwrap();
                assert_eq!(by_hand, by_serde, "{viewer:?}");
                assert_eq!(by_hand["window"], json!([1, 2, 3]));
            }
        }
        assert_eq!(table.act(1, Some(v), "pass").await.unwrap_err().code(), "action.answered");
        assert_eq!(table.act(2, Some(v), "play 44").await.unwrap_err().code(), "action.illegal");
        // The bot answers once the delay is over, not before.
        tokio::time::advance(Duration::from_millis(399)).await;
        assert_eq!(answers(&table).await, 1);
        tokio::time::advance(Duration::from_millis(2)).await;
        settle(&table, 2).await;
        assert_eq!(version(&table).await, v, "seat 2 has not answered yet");
        // Seat 2 says nothing: it passes at the deadline, and then all apply.
        tokio::time::advance(Duration::from_secs(19)).await;
        tokio::task::yield_now().await;
        assert_eq!(version(&table).await, v, "before the deadline");
        let mut updates = table.subscribe();
        tokio::time::advance(Duration::from_secs(1)).await;
        updates.changed().await.unwrap();
        let after = version(&table).await;
        assert!(after > v + 3, "three answers and the next draws applied");
        let log = table.live.lock().await.session.log_since(Viewer::Spectator, v).unwrap();
        assert_eq!(log[..3], ["", "", "window closed"], "others see the window close, nothing per rider");
    }

    #[tokio::test(start_paused = true)]
    async fn people_who_are_away_or_pass_automatically_pass_at_once() {
        let table = table_of(&window_record(false), ["human", "human", "human", "heuristic"]).await;
        table.connected(Viewer::Seat(1), true).await;
        table.set_auto_pass(1, true).await.unwrap();
        ask(&table).await; // seat 2 is not connected, seat 1 passes automatically
        assert_eq!(answers(&table).await, 2);
        let v = version(&table).await;
        let mine = table.snapshot(Viewer::Seat(1), Detail::default()).await.unwrap();
        assert_eq!(mine.auto_pass, Some(true));
        assert_eq!(table.snapshot(Viewer::Seat(2), Detail::default()).await.unwrap().auto_pass, Some(false));
        assert_eq!(table.snapshot(Viewer::Spectator, Detail::default()).await.unwrap().auto_pass, None);
        let mut updates = table.subscribe();
        tokio::time::advance(Duration::from_millis(401)).await;
        updates.changed().await.unwrap();
        assert!(version(&table).await > v, "applied as soon as the bot answered");
    }

    #[tokio::test(start_paused = true)]
    async fn the_deadline_passes_people_and_waits_for_a_bot_whose_decision_is_queued() {
        let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
        for seat in 0..3 {
            table.connected(Viewer::Seat(seat), true).await;
        }
        // The only thread of the bot's lane (the heuristic bot does not
        // search) is busy with another table's decision.
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let pool = table.settings.bots.clone();
        let busy = tokio::spawn(async move {
            pool.run(Lane::Quick, "another", "another", move || gate.recv().ok()).await
        });
        while table.settings.bots.stats().quick.running == 0 {
            tokio::task::yield_now().await;
            std::thread::sleep(Duration::from_millis(1));
        }
        ask(&table).await;
        let v = version(&table).await;
        tokio::time::advance(Duration::from_secs(21)).await;
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert_eq!(answers(&table).await, 2, "both people passed at the deadline");
        assert_eq!(version(&table).await, v, "the bot's answer is waited for");
        assert_eq!(table.settings.bots.stats().quick.queue, 1, "its decision is queued");
        let mut updates = table.subscribe();
        release.send(()).unwrap();
        updates.changed().await.unwrap();
        assert!(version(&table).await > v, "applied once the bot answered");
        assert_eq!(busy.await.unwrap(), Ok(Some(())));
    }

    #[tokio::test(start_paused = true)]
    async fn a_bot_that_does_not_search_answers_while_every_search_waits() {
        let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
        for seat in 0..3 {
            table.connected(Viewer::Seat(seat), true).await;
        }
        // The only search thread is held (until the test lets it go, or a
        // minute has passed) and another client's searches queue behind it.
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let pool = table.settings.bots.clone();
        let held = tokio::spawn(async move {
            pool.run(Lane::Search, "another", "a0", move || {
                gate.recv_timeout(Duration::from_secs(60)).is_ok()
            })
            .await
        });
        let queued: Vec<_> = (1..10)
            .map(|t| {
                let pool = table.settings.bots.clone();
                tokio::spawn(async move { pool.run(Lane::Search, "another", &format!("a{t}"), || ()).await })
            })
            .collect();
        while table.settings.bots.stats().search.queue < 9 {
            tokio::task::yield_now().await;
            std::thread::sleep(Duration::from_millis(1));
        }
        ask(&table).await;
        tokio::time::advance(Duration::from_secs(1)).await;
        while answers(&table).await == 0 {
            tokio::task::yield_now().await;
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(!held.is_finished(), "the bot answered while the search thread was held");
        assert_eq!(table.settings.bots.stats().search.queue, 9, "and every search still waited");
        release.send(()).unwrap();
        assert_eq!(held.await.unwrap(), Ok(true), "released by the test, not by the minute");
        for search in queued {
            assert_eq!(search.await.unwrap(), Ok(()));
        }
    }

    /// The messages a connection of each viewer would be sent now: a
    /// snapshot first, then updates from the version it has.
    async fn frames_since(
        table: &Table,
        viewers: &[Viewer],
        details: &[Detail],
        sent: &mut [usize],
        seen: &mut [Vec<String>],
    ) {
        for (i, &viewer) in viewers.iter().enumerate() {
            for &d in details {
                if sent[i] == 0 {
                    seen[i].push(table.snapshot_frame(viewer, d).await.unwrap().1.to_string());
                } else if let Some((_, frame)) = table.update_frame(viewer, d, sent[i]).await.unwrap() {
                    seen[i].push(frame.to_string());
                }
            }
            sent[i] = version(table).await;
        }
    }

    #[tokio::test(start_paused = true)]
    async fn after_a_restart_people_have_until_the_deadline() {
        // Nobody is connected yet when a table resumes: people are not passed
        // for being away, only at the deadline.
        let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
        table.resume().await;
        assert_eq!(answers(&table).await, 0);
        let v = version(&table).await;
        table.connected(Viewer::Seat(2), true).await;
        tokio::time::advance(Duration::from_millis(401)).await;
        settle(&table, 1).await;
        assert_eq!(version(&table).await, v, "people still to answer");
        let mut updates = table.subscribe();
        tokio::time::advance(Duration::from_secs(20)).await;
        updates.changed().await.unwrap();
        assert!(version(&table).await > v);
    }

    #[tokio::test(start_paused = true)]
    async fn a_steigung_held_changes_no_message_to_anyone_else() {
        // RULES-NOTES (Steigung): two deals that differ only in whether
        // seat 2 holds a Steigung send every other viewer the same messages.
        let detail = Detail { lang: Lang::De, compact: false };
        let compact = Detail { lang: Lang::En, compact: true };
        let mut sequences = Vec::new();
        for with in [true, false] {
            let table = table_of(&window_record(with), ["human"; 4]).await;
            for seat in 0..4 {
                table.connected(Viewer::Seat(seat), true).await;
            }
            ask(&table).await;
            let viewers = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(3), Viewer::Spectator];
            let mut seen: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
            let mut sent = vec![0; viewers.len()];
            frames_since(&table, &viewers, &[detail, compact], &mut sent, &mut seen).await;
            let v = version(&table).await;
            for seat in [3, 1, 2] {
                table.act(seat, Some(v), "pass").await.unwrap();
                frames_since(&table, &viewers, &[detail, compact], &mut sent, &mut seen).await;
            }
            assert!(version(&table).await > v);
            let own = table.snapshot(Viewer::Seat(2), detail).await.unwrap();
            sequences.push((seen, own.view));
        }
        let (with, without) = (&sequences[0], &sequences[1]);
        assert_eq!(with.0, without.0, "the other viewers' messages");
        assert!(with.0.iter().all(|messages| messages.len() == 4), "a snapshot and an update each, twice");
        assert_ne!(with.1, without.1, "seat 2's own view differs");
    }

    #[test]
    fn json_strings_are_escaped() {
        for text in ["place 0,1", "say \"hi\"", "back\\slash", "tab\there", "ümlaut"] {
            let mut out = String::new();
            write_json_str(&mut out, text);
            assert_eq!(serde_json::from_str::<String>(&out).unwrap(), text);
        }
    }
}
