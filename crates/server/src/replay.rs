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
//!   stays (a course, a track, the hands not played) is sent once. A path
//!   of the view is written out the first time a change names it, and as
//!   its number every later time ([`number_paths`]): a long race edits the
//!   same riders' fields thousands of times. Never the record, which holds
//!   every secret: only the viewer's views and log entries leave the
//!   server.
//! - **Bounded memory.** The reply is written while the game is replayed,
//!   in chunks through a small channel, so a request holds the game, two
//!   views and a chunk or two, never the whole reply. Where the steps
//!   begin is found by a first replay (the numbers of the actions that
//!   begin the viewer's entries, [`prepare`]); the second one writes them.
//! - **Bounded size, nothing dropped.** A reply holds at most
//!   [`PAGE_BYTES`]: the steps that do not fit follow in further pages
//!   (`from`, the reply's `next`), each continuing the views where the one
//!   before ended. No bound derived from the format could hold: a race has
//!   no largest number of steps (a blocked rider may wait round after
//!   round), so the bound is kept while the reply is written.
//!
//! The reply (documented in `docs/api.md`):
//! `{"ok": true, "table", "game", "name", "viewer", "seats", "share", "static",
//!   "first": {"version", "turn", "view", "log"}, "total",
//!   "steps": [[version, turn, log, change], …], "next",
//!   "outcome"}`; a page after the first leaves out `static` and `first`.

use crate::error::ServerError;
use crate::table::SeatShown;
use axum::body::{Body, Bytes};
use serde::ser::{Error as _, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;
use spieltisch_catalog::{CatalogError, DynSession, Wording, new_session};
use spieltisch_core::{Lang, Record, Turn, Viewer};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;

/// The most bytes one reply of a replay holds (`ServerConfig::replay_page_bytes`):
/// a five-stage race of four teams needs about 800,000 (docs/benchmarks.md,
/// "Replays"), so nearly every game is one page.
pub const PAGE_BYTES: usize = 1_000_000;

/// How many bytes are written before a chunk goes out.
const CHUNK: usize = 64 * 1024;
/// How many chunks may wait for the client: the memory a slow reader holds.
const CHUNKS_IN_FLIGHT: usize = 2;

/// What the reply names besides the steps.
#[derive(Debug)]
pub struct Head {
    pub table: String,
    pub game: String,
    pub name: spieltisch_core::Said,
    pub viewer: Viewer,
    /// Who sat where: the log calls people by their names.
    pub seats: Vec<crate::table::SeatConfig>,
    /// Every seat as anyone may see it (kind, name), for the board.
    pub shown_seats: Vec<SeatShown>,
    /// The path of this replay as a spectator sees it: a link to share,
    /// which shows no seat's secrets.
    pub share: String,
}

/// The reply of `GET /api/tables/{id}/replay` (docs/api.md), written while
/// the game is replayed: its `steps` are made as they are written, and its
/// `outcome` is the game's after them. The head's keys (`game` to
/// `viewer`) are in alphabetical order, as the reply has always had them.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Replay"))]
pub struct ReplayReply<'a> {
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    pub game: &'a str,
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub name: &'a spieltisch_core::Said,
    /// Who sat where, with the names of people (`SeatConfig::public`).
    pub seats: &'a [SeatShown],
    /// The replay as a spectator sees it: a link to share.
    pub share: &'a str,
    pub table: &'a str,
    pub viewer: Viewer,
    /// The table's static part, once for every step (the first page only).
    #[serde(rename = "static", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown", optional))]
    pub fixed: Option<Value>,
    /// The game as it opens (the first page only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub first: Option<First<'a>>,
    /// How many steps the replay has in all its pages.
    pub total: usize,
    #[cfg_attr(feature = "ts", ts(as = "Vec<Step<'a>>"))]
    pub steps: Steps<'a>,
    /// The step the next page begins with (`from`), or `null` on the last.
    #[cfg_attr(feature = "ts", ts(as = "Option<usize>"))]
    pub next: Next<'a>,
    /// The game's outcome on the last page, `null` on the others.
    #[cfg_attr(feature = "ts", ts(as = "Option<spieltisch_core::Outcome>"))]
    pub outcome: Ending<'a>,
}

