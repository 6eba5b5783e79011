//! The messages a table sends, as typed structs and as the text on the
//! wire: a viewer's snapshot, its updates, its legal actions, and a table
//! as lobby lists show it.
//!
//! Apart from the table because a message is a function of a session and
//! what is said beyond it ([`Extras`]), never of the table's lock or its
//! tasks: lobby lists describe tables that are not loaded in the same
//! words as loaded ones, and the compact update, the hottest message
//! (programs get one per action), is written from a struct of its own that
//! borrows its parts, checked here against the update it stands for.

use super::seating::{SeatConfig, SeatShown, seat_names};
use super::window::Window;
use crate::error::ServerError;
use serde::Serialize;
use serde_json::Value;
use spieltisch_catalog::{CatalogError, DynSession, Wording};
use spieltisch_core::{Lang, Outcome, Seat, Turn, Viewer};
use std::cell::RefCell;

/// A viewer's log entry as the catalog writes it, for TypeScript.
#[cfg(feature = "ts")]
type LogEntries = Vec<spieltisch_catalog::LogEntry<'static, ()>>;

/// Everything one viewer needs to draw the table: sent on connect and on
/// request (`sync`), so a client that reconnects is fully in sync at once.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Snapshot {
    /// `"state"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"state\""))]
    pub kind: &'static str,
    pub table: String,
    pub game: String,
    /// The game's name in English and German.
    pub name: spieltisch_core::Said,
    pub version: usize,
    pub viewer: Viewer,
    pub turn: Turn,
    pub seats: Vec<SeatSummary>,
    /// The table's static part ([`spieltisch_core::Game::Static`]): what
    /// never changes while the table is played, such as a course's
    /// drawing; `null` for a game without one. Only snapshots carry it,
    /// never updates: a client keeps it from the snapshot.
    #[serde(rename = "static")]
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub static_part: Value,
    /// What the viewer may see, as the game designs it (`web/generated/GAME.d.ts`).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub view: Value,
    /// The view drawn as text by the game (a fallback and a screen-reader aid);
    /// left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
    /// The viewer's legal actions, when it is the viewer's turn (or the
    /// viewer has still to answer a decision taken together).
    pub legal: Vec<LegalAction>,
    /// The seats asked together now (a Steigung window), in the order their
    /// answers count; absent otherwise. Who has answered is not shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub window: Option<Vec<Seat>>,
    /// For a seat at a table whose seats decide together (a game whose
    /// options have Steigung windows): whether it passes every such
    /// decision at once. Absent at every other table.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub auto_pass: Option<bool>,
    /// The viewer's log for people, an entry per event with its words;
    /// left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(as = "Option<LogEntries>", optional))]
    pub log: Option<Vec<Value>>,
    pub outcome: Option<Outcome>,
    /// The table of the rematch of this finished game, once someone asked
    /// for it: a person's token is the same there.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rematch: Option<String>,
}

/// A seat of a table in a snapshot: what plays it, its team, and who sits there.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatSummary {
    pub seat: Seat,
    pub kind: String,
    pub team: usize,
    /// The name of the person who sits there, if they gave one.
    pub name: Option<String>,
    /// A person's seat that nobody has taken yet.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub free: bool,
}

/// A legal action: its notation, and for people its data and words.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegalAction {
    /// The notation, what `act` sends back.
    pub action: String,
    /// The action as data, its kind and parameters ([`spieltisch_core::ActionData`], see
    /// `docs/api.md`), in place of its data's two fields; left out of
    /// compact snapshots, where the notation says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "{ [key: string]: any }", optional))]
    pub params: Option<Box<serde_json::value::RawValue>>,
    /// The action in words; left out of compact snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
}

/// An update's log: for people, the log entries that began or changed
/// since `from` (replacing the receiver's entries from the first one's
/// `at` on); for programs (compact), the actions since `from` in notation
/// as the viewer saw them (secret ones redacted).
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum UpdateLog {
    Entries(#[cfg_attr(feature = "ts", ts(as = "LogEntries"))] Vec<Value>),
    Notation(Vec<String>),
}

/// What changed since version `from`, for one viewer: sent to each
/// connection after its first snapshot, instead of a whole snapshot.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Update {
    /// `"update"`.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(type = "\"update\""))]
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
    #[cfg_attr(feature = "ts", ts(optional))]
    pub window: Option<Vec<Seat>>,
    pub outcome: Option<Outcome>,
    /// The new view; left out of compact updates (a program asks with
    /// `sync` when it wants one). Written as the game's view type writes
    /// it ([`DynSession::view_text`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "unknown", optional))]
    pub view: Option<Box<serde_json::value::RawValue>>,
    /// The view drawn as text; left out of compact updates.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub text: Option<String>,
}

/// How much a snapshot carries: everything a person's screen needs, or
/// (compact) only what a program needs to play: view, turn and legal actions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    pub lang: Lang,
    pub compact: bool,
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
    pub(super) fn of(
        window: Option<&'a Window>,
        auto_pass: &[bool],
        viewer: Viewer,
        seats: &'a [SeatConfig],
    ) -> Self {
        let auto_pass = match viewer {
            Viewer::Seat(s) => auto_pass.get(s).copied(),
            Viewer::Spectator => None,
        };
        Extras { window, auto_pass, seats, rematch: None }
    }
}

