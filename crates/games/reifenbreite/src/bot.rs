//! A heuristic manager: drafts whenever it can, rides as far as it can but
//! likes to end right behind a rider who has still to move (to draft him),
//! saves energy cards for climbs, sprints and the finish, and protects its
//! star (number x1) by spending the jokers on him. It never hitches a tow
//! (the photo cards may disqualify), never offers the lead, and takes the
//! lead only from a teammate.

use crate::action::Action;
use crate::board::Surface;
use crate::cards::Energy;
use crate::game::{Phase, Reifenbreite, Status};
use crate::track::{NONE, ROW};
use rand::RngCore;
use spieltisch_core::{Bot, Decision};

/// The heuristic bot (see the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

/// Rows from `space` to the next sprint line still open and to the finish.
fn rows_to_lines(g: &Reifenbreite, space: u16) -> (Option<u32>, u32) {
    let t = g.track();
    let here = t.space(space);
    let line_pos = |leg: u8| t.spaces.iter().find(|s| s.leg >= leg).map(|s| s.pos);
    let finish = line_pos(t.finish_leg).map(|p| p.saturating_sub(here.pos) / ROW).unwrap_or(0);
    let sprint = if g.rules().sprints {
        t.sprints
            .iter()
            .filter(|s| s.leg > here.leg)
            .find_map(|s| line_pos(s.leg))
            .map(|p| p.saturating_sub(here.pos) / ROW)
    } else {
        None
    };
    (sprint, finish)
}

impl HeuristicBot {
    /// Decides on the race as the deciding seat sees it (photo-card
    /// numbers unknown: 0).
    fn choose_action(&self, g: &Reifenbreite, legal: &[Action]) -> Action {
        let has = |a: Action| legal.contains(&a);
        match g.phase() {
            Phase::Place { .. } => {
                // The star gets the front, then the rest; rightmost first.
                let t = g.track();
                *legal
                    .iter()
                    .max_by_key(|a| match a {
                        Action::Place { rider, space } => {
                            let s = t.space(*space);
                            ((*rider % 4 == 0) as u32, s.pos, std::cmp::Reverse(s.lane))
                        }
                        _ => (0, 0, std::cmp::Reverse(0)),
                    })
                    .unwrap_or(&legal[0])
            }
            Phase::Choose { rider, n, .. } => {
                let space = g.riders()[rider as usize].space;
                let cell = g.track().space(space).cell;
                let (sprint, finish) = rows_to_lines(g, space);
                let star = rider % 4 == 0;
                let cards = [Energy::Own6, Energy::Joker6, Energy::Own5, Energy::Joker5];
                let climbing = cell.surface == Surface::Climb && cell.number >= 3;
                let want = if finish <= 14 {
                    2
                } else {
                    u8::from((star && sprint.is_some_and(|s| s <= 10)) || climbing)
                };
                if n < want
                    && let Some(c) = cards.iter().find(|&&c| {
                        has(Action::Card(c))
                            && (star || !matches!(c, Energy::Joker6 | Energy::Joker5) || finish <= 14)
                    })
                {
                    return Action::Card(*c);
                }
                if n > 0 && has(Action::Break {}) && (finish <= 14 || sprint.is_some_and(|s| s <= 10)) {
                    return Action::Break {};
                }
                Action::Ride {}
            }
            Phase::Move { rider, .. } => {
                let t = g.track();
                let me = g.riders()[rider as usize];
                let unmoved_at = |s: u16| {
                    s != NONE
                        && g.rider_at(s).is_some_and(|r| {
                            g.riders()[r as usize].status == Status::Road && !g.has_moved(r) && r != rider
                        })
                };
                *legal
                    .iter()
                    .max_by_key(|a| {
                        let Action::To { space: s } = a else { return 0i64 };
                        let sp = t.space(*s);
                        let mut score = sp.pos as i64 * 4 - sp.lane as i64 * 6;
                        // Right behind a rider still to move: a free ride.
                        if unmoved_at(sp.next[0]) {
                            score += ROW as i64 * 3;
                        }
                        // A space past the finish line is worth the most.
                        if sp.leg >= t.finish_leg && t.space(me.space).leg < t.finish_leg {
                            score += 1_000_000;
                        }
                        score
                    })
                    .unwrap_or(&legal[0])
            }
            Phase::Draft { .. } => Action::Draft {},
            Phase::Proposal { leader, asked } => {
                if leader / 4 == asked / 4 {
                    Action::Accept {}
                } else {
                    Action::Refuse {}
                }
            }
            _ => legal[0],
        }
    }
}

impl Bot<Reifenbreite> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Reifenbreite>, _rng: &mut dyn RngCore) -> Action {
        let legal = decision.legal();
        let race = decision.view().race(&decision.static_part());
        let a = self.choose_action(&race, legal);
        if legal.contains(&a) { a } else { legal[0] }
    }
}
