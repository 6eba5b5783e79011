//! Replays: a finished game as one viewer saw it, step by step, compact and
//! built within bounded memory.
//!
//! - **Steps are decisions.** Each step is one seat's action with the
//!   chance outcomes that follow it (dice, cards drawn), so a replay steps
//!   the way people played; the first step holds the game's opening chance
//!   outcomes.
//! - **Compact.** The reply carries the viewer's first view whole, then each
//!   step's change of the view as a JSON Patch (RFC 6902) against the view
//!   before it: what stays (a course, a track, the hands not played) is
//!   sent once. Never the record, which holds every secret: only the
//!   viewer's views and log lines leave the server.
//! - **Bounded memory.** The reply is written while the game is replayed,
//!   in chunks through a small channel, so a request holds the game, two
//!   views and a chunk or two, never the whole reply.
//!
//! The reply (documented in `docs/api.md`):
//! `{"ok": true, "table", "game", "name", "viewer", "static",
//!   "first": {"version", "turn", "view", "log"},
//!   "steps": [{"version", "turn", "log", "patch"}, …],
//!   "outcome"}`.

use crate::error::ServerError;
use crate::table::{Words, in_words};
use axum::body::{Body, Bytes};
use serde::Serialize;
use serde_json::Value;
use spieltisch_catalog::{DynSession, new_session};
use spieltisch_core::{Lang, Record, Turn, Viewer};

/// How many bytes are written before a chunk goes out.
const CHUNK: usize = 64 * 1024;
/// How many chunks may wait for the client: the memory a slow reader holds.
const CHUNKS_IN_FLIGHT: usize = 2;

/// What the reply names besides the steps.
#[derive(Debug, Serialize)]
pub struct Head {
    pub table: String,
    pub game: String,
    pub name: spieltisch_core::Text,
    pub viewer: Viewer,
}

/// One step: a decision and the chance outcomes after it.
#[derive(Serialize)]
struct Step<'a> {
    version: usize,
    turn: Turn,
    log: &'a [String],
    patch: json_patch::Patch,
}

/// The first step: the game as it opens.
#[derive(Serialize)]
struct First<'a> {
    version: usize,
    turn: Turn,
    view: &'a Value,
    log: &'a [String],
}

/// The replay of `record` as `viewer` saw it, as a streamed body. The work
/// runs on a blocking thread, holding `places` (its places under the limits
/// on replays built at once) until it ends; it stops when the client goes
/// away.
pub fn stream(record: Record, head: Head, lang: Lang, places: impl Send + 'static) -> Body {
    let (chunks, mut receiver) = tokio::sync::mpsc::channel::<Bytes>(CHUNKS_IN_FLIGHT);
    tokio::task::spawn_blocking(move || {
        let mut out = Out { chunks, buffer: Vec::with_capacity(CHUNK) };
        match write(&record, &head, lang, &mut out) {
            Ok(()) | Err(Stopped::ClientGone) => {}
            // The head is sent already: the reply ends short, and the log
            // says why (a loaded table replays, so this is a bug).
            Err(Stopped::Failed(e)) => tracing::error!(table = %head.table, "replay failed: {e}"),
        }
        drop(places);
    });
    Body::from_stream(futures_util::stream::poll_fn(move |cx| {
        receiver.poll_recv(cx).map(|chunk| chunk.map(Ok::<_, std::io::Error>))
    }))
}

/// Where the reply is written: a buffer sent in chunks.
struct Out {
    chunks: tokio::sync::mpsc::Sender<Bytes>,
    buffer: Vec<u8>,
}

/// Why a replay stopped before its end.
#[derive(Debug)]
enum Stopped {
    /// The client went away: nothing more to write.
    ClientGone,
    Failed(ServerError),
}

impl<E: Into<ServerError>> From<E> for Stopped {
    fn from(e: E) -> Self {
        Stopped::Failed(e.into())
    }
}

impl Out {
    fn json<T: Serialize>(&mut self, value: &T) -> Result<(), Stopped> {
        serde_json::to_writer(&mut self.buffer, value)
            .map_err(|e| Stopped::Failed(ServerError::BadRequest(format!("cannot write JSON: {e}"))))?;
        self.flush_if_full()
    }

    fn raw(&mut self, text: &str) -> Result<(), Stopped> {
        self.buffer.extend_from_slice(text.as_bytes());
        self.flush_if_full()
    }

    fn flush_if_full(&mut self) -> Result<(), Stopped> {
        if self.buffer.len() >= CHUNK { self.flush() } else { Ok(()) }
    }

    fn flush(&mut self) -> Result<(), Stopped> {
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK)));
        self.chunks.blocking_send(chunk).map_err(|_| Stopped::ClientGone)
    }
}

fn write(record: &Record, head: &Head, lang: Lang, out: &mut Out) -> Result<(), Stopped> {
    let mut session = new_session(&record.game, &record.options, record.seed)?;
    let viewer = head.viewer;
    let actions = &record.actions;
    // Each action's words, for people's logs (chance outcomes have none).
    let mut words: Vec<Option<Words>> = Vec::with_capacity(actions.len());
    let mut at = 0;
    let advance = |session: &mut Box<dyn DynSession>, words: &mut Vec<Option<Words>>, at: &mut usize| {
        let action = &actions[*at];
        words.push(match session.turn() {
            Turn::Seat(_) => Words::of(&**session, action),
            _ => None,
        });
        session.apply(None, action)?;
        *at += 1;
        // The chance outcomes that follow belong to the same step.
        while *at < actions.len() && session.turn() == Turn::Chance {
            words.push(None);
            session.apply(None, &actions[*at])?;
            *at += 1;
        }
        Ok::<(), ServerError>(())
    };
    while at < actions.len() && session.turn() == Turn::Chance {
        words.push(None);
        session.apply(None, &actions[at])?;
        at += 1;
    }
    let mut view = session.view(viewer)?;
    out.raw("{\"ok\":true,")?;
    let head =
        serde_json::to_value(head).map_err(|e| ServerError::BadRequest(format!("cannot write JSON: {e}")))?;
    for (key, value) in head.as_object().into_iter().flatten() {
        out.json(key)?;
        out.raw(":")?;
        out.json(value)?;
        out.raw(",")?;
    }
    // The table's static part, once: every view below is read with it.
    out.raw("\"static\":")?;
    out.json(&session.static_part()?)?;
    out.raw(",")?;
    let log = in_words(session.log_since(viewer, 0)?, 0, &*session, &words, lang);
    out.raw("\"first\":")?;
    out.json(&First { version: at, turn: session.turn(), view: &view, log: &log })?;
    out.raw(",\"steps\":[")?;
    let mut first_step = true;
    while at < actions.len() {
        let from = at;
        advance(&mut session, &mut words, &mut at)?;
        let next = session.view(viewer)?;
        let patch = json_patch::diff(&view, &next);
        view = next;
        let log = in_words(session.log_since(viewer, from)?, from, &*session, &words, lang);
        if !first_step {
            out.raw(",")?;
        }
        first_step = false;
        out.json(&Step { version: at, turn: session.turn(), log: &log, patch })?;
    }
    out.raw("],\"outcome\":")?;
    out.json(&session.outcome())?;
    out.raw("}")?;
    out.flush()
}
