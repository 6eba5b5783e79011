//! The log people read: a rider's turn is one entry with its dice, chance
//! cards and drafting riders; photo-card numbers never appear.

use rand::SeedableRng;
use spieltisch_core::Telling;
use spieltisch_core::{Actor, GameRng, Lang, Session, Viewer, options::options_from_pairs};
use spieltisch_reifenbreite::{
    Reifenbreite,
    log::{Event, Step},
    view::RiderStatus,
};

/// A seeded random race with professional rules, played to its end.
fn played(seed: u64) -> Session<Reifenbreite> {
    let options = options_from_pairs::<Reifenbreite>(&["teams=3", "rules=pro"]).unwrap();
    let mut session = Session::<Reifenbreite>::new(&options, seed).unwrap();
    session.play_randomly(&mut GameRng::seed_from_u64(seed));
    session
}

#[test]
fn a_turn_is_one_entry_with_its_dice_and_every_rider_it_moved() {
    let session = played(4);
    let entries = session.entries(Viewer::Spectator);
    assert!(
        entries.len() * 2 < session.version(),
        "{} entries for {} actions",
        entries.len(),
        session.version()
    );
    let turns: Vec<_> = entries.iter().filter(|e| matches!(e.event, Event::Turn { .. })).collect();
    // Every roll belongs to a rider's turn, and every turn that rolled moved someone.
    let rolls: usize = turns
        .iter()
        .map(|e| match &e.event {
            Event::Turn { steps, .. } => steps.iter().filter(|s| matches!(s, Step::Roll(_))).count(),
            _ => 0,
        })
        .sum();
    let rolled = session.record().actions.iter().filter(|a| a.starts_with("roll ")).count();
    assert_eq!(rolls, rolled, "each roll is in a turn's entry");
    for entry in &turns {
        let Event::Turn { rider, steps, moved, .. } = &entry.event else { unreachable!() };
        assert!(rider.is_some(), "{entry:?}");
        if steps.iter().any(|s| matches!(s, Step::To(_))) {
            assert!(!moved.is_empty(), "a rider that chose a space moved: {entry:?}");
        }
    }
    let names: Vec<String> = (0..3).map(|s| Reifenbreite::seat_name(s, Lang::En)).collect();
    let fixed = session.static_part();
    // A rider who leaves the road over the line is said to reach the finish.
    let left = entries.iter().find(|e| match &e.event {
        Event::Turn { moved, .. } => moved.iter().any(|m| m.to.is_none() && m.status == RiderStatus::Out),
        _ => false,
    });
    let left = left.expect("riders leave the road over the line");
    let words = Reifenbreite::describe_event(&left.event, left.actor, &names, &fixed, Lang::En);
    assert!(words.contains("→ the finish") && !words.contains("off the road"), "{words}");
    for entry in entries {
        let en = Reifenbreite::describe_event(&entry.event, entry.actor, &names, &fixed, Lang::En);
        let de = Reifenbreite::describe_event(&entry.event, entry.actor, &names, &fixed, Lang::De);
        assert!(!en.is_empty() && en != de, "{en} / {de}");
        if let Actor::Seat(seat) = entry.actor {
            assert!(en.starts_with(&names[seat]), "the seat is named first: {en}");
        }
    }
}

#[test]
fn every_viewer_reads_the_same_log_without_photo_numbers() {
    let session = (1..40).map(played).find(|s| s.record().actions.iter().any(|a| a.starts_with("photo ")));
    let session = session.expect("a race with a photo card among 40 seeds");
    let spectator = serde_json::to_string(session.entries(Viewer::Spectator)).unwrap();
    for seat in 0..3 {
        assert_eq!(serde_json::to_string(session.entries(Viewer::Seat(seat))).unwrap(), spectator);
    }
    assert!(spectator.contains(r#""photo""#), "{spectator}");
    assert!(!spectator.contains(r#"{"photo""#), "a photo card's number: {spectator}");
}

/// The log names every place as the board shows it (a start row and lane,
/// or a lane and the rows past a lettered line or the finish), never by the
/// notation's space numbers; and a chance card's sentence does not end the
/// entry (no ".;").
#[test]
fn the_log_names_places_as_the_board_shows_them() {
    let session = (1..40).map(played).find(|s| s.record().actions.iter().any(|a| a.starts_with("chance ")));
    let session = session.expect("a race with a chance card among 40 seeds");
    let names: Vec<String> = (0..3).map(|s| Reifenbreite::seat_name(s, Lang::De)).collect();
    let fixed = session.static_part();
    let mut chance = false;
    for entry in session.entries(Viewer::Spectator) {
        for (lang, places, off_road) in [
            (Lang::En, ["start row ", "lane "], ["the finish", "beside the road", "not on the road"]),
            (Lang::De, ["Startreihe ", "Spur "], ["Ziel", "neben der Straße", "nicht auf der Straße"]),
        ] {
            let words = Reifenbreite::describe_event(&entry.event, entry.actor, &names, &fixed, lang);
            assert!(!words.contains(".;") && !words.contains(". ;"), "{words}");
            chance |= words.contains(lang.tr("chance card", "Chancen-Karte"));
            if let Event::Place { .. } = entry.event {
                assert!(words.contains(places[0]), "{words}");
            }
            // After the steps, each rider moved: "23: from → to".
            for moved in words.split("; ").skip(1) {
                let (_, path) = moved.split_once(": ").unwrap_or_else(|| panic!("{words}"));
                for place in path.split(" → ") {
                    assert!(
                        places.iter().any(|p| place.starts_with(p)) || off_road.contains(&place),
                        "a place not as the board shows it, {place:?}: {words}"
                    );
                }
            }
        }
    }
    assert!(chance, "a chance card in the log");
}
