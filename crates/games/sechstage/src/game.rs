//! The state of a series and the rules of a race.

use crate::{
    action::Action,
    cards::{self, CHANGE_HIGH_DRAWS, Cards, GREY_DECK, Pile},
    movement::{self, Move},
    options::{LapsDown, MAX_PLAYERS, Options},
    points::Points,
    track::{MAX_SPRINTS, Space, Track},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Criterion, OptionsError, Outcome, Seat, Turn, Weight};
use std::sync::Arc;

/// Points for the first four riders across a sprint line.
pub const SPRINT_POINTS: [i64; 4] = [5, 3, 2, 1];
/// Points for the first four riders across the finish.
pub const FINISH_POINTS: [i64; 4] = [10, 6, 4, 2];
/// A rider who did not finish is a lap down for every this many spaces short
/// of the line...
pub const SPACES_PER_LAP: u16 = 4;
/// ...and at most this many.
pub const MAX_LAPS_DOWN: u8 = 5;

impl LapsDown {
    /// Laps down of a rider `distance` spaces short of the line under this
    /// reading (0 if across, at most [`MAX_LAPS_DOWN`]).
    pub fn laps(self, distance: u16) -> u8 {
        let laps = match self {
            LapsDown::FullFour => distance / SPACES_PER_LAP,
            LapsDown::PartOfFour => distance.div_ceil(SPACES_PER_LAP),
        };
        laps.min(u16::from(MAX_LAPS_DOWN)) as u8
    }
}

/// One rider during a race.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Rider {
    pub hand: Cards,
    pub cards: u8,
    /// Has changed drivers: the hand is grey from now on.
    pub changed: bool,
    /// Fell: misses the next turn.
    pub skip: bool,
    pub finished: bool,
    pub played_green: Cards,
    pub played_grey: Cards,
    pub drawn_low: u8,
    pub drawn_high: u8,
    pub points: Points,
}

/// What happens now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Phase {
    /// The rider `order[cur]` plays a card.
    Play,
    /// The rider `order[cur]` changes drivers: draws still due from each pile.
    Draw {
        high: u8,
        low: u8,
    },
    Over,
}

/// The result of one finished race, as written on the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceResult {
    /// The turn order of the race (seats).
    pub order: Vec<Seat>,
    /// Final positions by seat (the track length for riders across the line).
    pub positions: Vec<u8>,
    /// Seats in the order they crossed the finish.
    pub finish_order: Vec<Seat>,
    /// Race points by seat (sprints and finish), exact.
    pub points: Vec<Points>,
    /// Laps down by seat.
    pub laps_down: Vec<u8>,
    /// The race's placings, best first: finishers in crossing order, then the
    /// others by distance to the line, race points, and turn order.
    pub placing: Vec<Seat>,
}

/// A whole series of 6-Tage Rennen: every rider, hand and pile (the truth,
/// with every secret).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sechstage {
    pub(crate) options: Options,
    pub(crate) track: Arc<Track>,
    pub(crate) seats: u8,
    /// The race being run, from 0.
    pub(crate) race: u8,
    /// Seats in turn order for this race.
    pub(crate) order: [u8; MAX_PLAYERS],
    /// Index into `order` of the rider to move (or drawing).
    pub(crate) cur: u8,
    pub(crate) phase: Phase,
    /// Where each rider stands (the track length once across the line; 0 for
    /// seats beyond the player count), apart from the rest so that counting
    /// the riders on a space is one word operation.
    pub(crate) positions: [u8; MAX_PLAYERS],
    pub(crate) riders: [Rider; MAX_PLAYERS],
    /// Riders still on the track with cards in hand (bit per seat): the race
    /// ends when none is left.
    pub(crate) active: u8,
    /// Grey cards left, per value (1–3 and 4–6 piles).
    pub(crate) piles: Cards,
    /// Riders across each sprint line so far.
    pub(crate) sprint_crossed: [u8; MAX_SPRINTS],
    pub(crate) finish_order: [u8; MAX_PLAYERS],
    pub(crate) finishers: u8,
    /// After the first rider finishes: the riders still due their one more turn (bit per seat).
    pub(crate) last_turns: Option<u8>,
    pub(crate) history: Vec<RaceResult>,
}

impl Sechstage {
    /// The track of the series.
    pub fn track(&self) -> &Track {
        &self.track
    }

    /// The race being run (from 0); equals the number of races once over.
    pub fn race(&self) -> usize {
        if self.phase == Phase::Over { self.history.len() } else { self.race as usize }
    }

