//! Hidden information: what the table can know about the hands, and a
//! resampler that deals the unknown cards consistently with it and no better
//! than chance.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, Card, Counts, Options, Phase};
use spieltisch_core::Telling;
use spieltisch_core::{FromSetup, Game, Turn, Viewer, driver::random_action};

const WIND: usize = Card::WIND.index();

fn step(g: &mut Ausreisser, rng: &mut ChaCha8Rng) {
    let action = random_action(&*g, rng).expect("the game is not over");
    g.apply(&action).unwrap();
}

/// Every public constraint holds for every hand of `g`.
fn assert_constraints(g: &Ausreisser, ctx: &str) {
    let t = g.table();
    for s in 0..g.seats() {
        let hand = g.hand(s);
        assert!(
            hand[WIND] <= t.wind_room[s],
            "{ctx}: seat {s} holds {} Gegenwind, room {}",
            hand[WIND],
            t.wind_room[s]
        );
        let size: u8 = hand.iter().sum();
        assert_eq!(size, t.hand_len[s], "{ctx}: seat {s} hand size");
    }
}

#[test]
fn the_public_constraints_hold_in_play_and_in_every_resampled_world() {
    for seed in 0..12u64 {
        let players = 2 + (seed % 5) as u8;
        let mut g = Ausreisser::new(&Options { players, special: true, stages: 1 }).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut n = 0;
        while !g.is_over() {
            assert_constraints(&g, &format!("seed {seed} step {n}"));
            if n % 5 == 0 {
                for seat in 0..g.seats() {
                    let view = g.view(Viewer::Seat(seat));
                    let world = Ausreisser::resample(&view, &(), seat, &mut rng);
                    assert_constraints(&world, &format!("seed {seed} step {n} world of seat {seat}"));
                    assert_eq!(world.hand(seat), g.hand(seat));
                    let total: u32 = (0..KINDS_TOTAL).map(|i| u32::from(world.pile()[i])).sum();
                    assert_eq!(total, u32::from(g.table().pile_len));
                }
            }
            step(&mut g, &mut rng);
            n += 1;
        }
    }
}

const KINDS_TOTAL: usize = spieltisch_ausreisser::KINDS;

fn overlap(a: &Counts, b: &Counts) -> u32 {
    a.iter().zip(b).map(|(x, y)| u32::from(*x.min(y))).sum()
}

/// Mean overlap of the resampled opponent hand with the true one, and with
/// another resample, over many positions reached by `advance`.
fn overlaps(
    players: u8,
    samples: u64,
    advance: impl Fn(&mut Ausreisser, &mut ChaCha8Rng),
) -> (f64, f64, u32, u32) {
    let (mut truth, mut chance, mut exact_truth, mut exact_chance) = (0.0, 0.0, 0, 0);
    for seed in 0..samples {
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + seed);
        let mut g = Ausreisser::new(&Options { players, special: true, stages: 1 }).unwrap();
        advance(&mut g, &mut rng);
        let view = g.view(Viewer::Seat(0));
        let a = Ausreisser::resample(&view, &(), 0, &mut rng);
        let b = Ausreisser::resample(&view, &(), 0, &mut rng);
        truth += f64::from(overlap(a.hand(1), g.hand(1)));
        chance += f64::from(overlap(a.hand(1), b.hand(1)));
        exact_truth += u32::from(a.hand(1) == g.hand(1));
        exact_chance += u32::from(a.hand(1) == b.hand(1));
    }
    (truth / samples as f64, chance / samples as f64, exact_truth, exact_chance)
}

