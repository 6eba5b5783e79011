//! Games saved before the `laps_down` option keep their meaning.
//!
//! `records/format1.record.json` was saved by the build before the option
//! (a format-1 record: 2 races, 4 heuristic riders, seed 11; race 2 ended with
//! the riders 7, 1, 4 and 2 spaces short), and `records/format1.final.json`
//! holds the outcome and final state that build computed. The decision
//! `docs/rules/sechstage.md#laps-down` changed the default to one lap per
//! *full* four spaces; the reading of that build, one per four spaces "or
//! part of four", is now the option `laps_down=part_of_four`, and a format-1
//! record is read with it.

use serde_json::Value;
use spieltisch_core::{Game, Outcome, Record, Session};
use spieltisch_sechstage::{LapsDown, RaceResult, Sechstage, Track};

fn fixture(name: &str) -> Value {
    // Tests run in the crate's directory.
    let path = format!("tests/records/{name}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn format1_record() -> Record {
    serde_json::from_value(fixture("format1.record.json")).unwrap()
}

fn laps(history: &[RaceResult]) -> Vec<Vec<u8>> {
    history.iter().map(|race| race.laps_down.clone()).collect()
}

#[test]
fn a_format1_record_replays_as_it_was_played() {
    let record = format1_record();
    assert_eq!(record.format, 1, "the fixture has no format field");
    assert!(record.options.get("laps_down").is_none());
    let fin = fixture("format1.final.json");

    let session = Session::<Sechstage>::from_record(&record).unwrap();
    let state = session.state();
    // The same result as the old build's; today's outcome also says how the
    // ranks were decided (the old file has no `ranked_by`).
    let expected: Outcome = serde_json::from_value(fin["outcome"].clone()).unwrap();
    let outcome = state.outcome().unwrap();
    assert_eq!(
        (&outcome.scores, &outcome.ranks, &outcome.teams),
        (&expected.scores, &expected.ranks, &expected.teams)
    );
    let keys: Vec<&str> = outcome.ranked_by.iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys, ["laps_down", "points"]);
    assert_eq!(outcome.ranked_by[0].values, [2.0, 1.0, 2.0, 1.0], "the laps of both races");
    assert_eq!(outcome.ranked_by[1].values, outcome.scores);
    let history: Vec<RaceResult> = serde_json::from_value(fin["state"]["history"].clone()).unwrap();
    assert_eq!(laps(state.race_results()), laps(&history));
    assert_eq!(laps(&history), [[0, 0, 1, 0], [2, 1, 1, 1]], "race 1: 3 short; race 2: 7, 1, 4, 2 short");
    assert_eq!(state.race_results(), &history[..], "the whole score sheet, not only the laps");
    assert_eq!(state.options().laps_down, LapsDown::PartOfFour);

    // The final state is the old build's, apart from the option it now
    // writes out and the track it carries as content (format 3).
    let mut now = serde_json::to_value(state).unwrap();
    let written = now["options"].as_object_mut().unwrap().remove("laps_down");
    assert_eq!(written, Some(Value::from("part_of_four")));
    let default_track = serde_json::to_value(Track::default_track()).unwrap();
    assert_eq!(now["options"]["track"], default_track);
    now["options"]["track"] = Value::from("default");
    assert_eq!(now, fin["state"]);

    // The session keeps the record in today's format (4 since Six's true
    // coordinates, which changed nothing of this game's), with the reading
    // spelled out.
    let upgraded = session.record();
    assert_eq!(upgraded.format, Record::FORMAT);
    assert_eq!(upgraded.format, 4);
    assert_eq!(upgraded.options["laps_down"], "part_of_four");
    assert_eq!(upgraded.options["track"], default_track);
    assert_eq!(upgraded.actions, record.actions, "6-Tage Rennen implies no actions");
    assert_eq!(upgraded, &record.upgraded::<Sechstage>().unwrap());
    assert_eq!(&upgraded.replay::<Sechstage>().unwrap(), state);
    assert_eq!(&record.replay::<Sechstage>().unwrap(), state);
}

#[test]
fn the_same_actions_under_todays_default_give_other_laps() {
    // Proof that the upgrade matters: read as a record of today's format
    // without the key, the game takes the new default.
    let old = format1_record();
    let today = Record { format: Record::FORMAT, ..old.clone() };
    let state = today.replay::<Sechstage>().unwrap();
    assert_eq!(state.options().laps_down, LapsDown::FullFour);
    assert_eq!(
        laps(state.race_results()),
        [[0, 0, 0, 0], [1, 0, 1, 0]],
        "3 short: none; 7, 1, 4, 2: 1, 0, 1, 0"
    );
    let upgraded = old.replay::<Sechstage>().unwrap();
    assert_ne!(laps(state.race_results()), laps(upgraded.race_results()));
    // The moves and points are the same game; only the laps are counted otherwise.
    let positions = |s: &Sechstage| s.race_results().iter().map(|r| r.positions.clone()).collect::<Vec<_>>();
    assert_eq!(positions(&state), positions(&upgraded));
    assert_eq!(state.total_points(), upgraded.total_points());
    assert_eq!(state.total_laps_down(), [1, 0, 1, 0]);
    assert_eq!(upgraded.total_laps_down(), [2, 1, 2, 1]);
}