    /// The results of the races run so far.
    pub fn race_results(&self) -> &[RaceResult] {
        &self.history
    }

    /// Each seat's laps down over the races run so far.
    pub fn total_laps_down(&self) -> Vec<u32> {
        self.standings().0
    }

    /// Each seat's race points over the races run so far, exact.
    pub fn total_points(&self) -> Vec<Points> {
        self.standings().1
    }

    /// Each seat's laps down and race points over the races run so far, and
    /// the ranks they give: fewer laps down ranks first; among riders as
    /// many laps down, more points. The outcome of a finished series is the
    /// last of these.
    pub(crate) fn standings(&self) -> (Vec<u32>, Vec<Points>, Outcome) {
        let seats = self.seats as usize;
        let laps: Vec<u32> =
            (0..seats).map(|s| self.history.iter().map(|r| u32::from(r.laps_down[s])).sum()).collect();
        let points: Vec<Points> =
            (0..seats).map(|s| self.history.iter().map(|r| r.points[s]).sum()).collect();
        let scores: Vec<f64> = points.iter().map(|p| p.to_f64()).collect();
        let outcome = Outcome::ranked(
            scores.clone(),
            vec![
                Criterion::lower("laps_down", laps.iter().map(|&l| f64::from(l)).collect()),
                Criterion::higher("points", scores),
            ],
        );
        (laps, points, outcome)
    }

    /// The seat whose rider moves (or draws) now, if the series is not over.
    pub fn mover(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then(|| self.order[self.cur as usize] as Seat)
    }

    /// Where `seat`'s rider stands (the track length once across the line).
    pub fn position(&self, seat: Seat) -> u8 {
        self.positions[seat]
    }

    /// The turn order of the current race.
    fn turn_order(&self, race: usize) -> [u8; MAX_PLAYERS] {
        let n = self.seats as usize;
        let mut order = [0; MAX_PLAYERS];
        match self.history.last() {
            Some(last) if self.options.balancing => {
                for (i, &seat) in last.placing.iter().rev().enumerate() {
                    order[i] = seat as u8;
                }
            }
            _ => {
                for (i, slot) in order.iter_mut().take(n).enumerate() {
                    *slot = ((race + i) % n) as u8;
                }
            }
        }
        order
    }

    fn start_race(&mut self) {
        let n = self.seats as usize;
        self.order = self.turn_order(self.race as usize);
        let hand = cards::green_hand(n);
        for rider in self.riders.iter_mut().take(n) {
            *rider = Rider { hand, cards: cards::count(&hand), ..Rider::default() };
        }
        self.positions = [0; MAX_PLAYERS];
        self.active = ((1u16 << n) - 1) as u8;
        self.piles = GREY_DECK;
        self.sprint_crossed = [0; MAX_SPRINTS];
        self.finish_order = [0; MAX_PLAYERS];
        self.finishers = 0;
        self.last_turns = None;
        self.cur = 0;
        self.phase = Phase::Play;
    }

