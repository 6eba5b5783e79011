//! Positions set up by hand: a [`Setup`] says what stands where and who
//! holds what, and [`Sechstage::from_setup`](FromSetup::from_setup) checks
//! it and derives the rest.
//!
//! The checks refuse what the rules cannot work with: a seat that does not
//! exist, a rider past the line, more cards of a value than the deck holds,
//! a rider to move who cannot, a driver change off a Fahrerwechsel space, a
//! finish order that does not match the riders at the line. They do not ask
//! whether a deal reaches the position: cards played, positions, sprint
//! crossings and points need not add up, so that a test can stand riders
//! anywhere.

use crate::{
    cards::{self, ByPile, CHANGE_HIGH_DRAWS, Cards, GREY_DECK, Pile},
    game::{Phase, RaceResult, Rider, Sechstage},
    options::{MAX_PLAYERS, Options},
    points::Points,
    track::{MAX_SPRINTS, Space},
};
use spieltisch_core::{FromSetup, PositionError, Seat};
use std::sync::Arc;

/// One rider in a set-up position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RiderSetup {
    /// Spaces from the start: 0 behind the line, the track length once
    /// across the finish (which makes the rider a finisher).
    pub position: u8,
    /// The hand, a count per value (index 0 unused): green values (1–5, 7)
    /// before the driver change, grey ones (1–6) after it.
    pub hand: Cards,
    /// Has changed drivers: the hand is grey.
    pub changed: bool,
    /// Fell and misses the next turn.
    pub falls: bool,
    /// Cards played this race, by value.
    pub played_green: Cards,
    pub played_grey: Cards,
    /// Cards drawn this race from each grey pile.
    pub drawn: ByPile,
    /// Race points so far in this race.
    pub points: Points,
}

/// A position of a series, field by field: the input of
/// [`Sechstage::from_setup`], the output of [`Sechstage::to_setup`].
///
/// The easiest way to a position is to take one and change it:
///
/// ```
/// use spieltisch_core::{FromSetup, Game, Turn};
/// use spieltisch_sechstage::{Options, Sechstage};
///
/// let mut setup = Sechstage::new(&Options::default()).unwrap().to_setup();
/// setup.riders[1].position = 5;
/// let mut game = Sechstage::from_setup(setup).unwrap();
/// // Seat 0 plays a 5 onto seat 1's rider: 5 + 5 × 1.
/// game.apply(&"play 5".parse().unwrap()).unwrap();
/// assert_eq!(game.position(0), 10);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub options: Options,
    /// The results of the races run; the race being run is the next one,
    /// and the series is over once there are as many as `options.races`.
    pub history: Vec<RaceResult>,
    /// Seats in turn order for this race: every seat once.
    pub order: Vec<Seat>,
    /// The seat that plays a card (or draws, during a driver change);
    /// `None` once the series is over.
    pub mover: Option<Seat>,
    /// During the mover's driver change, the draws still due from each pile.
    pub draws_due: Option<ByPile>,
    /// Every seat's rider, in seat order.
    pub riders: Vec<RiderSetup>,
    /// Grey cards left in the piles, per value (1–6).
    pub piles: Cards,
    /// Riders across each sprint line of the track so far.
    pub sprint_crossed: Vec<u8>,
    /// Seats in the order they crossed the finish this race: exactly the
    /// riders at the line.
    pub finish_order: Vec<Seat>,
    /// After the first finisher: the seats still due their one more turn
    /// (the mover's has begun, so it is never among them).
    pub last_turns: Option<Vec<Seat>>,
}

impl Sechstage {
    /// The position as a [`Setup`]; [`Sechstage::from_setup`] of it gives
    /// this state back.
    pub fn to_setup(&self) -> Setup {
        let n = self.seats as usize;
        let riders = self.riders[..n]
            .iter()
            .zip(&self.positions)
            .map(|(r, &position)| RiderSetup {
                position,
                hand: r.hand,
                changed: r.changed,
                falls: r.skip,
                played_green: r.played_green,
                played_grey: r.played_grey,
                drawn: ByPile { low: r.drawn_low, high: r.drawn_high },
                points: r.points,
            })
            .collect();
        Setup {
            options: self.options.clone(),
            history: self.history.clone(),
            order: self.order[..n].iter().map(|&s| Seat::from(s)).collect(),
            mover: self.mover(),
            draws_due: match self.phase {
                Phase::Draw { high, low } => Some(ByPile { low, high }),
                _ => None,
            },
            riders,
            piles: self.piles,
            sprint_crossed: self.sprint_crossed[..self.track.sprints().len()].to_vec(),
            finish_order: self.finish_order[..self.finishers as usize]
                .iter()
                .map(|&s| Seat::from(s))
                .collect(),
            last_turns: self.last_turns.map(|due| (0..n).filter(|&s| due & (1 << s) != 0).collect()),
        }
    }
}

impl FromSetup for Sechstage {
    type Setup = Setup;

