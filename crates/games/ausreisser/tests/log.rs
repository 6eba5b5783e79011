//! The log people read: one entry per thing a person would tell, nothing
//! a viewer may not know, and words in both languages.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Action, Ausreisser, Card, Event, KINDS, Lead, Options, Phase};
use spieltisch_core::Telling;
use spieltisch_core::{Actor, FromSetup, Game, Lang, Logged, Turn, Viewer, driver::random_action};

/// Every viewer's entries (the seats, then the spectator), each with the
/// actions it covers, kept as a table keeps them.
struct Logs {
    entries: Vec<Vec<(Event, Vec<String>)>>,
}

impl Logs {
    fn new(seats: usize) -> Logs {
        Logs { entries: vec![Vec::new(); seats + 1] }
    }

    fn viewer(&self, index: usize) -> Viewer {
        if index + 1 < self.entries.len() { Viewer::Seat(index) } else { Viewer::Spectator }
    }

    fn of(&self, viewer: Viewer) -> &[(Event, Vec<String>)] {
        match viewer {
            Viewer::Seat(seat) => &self.entries[seat],
            Viewer::Spectator => self.entries.last().unwrap(),
        }
    }

    fn apply(&mut self, game: &mut Ausreisser, action: &Action) {
        let before = game.clone();
        game.apply(action).unwrap_or_else(|e| panic!("{action}: {e}"));
        for index in 0..self.entries.len() {
            let viewer = self.viewer(index);
            let log = &mut self.entries[index];
            let last = log.last_mut().map(|(event, _)| event);
            match before.log_event(action, game, viewer, last) {
                Logged::New(event) => log.push((event, vec![action.to_string()])),
                Logged::Folded => log.last_mut().expect("a fold needs an entry").1.push(action.to_string()),
                Logged::Unseen => {}
            }
        }
    }

    /// Applies the actions separated by `;`.
    fn go(&mut self, game: &mut Ausreisser, script: &str) {
        for step in script.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            self.apply(game, &step.parse().unwrap_or_else(|e| panic!("{step}: {e}")));
        }
    }

    /// The last entry of `viewer` in words.
    fn said(&self, viewer: Viewer, lang: Lang) -> String {
        let (event, _) = self.of(viewer).last().expect("an entry");
        words(event, lang)
    }
}

fn words(event: &Event, lang: Lang) -> String {
    let names: Vec<String> = (0..6).map(|seat| Ausreisser::seat_name(seat, lang)).collect();
    // The words never depend on who the entry's actor is: each event names its riders.
    Ausreisser::describe_event(event, Actor::Chance, &names, &(), lang)
}

/// A stage dealt through the log, `leader` leading and `hands[s]` dealt to
/// seat `s` (six cards each, as in the notation).
fn start(leader: u8, hands: &[&str]) -> (Ausreisser, Logs) {
    let n = hands.len() as u8;
    let mut game = Ausreisser::new(&Options { players: n, special: true, stages: 1 }).unwrap();
    let mut logs = Logs::new(hands.len());
    for seat in 0..n {
        logs.go(&mut game, &format!("draw {}", if seat == leader { "50" } else { "39" }));
    }
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    for k in 0..6 * n {
        let seat = (leader + k % n) % n;
        logs.go(&mut game, &format!("draw {}", hands[usize::from(seat)][usize::from(k / n)]));
    }
    (game, logs)
}

const PLAIN3: [&str; 3] = ["45 44 43 42 41 40", "45 44 43 42 41 40", "47 46 45 42 41 40"];

#[test]
fn choosing_the_leader_and_the_deal_are_one_entry_each() {
    let (_, logs) = start(1, &PLAIN3);
    for index in 0..4 {
        let log = &logs.entries[index];
        assert_eq!(log.len(), 2, "viewer {index}: the choice and the deal");
        assert_eq!(log[0].1.len(), 3, "three cards drawn face up");
        assert_eq!(log[1].1.len(), 18, "eighteen cards dealt");
        match &log[1].0 {
            Event::Deal { stage: 0, leader: 1, hand: Some(hand) } => {
                assert_eq!(hand.seat, index);
                assert_eq!(hand.cards.values().map(|&n| u32::from(n)).sum::<u32>(), 6);
            }
            Event::Deal { hand: None, .. } => assert_eq!(index, 3, "only the spectator gets no hand"),
            other => panic!("viewer {index}: {other:?}"),
        }
    }
    assert_eq!(
        words(&logs.entries[0][0].0, Lang::En),
        "Choosing the first leader: Seat 1 draws 39, Seat 2 draws 50, Seat 3 draws 39; Seat 2 leads"
    );
    assert_eq!(
        words(&logs.entries[2][1].0, Lang::De),
        "Etappe 1: Spieler 2 fährt im gelben Trikot voraus; 6 Karten für jeden. Spieler 3 erhält 40 41 42 45 46 47"
    );
}