    /// Riders standing on space `p` of the lap. Riders across the line are
    /// at the track length and empty seats at 0, neither of which is a space
    /// of the lap, so a plain count of equal bytes is exact.
    pub(crate) fn riders_at(&self, p: u8) -> u8 {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let x = u64::from_le_bytes(self.positions) ^ (u64::from(p) * 0x0101_0101_0101_0101);
        // A byte's top bit ends up set exactly when the byte is non-zero.
        let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
        // Sum the eight flags (one per byte) with one multiplication.
        8 - ((nonzero >> 7).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
    }

    /// What playing `value` would do for the rider to move.
    pub(crate) fn preview(&self, seat: Seat, value: u8) -> Move {
        movement::resolve(&self.track, self.positions[seat], value, |p| self.riders_at(p))
    }

    pub(crate) fn play(&mut self, value: u8) {
        let seat = self.order[self.cur as usize] as usize;
        let mv = self.preview(seat, value);
        let length = self.track.length();
        let to = mv.to.min(u16::from(length)) as u8;
        let rider = &mut self.riders[seat];
        let v = value as usize;
        rider.hand[v] -= 1;
        rider.cards -= 1;
        if rider.cards == 0 {
            self.active &= !(1 << seat);
        }
        if rider.changed {
            rider.played_grey[v] += 1;
        } else {
            rider.played_green[v] += 1;
        }
        let from = self.positions[seat];
        self.positions[seat] = to;
        for (i, &line) in self.track.sprints().iter().enumerate() {
            // `&` rather than `&&`: the first test alone is a coin toss for the branch predictor.
            if (from <= line) & (to > line) {
                let place = self.sprint_crossed[i] as usize;
                if let Some(&p) = SPRINT_POINTS.get(place) {
                    self.riders[seat].points += Points::whole(p);
                }
                self.sprint_crossed[i] += 1;
            }
        }
        if mv.finishes {
            let place = self.finishers as usize;
            if let Some(&p) = FINISH_POINTS.get(place) {
                self.riders[seat].points += Points::whole(p);
            }
            self.riders[seat].finished = true;
            self.active &= !(1 << seat);
            self.finish_order[place] = seat as u8;
            self.finishers += 1;
            if self.last_turns.is_none() {
                // Everyone else gets exactly one more turn.
                let all = ((1u16 << self.seats) - 1) as u8;
                self.last_turns = Some(all & !(1 << seat));
            }
        } else {
            match mv.space {
                Space::Plain => {}
                Space::Sturz => self.riders[seat].skip = true,
                Space::Fahrerwechsel => {
                    let rider = &mut self.riders[seat];
                    if !rider.changed {
                        // The green cards go; a rider who changed before holds only grey ones.
                        rider.hand = [0; 8];
                        rider.cards = 0;
                        rider.changed = true;
                        self.active &= !(1 << seat);
                    }
                    let low = cards::change_low_draws(self.seats as usize);
                    self.phase = Phase::Draw { high: CHANGE_HIGH_DRAWS, low };
                    self.settle_draws();
                    return;
                }
            }
        }
        self.next_turn();
    }

    pub(crate) fn draw(&mut self, value: u8) {
        let seat = self.order[self.cur as usize] as usize;
        let v = value as usize;
        self.piles[v] -= 1;
        let rider = &mut self.riders[seat];
        rider.hand[v] += 1;
        rider.cards += 1;
        self.active |= 1 << seat;
        if let Phase::Draw { high, low } = &mut self.phase {
            match Pile::of(value) {
                Pile::High => {
                    rider.drawn_high += 1;
                    *high -= 1;
                }
                Pile::Low => {
                    rider.drawn_low += 1;
                    *low -= 1;
                }
            }
        }
        self.settle_draws();
    }

    /// Drops draws from an empty pile (it is not reshuffled) and ends the
    /// driver change once nothing is left to draw.
    fn settle_draws(&mut self) {
        if let Phase::Draw { high, low } = &mut self.phase {
            if Pile::High.count(&self.piles) == 0 {
                *high = 0;
            }
            if Pile::Low.count(&self.piles) == 0 {
                *low = 0;
            }
            if *high == 0 && *low == 0 {
                self.phase = Phase::Play;
                self.next_turn();
            }
        }
    }

    /// The pile the next driver-change card comes from.
    pub(crate) fn drawing_pile(&self) -> Option<Pile> {
        match self.phase {
            Phase::Draw { high, .. } if high > 0 => Some(Pile::High),
            Phase::Draw { .. } => Some(Pile::Low),
            _ => None,
        }
    }

    fn race_over(&self) -> bool {
        self.last_turns == Some(0) || self.active == 0
    }

    /// Passes the turn on: riders across the line have no turns, a fallen
    /// rider misses one, a rider without cards passes; after the first
    /// finisher each other rider's next turn is their last.
    fn next_turn(&mut self) {
        let n = self.seats;
        loop {
            if self.race_over() {
                self.end_race();
                return;
            }
            self.cur = if self.cur + 1 == n { 0 } else { self.cur + 1 };
            let seat = self.order[self.cur as usize];
            let rider = &mut self.riders[seat as usize];
            if rider.finished {
                continue;
            }
            if let Some(due) = &mut self.last_turns {
                *due &= !(1 << seat);
            }
            if rider.skip {
                rider.skip = false;
                continue;
            }
            if rider.cards > 0 {
                self.phase = Phase::Play;
                return;
            }
        }
    }

    // Once per race: kept out of line so the per-turn code stays small.
    #[cold]
    #[inline(never)]
    fn end_race(&mut self) {
        let n = self.seats as usize;
        let length = self.track.length();
        // Finishing points not taken at the line go to the riders closest to
        // it; tied riders share the tied places' points.
        let mut rest = [0usize; MAX_PLAYERS];
        let mut m = 0;
        for (seat, rider) in self.riders[..n].iter().enumerate() {
            if !rider.finished {
                rest[m] = seat;
                m += 1;
            }
        }
        let rest = &mut rest[..m];
        rest.sort_by_key(|&s| std::cmp::Reverse(self.positions[s]));
        let mut place = self.finishers as usize;
        let mut i = 0;
        while i < rest.len() {
            let pos = self.positions[rest[i]];
            let j = i + rest[i..].iter().take_while(|&&s| self.positions[s] == pos).count();
            let tied = j - i;
            let total: i64 = (place..place + tied).map(|p| FINISH_POINTS.get(p).copied().unwrap_or(0)).sum();
            if total > 0 {
                for &s in &rest[i..j] {
                    self.riders[s].points += Points::share(total, tied);
                }
            }
            place += tied;
            i = j;
        }
        let turn_index = |s: usize| self.order[..n].iter().position(|&o| o as usize == s).unwrap_or(n);
        let mut others = rest.to_vec();
        others.sort_by(|&a, &b| {
            let (pa, pb) = (self.positions[a], self.positions[b]);
            let (ra, rb) = (&self.riders[a], &self.riders[b]);
            pb.cmp(&pa).then(rb.points.cmp(&ra.points)).then(turn_index(a).cmp(&turn_index(b)))
        });
        let finish_order: Vec<Seat> =
            self.finish_order[..self.finishers as usize].iter().map(|&s| s as Seat).collect();
        let placing = finish_order.iter().copied().chain(others).collect();
        let result = RaceResult {
            order: self.order[..n].iter().map(|&s| s as Seat).collect(),
            positions: self.positions[..n].to_vec(),
            finish_order,
            points: self.riders[..n].iter().map(|r| r.points).collect(),
            laps_down: self.positions[..n]
                .iter()
                .map(|&p| self.options.laps_down.laps(u16::from(length - p)))
                .collect(),
            placing,
        };
        self.history.push(result);
        if self.history.len() < self.options.races {
            self.race += 1;
            self.start_race();
        } else {
            self.phase = Phase::Over;
            self.cur = 0;
        }
    }
}

/// The rules as the platform's contract asks for them.
impl Sechstage {
    /// The first race of a series with `options`, checked.
    pub(crate) fn new_series(options: &Options) -> Result<Sechstage, OptionsError> {
        options.check_ranges()?;
        let track = Arc::new(options.track.clone());
        let mut state = Sechstage {
            options: options.clone(),
            track,
            seats: options.players as u8,
            race: 0,
            order: [0; MAX_PLAYERS],
            cur: 0,
            phase: Phase::Play,
            positions: [0; MAX_PLAYERS],
            riders: [Rider::default(); MAX_PLAYERS],
            active: 0,
            piles: GREY_DECK,
            sprint_crossed: [0; MAX_SPRINTS],
            finish_order: [0; MAX_PLAYERS],
            finishers: 0,
            last_turns: None,
            history: Vec::new(),
        };
        state.start_race();
        Ok(state)
    }

