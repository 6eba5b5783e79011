//! A table: one game in progress, its seats, and everyone watching it.
//!
//! The table holds the truth. Every action is checked by the engine against
//! the version the client saw, committed to the database, and only then
//! announced; each connection then sends its own viewer's update.
//!
//! Messages are written once per version and viewer (and language and
//! detail), straight from typed structs to bytes, and shared by every
//! connection that needs the same one.

use crate::error::ServerError;
use crate::store::Store;
use axum::extract::ws::Utf8Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use spieltisch_catalog::{CatalogError, DynSession, SeatSpec, session_from_record};
use spieltisch_core::{Lang, Outcome, Seat, Turn, Viewer};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, watch};

/// Who sits in a seat, and the secret that lets a person act there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatConfig {
    /// A seat spec: `human`, `random`, `heuristic`, `easy`, `mcts:iters=500`, ...
    pub spec: String,
    /// The seat's token (people only).
    pub token: Option<String>,
}

/// Server-wide settings that tables need.
#[derive(Clone, Debug)]
pub struct TableSettings {
    /// How long a bot waits before moving, so people can follow.
    pub bot_delay: Duration,
}

#[derive(Debug)]
pub struct Table {
    pub id: String,
    pub game: String,
    pub seats: Vec<SeatConfig>,
    pub spectator_token: String,
    pub hotseat: bool,
    live: Mutex<Live>,
    updates: watch::Sender<usize>,
    store: Store,
    settings: TableSettings,
}

/// The game in progress and the messages already written for its current
/// version, behind one lock so a message always matches the version it names.
#[derive(Debug)]
struct Live {
    session: Box<dyn DynSession>,
    frames: Frames,
    /// Each action's words (for people's logs), by action number: worked
    /// out when a person's connection first needs them (by replaying the
    /// record), then kept up with every action; tables only programs watch
    /// never pay for them.
    words: Option<Vec<Option<Words>>>,
}

impl Live {
    /// Keeps a message for the other connections that need it; a finished
    /// table keeps none (it would hold them for as long as the table lives).
    fn keep(&mut self, key: FrameKey, bytes: &Utf8Bytes) {
        if self.session.turn() != Turn::Over {
            self.frames.put(key, bytes.clone());
        }
    }

    /// The session, and the words a snapshot or update in `detail` needs:
    /// none for programs.
    fn with_words(&mut self, detail: Detail) -> (&dyn DynSession, &[Option<Words>]) {
        let version = self.session.version();
        if !detail.compact && self.words.as_ref().is_none_or(|w| w.len() != version) {
            self.words = Some(words_of(self.session.record()).unwrap_or_else(|e| {
                tracing::warn!("no words for the log: {e}");
                Vec::new()
            }));
        }
        let words = if detail.compact { &[][..] } else { self.words.as_deref().unwrap_or_default() };
        (&*self.session, words)
    }
}

/// A seat's action in words, in both languages, as the game described it
/// just before it was applied; chance outcomes have none.
#[derive(Clone, Debug)]
pub struct Words {
    en: String,
    de: String,
}

impl Words {
    /// The words of `notation`, played in `session`'s current state.
    fn of(session: &dyn DynSession, notation: &str) -> Option<Words> {
        Some(Words {
            en: session.describe(notation, Lang::En).ok()?,
            de: session.describe(notation, Lang::De).ok()?,
        })
    }

    fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::De => &self.de,
        }
    }
}

/// The words of every action of a record, replaying it from the start.
pub fn words_of(record: &spieltisch_core::Record) -> Result<Vec<Option<Words>>, ServerError> {
    let mut session = spieltisch_catalog::new_session(&record.game, &record.options, record.seed)?;
    let mut words = Vec::with_capacity(record.actions.len());
    for action in &record.actions {
        words.push(match session.turn() {
            Turn::Seat(_) => Words::of(&*session, action),
            _ => None,
        });
        session.apply(None, action)?;
    }
    Ok(words)
}

