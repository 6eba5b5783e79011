//! The log people read: one entry per card played, a driver change's draws
//! folded into it, and another seat's grey cards never in a seat's log.

use rand::SeedableRng;
use spieltisch_core::Telling;
use spieltisch_core::{Actor, Entry, GameRng, Lang, Session, Viewer};
use spieltisch_sechstage::{Options, Sechstage, log::Event};

/// A seeded series of random plays, to its end.
fn played(seed: u64, options: &Options) -> Session<Sechstage> {
    let mut session = Session::<Sechstage>::new(options, seed).unwrap();
    session.play_randomly(&mut GameRng::seed_from_u64(seed));
    session
}

fn options() -> Options {
    Options { players: 4, races: 2, ..Default::default() }
}

/// The draws of the record in `entry`'s actions, by value.
fn draws_in(session: &Session<Sechstage>, entry: &Entry<Event>) -> Vec<u8> {
    let mut values: Vec<u8> = session.record().actions[entry.at..entry.end]
        .iter()
        .filter_map(|a| a.strip_prefix("draw ")?.parse().ok())
        .collect();
    values.sort_unstable();
    values
}

#[test]
fn each_card_played_is_one_entry_with_its_driver_change_folded_in() {
    let session = played(3, &options());
    let plays = session.record().actions.iter().filter(|a| a.starts_with("play ")).count();
    let draws = session.record().actions.len() - plays;
    assert!(draws >= 11, "the series has a driver change: {draws} draws");
    for viewer in [Viewer::Seat(0), Viewer::Seat(3), Viewer::Spectator] {
        let entries = session.entries(viewer);
        assert_eq!(entries.len(), plays, "one entry per card played for {viewer}");
        let mut changes = 0;
        for entry in entries {
            let Event::Play { change, .. } = &entry.event;
            let drawn = draws_in(&session, entry).len();
            match change {
                Some(change) => {
                    changes += 1;
                    assert_eq!(usize::from(change.drawn.low + change.drawn.high), drawn, "{entry:?}");
                    assert_eq!(entry.end - entry.at, 1 + drawn, "the play and its draws: {entry:?}");
                }
                None => assert_eq!((entry.end - entry.at, drawn), (1, 0), "{entry:?}"),
            }
        }
        assert!(changes > 0, "a driver change among the entries of {viewer}");
    }
    let races: Vec<_> = session
        .entries(Viewer::Spectator)
        .iter()
        .filter_map(|e| match &e.event {
            Event::Play { race_over: Some(over), .. } => Some((over.race, over.last)),
            _ => None,
        })
        .collect();
    assert_eq!(races, [(0, false), (1, true)], "each race's end is told once, the series' with the last");
}

#[test]
fn a_seat_sees_its_own_grey_cards_and_nobody_else_does() {
    let session = played(5, &Options { players: 6, races: 1, ..Default::default() });
    let spectator = session.entries(Viewer::Spectator);
    assert!(
        spectator.iter().all(|e| {
            let Event::Play { change, .. } = &e.event;
            change.as_ref().is_none_or(|c| c.cards.is_none())
        }),
        "the spectator sees counts only"
    );
    let mut own_seen = 0;
    for seat in 0..6 {
        let mut entries: Vec<Entry<Event>> = session.entries(Viewer::Seat(seat)).to_vec();
        for entry in &mut entries {
            let drawn = draws_in(&session, entry);
            let Event::Play { change, .. } = &mut entry.event;
            let Some(change) = change else { continue };
            if entry.actor == Actor::Seat(seat) {
                // Its own driver change: exactly the cards the record drew.
                let cards = change.cards.take().expect("a seat sees its own cards drawn");
                let values: Vec<u8> =
                    cards.iter().flat_map(|c| std::iter::repeat_n(c.value, c.count.into())).collect();
                assert_eq!(values, drawn, "seat {seat}'s own driver change");
                own_seen += 1;
            } else {
                assert_eq!(change.cards, None, "seat {seat} sees another seat's cards");
            }
        }
        // Without its own cards, a seat's log is the spectator's: nothing else differs.
        assert_eq!(serde_json::to_value(&entries).unwrap(), serde_json::to_value(spectator).unwrap());
    }
    assert!(own_seen > 0, "a driver change in the race");
}

#[test]
fn every_entry_has_words_in_both_languages_naming_its_seat() {
    let session = played(3, &options());
    let fixed = session.static_part();
    for entry in session.entries(Viewer::Seat(1)) {
        let words = [Lang::En, Lang::De].map(|lang| {
            let names: Vec<String> = (0..4).map(|s| Sechstage::seat_name(s, lang)).collect();
            let text = Sechstage::describe_event(&entry.event, entry.actor, &names, &fixed, lang);
            let Actor::Seat(seat) = entry.actor else { panic!("only seats play cards: {entry:?}") };
            assert!(text.starts_with(&names[seat]), "{text}");
            text
        });
        assert_ne!(words[0], words[1]);
    }
}
