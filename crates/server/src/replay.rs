//! Replays: a finished game as one viewer saw it, step by step, compact and
//! built within bounded memory.
//!
//! - **Steps are events.** Each step is one entry of the viewer's log
//!   ([`spieltisch_core::log`]): a seat's whole move with the chance
//!   outcomes folded into it (dice, cards drawn), or a chance event of its
//!   own, so a replay steps the way people tell the game. Actions the
//!   viewer learns nothing from belong to the step before them.
//! - **Compact.** The reply carries the viewer's first view whole, then each
//!   step's change of the view against the view before it ([`diff`]): what
//!   stays (a course, a track, the hands not played) is sent once. Never
//!   the record, which holds every secret: only the viewer's views and log
//!   entries leave the server.
//! - **Bounded memory.** The reply is written while the game is replayed,
//!   in chunks through a small channel, so a request holds the game, two
//!   views and a chunk or two, never the whole reply. Where the steps
//!   begin is found by a first replay (the numbers of the actions that
//!   begin the viewer's entries); the second one writes them.
//!
//! The reply (documented in `docs/api.md`):
//! `{"ok": true, "table", "game", "name", "viewer", "seats", "share", "static",
//!   "first": {"version", "turn", "view", "log"},
//!   "steps": [[version, turn, log, change], …],
//!   "outcome"}`.

use crate::error::ServerError;
use axum::body::{Body, Bytes};
use serde::Serialize;
use serde_json::Value;
use spieltisch_catalog::{DynSession, Wording, new_session};
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
    /// Who sat where: the log calls people by their names.
    #[serde(skip)]
    pub seats: Vec<crate::table::SeatConfig>,
    /// Every seat as anyone may see it (kind, name), for the board.
    #[serde(rename = "seats")]
    pub shown_seats: Vec<Value>,
    /// The path of this replay as a spectator sees it: a link to share,
    /// which shows no seat's secrets.
    pub share: String,
}

/// One step: the actions of one entry of the viewer's log, written as the
/// array `[version, turn, log, change]`: a long game has thousands of
/// steps, and their keys would be a sixth of the reply.
#[derive(Serialize)]
struct Step<'a>(usize, Turn, &'a [Value], Vec<Value>);

/// The change from `old` to `new` as a list of edits, each `[path, value]`
/// (set the value at the JSON Pointer `path`: replace it, add the key, or
/// append to an array) or `[path]` (remove the key, or the array's last
/// element). Objects are compared key by key and arrays index by index, so
/// a moved rider is one edit of its space, not a new list of riders.
/// A part whose edits would be longer than the part itself is set whole.
/// Applying the edits in order to `old` gives `new`. A JSON Patch (RFC
/// 6902) would spend most of its bytes on `"op":"replace"` and `"value"`
/// (docs/benchmarks.md, "Replays", has the sizes).
pub fn diff(old: &Value, new: &Value) -> Vec<Value> {
    let mut edits = Vec::new();
    diff_at(&mut String::new(), old, new, &mut edits);
    edits
}

fn diff_at(path: &mut String, old: &Value, new: &Value, edits: &mut Vec<Value>) {
    let at = path.len();
    let first = edits.len();
    match (old, new) {
        (Value::Object(was), Value::Object(is)) => {
            for key in was.keys().filter(|k| !is.contains_key(*k)) {
                push_key(path, key);
                edits.push(Value::Array(vec![Value::String(path.clone())]));
                path.truncate(at);
            }
            for (key, value) in is {
                push_key(path, key);
                match was.get(key) {
                    Some(before) => diff_at(path, before, value, edits),
                    None => edits.push(Value::Array(vec![Value::String(path.clone()), value.clone()])),
                }
                path.truncate(at);
            }
        }
        (Value::Array(was), Value::Array(is)) => {
            for (i, (before, value)) in was.iter().zip(is).enumerate() {
                path.push_str(&format!("/{i}"));
                diff_at(path, before, value, edits);
                path.truncate(at);
            }
            for (i, value) in is.iter().enumerate().skip(was.len()) {
                edits.push(Value::Array(vec![Value::String(format!("{path}/{i}")), value.clone()]));
            }
            // From the end, so that each removal takes the last element.
            for i in (is.len()..was.len()).rev() {
                edits.push(Value::Array(vec![Value::String(format!("{path}/{i}"))]));
            }
        }
        _ if old == new => {}
        _ => edits.push(Value::Array(vec![Value::String(path.clone()), new.clone()])),
    }
    // A part that changed through and through (a phase of play that gave
    // way to another) is shorter set whole than edited key by key.
    if edits.len() > first + 1 && at > 0 {
        let whole = Value::Array(vec![Value::String(path.clone()), new.clone()]);
        if length(&whole) < edits[first..].iter().map(length).sum::<usize>() + (edits.len() - first - 1) {
            edits.truncate(first);
            edits.push(whole);
        }
    }
}

