//! A table: one game in progress, its seats, and everyone watching it.
//!
//! The table holds the truth. Every action is checked by the engine against
//! the version the client saw, committed to the database, and only then
//! announced; each connection then sends its own viewer's view.

use crate::error::ServerError;
use crate::store::Store;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use spieltisch_catalog::{DynSession, SeatSpec, session_from_record};
use spieltisch_core::{Lang, Seat, Turn, Viewer};
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
    session: Mutex<Box<dyn DynSession>>,
    updates: watch::Sender<usize>,
    store: Store,
    settings: TableSettings,
}

/// Everything one viewer needs to draw the table: sent whole on every change,
/// so a client that reconnects is fully in sync at once.
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
    pub outcome: Option<Value>,
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
            session: Mutex::new(session),
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
        self.session.lock().await.turn() == Turn::Over
    }

    /// The record (for replays, only once the game is over).
    pub async fn record(&self) -> spieltisch_core::Record {
        self.session.lock().await.record().clone()
    }

    /// What `viewer` sees now.
    pub async fn snapshot(&self, viewer: Viewer, detail: Detail) -> Result<Snapshot, ServerError> {
        let session = self.session.lock().await;
        snapshot_of(&self.id, &self.seats, &**session, viewer, detail)
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
        let mut session = self.session.lock().await;
        let before = session.version();
        if let Some(sent) = expected
            && sent != before
        {
            return Err(ServerError::Stale { sent, current: before });
        }
        session.apply(Some(seat), action)?;
        session.run_chance();
        self.commit(&mut session, before).await?;
        let version = session.version();
        let turn = session.turn();
        drop(session);
        self.updates.send_replace(version);
        self.schedule_bot(turn, version);
        Ok(version)
    }

    /// Draws any chance outcomes due now (at the start of a game), commits
    /// them, and lets a bot move if one is to.
    pub async fn start(self: &Arc<Self>) -> Result<(), ServerError> {
        let mut session = self.session.lock().await;
        let before = session.version();
        session.run_chance();
        self.commit(&mut session, before).await?;
        let (turn, version) = (session.turn(), session.version());
        drop(session);
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
            let copy = table.session.lock().await.clone_box();
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
        let session = self.session.lock().await;
        let (turn, version) = (session.turn(), session.version());
        drop(session);
        self.schedule_bot(turn, version);
    }

    /// Summary for lobby lists.
    pub async fn summary(&self, viewer: Viewer) -> Value {
        let session = self.session.lock().await;
        json!({
            "table": self.id,
            "game": self.game,
            "viewer": viewer,
            "version": session.version(),
            "turn": session.turn(),
            "seats": self.seats.iter().map(|s| &s.spec).collect::<Vec<_>>(),
            "over": session.turn() == Turn::Over,
        })
    }
}

/// A viewer's snapshot of a session (also used for replay steps).
pub fn snapshot_of(
    table: &str,
    seats: &[SeatConfig],
    session: &dyn DynSession,
    viewer: Viewer,
    detail: Detail,
) -> Result<Snapshot, ServerError> {
    let turn = session.turn();
    let legal = match (turn, viewer) {
        (Turn::Seat(s), Viewer::Seat(v)) if s == v && detail.compact => {
            session.legal().into_iter().map(|action| LegalAction { action, text: None }).collect()
        }
        (Turn::Seat(s), Viewer::Seat(v)) if s == v => session
            .legal_described(detail.lang)
            .into_iter()
            .map(|(action, text)| LegalAction { action, text: Some(text) })
            .collect(),
        _ => Vec::new(),
    };
    let teams = session.teams();
    Ok(Snapshot {
        kind: "state",
        table: table.to_string(),
        game: session.info().id.to_string(),
        name: session.info().name,
        version: session.version(),
        viewer,
        turn,
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
        legal,
        log: if detail.compact { None } else { Some(session.log(viewer)?) },
        outcome: session.outcome().map(|o| serde_json::to_value(o).unwrap_or(Value::Null)),
    })
}