#[test]
fn forty_two_against_forty_five_in_words() {
    // "Thus if the leader's speed is 45 kph and another player can only play
    // a 42 kph card, he gets 3 penalty chips."
    let (mut g, mut logs) = start(0, &PLAIN3);
    logs.go(&mut g, "draw 48; play 45");
    assert_eq!(
        logs.said(Viewer::Seat(1), Lang::En),
        "Seat 1 draws 1 card and plays 45: 45 km/h, sets the tempo"
    );
    assert_eq!(logs.said(Viewer::Seat(0), Lang::En), "Seat 1 draws 48 and plays 45: 45 km/h, sets the tempo");
    logs.go(&mut g, "pass; pass; draw 39; play 42");
    for (viewer, en, de) in [
        (
            Viewer::Seat(1),
            "Seat 2 draws 39 and plays 42: 42 km/h against 45, +3 penalty minutes (3 in all)",
            "Spieler 2 zieht 39 und spielt 42: 42 km/h gegen 45, +3 Strafminuten (insgesamt 3)",
        ),
        (
            Viewer::Spectator,
            "Seat 2 draws 1 card and plays 42: 42 km/h against 45, +3 penalty minutes (3 in all)",
            "Spieler 2 zieht 1 Karte und spielt 42: 42 km/h gegen 45, +3 Strafminuten (insgesamt 3)",
        ),
    ] {
        assert_eq!(logs.said(viewer, Lang::En), en);
        assert_eq!(logs.said(viewer, Lang::De), de);
    }
    // As docs/api.md shows it: the spectator's entry counts the card drawn.
    let (event, _) = logs.of(Viewer::Spectator).last().unwrap();
    assert_eq!(
        serde_json::to_value(event).unwrap(),
        serde_json::json!({"kind": "turn", "seat": 1, "drew": {"count": 1},
            "play": {"cards": {"speed": 42, "spurts": 0, "winds": 0, "hill": false}, "laid": 0,
                     "settled": {"speed": 42, "tempo": 45, "uphill": false, "lead": "none", "penalty": 3, "chips": 3}},
            "refill": {"count": 0}})
    );
    // "Play card of the same speed, 1 kph or 2 kph less. In this way he
    // stays in the wind shadow of the leader and suffers no penalty."
    logs.go(&mut g, "pass; pass; draw 43; play 43");
    assert_eq!(
        logs.said(Viewer::Seat(0), Lang::En),
        "Seat 3 draws 1 card and plays 43: 43 km/h against 45, in the wind shadow"
    );
    assert_eq!(
        logs.said(Viewer::Seat(0), Lang::De),
        "Spieler 3 zieht 1 Karte und spielt 43: 43 km/h gegen 45, im Windschatten"
    );
}

#[test]
fn a_passed_window_is_one_entry_for_everyone_and_no_pass_is_told() {
    let (mut g, mut logs) = start(0, &PLAIN3);
    logs.go(&mut g, "draw 48; play 45");
    let before: Vec<usize> = logs.entries.iter().map(Vec::len).collect();
    logs.go(&mut g, "pass");
    let after: Vec<usize> = logs.entries.iter().map(Vec::len).collect();
    assert_eq!(
        after, before,
        "a pass that does not close the window tells nobody anything, the rider included"
    );
    logs.go(&mut g, "pass");
    for index in 0..4 {
        let (event, actions) = logs.entries[index].last().unwrap();
        assert_eq!(*event, Event::Window { leader: 0, laid_by: None }, "viewer {index}");
        assert_eq!(actions.len(), 1, "the closing pass alone");
    }
    assert_eq!(logs.said(Viewer::Seat(2), Lang::En), "Nobody lays a Steigung");
    assert_eq!(logs.said(Viewer::Seat(2), Lang::De), "Niemand legt eine Steigung");
}

#[test]
fn a_steigung_laid_out_of_turn_is_told_to_everyone() {
    let (mut g, mut logs) =
        start(0, &["45 44 43 42 41 40", "45 44 43 42 41 40", "47 hill 45 42 41 40", "46 44 43 42 41 40"]);
    logs.go(&mut g, "draw 48; play 45; pass; hill");
    for index in 0..5 {
        assert_eq!(logs.entries[index].last().unwrap().0, Event::Window { leader: 0, laid_by: Some(2) });
    }
    assert_eq!(logs.said(Viewer::Seat(1), Lang::En), "Seat 3 lays a Steigung on Seat 1's pile");
    assert_eq!(
        logs.said(Viewer::Seat(1), Lang::De),
        "Spieler 3 legt eine Steigung auf den Stapel von Spieler 1"
    );
    // Under the hill every km/h below costs: the 44 of rider 2 is one chip.
    logs.go(&mut g, "draw 39; play 44");
    assert_eq!(
        logs.said(Viewer::Seat(3), Lang::En),
        "Seat 2 draws 1 card and plays 44: 44 km/h against 45 uphill, +1 penalty minutes (1 in all)"
    );
}

