//! A heuristic bot. For each card in hand it works out the move (with the
//! same [`movement::resolve`] the rules use) and scores it:
//!
//! - crossing the line wins outright; on its last turn it just goes as far
//!   as it can;
//! - otherwise a card earns its slipstream bonus, minus what spending a card
//!   of that value without a bonus forgoes (high cards earn the largest
//!   bonuses later), an effect that fades as the race nears its end, when
//!   plain distance counts instead;
//! - sprint points within reach, a driver change worth what the grey cards
//!   bring beyond the hand it discards, a fall costing a turn;
//! - a spread of values kept (the last card of a value costs a little), the
//!   slipstream it could take next turn, and the slipstream it would hand to
//!   riders behind (their green hands are known by counting; grey hands are
//!   guessed).
//!
//! The weights were tuned against random players with
//! `examples/bot_strength.rs`.

use crate::{
    Sechstage,
    action::Action,
    cards::{self, Cards},
    game::{FINISH_POINTS, SPRINT_POINTS},
    movement::{self, Move},
    track::{Space, Track},
    view::View,
};
use rand::RngCore;
use spieltisch_core::{Bot, Decision};

/// Expected total of a grey hand drawn at a driver change: four cards from
/// the 4–6 pile (about 4.97 each) and six or seven from the 1–3 pile (2 each).
fn expected_change_total(players: usize) -> f64 {
    4.0 * 4.97 + 2.0 * f64::from(cards::change_low_draws(players))
}

/// Plays by a one-card look-ahead on its own view (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

impl Bot<Sechstage> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Sechstage>, _rng: &mut dyn RngCore) -> Action {
        let view = decision.view();
        let track = decision.options().track.clone();
        let legal = decision.legal();
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in legal {
            if let Action::Play { value } = action {
                let score = score_card(&view, &track, decision.seat(), value);
                if score > best_score {
                    best_score = score;
                    best = action;
                }
            }
        }
        best
    }
}

/// How much the bot likes playing `value` now.
pub(crate) fn score_card(view: &View, track: &Track, seat: usize, value: u8) -> f64 {
    let length = track.length();
    let me = &view.riders[seat];
    let hand = view.known_hand(seat).unwrap_or_default();
    let mv = movement::resolve(track, me.position, value, |p| view.riders_at(p));
    let to = mv.to.min(u16::from(length)) as u8;
    let gain = f64::from(to - me.position);
    let last_turn = view.last_turns.as_ref().is_some_and(|due| due.contains(&seat));
    let mut after = hand;
    after[value as usize] -= 1;

    if mv.finishes {
        let place = view.finish_order.len();
        return 1000.0 + FINISH_POINTS.get(place).copied().unwrap_or(0) as f64 * 10.0 - f64::from(value);
    }
    if last_turn {
        // The race ends for this rider after this card: get as close to the line as possible.
        return gain * 10.0 + sprint_points(view, track, &mv, to);
    }

    let leader = view.riders.iter().filter(|r| r.seat != seat).map(|r| r.position).max().unwrap_or(0);
    // How close the race is to its end: from 0 (leader before 50) to 1 (leader at 75).
    let late = ((f64::from(leader.max(me.position)) - 50.0) / 25.0).clamp(0.0, 1.0);

    // A card's base move is spent either way (every card gets played unless
    // the race ends first); what a card earns is its bonus. High cards earn
    // the biggest bonuses, so spending one without a bonus forgoes some.
    let mut score = f64::from(mv.bonus) - FUTURE_MULTIPLIER * f64::from(value) * (1.0 - late);
    score += late * gain;
    score += sprint_points(view, track, &mv, to) * 0.5;

    match mv.space {
        Space::Fahrerwechsel => {
            let kept = cards::total_value(&after) as f64;
            score += expected_change_total(view.riders.len()) - kept;
        }
        Space::Sturz => score -= 1.0 + 6.0 * late,
        Space::Plain => {}
    }

    // Keep a spread of values: losing the last card of a value costs options.
    if hand[value as usize] == 1 {
        score -= SPREAD_PENALTY;
    }
    score += NEXT_WEIGHT * next_slipstream(view, track, seat, to, &after);
    score -= HANDED_WEIGHT * handed_slipstream(view, track, seat, to);
    score
}

/// The bonus a card is expected to earn later, per point of its value.
const FUTURE_MULTIPLIER: f64 = 0.7;
/// The cost of playing the last card of a value.
const SPREAD_PENALTY: f64 = 0.5;
/// Weight of the best slipstream within reach next turn.
const NEXT_WEIGHT: f64 = 0.1;
/// Weight of the slipstream handed to the riders behind.
const HANDED_WEIGHT: f64 = 0.1;

/// Sprint points this move would collect.
fn sprint_points(view: &View, track: &Track, mv: &Move, to: u8) -> f64 {
    let mut points = 0.0;
    for (i, &line) in track.sprints().iter().enumerate() {
        if mv.from <= line && to > line {
            points += SPRINT_POINTS.get(view.sprint_crossed[i] as usize).copied().unwrap_or(0) as f64;
        }
    }
    points
}

/// The best slipstream bonus the rider could take next turn from `to` with
/// the cards left (if the others stay put).
fn next_slipstream(view: &View, track: &Track, seat: usize, to: u8, after: &Cards) -> f64 {
    let mut best = 0.0f64;
    for v in 1..=cards::MAX_VALUE {
        if after[v as usize] == 0 {
            continue;
        }
        let mv = movement::resolve(track, to, v, |p| {
            view.riders.iter().filter(|r| r.seat != seat && r.position == p && !r.finished).count() as u8
        });
        best = best.max(f64::from(mv.bonus));
    }
    best
}

/// The slipstream bonus the riders behind could take by landing on `to`.
fn handed_slipstream(view: &View, track: &Track, seat: usize, to: u8) -> f64 {
    if track.space(u16::from(to)) != Space::Plain || to >= track.length() {
        return 0.0;
    }
    let crowd = f64::from(view.riders_at(to)) + 1.0;
    let mut handed = 0.0;
    for r in view.riders.iter().filter(|r| r.seat != seat && !r.finished && r.position < to) {
        let distance = to - r.position;
        if distance > cards::MAX_VALUE {
            continue;
        }
        let chance = match view.known_hand(r.seat) {
            Some(hand) if hand[distance as usize] > 0 => 1.0,
            Some(_) => 0.0,
            None if distance <= 6 => 0.6,
            None => 0.0,
        };
        handed += chance * f64::from(distance) * crowd;
    }
    handed
}