/// The length of `value` written as JSON.
fn length(value: &Value) -> usize {
    serde_json::to_string(value).map_or(usize::MAX, |text| text.len())
}

/// Appends `key` to a JSON Pointer, escaped (RFC 6901).
fn push_key(path: &mut String, key: &str) {
    path.push('/');
    for c in key.chars() {
        match c {
            '~' => path.push_str("~0"),
            '/' => path.push_str("~1"),
            c => path.push(c),
        }
    }
}

/// The first step: the game as it opens.
#[derive(Serialize)]
struct First<'a> {
    version: usize,
    turn: Turn,
    view: &'a Value,
    log: &'a [Value],
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
    let viewer = head.viewer;
    let actions = &record.actions;
    let starts = entry_starts(record, viewer)?;
    let mut session = new_session(&record.game, &record.options, record.seed)?;
    let names = crate::table::seat_names(&*session, &head.seats, lang);
    let wording = Wording { names: &names, lang };
    let mut at = 0;
    let apply_until = |session: &mut Box<dyn DynSession>, at: &mut usize, end: usize| {
        while *at < end {
            session.apply(None, &actions[*at])?;
            *at += 1;
        }
        Ok::<(), ServerError>(())
    };
    // What happens before the viewer's first entry (nothing it may know)
    // is part of the first view.
    apply_until(&mut session, &mut at, starts.first().copied().unwrap_or(actions.len()))?;
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
    let log = session.entries_since(viewer, 0, Some(&wording))?;
    out.raw("\"first\":")?;
    out.json(&First { version: at, turn: session.turn(), view: &view, log: &log })?;
    out.raw(",\"steps\":[")?;
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(actions.len());
        apply_until(&mut session, &mut at, end)?;
        let next = session.view(viewer)?;
        let change = diff(&view, &next);
        view = next;
        // A step's entry begins at the version before it and is the actor's
        // who was to move there: the step says both, so its entry does not.
        let mut log = session.entries_since(viewer, start, Some(&wording))?;
        for entry in log.iter_mut().filter_map(Value::as_object_mut) {
            entry.remove("at");
            entry.remove("actor");
        }
        if i > 0 {
            out.raw(",")?;
        }
        out.json(&Step(at, session.turn(), &log, change))?;
    }
    out.raw("],\"outcome\":")?;
    out.json(&session.outcome())?;
    out.raw("}")?;
    out.flush()
}

/// The numbers of the actions that begin the entries of `viewer`'s log,
/// from a replay of `record`.
fn entry_starts(record: &Record, viewer: Viewer) -> Result<Vec<usize>, ServerError> {
    let mut session = new_session(&record.game, &record.options, record.seed)?;
    for action in &record.actions {
        session.apply(None, action)?;
    }
    Ok(session.entry_starts(viewer)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_change_names_each_edit_by_its_path() {
        let old = json!({"a": 1, "b": [1, 2, 3], "c": {"d": "x", "e/f": 1}, "gone": true});
        let new = json!({"a": 2, "b": [1, 5], "c": {"d": "x", "e/f": 2, "g~": null}, "h": [0]});
        assert_eq!(
            diff(&old, &new),
            [
                json!(["/gone"]),
                json!(["/a", 2]),
                // Two edits of a short list are longer than the list.
                json!(["/b", [1, 5]]),
                json!(["/c/e~1f", 2]),
                json!(["/c/g~0", null]),
                json!(["/h", [0]]),
            ]
        );
        assert!(diff(&new, &new).is_empty());
        let long = json!({"b": [10, 20, 30, 40, 50, 60]});
        assert_eq!(diff(&long, &json!({"b": [10, 20, 31, 40, 50]})), [json!(["/b/2", 31]), json!(["/b/5"])]);
        assert_eq!(diff(&json!([1]), &json!([1, 2, 3])), [json!(["/1", 2]), json!(["/2", 3])]);
        assert_eq!(diff(&json!([1, 2, 3]), &json!([1])), [json!(["/2"]), json!(["/1"])]);
        assert_eq!(diff(&json!({"a": [1]}), &json!({"a": {"b": 1}})), [json!(["/a", {"b": 1}])]);
    }

    #[test]
    fn a_part_changed_through_and_through_is_set_whole() {
        let old = json!({"phase": {"kind": "choose", "offer": [1, 2], "team": 1}, "round": 3});
        let new = json!({"phase": {"kind": "move", "rider": 12, "amount": 8}, "round": 3});
        assert_eq!(diff(&old, &new), [json!(["/phase", {"kind": "move", "rider": 12, "amount": 8}])]);
        // One key of many: edited, not set whole.
        let long = json!({"p": {"a": "aaaaaaaa", "b": "bbbbbbbb", "c": 1}});
        let changed = json!({"p": {"a": "aaaaaaaa", "b": "bbbbbbbb", "c": 2}});
        assert_eq!(diff(&long, &changed), [json!(["/p/c", 2])]);
    }
}