/// Which steps a reply holds: from step `from` on, as many as fit in
/// `at_most` bytes (and always one, so that every page moves on).
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub from: usize,
    pub at_most: usize,
}

impl Page {
    /// The first page, of at most [`PAGE_BYTES`].
    pub fn first() -> Page {
        Page { from: 0, at_most: PAGE_BYTES }
    }
}

/// What the first replay of a record finds out before a reply is written.
#[derive(Debug)]
pub struct Prepared {
    /// The numbers of the actions that begin the viewer's entries: one
    /// step each.
    starts: Vec<usize>,
    /// The bytes a reply's ending may take (`],"next":…,"outcome":…}`),
    /// kept free while steps are added.
    ending: usize,
}

impl Prepared {
    /// How many steps the replay has.
    pub fn steps(&self) -> usize {
        self.starts.len()
    }
}

/// One step: the actions of one entry of the viewer's log, written as the
/// array `[version, turn, log, change]`: a long game has thousands of
/// steps, and their keys would be a sixth of the reply. The log's entries
/// leave out their `at` and `actor`, which the step says. A path of the
/// change that an earlier change named is written as its number
/// ([`number_paths`]).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReplayStep"))]
pub struct Step<'a>(
    usize,
    Turn,
    /// The log's entries, each without its `at` and `actor`.
    #[cfg_attr(feature = "ts", ts(type = "Array<Omit<LogEntry, \"at\" | \"actor\">>"))]
    &'a [Value],
    /// The change of the view against the step before: `[path, value]`
    /// sets, `[path]` removes ([`diff`]); a path named before is its number.
    #[cfg_attr(feature = "ts", ts(type = "Array<[string | number, unknown] | [string | number]>"))]
    Vec<Value>,
);

/// The replay as it goes: the session, at version `at`, and the view there
/// (none before the first step: the first view).
struct Replaying {
    session: Box<dyn DynSession>,
    at: usize,
    view: Option<Value>,
    /// The paths the changes so far wrote out, with their numbers.
    paths: HashMap<String, usize>,
    /// Why making a step failed, once it did.
    failed: Option<ServerError>,
}

/// The steps of a replay, each made as it is written.
pub struct Steps<'a> {
    replaying: &'a RefCell<Replaying>,
    record: &'a Record,
    /// The numbers of the actions that begin the viewer's entries.
    starts: &'a [usize],
    viewer: Viewer,
    wording: &'a Wording<'a>,
    /// The view before the page's first step.
    first_view: &'a Value,
    page: Page,
    /// The bytes written so far, the reply's head included.
    written: &'a Cell<usize>,
    /// Kept free for the reply's ending.
    ending: usize,
    /// Where the next page begins, once a step did not fit.
    next: &'a Cell<Option<usize>>,
}

impl std::fmt::Debug for Steps<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Steps").field("starts", &self.starts.len()).finish_non_exhaustive()
    }
}

impl Steps<'_> {
    /// Makes step `i` from where the replay is, and hands it to `write`.
    fn step<R>(&self, i: usize, write: impl FnOnce(&Step<'_>) -> R) -> Result<R, ServerError> {
        let replaying = &mut *self.replaying.borrow_mut();
        let start = self.starts[i];
        let end = self.starts.get(i + 1).copied().unwrap_or(self.record.actions.len());
        apply_until(&mut replaying.session, &mut replaying.at, end, &self.record.actions)?;
        let next = replaying.session.view(self.viewer)?;
        let mut change = diff(replaying.view.as_ref().unwrap_or(self.first_view), &next);
        number_paths(&mut change, &mut replaying.paths);
        replaying.view = Some(next);
        // A step's entry begins at the version before it and is the actor's
        // who was to move there: the step says both, so its entry does not.
        let mut log = replaying.session.entries_since(self.viewer, start, Some(self.wording))?;
        for entry in log.iter_mut().filter_map(Value::as_object_mut) {
            entry.remove("at");
            entry.remove("actor");
        }
        Ok(write(&Step(replaying.at, replaying.session.turn(), &log, change)))
    }
}

