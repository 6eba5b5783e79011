//! Set-up positions: every state of real play, and every world resampled
//! from a real view, passes the checks and plays on the same; what cannot
//! be is refused with an error naming it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, Card, Options, Phase, Setup};
use spieltisch_conformance::{Config, check_setups};
use spieltisch_core::{FromSetup, Game, OptionsError, PositionError, Viewer, driver::random_action};

#[test]
fn every_state_of_play_comes_back_from_its_setup() {
    let mut states = 0;
    for seed in 0..8u64 {
        let options = Options { players: 2 + (seed % 5) as u8, special: seed % 4 != 3, stages: 2 };
        let mut g = Ausreisser::new(&options).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            let back = Ausreisser::from_setup(g.to_setup()).unwrap_or_else(|e| panic!("{e}: {g:?}"));
            assert_eq!(back.to_setup(), g.to_setup());
            assert_eq!(back.turn(), g.turn());
            for seat in 0..g.seats() {
                assert_eq!(back.view(Viewer::Seat(seat)), g.view(Viewer::Seat(seat)));
            }
            let action = random_action(&g, &mut rng).expect("the game is not over");
            assert!(back.clone().apply(&action).is_ok(), "{action} in the rebuilt state");
            // A world dealt from the mover's view is a possible position too.
            if let Some(seat) = g.table().phase.eq(&Phase::Play).then(|| usize::from(g.table().mover)) {
                let world = Ausreisser::resample(&g.view(Viewer::Seat(seat)), &(), seat, &mut rng);
                Ausreisser::from_setup(world.to_setup()).unwrap_or_else(|e| panic!("{e}: {world:?}"));
            }
            g.apply(&action).unwrap();
            states += 1;
        }
    }
    assert!(states > 1000, "{states} states");
}

/// A 3-player game at its first play.
fn first_play() -> Setup {
    let mut g = Ausreisser::new(&Options { players: 3, special: true, stages: 1 }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    while g.table().phase != Phase::Play {
        g.apply(&random_action(&g, &mut rng).unwrap()).unwrap();
    }
    g.to_setup()
}

/// [`first_play`] changed by `change`; the error.
fn refused(change: impl FnOnce(&mut Setup)) -> String {
    let mut setup = first_play();
    change(&mut setup);
    match Ausreisser::from_setup(setup) {
        Ok(g) => panic!("accepted: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn set_up_positions_keep_the_contract() {
    let start = Ausreisser::new(&Options::default()).unwrap().to_setup();
    let mut two = first_play();
    two.table.players = 2;
    let mut asked = first_play();
    asked.asked = Some(1);
    let mut seven = start.clone();
    seven.options.players = 7;
    let config = Config { playouts: 2, stride: 3, ..Config::default() };
    check_setups::<Ausreisser>(&[start, first_play()], &[two, asked, seven], config);
}

/// A change to a setup.
type Change = Box<dyn FnOnce(&mut Setup)>;

#[test]
fn what_cannot_be_is_refused_with_a_clear_error() {
    let hill = Card::HILL.index();
    let cases: Vec<(&str, Change)> = vec![
        ("the table seats 2, the options 3 players", Box::new(|s| s.table.players = 2)),
        ("3 players need 3 hands, not 2", Box::new(|s| s.hands.truncate(2))),
        ("the leader is seat 4", Box::new(|s| s.table.leader = 4)),
        (
            "cards in seat 1's hand, it holds",
            Box::new(|s| {
                s.hands[1] = {
                    let mut hand = s.hands[1];
                    let k = hand.iter().position(|&c| c > 0).unwrap();
                    hand[k] -= 1;
                    hand
                }
            }),
        ),
        ("cards in the pile, it holds", Box::new(|s| s.table.pile_len += 1)),
        (
            "the deck has 5 of Steigung",
            Box::new(move |s| {
                s.pile[hill] += 1;
                s.table.pile_len += 1;
                s.table.discards[hill] = 5;
            }),
        ),
        (
            "holds 1 Gegenwind but drew only 0 cards",
            Box::new(|s| {
                let wind = Card::WIND.index();
                s.hands[2] = [0; spieltisch_ausreisser::KINDS];
                s.hands[2][0] = 5;
                s.hands[2][wind] = 1;
                s.table.hand_len[2] = 6;
                s.table.wind_room[2] = 0;
                s.pile = spieltisch_ausreisser::full_deck(true);
                for hand in &s.hands {
                    for (k, c) in hand.iter().enumerate() {
                        s.pile[k] -= c;
                    }
                }
                s.table.pile_len = s.pile.iter().map(|&c| u32::from(c)).sum::<u32>() as u8;
            }),
        ),
        (
            "is to play but holds no speed card",
            Box::new(|s| {
                let mover = usize::from(s.table.mover);
                let held: u8 = s.hands[mover].iter().sum();
                s.hands[mover] = [0; spieltisch_ausreisser::KINDS];
                s.hands[mover][Card::SPURT.index()] = held.min(5);
                s.table.hand_len[mover] = held.min(5);
                s.pile = spieltisch_ausreisser::full_deck(true);
                for hand in &s.hands {
                    for (k, c) in hand.iter().enumerate() {
                        s.pile[k] -= c;
                    }
                }
                s.table.pile_len = s.pile.iter().map(|&c| u32::from(c)).sum::<u32>() as u8;
            }),
        ),
        ("a Steigung window must name the rider asked", Box::new(|s| s.table.phase = Phase::Window)),
        ("a rider is asked only in a Steigung window", Box::new(|s| s.asked = Some(1))),
        ("the series is over exactly when every stage is run", Box::new(|s| s.table.phase = Phase::Over)),
        (
            "a play is being completed exactly while the mover refills",
            Box::new(|s| s.table.phase = Phase::Refill),
        ),
    ];
    for (expected, change) in cases {
        let error = refused(change);
        assert!(error.contains(expected), "expected '{expected}' in '{error}'");
    }
    let g = Ausreisser::new(&Options::default()).unwrap();
    let mut setup = g.to_setup();
    setup.options.players = 7;
    assert!(matches!(Ausreisser::from_setup(setup), Err(PositionError::Options(OptionsError::Rule(_)))));
}