#[test]
fn the_resampler_finds_the_true_hand_no_more_often_than_chance() {
    // Right after the deal the true hands are a uniform deal, so a fair
    // resampler matches them exactly as well as it matches itself.
    let after_deal = |g: &mut Ausreisser, rng: &mut ChaCha8Rng| {
        while !matches!(g.table().phase, Phase::Draw) {
            step(g, rng);
        }
    };
    let (truth, chance, exact_truth, exact_chance) = overlaps(2, 1500, after_deal);
    println!("after the deal: overlap {truth:.3} vs {chance:.3}, exact {exact_truth} vs {exact_chance}");
    assert!((truth - chance).abs() < 0.1, "overlap with the truth {truth:.3}, between resamples {chance:.3}");
    assert!(exact_truth <= exact_chance + 3, "exact matches: truth {exact_truth}, chance {exact_chance}");
    // Late in a stage, with few unknown cards, the same holds.
    let late = |g: &mut Ausreisser, rng: &mut ChaCha8Rng| {
        while g.table().pile_len > 8 || g.turn() == Turn::Chance {
            step(g, rng);
        }
    };
    let (truth, chance, exact_truth, exact_chance) = overlaps(2, 800, late);
    println!("late: overlap {truth:.3} vs {chance:.3}, exact {exact_truth} vs {exact_chance}");
    assert!(
        (truth - chance).abs() < 0.25,
        "late: overlap with the truth {truth:.3}, between resamples {chance:.3}"
    );
    assert!(
        f64::from(exact_truth) <= 1.5 * f64::from(exact_chance) + 10.0,
        "late: exact matches truth {exact_truth}, chance {exact_chance}"
    );
}

#[test]
fn a_view_does_not_change_when_only_another_hand_changes() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut g = Ausreisser::new(&Options { players: 3, special: true, stages: 1 }).unwrap();
    while g.table().pile_len > 60 {
        step(&mut g, &mut rng);
    }
    let view = g.view(Viewer::Seat(0));
    for _ in 0..20 {
        let world = Ausreisser::resample(&view, &(), 0, &mut rng);
        assert_eq!(world.view(Viewer::Seat(0)), view);
        assert_eq!(world.view(Viewer::Spectator), g.view(Viewer::Spectator));
    }
}

/// `g` with one card of `seat`'s hand swapped for a card of another kind
/// from the pile (never a Gegenwind, whose count in a hand is bounded by
/// public facts), or `None` when no such swap exists.
fn swap_a_card(g: &Ausreisser, seat: usize) -> Option<Ausreisser> {
    let mut setup = g.to_setup();
    let (hand, pile) = (&mut setup.hands[seat], &mut setup.pile);
    let give = (0..KINDS_TOTAL).find(|&k| k != WIND && hand[k] > 0)?;
    let take = (0..KINDS_TOTAL).find(|&k| k != WIND && k != give && pile[k] > 0)?;
    hand[give] -= 1;
    pile[give] += 1;
    pile[take] -= 1;
    hand[take] += 1;
    Some(Ausreisser::from_setup(setup).unwrap())
}

#[test]
fn a_seats_serialized_view_holds_nothing_of_another_hand() {
    let mut swapped = 0;
    for seed in 0..6u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(40 + seed);
        let mut g =
            Ausreisser::new(&Options { players: 2 + (seed % 4) as u8, special: true, stages: 2 }).unwrap();
        while !g.is_over() {
            // Outside a window (where rebuilding the state would change who
            // is asked), every other seat's hand changed leaves the bytes of
            // each seat's view as they were.
            if g.table().phase != Phase::Window {
                for seat in 0..g.seats() {
                    let json = serde_json::to_string(&g.view(Viewer::Seat(seat))).unwrap();
                    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
                    let own = serde_json::to_value(spieltisch_ausreisser::cards_of(g.hand(seat))).unwrap();
                    assert_eq!(value["hand"], own, "the view's hand is the seat's own");
                    for other in (0..g.seats()).filter(|&o| o != seat) {
                        let Some(world) = swap_a_card(&g, other) else { continue };
                        assert_ne!(world.hand(other), g.hand(other));
                        let after = serde_json::to_string(&world.view(Viewer::Seat(seat))).unwrap();
                        assert_eq!(after, json, "seed {seed}: seat {seat}'s view shows seat {other}'s hand");
                        swapped += 1;
                    }
                }
            }
            step(&mut g, &mut rng);
        }
    }
    assert!(swapped > 1000, "only {swapped} hands changed");
}

#[test]
#[ignore = "prints a table for eyeballing"]
fn print_a_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut g = Ausreisser::new(&Options { players: 4, special: true, stages: 3 }).unwrap();
    while g.table().pile_len > 40 || g.turn() == Turn::Chance {
        step(&mut g, &mut rng);
    }
    for lang in [spieltisch_core::Lang::En, spieltisch_core::Lang::De] {
        println!("{}", Ausreisser::describe_view(&g.view(Viewer::Seat(1)), &(), lang));
    }
}