impl Serialize for Steps<'_> {
    /// Each step as it is made, while it fits in the page; the first that
    /// does not is where the next page begins. A step that cannot be made
    /// stops the reply; why is kept for the replay's caller
    /// (`Replaying::failed`).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        // The page's `[`, written once the sequence is begun.
        let mut filled = self.written.get() + 1;
        for i in self.page.from..self.starts.len() {
            let text = match self.step(i, |step| serde_json::to_string(step)) {
                Ok(Ok(text)) => text,
                Ok(Err(e)) => return Err(S::Error::custom(e)),
                Err(e) => {
                    let said = e.to_string();
                    self.replaying.borrow_mut().failed = Some(e);
                    return Err(S::Error::custom(said));
                }
            };
            let comma = usize::from(i > self.page.from);
            if i > self.page.from && filled + comma + text.len() + self.ending > self.page.at_most {
                self.next.set(Some(i));
                break;
            }
            filled += comma + text.len();
            let raw = RawValue::from_string(text).map_err(S::Error::custom)?;
            seq.serialize_element(&raw)?;
        }
        seq.end()
    }
}

/// Where the next page begins, once the steps are written.
pub struct Next<'a>(&'a Cell<Option<usize>>);

impl std::fmt::Debug for Next<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Next").field(&self.0.get()).finish()
    }
}

impl Serialize for Next<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.get().serialize(serializer)
    }
}

/// The game's outcome, once the steps are written: `null` on a page that
/// a next one follows.
pub struct Ending<'a>(&'a RefCell<Replaying>, &'a Cell<Option<usize>>);

impl std::fmt::Debug for Ending<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Ending")
    }
}

impl Serialize for Ending<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.1.get() {
            Some(_) => serializer.serialize_none(),
            None => self.0.borrow().session.outcome().serialize(serializer),
        }
    }
}

/// Applies the record's actions from `at` up to `end`.
fn apply_until(
    session: &mut Box<dyn DynSession>,
    at: &mut usize,
    end: usize,
    actions: &[String],
) -> Result<(), ServerError> {
    while *at < end {
        session.apply(None, &actions[*at])?;
        *at += 1;
    }
    Ok(())
}

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