/// A viewer's log lines from action number `first` on, with each seat's
/// action in words where the viewer saw the action itself (its line is the
/// action's notation, not a redaction); everything else as the game logged it.
fn in_words(
    lines: Vec<String>,
    first: usize,
    session: &dyn DynSession,
    words: &[Option<Words>],
    lang: Lang,
) -> Vec<String> {
    let actions = &session.record().actions;
    lines
        .into_iter()
        .enumerate()
        .map(|(i, line)| match (words.get(first + i), actions.get(first + i)) {
            (Some(Some(said)), Some(action)) if *action == line => said.get(lang).to_string(),
            _ => line,
        })
        .collect()
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
    pub view: Value,
    /// The view drawn as text by the game (a fallback and a screen-reader aid);
    /// left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The viewer's legal actions, when it is the viewer's turn.
    pub legal: Vec<LegalAction>,
    /// Every action so far as the viewer saw it; left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<Vec<String>>,
    pub outcome: Option<Outcome>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub kind: String,
    pub team: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct LegalAction {
    pub action: String,
    /// The action in words; left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
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
    /// The actions since `from` as the viewer saw them (secret ones redacted).
    pub log: Vec<String>,
    /// The viewer's legal actions, when it is the viewer's turn.
    pub legal: Vec<LegalAction>,
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
        seats: Vec<SeatConfig>,
        spectator_token: String,
        hotseat: bool,
        session: Box<dyn DynSession>,
        store: Store,
        settings: TableSettings,
    ) -> Arc<Self> {
        let game = session.info().id.to_string();
        let (updates, _) = watch::channel(session.version());
        Arc::new(Table {
            id,
            game,
            seats,
            spectator_token,
            hotseat,
            live: Mutex::new(Live { session, frames: Frames::default(), words: None }),
            updates,
            store,
            settings,
        })
    }

    /// The viewer a token speaks for on this table.
    pub fn viewer_for(&self, token: &str) -> Result<Viewer, ServerError> {
        if let Some(seat) = self.seats.iter().position(|s| s.token.as_deref() == Some(token)) {
            return Ok(Viewer::Seat(seat));
        }
        if token == self.spectator_token {
            return Ok(Viewer::Spectator);
        }
        Err(ServerError::BadToken)
    }

    /// A receiver that wakes whenever the version changes.
    pub fn subscribe(&self) -> watch::Receiver<usize> {
        self.updates.subscribe()
    }

    pub async fn is_over(&self) -> bool {
        self.live.lock().await.session.turn() == Turn::Over
    }

    /// The game's name in English and German.
    pub async fn name(&self) -> spieltisch_core::Text {
        self.live.lock().await.session.info().name
    }

    /// The record (for replays, only once the game is over).
    pub async fn record(&self) -> spieltisch_core::Record {
        self.live.lock().await.session.record().clone()
    }

    /// What `viewer` sees now.
    pub async fn snapshot(&self, viewer: Viewer, detail: Detail) -> Result<Snapshot, ServerError> {
        let mut live = self.live.lock().await;
        let (session, words) = live.with_words(detail);
        snapshot_of(&self.id, &self.seats, session, words, viewer, detail)
    }

    /// `viewer`'s snapshot as a message, with its version.
    pub async fn snapshot_frame(
        &self,
        viewer: Viewer,
        detail: Detail,
    ) -> Result<(usize, Utf8Bytes), ServerError> {
        let mut live = self.live.lock().await;
        let version = live.session.version();
        let key = FrameKey { viewer, detail, from: None };
        if let Some(bytes) = live.frames.get(version, key) {
            return Ok((version, bytes));
        }
        let (session, words) = live.with_words(detail);
        let snapshot = snapshot_of(&self.id, &self.seats, session, words, viewer, detail)?;
        let bytes = Utf8Bytes::from(to_text(&snapshot)?);
        live.keep(key, &bytes);
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
        let mut live = self.live.lock().await;
        let version = live.session.version();
        if version <= from {
            return Ok(None);
        }
        let key = FrameKey { viewer, detail, from: Some(from) };
        if let Some(bytes) = live.frames.get(version, key) {
            return Ok(Some((version, bytes)));
        }
        let (session, words) = live.with_words(detail);
        let text = if detail.compact {
            compact_update_text(session, viewer, from)?
        } else {
            to_text(&update_of(session, words, viewer, detail, from)?)?
        };
        let bytes = Utf8Bytes::from(text);
        live.keep(key, &bytes);
        Ok(Some((version, bytes)))
    }

    /// Plays `action` for `seat`, if it is sent against the current version
    /// (`expected`); commits it (and the chance outcomes that follow) before
    /// announcing the new version. Returns the new version.
    pub async fn act(
        self: &Arc<Self>,
        seat: Seat,
        expected: Option<usize>,
        action: &str,
    ) -> Result<usize, ServerError> {
        let mut live = self.live.lock().await;
        let Live { session, words, .. } = &mut *live;
        let before = session.version();
        if let Some(sent) = expected
            && sent != before
        {
            return Err(ServerError::Stale { sent, current: before });
        }
        if words.as_ref().is_some_and(|w| w.len() != before) {
            *words = None;
        }
        let said = words.as_ref().and_then(|_| Words::of(&**session, action));
        session.apply(Some(seat), action)?;
        session.run_chance();
        self.commit(session, before).await?;
        if let Some(words) = words {
            words.push(said);
            words.resize(session.version(), None);
        }
        let version = session.version();
        let turn = session.turn();
        drop(live);
        self.updates.send_replace(version);
        self.schedule_bot(turn, version);
        Ok(version)
    }

    /// Draws any chance outcomes due now (at the start of a game), commits
    /// them, and lets a bot move if one is to.
    pub async fn start(self: &Arc<Self>) -> Result<(), ServerError> {
        let mut live = self.live.lock().await;
        let Live { session, words, .. } = &mut *live;
        let before = session.version();
        session.run_chance();
        self.commit(session, before).await?;
        if words.as_ref().is_some_and(|w| w.len() != before) {
            *words = None;
        }
        if let Some(words) = words {
            words.resize(session.version(), None);
        }
        let (turn, version) = (session.turn(), session.version());
        drop(live);
        self.updates.send_replace(version);
        self.schedule_bot(turn, version);
        Ok(())
    }

    /// Stores the actions after `before`; on failure rebuilds the session
    /// from what is stored, so memory never runs ahead of the database.
    async fn commit(&self, session: &mut Box<dyn DynSession>, before: usize) -> Result<(), ServerError> {
        let new = session.record().actions[before..].to_vec();
        if let Err(e) = self.store.append(&self.id, before, new).await {
            let mut record = session.record().clone();
            record.actions.truncate(before);
            if let Ok(restored) = session_from_record(&record) {
                *session = restored;
            }
            return Err(ServerError::Storage(e.to_string()));
        }
        Ok(())
    }

    fn bot_spec(&self, turn: Turn) -> Option<(Seat, SeatSpec)> {
        let seat = turn.seat()?;
        let spec: SeatSpec = self.seats.get(seat)?.spec.parse().ok()?;
        (!spec.is_human()).then_some((seat, spec))
    }

    /// If a bot is to move, lets it think off the async runtime (on a copy
    /// of the session) and play through the same checked path as people.
    fn schedule_bot(self: &Arc<Self>, turn: Turn, version: usize) {
        let Some((seat, spec)) = self.bot_spec(turn) else { return };
        let table = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(table.settings.bot_delay).await;
            let copy = table.live.lock().await.session.clone_box();
            if copy.version() != version {
                return;
            }
            let choice = tokio::task::spawn_blocking(move || {
                let mut copy = copy;
                copy.bot_move(&spec)
            })
            .await;
            match choice {
                Ok(Ok(action)) => {
                    if let Err(e) = table.act(seat, Some(version), &action).await {
                        tracing::warn!(table = %table.id, seat, "bot move not applied: {e}");
                    }
                }
                Ok(Err(e)) => tracing::error!(table = %table.id, seat, "bot failed: {e}"),
                Err(e) => tracing::error!(table = %table.id, seat, "bot task failed: {e}"),
            }
        });
    }

    /// Resumes a table after a restart: a bot to move moves.
    pub async fn resume(self: &Arc<Self>) {
        let live = self.live.lock().await;
        let (turn, version) = (live.session.turn(), live.session.version());
        drop(live);
        self.schedule_bot(turn, version);
    }

    /// Summary for lobby lists.
    pub async fn summary(&self, viewer: Viewer) -> Value {
        let live = self.live.lock().await;
        let session = &live.session;
        json!({
            "table": self.id,
            "game": self.game,
            "name": session.info().name,
            "viewer": viewer,
            "version": session.version(),
            "turn": session.turn(),
            "seats": self.seats.iter().map(|s| &s.spec).collect::<Vec<_>>(),
            "over": session.turn() == Turn::Over,
        })
    }
}

