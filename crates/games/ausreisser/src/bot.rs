//! A rider that plays by rules of thumb.

use crate::{
    action::{Action, Play},
    game::Ausreisser,
    table::Table,
};
use rand::RngCore;
use spieltisch_core::{Bot, Decision};

/// Plays by rules of thumb, from its own view and legal actions only:
///
/// - as leader: the highest speed card, with a Steigung when it has one
///   (nobody can pass, everyone below pays), keeping its Spurts;
/// - in the pack: the play with the fewest penalty chips (or the most
///   handed back), taking the lead when it can, and otherwise spending as
///   little as possible (the lowest card that keeps the wind shadow, Spurts
///   only where they save chips);
/// - out of turn: a Steigung when the riders before the leader's next turn
///   are others and the tempo is high.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

/// The consequence of a play for the mover, as the rules score it.
fn outcome(table: &Table, seat: usize, play: &Play) -> (i32, bool) {
    let value = i32::from(play.capped_speed(table.hill || play.hill));
    let tempo = i32::from(table.tempo);
    if seat == usize::from(table.leader) {
        return (0, true);
    }
    let chips = i32::from(table.chips[seat]);
    if chips > 0 {
        if value < tempo { (tempo - value, false) } else { (-(value - tempo).min(chips), false) }
    } else if value < tempo {
        let behind = tempo - value;
        (if table.hill || behind >= 3 { behind } else { 0 }, false)
    } else {
        (0, value > tempo && !table.hill)
    }
}

fn score(table: &Table, seat: usize, play: &Play) -> f64 {
    let (chips, lead) = outcome(table, seat, play);
    let card = f64::from(play.speed - 39);
    let spurts = f64::from(play.spurts);
    if seat == usize::from(table.leader) {
        let value = f64::from(play.capped_speed(table.hill || play.hill));
        return value + if play.hill { 20.0 } else { 0.0 } - 4.0 * spurts;
    }
    -10.0 * f64::from(chips) + if lead { 6.0 } else { 0.0 } - 0.3 * card - 2.5 * spurts
}

impl Bot<Ausreisser> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Ausreisser>, _rng: &mut dyn RngCore) -> Action {
        let legal = decision.legal();
        let table = &decision.view().table();
        let seat = decision.seat();
        if legal.contains(&Action::Hill {}) {
            let affected: Vec<u8> = table.before_leader().collect();
            let hurts_others = !affected.is_empty() && !affected.contains(&(seat as u8));
            return if hurts_others && table.tempo >= 45 { Action::Hill {} } else { Action::Pass {} };
        }
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for action in legal {
            if let Action::Play(play) = action {
                let s = score(table, seat, play);
                if s > best_score {
                    best_score = s;
                    best = *action;
                }
            }
        }
        best
    }
}
