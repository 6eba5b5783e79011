//! 6-Tage Rennen track files (`Track::from_json`).

use spieltisch_sechstage::{Space, Track, TrackError, TrackFile};

/// Reads the input as a track file.
///
/// Checks: a refusal says why; an accepted track keeps what its file says
/// (the lap's length as written, sprint lines in increasing order inside the
/// lap, special spaces on the lap, each where the file puts it) and reads
/// back from its own JSON, as a game's state carries it.
pub fn track(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let track = match Track::from_json(&text) {
        Ok(track) => track,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{text:?}: refused without a reason");
            assert!(!matches!(e, TrackError::Json(ref m) if m.is_empty()), "{text:?}");
            return;
        }
    };
    let file: TrackFile = serde_json::from_str(&text).expect("an accepted track is a track file");
    let length = track.length();
    assert_eq!(u16::from(length), file.length, "{text:?}: the lap's length changed");
    let sprints = track.sprints();
    assert_eq!(sprints.iter().map(|&s| u16::from(s)).collect::<Vec<_>>(), file.sprints, "{text:?}: sprints");
    assert!(sprints.windows(2).all(|w| w[0] < w[1]), "{text:?}: sprints {sprints:?}");
    assert!(sprints.iter().all(|&s| 1 <= s && s + 2 <= length), "{text:?}: sprints {sprints:?} off the lap");
    for (kind, listed) in [(Space::Fahrerwechsel, &file.fahrerwechsel), (Space::Sturz, &file.sturz)] {
        let mut spaces: Vec<u16> = track.spaces_of(kind).map(u16::from).collect();
        assert!(spaces.iter().all(|s| (1..file.length).contains(s)), "{text:?}: {kind:?} off the lap");
        let mut listed = listed.clone();
        listed.sort_unstable();
        spaces.sort_unstable();
        assert_eq!(spaces, listed, "{text:?}: {kind:?} spaces");
    }
    let json = serde_json::to_string(&track).expect("a track has a JSON form");
    assert_eq!(
        Track::from_json(&json).as_ref(),
        Ok(&track),
        "{text:?} prints as {json}, which does not read back"
    );
}