/// A message as JSON text, written straight from its typed struct.
fn to_text<T: Serialize>(message: &T) -> Result<String, ServerError> {
    serde_json::to_string(message)
        .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))
}

/// The legal actions `viewer` may take now: none unless it is the viewer's turn.
fn legal_for(session: &dyn DynSession, viewer: Viewer, detail: Detail) -> Vec<LegalAction> {
    match (session.turn(), viewer) {
        (Turn::Seat(s), Viewer::Seat(v)) if s == v && detail.compact => {
            session.legal().into_iter().map(|action| LegalAction { action, text: None }).collect()
        }
        (Turn::Seat(s), Viewer::Seat(v)) if s == v => session
            .legal_described(detail.lang)
            .into_iter()
            .map(|(action, text)| LegalAction { action, text: Some(text) })
            .collect(),
        _ => Vec::new(),
    }
}

/// What changed for `viewer` since version `from`.
pub fn update_of(
    session: &dyn DynSession,
    words: &[Option<Words>],
    viewer: Viewer,
    detail: Detail,
    from: usize,
) -> Result<Update, ServerError> {
    let mut log = session.log_since(viewer, from)?;
    if !detail.compact {
        log = in_words(log, from, session, words, detail.lang);
    }
    Ok(Update {
        kind: "update",
        version: session.version(),
        from,
        turn: session.turn(),
        log,
        legal: legal_for(session, viewer, detail),
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
    if matches!((turn, viewer), (Turn::Seat(s), Viewer::Seat(v)) if s == v) {
        let mut notation = String::new();
        let mut first = true;
        session.visit_legal(&mut |action| {
            notation.clear();
            let _ = write!(notation, "{action}");
            out.push_str(if first { r#"{"action":"# } else { r#",{"action":"# });
            first = false;
            write_json_str(&mut out, &notation);
            out.push('}');
        });
    }
    out.push_str(r#"],"outcome":"#);
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

/// A viewer's snapshot of a session (also used for replay steps); `words`
/// are the actions' words ([`words_of`]), for the log.
pub fn snapshot_of(
    table: &str,
    seats: &[SeatConfig],
    session: &dyn DynSession,
    words: &[Option<Words>],
    viewer: Viewer,
    detail: Detail,
) -> Result<Snapshot, ServerError> {
    let teams = session.teams();
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
            })
            .collect(),
        view: session.view(viewer)?,
        text: if detail.compact { None } else { Some(session.describe_view(viewer, detail.lang)?) },
        legal: legal_for(session, viewer, detail),
        log: if detail.compact {
            None
        } else {
            Some(in_words(session.log(viewer)?, 0, session, words, detail.lang))
        },
        outcome: session.outcome(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_catalog::new_session;

    /// The hand-written compact update is exactly what serde writes for
    /// [`Update`], for every viewer at every step of whole games.
    #[test]
    fn compact_updates_match_the_update_struct() {
        for game in ["kuhn", "six"] {
            let mut session = new_session(game, &Value::Null, 5).unwrap();
            let viewers: Vec<Viewer> =
                (0..session.seats()).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
            let detail = Detail { lang: Lang::En, compact: true };
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
                        serde_json::from_str(&compact_update_text(&*session, viewer, from).unwrap()).unwrap();
                    let by_serde =
                        serde_json::to_value(update_of(&*session, &[], viewer, detail, from).unwrap())
                            .unwrap();
                    assert_eq!(by_hand, by_serde, "{game} at {from} for {viewer:?}");
                }
                steps += 1;
            }
            assert!(steps >= 3, "{game}: {steps} steps");
        }
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
