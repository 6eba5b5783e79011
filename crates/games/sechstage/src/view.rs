//! What one viewer may see, and the worlds consistent with it.
//!
//! Public: the track, every position, every card played (values are seen on
//! the table), hand sizes, how many cards each rider drew from each grey pile,
//! the piles' sizes, falls, points and the score sheet. Green hands are
//! therefore known to everyone by counting (everyone starts with the same
//! hand), but shown only as a size. Secret: a seat's grey cards (only that
//! seat sees them) and the order of the piles (nobody).

use crate::{
    cards::{self, Cards, GREY_DECK, Pile},
    game::{Phase, RaceResult, Rider, Sechstage},
    options::{MAX_PLAYERS, Options},
    points::Points,
    track::MAX_SPRINTS,
};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Seat, Turn, Viewer};
use std::sync::Arc;

/// One rider as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiderView {
    pub seat: Seat,
    /// Spaces from the start (the track length once across the line).
    pub position: u8,
    /// Cards in hand.
    pub cards: u8,
    /// The hand, per value (index = value): only for the viewer's own seat.
    pub hand: Option<Cards>,
    /// Has changed drivers (holds grey cards).
    pub changed: bool,
    /// Fell and misses the next turn.
    pub falls: bool,
    pub finished: bool,
    /// Green and grey cards played this race, per value.
    pub played_green: Cards,
    pub played_grey: Cards,
    /// Cards drawn this race from the 1–3 and the 4–6 pile.
    pub drawn_low: u8,
    pub drawn_high: u8,
    /// Race points so far in this race.
    pub points: Points,
}

/// What one viewer (a seat, or a spectator) may see of a series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub viewer: Option<Seat>,
    /// The race being run, from 0 (the number of races once over).
    pub race: usize,
    /// Seats in turn order for this race.
    pub order: Vec<Seat>,
    pub turn: Turn,
    /// The seat moving or changing drivers, unless the series is over.
    pub mover: Option<Seat>,
    /// Driver-change draws still due: (4–6 pile, 1–3 pile).
    pub draws_due: Option<(u8, u8)>,
    pub riders: Vec<RiderView>,
    /// Cards left in the 1–3 and the 4–6 pile.
    pub pile_low: u8,
    pub pile_high: u8,
    /// Riders across each sprint line so far.
    pub sprint_crossed: Vec<u8>,
    /// Seats in the order they crossed the finish this race.
    pub finish_order: Vec<Seat>,
    /// After the first finisher: the seats still due their one more turn.
    pub last_turns: Option<Vec<Seat>>,
    /// The score sheet of the races run.
    pub history: Vec<RaceResult>,
}

impl View {
    /// Each seat's laps down over the races run.
    pub fn total_laps_down(&self) -> Vec<u32> {
        (0..self.riders.len()).map(|s| self.history.iter().map(|r| u32::from(r.laps_down[s])).sum()).collect()
    }

    /// Each seat's race points over the races run.
    pub fn total_points(&self) -> Vec<Points> {
        (0..self.riders.len()).map(|s| self.history.iter().map(|r| r.points[s]).sum()).collect()
    }

    /// The cards `seat` holds as far as the viewer can tell: its own hand, or
    /// a green hand worked out from the cards played; `None` for another
    /// seat's grey cards.
    pub fn known_hand(&self, seat: Seat) -> Option<Cards> {
        let rider = &self.riders[seat];
        if let Some(hand) = rider.hand {
            return Some(hand);
        }
        if rider.changed {
            return None;
        }
        let mut hand = cards::green_hand(self.riders.len());
        take(&mut hand, &rider.played_green);
        Some(hand)
    }

    /// Riders standing on space `p` (riders across the line stand on none).
    pub fn riders_at(&self, p: u8) -> u8 {
        self.riders.iter().filter(|r| r.position == p && !r.finished).count() as u8
    }
}

impl Sechstage {
    pub(crate) fn view_for(&self, viewer: Viewer) -> View {
        let n = self.seats as usize;
        let own = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let riders = self.riders[..n]
            .iter()
            .enumerate()
            .map(|(seat, r)| RiderView {
                seat,
                position: self.positions[seat],
                cards: r.cards,
                hand: (own == Some(seat)).then_some(r.hand),
                changed: r.changed,
                falls: r.skip,
                finished: r.finished,
                played_green: r.played_green,
                played_grey: r.played_grey,
                drawn_low: r.drawn_low,
                drawn_high: r.drawn_high,
                points: r.points,
            })
            .collect();
        View {
            viewer: own,
            race: self.race(),
            order: self.order[..n].iter().map(|&s| s as Seat).collect(),
            turn: self.turn_now(),
            mover: self.mover(),
            draws_due: match self.phase {
                Phase::Draw { high, low } => Some((high, low)),
                _ => None,
            },
            riders,
            pile_low: Pile::Low.count(&self.piles),
            pile_high: Pile::High.count(&self.piles),
            sprint_crossed: self.sprint_crossed[..self.track.sprints().len()].to_vec(),
            finish_order: self.finish_order[..self.finishers as usize].iter().map(|&s| s as Seat).collect(),
            last_turns: self.last_turns.map(|due| (0..n).filter(|&s| due & (1 << s) != 0).collect()),
            history: self.history.clone(),
        }
    }