    /// The state of a set-up position, with everything that follows from it
    /// derived (hand sizes, who has finished, who still holds cards); see
    /// [`crate::setup`] for what is checked.
    ///
    /// # Errors
    /// [`PositionError::Options`] for options the rules refuse,
    /// [`PositionError::Invalid`] naming what cannot be.
    fn from_setup(setup: Setup) -> Result<Sechstage, PositionError> {
        let Setup {
            options,
            history,
            order,
            mover,
            draws_due,
            riders,
            piles,
            sprint_crossed,
            finish_order,
            last_turns,
        } = setup;
        options.check_ranges()?;
        let n = options.players;
        let track = Arc::new(options.track.clone());
        let length = track.length();
        let invalid = |message: String| Err(PositionError::Invalid(message));

        if riders.len() != n {
            return invalid(format!("{n} players need {n} riders, not {}", riders.len()));
        }
        let order_seats = seat_set(&order, n, "the turn order")?;
        if order.len() != n {
            return invalid(format!("the turn order lists {} seats, not all {n}", order.len()));
        }
        if history.len() > options.races {
            return invalid(format!("{} races run in a series of {}", history.len(), options.races));
        }
        for (i, result) in history.iter().enumerate() {
            check_result(result, n).map_err(|m| PositionError::Invalid(format!("race {}: {m}", i + 1)))?;
        }

        let green = cards::green_hand(n);
        let mut grey_out = piles;
        if piles[0] != 0 || piles[7] != 0 {
            return invalid("the grey piles hold only values 1 to 6".into());
        }
        let mut finished = 0u8;
        for (s, r) in riders.iter().enumerate() {
            let rider = |m: String| PositionError::Invalid(format!("seat {s}: {m}"));
            if r.position > length {
                return Err(rider(format!("position {} is past the line at {length}", r.position)));
            }
            if r.position == length {
                finished |= 1 << s;
            }
            let green_hand = !r.changed && (r.hand[0] != 0 || r.hand[6] != 0);
            if green_hand || r.played_green[0] != 0 || r.played_green[6] != 0 {
                return Err(rider("green cards have values 1 to 5 and 7".into()));
            }
            if r.played_grey[0] != 0 || r.played_grey[7] != 0 {
                return Err(rider("grey cards have values 1 to 6".into()));
            }
            for v in 1..8 {
                let held_green = if r.changed { 0 } else { r.hand[v] };
                if held_green + r.played_green[v] > green[v] {
                    return Err(rider(format!("holds and played more green {v}s than the green hand has")));
                }
                if r.changed {
                    grey_out[v] = grey_out[v].saturating_add(r.hand[v]);
                }
                grey_out[v] = grey_out[v].saturating_add(r.played_grey[v]);
            }
            if r.changed && (r.hand[0] != 0 || r.hand[7] != 0) {
                return Err(rider("after the driver change the hand holds grey cards only (1 to 6)".into()));
            }
        }
        if let Some(v) = (1..7).find(|&v| grey_out[v] > GREY_DECK[v]) {
            return invalid(format!(
                "the grey deck has {} cards of value {v}; the piles, grey hands and grey cards played hold {}",
                GREY_DECK[v], grey_out[v]
            ));
        }
        if sprint_crossed.len() != track.sprints().len() {
            return invalid(format!(
                "the track has {} sprint lines, the crossings are given for {}",
                track.sprints().len(),
                sprint_crossed.len()
            ));
        }
        if let Some(&crossed) = sprint_crossed.iter().find(|&&c| usize::from(c) > n) {
            return invalid(format!("{crossed} riders across a sprint line of {n}"));
        }
        if seat_set(&finish_order, n, "the finish order")? != finished {
            return invalid("the finish order must list exactly the riders at the line".into());
        }
        let due = match &last_turns {
            None if finished != 0 => {
                return invalid("a rider has finished: the others' last turns must be given".into());
            }
            None => None,
            Some(_) if finished == 0 => {
                return invalid("last turns are due only once a rider has finished".into());
            }
            Some(seats) => {
                let due = seat_set(seats, n, "the last turns")?;
                if due & finished != 0 {
                    return invalid("a rider across the line has no last turn".into());
                }
                Some(due)
            }
        };

        let over = history.len() == options.races;
        let (cur, phase) = match (over, mover) {
            (true, None) if draws_due.is_some() => {
                return invalid("the series is over: no draws are due".into());
            }
            (true, None) => (0, Phase::Over),
            (true, Some(_)) => {
                return invalid(format!("the series is over after {} races: nobody moves", history.len()));
            }
            (false, None) => return invalid("the series is not over: a rider must be to move".into()),
            (false, Some(m)) => {
                seat_set(&[m], n, "the mover")?;
                let r = &riders[m];
                let rider = |m_: &str| PositionError::Invalid(format!("seat {m} is to move but {m_}"));
                if finished & (1 << m) != 0 {
                    return Err(rider("its rider has finished"));
                }
                if r.falls {
                    return Err(rider("its rider fell and misses this turn"));
                }
                if due.is_some_and(|d| d & (1 << m) != 0) {
                    return Err(rider("is still due its last turn (a turn that has begun is no longer due)"));
                }
                let phase = match draws_due {
                    None if r.hand == [0; 8] => return Err(rider("holds no card")),
                    None => Phase::Play,
                    Some(due) => {
                        check_draws(due, r, &options, &piles).map_err(|m_| {
                            PositionError::Invalid(format!("seat {m}'s driver change: {m_}"))
                        })?;
                        Phase::Draw { high: due.high, low: due.low }
                    }
                };
                let cur = order.iter().position(|&s| s == m).unwrap_or(0);
                (cur as u8, phase)
            }
        };
        debug_assert_eq!(order_seats.count_ones() as usize, n);

        let mut state_order = [0; MAX_PLAYERS];
        for (slot, &s) in state_order.iter_mut().zip(&order) {
            *slot = s as u8;
        }
        let mut positions = [0; MAX_PLAYERS];
        let mut state_riders = [Rider::default(); MAX_PLAYERS];
        // Riders still on the track with cards in hand.
        let mut active = 0u8;
        for (s, r) in riders.iter().enumerate() {
            positions[s] = r.position;
            let is_finished = finished & (1 << s) != 0;
            state_riders[s] = Rider {
                hand: r.hand,
                cards: cards::count(&r.hand),
                changed: r.changed,
                skip: r.falls,
                finished: is_finished,
                played_green: r.played_green,
                played_grey: r.played_grey,
                drawn_low: r.drawn.low,
                drawn_high: r.drawn.high,
                points: r.points,
            };
            if !is_finished && state_riders[s].cards > 0 {
                active |= 1 << s;
            }
        }
        let mut crossed = [0; MAX_SPRINTS];
        crossed[..sprint_crossed.len()].copy_from_slice(&sprint_crossed);
        let mut finishers = [0; MAX_PLAYERS];
        for (slot, &s) in finishers.iter_mut().zip(&finish_order) {
            *slot = s as u8;
        }
        Ok(Sechstage {
            seats: n as u8,
            race: (if over { history.len() - 1 } else { history.len() }) as u8,
            order: state_order,
            cur,
            phase,
            positions,
            riders: state_riders,
            active,
            piles,
            sprint_crossed: crossed,
            finish_order: finishers,
            finishers: finish_order.len() as u8,
            last_turns: due,
            history,
            track,
            options,
        })
    }
}

