//! Set-up positions: every state of real play comes back from its setup, and
//! what cannot be is refused with an error naming it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_conformance::{Config, check_setups};
use spieltisch_core::{FromSetup, Game, OptionsError, PositionError, Turn};
use spieltisch_sechstage::{ByPile, Options, Sechstage, Setup};

/// Plays `options` at random from `seed`, calling `each` on every state.
fn random_play(options: &Options, seed: u64, mut each: impl FnMut(&Sechstage)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Sechstage::new(options).unwrap();
    let (mut legal, mut chances) = (Vec::new(), Vec::new());
    loop {
        each(&g);
        let action = match g.turn() {
            Turn::Over => return,
            Turn::Chance => {
                chances.clear();
                g.chance_outcomes(&mut chances);
                // Each outcome as often as its weight: walk down the list.
                let total: u32 = chances.iter().map(|(_, w)| w).sum();
                let mut r = rng.random_range(0..total);
                let mut pick = chances[0].0;
                for &(action, weight) in &chances {
                    if r < weight {
                        pick = action;
                        break;
                    }
                    r -= weight;
                }
                pick
            }
            Turn::Seat(_) => {
                legal.clear();
                g.legal_actions(&mut legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        g.apply(&action).unwrap();
    }
}

#[test]
fn every_state_of_play_comes_back_from_its_setup() {
    let option_sets = [
        Options { players: 3, races: 2, ..Default::default() },
        Options { players: 5, races: 1, ..Default::default() },
        Options { players: 8, races: 2, balancing: true, ..Default::default() },
    ];
    let mut states = 0;
    for (i, options) in option_sets.iter().enumerate() {
        for seed in 0..5 {
            random_play(options, seed * 10 + i as u64, |g| {
                let back = Sechstage::from_setup(g.to_setup()).unwrap_or_else(|e| panic!("{e}: {g:?}"));
                assert_eq!(&back, g);
                states += 1;
            });
        }
    }
    assert!(states > 1000, "{states} states");
}

/// A change to a setup.
type Change = Box<dyn FnOnce(&mut Setup)>;

/// The error for the start of a 4-player series changed by `change`.
fn refused(change: impl FnOnce(&mut Setup)) -> String {
    let mut setup = Sechstage::new(&Options::default()).unwrap().to_setup();
    change(&mut setup);
    match Sechstage::from_setup(setup) {
        Ok(g) => panic!("accepted: {g:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn what_cannot_be_is_refused_with_a_clear_error() {
    let cases: Vec<(&str, Change)> = vec![
        ("4 players need 4 riders, not 3", Box::new(|s| s.riders.truncate(3))),
        ("the turn order names seat 0 twice", Box::new(|s| s.order[1] = 0)),
        ("the turn order names seat 4", Box::new(|s| s.order[1] = 4)),
        ("seat 2: position 90 is past the line at 81", Box::new(|s| s.riders[2].position = 90)),
        ("seat 1: holds and played more green 7s", Box::new(|s| s.riders[1].hand[7] = 2)),
        ("seat 1: green cards have values 1 to 5 and 7", Box::new(|s| s.riders[1].hand[6] = 1)),
        ("the grey deck has 10 cards of value 6", Box::new(|s| s.piles[6] = 11)),
        ("the grey piles hold only values 1 to 6", Box::new(|s| s.piles[7] = 1)),
        (
            "the track has 2 sprint lines, the crossings are given for 1",
            Box::new(|s| s.sprint_crossed.truncate(1)),
        ),
        (
            "the finish order must list exactly the riders at the line",
            Box::new(|s| s.riders[3].position = 81),
        ),
        ("the finish order must list exactly the riders at the line", Box::new(|s| s.finish_order = vec![3])),
        ("last turns are due only once a rider has finished", Box::new(|s| s.last_turns = Some(vec![1]))),
        ("the series is not over: a rider must be to move", Box::new(|s| s.mover = None)),
        ("seat 0 is to move but holds no card", Box::new(|s| s.riders[0].hand = [0; 8])),
        ("seat 0 is to move but its rider fell", Box::new(|s| s.riders[0].falls = true)),
        (
            "seat 0's driver change: space 0 is no Fahrerwechsel space",
            Box::new(|s| s.draws_due = Some(ByPile { low: 7, high: 4 })),
        ),
        (
            "seat 0's driver change: the rider has not changed drivers",
            Box::new(|s| {
                s.riders[0].position = 30;
                s.draws_due = Some(ByPile { low: 7, high: 4 });
            }),
        ),
        (
            "seat 0's driver change: draws are due from the empty 4–6 pile",
            Box::new(|s| {
                s.riders[0].position = 30;
                s.riders[0].changed = true;
                s.riders[0].hand = [0; 8];
                s.piles[4..7].fill(0);
                s.draws_due = Some(ByPile { low: 7, high: 4 });
            }),
        ),
        (
            "race 1: 3 points for 4 seats",
            Box::new(|s| {
                let mut g = Sechstage::new(&Options { races: 1, ..Default::default() }).unwrap();
                random_play(&Options { races: 1, ..Default::default() }, 1, |end| g = end.clone());
                let mut result = g.race_results()[0].clone();
                result.points.pop();
                s.history = vec![result];
            }),
        ),
    ];
    for (expected, change) in cases {
        let error = refused(change);
        assert!(error.contains(expected), "expected '{expected}' in '{error}'");
    }
    let mut setup = Sechstage::new(&Options::default()).unwrap().to_setup();
    setup.options.players = 9;
    assert!(matches!(Sechstage::from_setup(setup), Err(PositionError::Options(OptionsError::Rule(_)))));
}

#[test]
fn set_up_positions_keep_the_contract() {
    let start = || Sechstage::new(&Options { races: 1, ..Options::default() }).unwrap().to_setup();
    let mut ahead = start();
    ahead.riders[0].position = 16;
    ahead.riders[1].position = 16;
    ahead.riders[3].position = 12;
    ahead.mover = Some(3);
    let mut past = start();
    past.riders[2].position = 90;
    let mut twice = start();
    twice.order[1] = 0;
    let mut nine = start();
    nine.options.players = 9;
    let config = Config { playouts: 2, stride: 5, ..Config::default() };
    check_setups::<Sechstage>(&[start(), ahead], &[past, twice, nine], config);
}

#[test]
fn a_set_up_position_plays_by_the_rules() {
    // Two riders on 16, seat 3 to move from 12: a 4 lands on them and
    // moves on 4 × 2 more.
    let mut setup = Sechstage::new(&Options::default()).unwrap().to_setup();
    setup.riders[0].position = 16;
    setup.riders[1].position = 16;
    setup.riders[3].position = 12;
    setup.mover = Some(3);
    let mut g = Sechstage::from_setup(setup).unwrap();
    assert_eq!(g.turn(), Turn::Seat(3));
    g.apply(&"play 4".parse().unwrap()).unwrap();
    assert_eq!(g.position(3), 24);
    assert_eq!(g.turn(), Turn::Seat(0), "seat 3 was last in the turn order");
}