    /// A state consistent with `view` (seen by `seat`): green hands follow
    /// from the cards played, the other seats' grey cards are dealt at random
    /// from the cards the seat has not seen, and the rest forms the piles.
    ///
    /// # Panics
    /// If the view is not one a real state produced (e.g. more cards played
    /// than the deck holds).
    pub(crate) fn from_view(view: &View, options: &Options, seat: Seat, rng: &mut dyn RngCore) -> Sechstage {
        let n = view.riders.len();
        // The grey cards the seat has not seen: the deck minus every card
        // played and minus its own grey hand.
        let mut unseen = GREY_DECK;
        for (s, r) in view.riders.iter().enumerate() {
            take(&mut unseen, &r.played_grey);
            if s == seat && r.changed {
                take(&mut unseen, &r.hand.expect("a seat's view shows its own hand"));
            }
        }
        let mut riders = [Rider::default(); MAX_PLAYERS];
        let mut positions = [0; MAX_PLAYERS];
        for (s, r) in view.riders.iter().enumerate() {
            let hand = if s == seat || !r.changed {
                view.known_hand(s).expect("own or green hand")
            } else {
                let mut hand = [0; 8];
                for (pile, drawn) in [(Pile::Low, r.drawn_low), (Pile::High, r.drawn_high)] {
                    let held = drawn - pile.count(&r.played_grey);
                    for _ in 0..held {
                        let v = deal(&mut unseen, pile, rng);
                        hand[v as usize] += 1;
                    }
                }
                hand
            };
            positions[s] = r.position;
            riders[s] = Rider {
                hand,
                cards: r.cards,
                changed: r.changed,
                skip: r.falls,
                finished: r.finished,
                played_green: r.played_green,
                played_grey: r.played_grey,
                drawn_low: r.drawn_low,
                drawn_high: r.drawn_high,
                points: r.points,
            };
        }
        let mut order = [0; MAX_PLAYERS];
        for (i, &s) in view.order.iter().enumerate() {
            order[i] = s as u8;
        }
        let cur = view.mover.and_then(|m| view.order.iter().position(|&s| s == m)).unwrap_or(0) as u8;
        let phase = match (view.turn, view.draws_due) {
            (Turn::Over, _) => Phase::Over,
            (_, Some((high, low))) => Phase::Draw { high, low },
            _ => Phase::Play,
        };
        let mut sprint_crossed = [0; MAX_SPRINTS];
        sprint_crossed[..view.sprint_crossed.len()].copy_from_slice(&view.sprint_crossed);
        let mut finish_order = [0; MAX_PLAYERS];
        for (i, &s) in view.finish_order.iter().enumerate() {
            finish_order[i] = s as u8;
        }
        let last_turns = view.last_turns.as_ref().map(|due| due.iter().fold(0u8, |mask, &s| mask | (1 << s)));
        let mut state = Sechstage {
            options: options.clone(),
            track: Arc::new(options.track.clone()),
            seats: n as u8,
            race: if phase == Phase::Over { view.race.saturating_sub(1) as u8 } else { view.race as u8 },
            order,
            cur,
            phase,
            positions,
            riders,
            active: 0,
            piles: unseen,
            sprint_crossed,
            finish_order,
            finishers: view.finish_order.len() as u8,
            last_turns,
            history: view.history.clone(),
        };
        state.refresh_active();
        state
    }
}

/// Removes `gone` from `cards`, value by value.
fn take(cards: &mut Cards, gone: &Cards) {
    for (left, used) in cards.iter_mut().zip(gone) {
        *left -= used;
    }
}

/// Takes one card of `pile` from `cards` at random, each card equally likely.
fn deal(cards: &mut Cards, pile: Pile, rng: &mut dyn RngCore) -> u8 {
    let total = u32::from(pile.count(cards));
    assert!(total > 0, "the view asks for more grey cards than the deck holds");
    let mut r = rng.random_range(0..total);
    for v in pile.values() {
        let left = u32::from(cards[v as usize]);
        if r < left {
            cards[v as usize] -= 1;
            return v;
        }
        r -= left;
    }
    unreachable!("r < total")
}