/// The seats of `list` as bits, each checked to exist and to be listed once.
fn seat_set(list: &[Seat], n: usize, what: &str) -> Result<u8, PositionError> {
    let mut bits = 0u8;
    for &s in list {
        if s >= n {
            return Err(PositionError::Invalid(format!(
                "{what} names seat {s}; the seats are 0 to {}",
                n - 1
            )));
        }
        if bits & (1 << s) != 0 {
            return Err(PositionError::Invalid(format!("{what} names seat {s} twice")));
        }
        bits |= 1 << s;
    }
    Ok(bits)
}

/// A race on the score sheet has a line for every seat.
fn check_result(result: &RaceResult, n: usize) -> Result<(), String> {
    let lines = [
        ("turn order", result.order.len()),
        ("positions", result.positions.len()),
        ("points", result.points.len()),
        ("laps down", result.laps_down.len()),
        ("placings", result.placing.len()),
    ];
    if let Some((what, len)) = lines.iter().find(|(_, len)| *len != n) {
        return Err(format!("{len} {what} for {n} seats"));
    }
    for (what, list) in
        [("order", &result.order), ("finish order", &result.finish_order), ("placing", &result.placing)]
    {
        seat_set(list, n, what).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A driver change under way: on a Fahrerwechsel space, after the green
/// cards went, with draws due only from piles that hold cards.
fn check_draws(due: ByPile, rider: &RiderSetup, options: &Options, piles: &Cards) -> Result<(), String> {
    if options.track.space(u16::from(rider.position)) != Space::Fahrerwechsel {
        return Err(format!("space {} is no Fahrerwechsel space", rider.position));
    }
    if !rider.changed {
        return Err("the rider has not changed drivers".into());
    }
    let low_draws = cards::change_low_draws(options.players);
    if due.high > CHANGE_HIGH_DRAWS || due.low > low_draws {
        return Err(format!("at most {CHANGE_HIGH_DRAWS} draws from 4–6 and {low_draws} from 1–3 are due"));
    }
    if due.high == 0 && due.low == 0 {
        return Err("no draws are due (the change is over)".into());
    }
    for (pile, draws) in [(Pile::High, due.high), (Pile::Low, due.low)] {
        if draws > 0 && pile.count(piles) == 0 {
            let name = match pile {
                Pile::High => "4–6",
                Pile::Low => "1–3",
            };
            return Err(format!("draws are due from the empty {name} pile (a pile is not reshuffled)"));
        }
    }
    Ok(())
}
