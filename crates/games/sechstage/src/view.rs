//! What one viewer may see, and the worlds consistent with it.
//!
//! Public: the track, every position, every card played (values are seen on
//! the table), hand sizes, how many cards each rider drew from each grey pile,
//! the piles' sizes, falls, points and the score sheet. Green hands are
//! therefore known to everyone by counting (everyone starts with the same
//! hand), but shown only as a size. Secret: a seat's grey cards (only that
//! seat sees them) and the order of the piles (nobody).

use crate::{
    cards::{self, ByPile, CardCount, Cards, GREY_DECK, Pile},
    fixed::Fixed,
    game::{Phase, RaceResult, Sechstage},
    points::{Mixed, Points},
    setup::{RiderSetup, Setup},
};
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};
use spieltisch_core::{FromSetup, Seat, Viewer};

/// One rider as a viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RiderView {
    pub seat: Seat,
    /// Spaces from the start (the track length once across the line).
    pub position: u8,
    /// Across the finish line this race.
    pub finished: bool,
    /// Cards in hand.
    pub cards: u8,
    /// The hand by value, lowest first: only for the viewer's own seat.
    pub hand: Option<Vec<CardCount>>,
    /// Has changed drivers: holds grey cards from now on.
    pub changed: bool,
    /// Fell and misses the next turn.
    pub falls: bool,
    /// Green and grey cards played this race, by value.
    pub played_green: Vec<CardCount>,
    pub played_grey: Vec<CardCount>,
    /// Cards drawn this race from each grey pile.
    pub drawn: ByPile,
    /// Race points so far in this race.
    pub points: Mixed,
}

/// A seat's standing over the races run so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standing {
    pub seat: Seat,
    pub laps_down: u32,
    pub points: Mixed,
    /// Its rank as the outcome would give it now (fewest laps down, then
    /// most points; equal on both share a rank), from 1.
    pub rank: u32,
}

/// One rider's line of a finished race on the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RaceLine {
    pub seat: Seat,
    /// Where the rider ended (the track length if across the line).
    pub position: u8,
    pub laps_down: u8,
    /// Race points (sprints and finish).
    pub points: Mixed,
    /// The rider's placing in the race, from 1: finishers in crossing order,
    /// then the others by distance to the line, race points and turn order.
    pub place: usize,
}

/// A finished race on the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RaceRow {
    /// The turn order of the race (seats).
    pub order: Vec<Seat>,
    /// Seats in the order they crossed the finish.
    pub finish_order: Vec<Seat>,
    /// Every rider's line, in seat order.
    pub riders: Vec<RaceLine>,
}

/// What one viewer (a seat, or a spectator) may see of a series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub viewer: Option<Seat>,
    /// The race being run, from 0 (the number of races once over).
    pub race: usize,
    /// Seats in turn order for this race.
    pub order: Vec<Seat>,
    /// The seat moving or changing drivers; `None` once the series is over.
    pub mover: Option<Seat>,
    /// During a driver change, the draws still due from each pile (the 4–6
    /// pile first).
    pub draws_due: Option<ByPile>,
    pub riders: Vec<RiderView>,
    /// Cards left in each grey pile.
    pub piles: ByPile,
    /// Riders across each sprint line so far.
    pub sprint_crossed: Vec<u8>,
    /// Seats in the order they crossed the finish this race.
    pub finish_order: Vec<Seat>,
    /// After the first finisher: the seats still due their one more turn.
    pub last_turns: Option<Vec<Seat>>,
    /// Each seat's laps down, points and rank over the races run, in seat order.
    pub standings: Vec<Standing>,
    /// The score sheet of the races run.
    pub score_sheet: Vec<RaceRow>,
}

impl View {
    /// The cards `seat` holds as far as the viewer can tell: its own hand, or
    /// a green hand worked out from the cards played; `None` for another
    /// seat's grey cards (or a hand no real view shows).
    pub fn known_hand(&self, seat: Seat) -> Option<Cards> {
        let rider = &self.riders[seat];
        if let Some(hand) = &rider.hand {
            return cards::from_list(hand);
        }
        if rider.changed {
            return None;
        }
        let mut hand = cards::green_hand(self.riders.len());
        take(&mut hand, &cards::from_list(&rider.played_green)?)?;
        Some(hand)
    }

    /// Riders standing on space `p` (riders across the line stand on none).
    pub fn riders_at(&self, p: u8) -> u8 {
        self.riders.iter().filter(|r| r.position == p && !r.finished).count() as u8
    }
}

impl RaceRow {
    pub(crate) fn of(result: &RaceResult) -> RaceRow {
        let riders = (0..result.positions.len())
            .map(|seat| RaceLine {
                seat,
                position: result.positions[seat],
                laps_down: result.laps_down[seat],
                points: result.points[seat].into(),
                place: result.placing.iter().position(|&s| s == seat).map_or(0, |i| i + 1),
            })
            .collect();
        RaceRow { order: result.order.clone(), finish_order: result.finish_order.clone(), riders }
    }

    /// The result this row shows.
    fn result(&self) -> RaceResult {
        let mut placing: Vec<&RaceLine> = self.riders.iter().collect();
        placing.sort_by_key(|line| line.place);
        RaceResult {
            order: self.order.clone(),
            positions: self.riders.iter().map(|line| line.position).collect(),
            finish_order: self.finish_order.clone(),
            points: self.riders.iter().map(|line| exact(line.points)).collect(),
            laps_down: self.riders.iter().map(|line| line.laps_down).collect(),
            placing: placing.iter().map(|line| line.seat).collect(),
        }
    }
}