    /// Whose turn it is: the rider to move, chance during a driver change.
    pub(crate) fn whose_turn(&self) -> Turn {
        match self.phase {
            Phase::Play => Turn::Seat(self.order[self.cur as usize] as Seat),
            Phase::Draw { .. } => Turn::Chance,
            Phase::Over => Turn::Over,
        }
    }

    /// `play N` for each value N held, lowest first.
    pub(crate) fn legal_plays(&self, out: &mut Vec<Action>) {
        if self.phase == Phase::Play {
            let rider = &self.riders[self.order[self.cur as usize] as usize];
            // Branch-free, as random play makes "is this value held?"
            // unpredictable: list every value, then keep the held ones in place.
            const ALL: [Action; 7] = [
                Action::Play { value: 1 },
                Action::Play { value: 2 },
                Action::Play { value: 3 },
                Action::Play { value: 4 },
                Action::Play { value: 5 },
                Action::Play { value: 6 },
                Action::Play { value: 7 },
            ];
            let len = out.len();
            out.extend_from_slice(&ALL);
            let slots = &mut out[len..];
            let mut k = 0;
            for (i, &action) in ALL.iter().enumerate() {
                slots[k.min(6)] = action;
                k += usize::from(rider.hand[i + 1] > 0);
            }
            out.truncate(len + k);
        }
    }

    /// `draw N` for each value N left in the pile drawn from, weighted by
    /// how many are left.
    pub(crate) fn grey_draws(&self, out: &mut Vec<(Action, Weight)>) {
        if let Some(pile) = self.drawing_pile() {
            for v in pile.values() {
                let left = self.piles[v as usize];
                if left > 0 {
                    out.push((Action::Draw { value: v }, u32::from(left)));
                }
            }
        }
    }
}
