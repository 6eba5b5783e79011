//! Stored games keep their meaning: a record written before the rules
//! readings of 2026-11 (record format 1) replays exactly as it was played.
//!
//! The decisions `docs/rules/reifenbreite.md#energy-cards` (row 2 holds 22-5,
//! not a second 22-6M) and `docs/rules/reifenbreite.md#tows` (the car pulls:
//! a tow moves exactly its number whatever the surface) changed how a race
//! goes. `records/format1.record.json` was saved by the build before that
//! change (4 random managers, Tour de France, professional rules, seed 2, 64
//! tows, 2,695 actions), and `records/format1.final.json` holds the outcome
//! and the final state that build computed.

use serde_json::{Map, Value};
use spieltisch_core::options::{options_from_json, options_from_pairs};
use spieltisch_core::{Game, LoadError, Record, Session};
use spieltisch_reifenbreite::board::{Cell, Surface};
use spieltisch_reifenbreite::cards::Energy;
use spieltisch_reifenbreite::course::Course;
use spieltisch_reifenbreite::{Action, JerseyJudged, Phase, Reifenbreite};

fn format1() -> Record {
    serde_json::from_str(include_str!("records/format1.record.json")).expect("the fixture is a record")
}

fn format1_final() -> Value {
    serde_json::from_str(include_str!("records/format1.final.json")).expect("the fixture is JSON")
}

/// The differences between the state the old build computed (`then`) and
/// today's replay of it (`now`), key by key, where the state's shape has
/// grown since: the energy counts have an eighth kind, 22-5 (which edition 1
/// never deals), and options and rules carry the edition.
fn differences(then: &Map<String, Value>, now: &Map<String, Value>) -> Vec<String> {
    let mut out = Vec::new();
    for (key, old) in then {
        let Some(new) = now.get(key) else {
            // The tracks are no longer written: they are rebuilt from the
            // courses the options carry (record format 3).
            let courses = |options: &Value| options["course"].clone();
            if key == "tracks" && old == &Value::from(vec![courses(&then["options"])]) {
                continue;
            }
            out.push(format!("{key}: missing today"));
            continue;
        };
        let same = match key.as_str() {
            "energy" => {
                let teams = new.as_array().expect("energy per team");
                let old_shape: Vec<Value> = teams
                    .iter()
                    .map(|counts| {
                        let mut counts = counts.as_array().expect("counts per kind").clone();
                        // Kind 3 is 22-5: none in edition 1, not even one spent.
                        assert_eq!(counts.remove(3), Value::from(0), "no 22-5 in edition 1");
                        Value::Array(counts)
                    })
                    .collect();
                &Value::Array(old_shape) == old
            }
            "options" | "rules" => {
                let new = new.as_object().expect("an object");
                // A course named then is carried as content now.
                let same_value = |k: &str, v: &Value| match (k, new.get(k)) {
                    ("course", Some(course)) => Some(&course["key"]) == Some(v),
                    (_, now) => now == Some(v),
                };
                old.as_object().expect("an object").iter().all(|(k, v)| same_value(k, v))
                    && new.get("edition") == Some(&Value::from(1))
            }
            _ => new == old,
        };
        if !same {
            out.push(format!("{key}: then {old}, now {new}"));
        }
    }
    out
}