/// What a message in words (not compact) says besides the view: the log's
/// entries from `from` on and the game's drawing for the text view, each
/// seat called as [`seat_names`] calls it, and the names themselves for
/// the legal actions' words. The names are made once a message.
struct InWords {
    names: Vec<String>,
    lang: Lang,
}

impl InWords {
    fn of(session: &dyn DynSession, seats: &[SeatConfig], detail: Detail) -> Option<InWords> {
        (!detail.compact)
            .then(|| InWords { names: seat_names(session, seats, detail.lang), lang: detail.lang })
    }

    /// The viewer's log entries from action `from` on
    /// ([`DynSession::entries_since`]).
    fn entries(
        &self,
        session: &dyn DynSession,
        viewer: Viewer,
        from: usize,
    ) -> Result<Vec<Value>, ServerError> {
        Ok(session.entries_since(viewer, from, Some(&Wording { names: &self.names, lang: self.lang }))?)
    }

    /// The game's drawing of what `viewer` sees, for the page's text view.
    fn drawing(&self, session: &dyn DynSession, viewer: Viewer) -> Result<String, ServerError> {
        Ok(session.describe_view_as(viewer, &self.names, self.lang)?)
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

/// A table as lobby lists show it (loaded or not): the same words either
/// way. Its keys are in alphabetical order, as lists have always had them.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableSummary {
    /// Closed unfinished: nobody played at it for a long time.
    pub expired: bool,
    pub game: String,
    /// The game's name (`null` for a game this server does not know).
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub name: Option<spieltisch_core::Said>,
    pub over: bool,
    /// Per seat, 1 = first, once the game is over.
    pub ranks: Option<Vec<u32>>,
    pub seats: Vec<SeatShown>,
    pub table: String,
    /// The token the browser gave for the table (`GET /api/mine` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<String>,
    pub turn: Turn,
    pub version: usize,
    pub viewer: Viewer,
}

/// A table as lobby lists show it (loaded or not): the same words either way.
pub fn summary_of(
    id: &str,
    game: &str,
    seats: &[SeatConfig],
    viewer: Viewer,
    standing: Standing,
) -> TableSummary {
    TableSummary {
        expired: standing.expired,
        game: game.to_string(),
        name: spieltisch_catalog::entry_of(game).map(|e| e.info.name.clone()).ok(),
        over: standing.turn == Turn::Over,
        ranks: standing.ranks,
        seats: seats.iter().enumerate().map(|(seat, s)| s.public(seat)).collect(),
        table: id.to_string(),
        token: None,
        turn: standing.turn,
        version: standing.version,
        viewer,
    }
}

/// A message as JSON text, written straight from its typed struct.
///
/// Written into a buffer the thread keeps, then copied out at its length:
/// a message of a few kilobytes grown from an empty string would be moved
/// and reallocated about six times on the way, and the copy is exactly as
/// large as the frame cache keeps it.
pub(super) fn to_text<T: Serialize>(message: &T) -> Result<String, ServerError> {
    thread_local! {
        static WRITING: RefCell<Vec<u8>> = RefCell::new(Vec::with_capacity(KEPT_BUFFER));
    }
    let written = WRITING.with_borrow_mut(|buffer| {
        buffer.clear();
        let text = serde_json::to_writer(&mut *buffer, message).map(|()| buffer.to_vec());
        if buffer.capacity() > KEPT_BUFFER {
            // A snapshot of a long game or a replay: not kept for ever.
            *buffer = Vec::with_capacity(KEPT_BUFFER);
        }
        text
    });
    written
        .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))
        .and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))
        })
}