/// Points a real view shows.
///
/// # Panics
/// If they are no amount the game can reach.
fn exact(points: Mixed) -> Points {
    points.points().unwrap_or_else(|| panic!("the view holds points the game cannot reach: {points:?}"))
}

/// Cards a real view lists.
///
/// # Panics
/// If a value lies outside 1–7.
fn cards_of(list: &[CardCount]) -> Cards {
    cards::from_list(list).unwrap_or_else(|| panic!("the view lists a card value outside 1–7: {list:?}"))
}

impl View {
    /// What `viewer` may see of `state`.
    pub(crate) fn of(state: &Sechstage, viewer: Viewer) -> View {
        let n = state.seats as usize;
        let own = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let riders = state.riders[..n]
            .iter()
            .enumerate()
            .map(|(seat, r)| RiderView {
                seat,
                position: state.positions[seat],
                finished: r.finished,
                cards: r.cards,
                hand: (own == Some(seat)).then(|| cards::listed(&r.hand)),
                changed: r.changed,
                falls: r.skip,
                played_green: cards::listed(&r.played_green),
                played_grey: cards::listed(&r.played_grey),
                drawn: ByPile { low: r.drawn_low, high: r.drawn_high },
                points: r.points.into(),
            })
            .collect();
        let (laps, points, outcome) = state.standings();
        let standings = (0..n)
            .map(|seat| Standing {
                seat,
                laps_down: laps[seat],
                points: points[seat].into(),
                rank: outcome.ranks[seat],
            })
            .collect();
        View {
            viewer: own,
            race: state.race(),
            order: state.order[..n].iter().map(|&s| s as Seat).collect(),
            mover: state.mover(),
            draws_due: match state.phase {
                Phase::Draw { high, low } => Some(ByPile { low, high }),
                _ => None,
            },
            riders,
            piles: ByPile { low: Pile::Low.count(&state.piles), high: Pile::High.count(&state.piles) },
            sprint_crossed: state.sprint_crossed[..state.track.sprints().len()].to_vec(),
            finish_order: state.finish_order[..state.finishers as usize].iter().map(|&s| s as Seat).collect(),
            last_turns: state.last_turns.map(|due| (0..n).filter(|&s| due & (1 << s) != 0).collect()),
            standings,
            score_sheet: state.history.iter().map(RaceRow::of).collect(),
        }
    }
}

/// A state consistent with `view` (seen by `seat`): green hands follow
/// from the cards played, the other seats' grey cards are dealt at random
/// from the cards the seat has not seen, and the rest forms the piles.
///
/// # Panics
/// If the view is not one a real state produced (e.g. more cards played
/// than the deck holds).
pub(crate) fn resample(view: &View, fixed: &Fixed, seat: Seat, rng: &mut dyn RngCore) -> Sechstage {
    // The grey cards the seat has not seen: the deck minus every card
    // played and minus its own grey hand.
    let mut unseen = GREY_DECK;
    for (s, r) in view.riders.iter().enumerate() {
        let gone = cards_of(&r.played_grey);
        if s == seat && r.changed {
            let hand = cards_of(r.hand.as_deref().expect("a seat's view shows its own hand"));
            take(&mut unseen, &hand).expect("the view holds more grey cards than the deck");
        }
        take(&mut unseen, &gone).expect("the view holds more grey cards than the deck");
    }
    let riders = view
        .riders
        .iter()
        .enumerate()
        .map(|(s, r)| {
            let played_grey = cards_of(&r.played_grey);
            let hand = if s == seat || !r.changed {
                view.known_hand(s).expect("own or green hand")
            } else {
                let mut hand = [0; 8];
                for (pile, drawn) in [(Pile::Low, r.drawn.low), (Pile::High, r.drawn.high)] {
                    let held = drawn - pile.count(&played_grey);
                    for _ in 0..held {
                        let v = deal(&mut unseen, pile, rng);
                        hand[v as usize] += 1;
                    }
                }
                hand
            };
            RiderSetup {
                position: r.position,
                hand,
                changed: r.changed,
                falls: r.falls,
                played_green: cards_of(&r.played_green),
                played_grey,
                drawn: r.drawn,
                points: exact(r.points),
            }
        })
        .collect();
    let setup = Setup {
        options: fixed.options.clone(),
        history: view.score_sheet.iter().map(RaceRow::result).collect(),
        order: view.order.clone(),
        mover: view.mover,
        draws_due: view.draws_due,
        riders,
        piles: unseen,
        sprint_crossed: view.sprint_crossed.clone(),
        finish_order: view.finish_order.clone(),
        last_turns: view.last_turns.clone(),
    };
    Sechstage::from_setup(setup).unwrap_or_else(|e| panic!("the view is not one a real state produced: {e}"))
}

/// Removes `gone` from `cards`, value by value; `None` (leaving `cards`
/// partly taken from) if `cards` does not hold them.
fn take(cards: &mut Cards, gone: &Cards) -> Option<()> {
    for (left, used) in cards.iter_mut().zip(gone) {
        *left = left.checked_sub(*used)?;
    }
    Some(())
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