#[test]
fn a_format_1_record_replays_exactly() {
    // docs/rules/reifenbreite.md#energy-cards and
    // docs/rules/reifenbreite.md#tows: a race recorded before those readings
    // was played with row 2 of "die 14 Energie-Karten" (4.3; the Tour uses
    // both rows) a copy of row 1, and with tows counting the surface (14:
    // "Wer sich mitziehen lassen will, würfelt mit einem Würfel und addiert
    // dazu sechs Augen - die Summe ist seine Zugweite."). It replays as it
    // was played.
    let record = format1();
    assert_eq!(record.format, 1);
    assert_eq!(record.actions.len(), 2695);
    assert_eq!(record.actions.iter().filter(|a| a.starts_with("tow")).count(), 64);
    let expected = format1_final();
    let session = Session::<Reifenbreite>::from_record(&record).expect("the old record replays");
    let g = session.state();
    assert_eq!(serde_json::to_value(g.outcome().expect("the race is over")).unwrap(), expected["outcome"]);
    let now = serde_json::to_value(g).unwrap();
    let (then, now) = (expected["state"].as_object().unwrap(), now.as_object().unwrap());
    // Every part of the state the old build wrote: riders (spaces and
    // statuses), finish order, sprints, jersey, points, cards, photo cards,
    // the race director's draw, the round.
    assert_eq!(differences(then, now), Vec::<String>::new());
    // Nothing new in the state but what the old build did not write.
    let new_keys: Vec<&String> = now.keys().filter(|k| !then.contains_key(*k)).collect();
    assert!(new_keys.is_empty(), "{new_keys:?}");

    // The session keeps the record in today's format: the same options and
    // actions, with the edition the race was played under and the course
    // written out (format 3; format 4, Six's true coordinates, changed
    // nothing of this game's records).
    let upgraded = session.record();
    assert_eq!(upgraded.format, Record::FORMAT);
    assert_eq!(upgraded.format, 4);
    assert_eq!(upgraded.options["edition"], Value::from(1));
    let mut without = upgraded.options.as_object().unwrap().clone();
    without.remove("edition");
    let tour = serde_json::to_value(Course::built_in("tour").unwrap()).unwrap();
    assert_eq!(without.insert("course".into(), "tour".into()), Some(tour));
    assert_eq!(Value::Object(without), record.options);
    assert_eq!(upgraded.actions, record.actions);
    assert_eq!(&record.upgraded::<Reifenbreite>().unwrap(), upgraded);
    // Written and read back, the upgraded record is the same game.
    let text = serde_json::to_string(upgraded).unwrap();
    let read: Record = serde_json::from_str(&text).unwrap();
    let again: Reifenbreite = read.replay().expect("the upgraded record replays");
    assert_eq!(&again, g);
    assert_eq!(again.options().edition, 1);
    // The record names no jersey_judged: the jersey was judged as the new
    // winner crossed, today's default
    // (docs/rules/reifenbreite.md#when-the-jersey-changes).
    assert!(upgraded.options.get("jersey_judged").is_none());
    assert_eq!(g.rules().jersey_judged, JerseyJudged::AtCrossing);
}

#[test]
fn the_edition_matters_for_the_format_1_record() {
    // The same actions read as today's edition
    // (docs/rules/reifenbreite.md#energy-cards: row 2 holds 22-5;
    // docs/rules/reifenbreite.md#tows: the car pulls whatever the surface)
    // are not the same race, so the edition the upgrade writes is what keeps
    // the record's meaning.
    let old = format1();
    let today = Record { format: Record::FORMAT, ..old.clone() };
    assert!(today.options.get("edition").is_none());
    // Action 403 is a long tow ("Der Fahrer zieht 12 Felder vor, ohne zu
    // würfeln") from a climb numbered 2: edition 1 took the number off,
    // today the rider has his 12.
    assert_eq!(old.actions[403], "tow12");
    let tow = |record: &Record| {
        let g: Reifenbreite = record.replay_to(Some(406)).unwrap();
        let Phase::Move { rider, amount, .. } = g.phase() else { panic!("{:?}", g.phase()) };
        (g.track().space(g.riders()[rider as usize].space).cell, amount)
    };
    let climb = Cell { surface: Surface::Climb, number: 2 };
    assert_eq!((tow(&old), tow(&today)), ((climb, 10), (climb, 12)));
    // Rider 52 has spent his 6M on a climb, where no 6M may be played (10);
    // in edition 1 his second 6M left him nothing to choose and he rolled at
    // once, today his 5 of row 2 is a choice, so the recorded roll is not
    // legal there and the replay breaks off.
    let err = today.replay::<Reifenbreite>().expect_err("edition 2 is another race");
    assert!(matches!(err, LoadError::Action { index: 407, ref action, .. } if action == "roll 9"), "{err}");
    let before: Reifenbreite = today.replay_to(Some(407)).unwrap();
    assert_eq!(before.legal_vec(), [Action::Card(Energy::Own5), Action::Ride {}]);
    let then: Reifenbreite = old.replay_to(Some(407)).unwrap();
    assert!(matches!(then.phase(), Phase::Dice { .. }), "{:?}", then.phase());
}

#[test]
fn people_cannot_name_the_edition() {
    // The edition is the record's (docs/rules/reifenbreite.md#energy-cards,
    // docs/rules/reifenbreite.md#tows): nobody starts a game under an old
    // reading.
    assert!(options_from_pairs::<Reifenbreite>(&["edition=1"]).is_err());
    assert!(options_from_pairs::<Reifenbreite>(&["rules=pro", "edition=2"]).is_err());
    assert!(options_from_json::<Reifenbreite>(&serde_json::json!({"edition": 1})).is_err());
    assert!(options_from_json::<Reifenbreite>(&serde_json::json!({"edition": 2})).is_err());
    // A new record does not name it.
    let session =
        Session::<Reifenbreite>::new(&options_from_pairs::<Reifenbreite>(&["rules=pro"]).unwrap(), 7)
            .unwrap();
    assert_eq!(session.record().format, Record::FORMAT);
    assert!(session.record().options.get("edition").is_none(), "{}", session.record().options);
}