#[test]
fn a_turn_with_its_refill_and_a_gegenwind_laid_on_is_one_entry_that_ends_the_stage() {
    // "If any Gegenwind cards are drawn in replenishment they must be laid
    // down too"; "The stage ends when the last card is picked up and that
    // player has then played."
    let (g, _) = start(0, &["45 spurt 43 42 41 40", "45 44 43 42 41 40"]);
    let mut pile = [0u8; KINDS];
    pile[Card::speed(39).unwrap().index()] = 2;
    pile[Card::WIND.index()] = 1;
    let mut setup = g.to_setup();
    setup.table.pile_len = 3;
    setup.pile = pile;
    let mut g = Ausreisser::from_setup(setup).unwrap();
    let mut logs = Logs::new(2);
    logs.go(&mut g, "draw 39; play 45 +2; draw wind; draw 39");
    assert_eq!(g.turn(), Turn::Over);
    for index in 0..3 {
        let log = &logs.entries[index];
        assert_eq!(log.len(), 1, "viewer {index}: one entry for the whole turn");
        assert_eq!(log[0].1.len(), 4, "the draw, the play, the Gegenwind and the refill");
        let Event::Turn(turn) = &log[0].0 else { panic!("{:?}", log[0].0) };
        let ride = turn.play.as_ref().unwrap();
        assert_eq!((ride.cards.winds, ride.laid), (1, 1));
        assert_eq!(ride.settled.unwrap().lead, Lead::SetsTempo);
        assert_eq!(turn.refill.count, 1);
        assert_eq!(turn.refill.cards.is_empty(), index != 0, "only the drawer sees the card");
    }
    assert_eq!(
        logs.said(Viewer::Seat(0), Lang::En),
        "Seat 1 draws 39 and plays 45 with 1× Spurt, 1× Gegenwind (1× Gegenwind drawn in the refill and laid on it): \
         45 km/h, sets the tempo; refills with 39. Stage 1 is over: Seat 1 +1 (yellow jersey), Seat 2 0; \
         totals: Seat 1 +1, Seat 2 0. The series is over: Seat 1 wins with +1"
    );
    assert_eq!(
        logs.said(Viewer::Seat(1), Lang::De),
        "Spieler 1 zieht 1 Karte und spielt 45 mit 1× Spurt, 1× Gegenwind (1× Gegenwind beim Nachziehen gezogen \
         und dazugelegt): 45 km/h, gibt das Tempo vor; zieht nach: 1 Karte. Etappe 1 ist vorbei: Spieler 1 +1 \
         (gelbes Trikot), Spieler 2 0; Stand: Spieler 1 +1, Spieler 2 0. Die Rundfahrt ist vorbei: Spieler 1 \
         gewinnt mit +1"
    );
}

/// Every card an event names for `viewer`: the cards it may see are its
/// own draws, its own deal, and what lies face up.
fn secret_cards(event: &Event, viewer: Viewer) -> usize {
    let own = |seat| viewer == Viewer::Seat(seat);
    match event {
        Event::Turn(turn) if !own(turn.seat) => turn.drew.cards.len() + turn.refill.cards.len(),
        Event::Deal { hand: Some(hand), .. } if !own(hand.seat) => hand.cards.len().max(1),
        _ => 0,
    }
}

#[test]
fn seeded_games_tell_no_viewer_another_riders_cards() {
    for seed in 0..8u64 {
        let players = 2 + (seed % 5) as u8;
        let mut g = Ausreisser::new(&Options { players, special: true, stages: 2 }).unwrap();
        let mut logs = Logs::new(g.seats());
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let action = random_action(&g, &mut rng).unwrap();
            logs.apply(&mut g, &action);
        }
        let windows = |index: usize| -> Vec<Event> {
            logs.entries[index]
                .iter()
                .filter(|(e, _)| matches!(e, Event::Window { .. }))
                .map(|(e, _)| e.clone())
                .collect()
        };
        for index in 0..logs.entries.len() {
            let viewer = logs.viewer(index);
            let ctx = format!("seed {seed}, {viewer}");
            for (event, _) in &logs.entries[index] {
                assert_eq!(secret_cards(event, viewer), 0, "{ctx}: {event:?}");
                if let Event::Turn(turn) = event
                    && Viewer::Seat(turn.seat) == viewer
                {
                    assert_eq!(turn.drew.cards.len(), usize::from(turn.drew.count), "{ctx}: own draws named");
                    assert_eq!(
                        turn.refill.cards.len(),
                        usize::from(turn.refill.count),
                        "{ctx}: own refill named"
                    );
                }
                for lang in [Lang::En, Lang::De] {
                    assert!(!words(event, lang).is_empty());
                }
            }
            assert_eq!(windows(index), windows(0), "{ctx}: every window is told alike to everyone");
            let ended = logs.entries[index]
                .iter()
                .filter(|(e, _)| matches!(e, Event::Turn(t) if t.ended.is_some()))
                .count();
            assert_eq!(ended, 2, "{ctx}: each of the two stages ends in one rider's turn");
        }
        assert_eq!(g.table().phase, Phase::Over);
    }
}