/// Writes each edit's path that `paths` knows as its number, and adds
/// the others to `paths`, numbered from 0 in the order they are first
/// written: a reader that keeps the paths it reads in a list, in order,
/// finds each number's path at that index.
pub fn number_paths(edits: &mut [Value], paths: &mut HashMap<String, usize>) {
    for edit in edits.iter_mut().filter_map(Value::as_array_mut) {
        let Some(Value::String(path)) = edit.first() else { continue };
        match paths.get(path) {
            Some(&number) => edit[0] = Value::from(number),
            None => {
                let number = paths.len();
                paths.insert(path.clone(), number);
            }
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

/// The first step: the game as it opens, its view whole.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ReplayFirst"))]
pub struct First<'a> {
    pub version: usize,
    pub turn: Turn,
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub view: &'a Value,
    /// Empty: the first view comes before any entry.
    #[cfg_attr(feature = "ts", ts(as = "Vec<spieltisch_catalog::LogEntry<'static, ()>>"))]
    pub log: &'a [Value],
}

/// The first replay of `record`: where `viewer`'s steps begin, and what
/// the reply's ending may take. A blocking call: a long game takes a
/// second.
///
/// # Errors
/// When the record does not replay.
pub fn prepare(record: &Record, viewer: Viewer) -> Result<Prepared, ServerError> {
    let mut session = new_session(&record.game, &record.options, record.seed)?;
    for action in &record.actions {
        session.apply(None, action)?;
    }
    let outcome = serde_json::to_string(&session.outcome())
        .map_err(|e| CatalogError::Internal(format!("cannot write the outcome: {e}")))?;
    // `],"next":` a step's number `,"outcome":` the outcome `}`.
    let ending = r#"],"next":,"outcome":}"#.len() + 20 + outcome.len();
    Ok(Prepared { starts: session.entry_starts(viewer)?, ending })
}

/// Checks that `page` begins at a step of the replay.
///
/// # Errors
/// `request.invalid` for a page beyond the last step.
pub fn check_page(prepared: &Prepared, page: Page) -> Result<(), ServerError> {
    if page.from > 0 && page.from >= prepared.steps() {
        return Err(ServerError::BadRequest(format!(
            "the replay has {} steps: a page begins at one of them, from=0 to from={}",
            prepared.steps(),
            prepared.steps().saturating_sub(1)
        )));
    }
    Ok(())
}

/// The page of the replay of `record` as `viewer` saw it, as a streamed
/// body. The work runs on a blocking thread, holding `places` (its places
/// under the limits on replays built at once) until it ends; it stops when
/// the client goes away.
pub fn stream(
    record: Record,
    prepared: Prepared,
    head: Head,
    lang: Lang,
    page: Page,
    places: impl Send + 'static,
) -> Body {
    let (chunks, mut receiver) = tokio::sync::mpsc::channel::<Bytes>(CHUNKS_IN_FLIGHT);
    tokio::task::spawn_blocking(move || {
        let mut out = Out { chunks, buffer: Vec::with_capacity(CHUNK) };
        match write(&record, &prepared, &head, lang, page, &mut out).and_then(|()| out.send()) {
            Ok(()) | Err(Stopped::ClientGone) => {}
            // The head is sent already: the reply ends short, and the log
            // says why (a loaded table replays, so this is a bug).
            Err(Stopped::Failed(e)) => tracing::error!(table = %head.table, "replay failed: {e}"),
            Err(Stopped::Writing(e)) => {
                tracing::error!(table = %head.table, "replay failed: cannot write JSON: {e}")
            }
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
    /// The JSON writer failed (a bug).
    Writing(String),
}

impl<E: Into<ServerError>> From<E> for Stopped {
    fn from(e: E) -> Self {
        Stopped::Failed(e.into())
    }
}

impl Out {
    /// Sends what is buffered as one chunk.
    fn send(&mut self) -> Result<(), Stopped> {
        let chunk = Bytes::from(std::mem::replace(&mut self.buffer, Vec::with_capacity(CHUNK)));
        self.chunks.blocking_send(chunk).map_err(|_| Stopped::ClientGone)
    }
}

/// The reply is written into the buffer, a chunk sent whenever it is full.
impl std::io::Write for Out {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= CHUNK {
            self.send().map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A writer that counts what passes through it, for the page's bound.
struct Counted<'a, W> {
    inner: &'a mut W,
    written: &'a Cell<usize>,
}

impl<W: std::io::Write> std::io::Write for Counted<'_, W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.written.set(self.written.get() + n);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// The page of the replay of `record` as `head.viewer` saw it, in memory,
/// as [`stream`] sends it: for measuring it.
///
/// # Errors
/// When the record does not replay, the page begins beyond the last step,
/// or the reply cannot be written.
pub fn bytes(record: &Record, head: &Head, lang: Lang, page: Page) -> Result<Vec<u8>, ServerError> {
    let prepared = prepare(record, head.viewer)?;
    check_page(&prepared, page)?;
    let mut out = Vec::new();
    match write(record, &prepared, head, lang, page, &mut out) {
        Ok(()) => Ok(out),
        Err(Stopped::Failed(e)) => Err(e),
        // Writing into memory never fails: both are bugs.
        Err(Stopped::ClientGone) => {
            Err(CatalogError::Internal("the replay's writer went away".into()).into())
        }
        Err(Stopped::Writing(e)) => {
            Err(CatalogError::Internal(format!("cannot write the replay: {e}")).into())
        }
    }
}

/// Writes the page into `out`, which may stop it by failing to write
/// (a client gone).
fn write(
    record: &Record,
    prepared: &Prepared,
    head: &Head,
    lang: Lang,
    page: Page,
    out: &mut impl std::io::Write,
) -> Result<(), Stopped> {
    let viewer = head.viewer;
    let starts = &prepared.starts;
    let mut session = new_session(&record.game, &record.options, record.seed)?;
    let names = crate::table::seat_names(&*session, &head.seats, lang);
    let wording = Wording { names: &names, lang };
    let mut at = 0;
    // The first page opens where the viewer's first entry begins (what
    // happens before it, nothing the viewer may know, is part of the first
    // view); a later one where its first step begins, its view the one the
    // page before ended with.
    let opens_at = starts.get(page.from).copied().unwrap_or(record.actions.len());
    apply_until(&mut session, &mut at, opens_at, &record.actions)?;
    let view = session.view(viewer)?;
    let (fixed, log) = if page.from == 0 {
        // The table's static part, once: every view below is read with it.
        (Some(session.static_part()?), session.entries_since(viewer, 0, Some(&wording))?)
    } else {
        (None, Vec::new())
    };
    let first_turn = session.turn();
    let replaying = RefCell::new(Replaying { session, at, view: None, paths: HashMap::new(), failed: None });
    let written = Cell::new(0);
    let next = Cell::new(None);
    let reply = ReplayReply {
        ok: true,
        game: &head.game,
        name: &head.name,
        seats: &head.shown_seats,
        share: &head.share,
        table: &head.table,
        viewer,
        fixed,
        first: (page.from == 0).then(|| First { version: at, turn: first_turn, view: &view, log: &log }),
        total: starts.len(),
        steps: Steps {
            replaying: &replaying,
            record,
            starts,
            viewer,
            wording: &wording,
            first_view: &view,
            page,
            written: &written,
            ending: prepared.ending,
            next: &next,
        },
        next: Next(&next),
        outcome: Ending(&replaying, &next),
    };
    let mut counted = Counted { inner: out, written: &written };
    let result = serde_json::to_writer(&mut counted, &reply);
    if let Some(e) = replaying.borrow_mut().failed.take() {
        return Err(Stopped::Failed(e));
    }
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.is_io() => Err(Stopped::ClientGone),
        Err(e) => Err(Stopped::Writing(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_client_that_went_away_stops_the_writing_as_gone() {
        let (chunks, receiver) = tokio::sync::mpsc::channel::<Bytes>(CHUNKS_IN_FLIGHT);
        drop(receiver);
        let mut out = Out { chunks, buffer: Vec::new() };
        let long = vec![0_u8; CHUNK + 1];
        let written = serde_json::to_writer(&mut out, &long).unwrap_err();
        assert!(written.is_io(), "{written}");
    }

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
    fn a_path_named_before_is_written_as_its_number() {
        let mut paths = HashMap::new();
        let mut first = vec![json!(["/riders/3/space", 12]), json!(["/turn", 1]), json!(["/riders/3/space"])];
        number_paths(&mut first, &mut paths);
        assert_eq!(first, [json!(["/riders/3/space", 12]), json!(["/turn", 1]), json!([0])]);
        let mut second = vec![json!(["/turn", 2]), json!(["/hand", []]), json!(["/riders/3/space", 14])];
        number_paths(&mut second, &mut paths);
        assert_eq!(second, [json!([1, 2]), json!(["/hand", []]), json!([0, 14])]);
        assert_eq!(paths.len(), 3);
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
