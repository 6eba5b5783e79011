//! Game records and saved sessions, as the engine's `load`, `spieltisch
//! replay` and the server read them.

use serde_json::Value;
use spieltisch_catalog::{CatalogError, DynSession, load_session, session_from_record};
use spieltisch_core::{Lang, Record, Turn, Viewer};

/// Reads a game record (JSON) and rebuilds its game, checking every action.
///
/// Checks: a record reads back from its own JSON; a refusal has a stable
/// code (never `internal`); a record of today's format that loads keeps every
/// action, one of an older format gains only the actions it left unwritten;
/// the loaded game's own record rebuilds the same game, its saved state loads
/// back as the same game, and every viewer's view, drawing and log can be
/// made.
pub fn record(data: &[u8]) {
    let Ok(record) = serde_json::from_slice::<Record>(data) else { return };
    let json = serde_json::to_value(&record).expect("a record has a JSON form");
    let back: Record = serde_json::from_value(json.clone()).expect("a record reads back from its JSON");
    assert_eq!(back, record, "{json} does not read back");
    let session = match session_from_record(&record) {
        Ok(session) => session,
        Err(e) => return assert_refusal(&e, &json),
    };
    let kept = session.record().actions.len();
    if record.format == Record::FORMAT {
        assert_eq!(kept, record.actions.len(), "{json}: actions were added or lost");
    } else {
        assert!(kept >= record.actions.len(), "{json}: actions were lost in the upgrade");
    }
    let rebuilt = session_from_record(session.record()).expect("a loaded game's own record loads");
    assert_same(session.as_ref(), rebuilt.as_ref(), &json);
    check_saved(session.as_ref(), &json);
}

/// Reads a saved session (JSON: the state, its record and the logs), as the
/// engine's `load` with `state` does.
///
/// Checks: a refusal has a stable code (never `internal`); an accepted
/// session is exactly what its own record rebuilds, and it saves and loads
/// back unchanged.
pub fn session(data: &[u8]) {
    let Ok(json) = serde_json::from_slice::<Value>(data) else { return };
    match load_session(&json) {
        Ok(session) => {
            let rebuilt = session_from_record(session.record()).expect("a loaded session's record loads");
            assert_same(session.as_ref(), rebuilt.as_ref(), &json);
            check_saved(session.as_ref(), &json);
        }
        Err(e) => assert_refusal(&e, &json),
    }
}

fn assert_refusal(e: &CatalogError, given: &Value) {
    assert_ne!(e.code(), "internal", "{given}: {e}");
    assert!(!e.to_string().is_empty(), "{given}: refused without a message");
}

/// The same game: equal saved states.
fn assert_same(a: &dyn DynSession, b: &dyn DynSession, given: &Value) {
    let (a, b) = (a.to_json().expect("a session saves"), b.to_json().expect("a session saves"));
    assert!(a == b, "{given}: loaded as {a}, but its record rebuilds {b}");
}

/// Saves `session`, loads it back, and looks at it through every viewer.
fn check_saved(session: &dyn DynSession, given: &Value) {
    let saved = session.to_json().expect("a session saves");
    let loaded = load_session(&saved)
        .unwrap_or_else(|e| panic!("{given}: its saved state {saved} does not load: {e}"));
    assert_same(session, loaded.as_ref(), given);
    let viewers = (0..session.seats()).map(Viewer::Seat).chain([Viewer::Spectator]);
    for viewer in viewers {
        session.view(viewer).expect("every seat and the spectator have a view");
        session.describe_view(viewer, Lang::En).expect("every view can be drawn");
        session.log(viewer).expect("every viewer has a log");
    }
    match session.turn() {
        Turn::Over => assert!(session.outcome().is_some(), "{given}: over without an outcome"),
        Turn::Seat(seat) => {
            assert!(seat < session.seats(), "{given}: seat {seat} to move");
            assert!(!session.legal().is_empty(), "{given}: seat {seat} to move has no legal action");
        }
        Turn::Chance => assert!(!session.chance_outcomes().is_empty(), "{given}: chance without outcomes"),
    }
}
