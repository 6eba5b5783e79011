//! Dealing the cards a seat cannot see, consistently with everything it saw.
//!
//! The unknown cards are the deck minus the seat's own hand and every card
//! played. They go into the other hands (of their public sizes) and the pile.
//! Only Gegenwind is constrained by public information: a rider holds at
//! most `drawn_since_play` Gegenwinds (every Gegenwind held goes down with the
//! rider's next play, so only cards drawn since then can be one).
//!
//! Steigung windows tell nothing: every rider but the leader is asked in
//! every window, whatever the hand holds, and others' passes are not shown.
//!
//! The deal is uniform among all card-level deals meeting the constraint:
//! first the number of Gegenwinds per hand is drawn with exact weights (a
//! small dynamic programme over the destinations), then the remaining cards
//! fill the remaining places uniformly.
//!
//! One public fact is not modelled: a rider who had to draw extra cards for
//! want of a speed card held only special cards at that moment. The chance of
//! that is below one in a million per turn.

use crate::{
    card::{Card, Counts, KINDS, full_deck},
    game::Ausreisser,
    setup::Setup,
    table::{MAX_PLAYERS, Phase},
    view::{View, counts_of},
};
use rand::{Rng, RngCore};
use spieltisch_core::Seat;

const WIND: usize = Card::WIND.index();
/// At most five Gegenwinds exist.
const MAX_WINDS: usize = 6;

/// A destination of unknown cards: a hand or the pile.
#[derive(Clone, Copy, Debug)]
struct Slot {
    size: usize,
    wind_max: usize,
}

fn choose(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

fn weight(slot: &Slot, winds: usize) -> f64 {
    if winds > slot.wind_max { 0.0 } else { choose(slot.size, winds) }
}

/// `ways[i][w]`: the weight of dealing `w` Gegenwinds to the slots from `i` on.
fn ways(slots: &[Slot], winds: usize) -> Vec<[f64; MAX_WINDS]> {
    let mut table = vec![[0.0; MAX_WINDS]; slots.len() + 1];
    table[slots.len()][0] = 1.0;
    for i in (0..slots.len()).rev() {
        for w in 0..=winds {
            table[i][w] = (0..=w).map(|a| weight(&slots[i], a) * table[i + 1][w - a]).sum();
        }
    }
    table
}

/// Draws the number of Gegenwinds of every slot.
fn split(slots: &[Slot], winds: usize, rng: &mut dyn RngCore) -> Option<Vec<usize>> {
    let table = ways(slots, winds);
    if table[0][winds] <= 0.0 {
        return None;
    }
    let mut w = winds;
    let mut out = Vec::with_capacity(slots.len());
    for (i, slot) in slots.iter().enumerate() {
        let mut r = rng.random::<f64>() * table[i][w];
        let mut pick = None;
        for a in 0..=w {
            let p = weight(slot, a) * table[i + 1][w - a];
            if p <= 0.0 {
                continue;
            }
            pick = Some(a);
            if r < p {
                break;
            }
            r -= p;
        }
        let a = pick?;
        out.push(a);
        w -= a;
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
    let table = view.table();
    let t = &table;
    let n = t.seats();
    let own = view.hand.as_ref().filter(|_| view.viewer == Some(seat)).map_or([0; KINDS], counts_of);
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
            Slot { size, wind_max: usize::from(t.wind_room[s]).min(size) }
        })
        .collect();
    let pile = usize::from(t.pile_len);
    slots.push(Slot { size: pile, wind_max: pile });
    let winds = usize::from(pool[WIND]);
    let counts = split(&slots, winds, rng).unwrap_or_else(|| {
        // Only reachable with an inconsistent view: deal without the
        // constraint rather than fail.
        let loose: Vec<Slot> = slots.iter().map(|s| Slot { size: s.size, wind_max: s.size }).collect();
        split(&loose, winds, rng).unwrap_or_else(|| vec![0; slots.len()])
    });
    let mut rest = pool;
    rest[WIND] = 0;
    let mut hands = [[0u8; KINDS]; MAX_PLAYERS];
    if view.hand.is_some() && seat < MAX_PLAYERS {
        hands[seat] = own;
    }
    for (k, &s) in others.iter().enumerate() {
        let hand = &mut hands[s];
        hand[WIND] = counts[k] as u8;
        for _ in 0..slots[k].size.saturating_sub(counts[k]) {
            if rest.iter().all(|&c| c == 0) {
                break;
            }
            hand[draw(&mut rest, rng)] += 1;
        }
    }
    let mut pile_counts = rest;
    pile_counts[WIND] = counts[others.len()] as u8;
    // Who is being asked in a Steigung window is not in the view. A seat
    // still to answer decides as if everyone before it passed (their answers
    // are not known); for anyone else the window waits on its last rider.
    let asked = (t.phase == Phase::Window).then(|| {
        if view.asked && view.viewer == Some(seat) {
            seat
        } else {
            t.window_order().last().map_or(0, usize::from)
        }
    });
    let setup = Setup {
        options: view.options,
        table: table.clone(),
        hands: hands[..n].to_vec(),
        pile: pile_counts,
        asked,
    };
    // Unchecked: a view of a real state gives a setup that passes the checks
    // (tests/setup.rs), and a view from outside gets the world dealt above
    // rather than a failure, as with the Gegenwind split.
    setup.assemble()
}
