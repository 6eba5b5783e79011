//! Dealing the cards a seat cannot see, consistently with everything it saw.
//!
//! The unknown cards are the deck minus the seat's own hand and every card
//! played. They go into the other hands (of their public sizes) and the pile.
//! Only Gegenwind and Steigung are constrained by public information:
//!
//! - a rider holds at most `wind_room` Gegenwinds (every Gegenwind held goes
//!   down with the rider's next play, so only cards drawn since then can be
//!   one);
//! - a rider holds at most `hill_room` Steigungs (a reaction window that
//!   passes a rider over shows that the rider holds none), and at least one
//!   while `hill_known` (the window was offered).
//!
//! The deal is uniform among all card-level deals meeting these constraints:
//! first the number of Gegenwinds and Steigungs per hand is drawn with
//! exact weights (a small dynamic programme over the destinations), then the
//! remaining cards fill the remaining places uniformly.
//!
//! One public fact is not modelled: a rider who had to draw extra cards for
//! want of a speed card held only special cards at that moment. The chance of
//! that is below one in a million per turn.

use crate::{
    Ausreisser,
    card::{Card, Counts, KINDS, full_deck},
    table::MAX_PLAYERS,
    view::View,
};
use rand::{Rng, RngCore};
use spieltisch_core::Seat;

const HILL: usize = Card::HILL.index();
const WIND: usize = Card::WIND.index();
/// At most five of each special card exist.
const MAX_SPECIAL: usize = 6;

#[derive(Clone, Copy, Debug)]
struct Slot {
    size: usize,
    wind_max: usize,
    hill_min: usize,
    hill_max: usize,
}

fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn weight(slot: &Slot, winds: usize, hills: usize) -> f64 {
    if winds > slot.wind_max || hills > slot.hill_max || hills < slot.hill_min || winds + hills > slot.size {
        return 0.0;
    }
    choose(slot.size, winds) * choose(slot.size - winds, hills)
}

/// `ways[i][w][h]`: the weight of dealing `w` Gegenwinds and `h` Steigungs
/// to the slots from `i` on.
fn ways(slots: &[Slot], winds: usize, hills: usize) -> Vec<[[f64; MAX_SPECIAL]; MAX_SPECIAL]> {
    let mut table = vec![[[0.0; MAX_SPECIAL]; MAX_SPECIAL]; slots.len() + 1];
    table[slots.len()][0][0] = 1.0;
    for i in (0..slots.len()).rev() {
        for w in 0..=winds {
            for h in 0..=hills {
                let mut sum = 0.0;
                for a in 0..=w {
                    for b in 0..=h {
                        let rest = table[i + 1][w - a][h - b];
                        if rest > 0.0 {
                            sum += weight(&slots[i], a, b) * rest;
                        }
                    }
                }
                table[i][w][h] = sum;
            }
        }
    }
    table
}

/// Draws the number of Gegenwinds and Steigungs of every slot.
fn split(slots: &[Slot], winds: usize, hills: usize, rng: &mut dyn RngCore) -> Option<Vec<(usize, usize)>> {
    let table = ways(slots, winds, hills);
    if table[0][winds][hills] <= 0.0 {
        return None;
    }
    let (mut w, mut h) = (winds, hills);
    let mut out = Vec::with_capacity(slots.len());
    for (i, slot) in slots.iter().enumerate() {
        let mut r = rng.random::<f64>() * table[i][w][h];
        let mut pick = None;
        'search: for a in 0..=w {
            for b in 0..=h {
                let p = weight(slot, a, b) * table[i + 1][w - a][h - b];
                if p <= 0.0 {
                    continue;
                }
                pick = Some((a, b));
                if r < p {
                    break 'search;
                }
                r -= p;
            }
        }
        let (a, b) = pick?;
        out.push((a, b));
        w -= a;
        h -= b;
    }
    Some(out)
}

/// Draws one card from `pool` with probability proportional to its count.
fn draw(pool: &mut Counts, rng: &mut dyn RngCore) -> usize {
    let total: u32 = pool.iter().map(|&c| u32::from(c)).sum();
    let mut r = rng.random_range(0..total);
    for (i, count) in pool.iter_mut().enumerate() {
        if r < u32::from(*count) {
            *count -= 1;
            return i;
        }
        r -= u32::from(*count);
    }
    unreachable!("r < total")
}

/// A world consistent with `view`, the view of `seat`.
pub fn resample(view: &View, seat: Seat, rng: &mut dyn RngCore) -> Ausreisser {
    let t = &view.table;
    let n = t.seats();
    let own = view.hand.filter(|_| view.seat == Some(seat)).unwrap_or([0; KINDS]);
    let mut pool = full_deck(view.options.special);
    for i in 0..KINDS {
        pool[i] = pool[i].saturating_sub(own[i]).saturating_sub(t.discards[i]);
    }
    // The other seats, then the pile (unconstrained).
    let others: Vec<usize> = (0..n).filter(|&s| view.hand.is_none() || s != seat).collect();
    let mut slots: Vec<Slot> = others
        .iter()
        .map(|&s| {
            let size = usize::from(t.hand_len[s]);
            Slot {
                size,
                wind_max: usize::from(t.wind_room[s]).min(size),
                hill_min: usize::from(t.hill_known[s]),
                hill_max: usize::from(t.hill_room[s]).min(size),
            }
        })
        .collect();
    let pile = usize::from(t.pile_len);
    slots.push(Slot { size: pile, wind_max: pile, hill_min: 0, hill_max: pile });
    let (winds, hills) = (usize::from(pool[WIND]), usize::from(pool[HILL]));
    let counts = split(&slots, winds, hills, rng).unwrap_or_else(|| {
        // Only reachable with an inconsistent view: deal without the
        // constraints rather than fail.
        let loose: Vec<Slot> = slots
            .iter()
            .map(|s| Slot { size: s.size, wind_max: s.size, hill_min: 0, hill_max: s.size })
            .collect();
        split(&loose, winds, hills, rng).unwrap_or_else(|| vec![(0, 0); slots.len()])
    });
    let mut rest = pool;
    rest[WIND] = 0;
    rest[HILL] = 0;
    let mut hands = [[0u8; KINDS]; MAX_PLAYERS];
    if view.hand.is_some() {
        hands[seat] = own;
    }
    for (k, &s) in others.iter().enumerate() {
        let (w, h) = counts[k];
        let hand = &mut hands[s];
        hand[WIND] = w as u8;
        hand[HILL] = h as u8;
        for _ in 0..slots[k].size.saturating_sub(w + h) {
            if rest.iter().all(|&c| c == 0) {
                break;
            }
            hand[draw(&mut rest, rng)] += 1;
        }
    }
    let mut pile_counts = rest;
    let (w, h) = counts[others.len()];
    pile_counts[WIND] = w as u8;
    pile_counts[HILL] = h as u8;
    Ausreisser::from_parts(view.options, t.clone(), hands, pile_counts)
}