/// The largest buffer a thread keeps for writing messages: an update with
/// words is 3–9 kB, a snapshot up to a few times that.
const KEPT_BUFFER: usize = 64 * 1024;

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
/// Their words call each seat as the log does ([`seat_names`]).
fn legal_for(
    session: &dyn DynSession,
    viewer: Viewer,
    words: Option<&InWords>,
    extras: Extras<'_>,
) -> Vec<LegalAction> {
    let Some(deciding) = deciding(session, viewer, extras.window) else { return Vec::new() };
    let session = deciding.session();
    match words {
        None => session
            .legal()
            .into_iter()
            .map(|action| LegalAction { action, kind: None, params: None, text: None })
            .collect(),
        Some(words) => session
            .legal_for_people(&words.names, words.lang)
            .into_iter()
            .map(|legal| LegalAction {
                action: legal.action,
                kind: Some(legal.kind),
                params: Some(legal.params),
                text: Some(legal.text),
            })
            .collect(),
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
    let words = InWords::of(session, extras.seats, detail);
    let log = match &words {
        None => UpdateLog::Notation(session.log_since(viewer, from)?),
        Some(words) => UpdateLog::Entries(words.entries(session, viewer, from)?),
    };
    Ok(Update {
        kind: "update",
        version: session.version(),
        from,
        turn: session.turn(),
        log,
        legal: legal_for(session, viewer, words.as_ref(), extras),
        window: extras.window.map(|w| w.seats.clone()),
        outcome: session.outcome(),
        // The view and its drawing go with the words: a program asks with `sync`.
        view: words.as_ref().map(|_| session.view_text(viewer)).transpose()?,
        text: words.as_ref().map(|words| words.drawing(session, viewer)).transpose()?,
    })
}

/// The update from `from` for `viewer` as the table sends it: compact for
/// programs, with words for people.
pub fn update_text(
    session: &dyn DynSession,
    viewer: Viewer,
    detail: Detail,
    from: usize,
    extras: Extras<'_>,
) -> Result<String, ServerError> {
    if detail.compact {
        compact_update_text(session, viewer, from, extras)
    } else {
        to_text(&update_of(session, viewer, detail, from, extras)?)
    }
}

/// The compact update as it is written: an [`Update`] without words,
/// borrowing every part it writes instead of owning a copy (the hottest
/// message: programs get one per action).
#[derive(Debug, Serialize)]
struct CompactUpdate<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    version: usize,
    from: usize,
    turn: Turn,
    log: &'a [String],
    legal: Notations<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<&'a [Seat]>,
    outcome: &'a Option<Outcome>,
}

/// The legal actions of a compact update, `[{"action": ...}, ...]`: their
/// notations written one after another into `written`, each ending where
/// `ends` says, so that no action needs a string of its own.
#[derive(Debug)]
struct Notations<'a> {
    written: &'a str,
    ends: &'a [usize],
}

/// A legal action in a compact update: its notation alone.
#[derive(Debug, Serialize)]
struct Notation<'a> {
    action: &'a str,
}

impl Serialize for Notations<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq as _;
        let mut seq = serializer.serialize_seq(Some(self.ends.len()))?;
        let mut start = 0;
        for &end in self.ends {
            seq.serialize_element(&Notation { action: &self.written[start..end] })?;
            start = end;
        }
        seq.end()
    }
}

/// The compact update from `from` for `viewer`, as [`update_of`] and
/// serde would write it, but with the legal actions' notations written
/// into one text and borrowed from it instead of a string each.
pub fn compact_update_text(
    session: &dyn DynSession,
    viewer: Viewer,
    from: usize,
    extras: Extras<'_>,
) -> Result<String, ServerError> {
    use std::fmt::Write as _;
    let log = session.log_since(viewer, from)?;
    let mut written = String::with_capacity(256);
    let mut ends = Vec::with_capacity(32);
    if let Some(deciding) = deciding(session, viewer, extras.window) {
        deciding.session().visit_legal(&mut |action| {
            let _ = write!(written, "{action}");
            ends.push(written.len());
        });
    }
    let update = CompactUpdate {
        kind: "update",
        version: session.version(),
        from,
        turn: session.turn(),
        log: &log,
        legal: Notations { written: &written, ends: &ends },
        window: extras.window.map(|w| w.seats.as_slice()),
        outcome: &session.outcome(),
    };
    // Room for the whole message at once: its parts and their quotes and keys.
    let logged: usize = log.iter().map(|entry| entry.len() + 3).sum();
    let mut out = Vec::with_capacity(128 + logged + written.len() + 14 * ends.len());
    serde_json::to_writer(&mut out, &update)
        .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))?;
    String::from_utf8(out)
        .map_err(|e| ServerError::Catalog(CatalogError::Internal(format!("cannot write JSON: {e}"))))
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
    let words = InWords::of(session, seats, detail);
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
        text: words.as_ref().map(|words| words.drawing(session, viewer)).transpose()?,
        legal: legal_for(session, viewer, words.as_ref(), extras),
        window: extras.window.map(|w| w.seats.clone()),
        auto_pass: extras.auto_pass,
        log: words.as_ref().map(|words| words.entries(session, viewer, 0)).transpose()?,
        outcome: session.outcome(),
        rematch: extras.rematch.map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_catalog::{new_session, register_fixtures};

    /// The compact update is byte for byte what serde writes for
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
                    let compact = compact_update_text(&*session, viewer, from, extras).unwrap();
                    let by_serde =
                        to_text(&update_of(&*session, viewer, detail, from, extras).unwrap()).unwrap();
                    assert_eq!(compact, by_serde, "{game} at {from} for {viewer:?}");
                }
                steps += 1;
            }
            assert!(steps >= 3, "{game}: {steps} steps");
        }
    }

    /// Notations that JSON escapes are written escaped.
    #[test]
    fn notations_are_escaped() {
        for text in ["place 0,1", "say \"hi\"", "back\\slash", "tab\there", "ümlaut"] {
            let legal = [Notation { action: text }];
            let written = serde_json::to_string(&legal[..]).unwrap();
            let read: Vec<Value> = serde_json::from_str(&written).unwrap();
            assert_eq!(read[0]["action"], text);
        }
    }
}
