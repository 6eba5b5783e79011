//! A quick rule-of-thumb player.

use crate::{
    action::Action,
    board::{Board, CIRCLE, Colour, TRIANGLE_DOWN, TRIANGLE_UP},
    cell::Cell,
    game::{Phase, Six},
};
use rand::RngCore;
use spieltisch_core::{Bot, Decision, Game};

/// Plays by rules of thumb, looking one move ahead:
///
/// 1. complete a six when it can;
/// 2. otherwise block a cell where the other side would complete a six;
/// 3. otherwise make two threats at once (a fork), or take the cell where
///    the other side would make one;
/// 4. otherwise build: each cell is scored by the formation windows (every
///    line, triangle and circle through it) it extends for its own side and
///    spoils for the other side, more for fuller windows.
///
/// In the second round it weighs whole moves (lift, keep, place): it counts
/// captured stones, never leaves itself below six stones when it can help it,
/// prefers lifting stones that support few of its windows, and avoids moves
/// after which the other side could complete a six.
///
/// It decides from the view and the legal actions only (the view of Six
/// shows the whole, public position, and rebuilds the state).
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

const WIN: f64 = 1e12;
const THREAT: f64 = 1e8;
const FORK: f64 = 1e6;
const STONE: f64 = 5e3;
/// Value of a window that would hold `k` of one side's stones (and none of
/// the other's) after the move.
const WEIGHT: [f64; 7] = [0.0, 1.0, 4.0, 20.0, 120.0, 800.0, 0.0];

const fn shape_line(dq: i32, dr: i32) -> [(i32, i32); 6] {
    [(0, 0), (dq, dr), (2 * dq, 2 * dr), (3 * dq, 3 * dr), (4 * dq, 4 * dr), (5 * dq, 5 * dr)]
}

const SHAPES: [[(i32, i32); 6]; 6] =
    [shape_line(1, 0), shape_line(0, 1), shape_line(1, -1), TRIANGLE_DOWN, TRIANGLE_UP, CIRCLE];

/// Every window (six cells of one formation) through the origin, as offsets.
const WINDOWS: [[(i32, i32); 6]; 36] = {
    let mut out = [[(0, 0); 6]; 36];
    let mut s = 0;
    while s < 6 {
        let mut i = 0;
        while i < 6 {
            let mut j = 0;
            while j < 6 {
                out[s * 6 + i][j] = (SHAPES[s][j].0 - SHAPES[s][i].0, SHAPES[s][j].1 - SHAPES[s][i].1);
                j += 1;
            }
            i += 1;
        }
        s += 1;
    }
    out
};

/// What a stone on one cell would do, over all windows through it.
struct CellValue {
    /// How much it builds for the mover and spoils for the other side.
    build: f64,
    /// The mover's sixes it would threaten: distinct cells that would then
    /// complete one. Two or more cannot both be blocked.
    own_threats: usize,
    /// The same for the other side, had it played there.
    other_threats: usize,
}

/// Values a stone of `me` on `cell`.
fn cell_value(board: &Board, me: Colour, cell: Cell) -> CellValue {
    let mut value = CellValue { build: 0.0, own_threats: 0, other_threats: 0 };
    let (mut own_gaps, mut other_gaps) = ([cell; 36], [cell; 36]);
    for window in &WINDOWS {
        let (mut own, mut other) = (0, 0);
        let mut gap = cell;
        for &(dq, dr) in &window[1..] {
            let at = cell.offset(dq, dr);
            match board.get(at) {
                Some(c) if c == me => own += 1,
                Some(_) => other += 1,
                None => gap = at,
            }
        }
        if other == 0 {
            value.build += WEIGHT[own + 1];
            if own == 4 && !own_gaps[..value.own_threats].contains(&gap) {
                own_gaps[value.own_threats] = gap;
                value.own_threats += 1;
            }
        } else if own == 0 {
            value.build += 0.8 * WEIGHT[other];
            if other == 4 && !other_gaps[..value.other_threats].contains(&gap) {
                other_gaps[value.other_threats] = gap;
                value.other_threats += 1;
            }
        }
    }
    value
}

/// How much a stone of `me` on `cell` builds for `me` and spoils for the
/// other side, over all windows through `cell`.
fn window_value(board: &Board, me: Colour, cell: Cell) -> f64 {
    cell_value(board, me, cell).build
}

/// The empty cells touching the field where a stone of `colour` would
/// complete a six.
fn threats(board: &Board, colour: Colour) -> Vec<Cell> {
    board.frontier(None).filter(|&c| board.six_through(colour, c).is_some()).collect()
}

/// The best placement of the seat to move in `six` (first round, or the
/// lifted stone in the second), with its score.
fn best_place(six: &Six, legal: &[Action], rng: &mut dyn RngCore) -> (Action, f64) {
    let me = six.mover_colour();
    let board = six.board();
    let danger = threats(board, me.other());
    let mut best = (legal[0], f64::NEG_INFINITY);
    for &action in legal {
        let Action::Place { cell } = action else { continue };
        let score = if board.six_through(me, cell).is_some() {
            WIN
        } else {
            let open = danger.iter().filter(|&&t| t != cell).count() as f64;
            let v = cell_value(board, me, cell);
            // Two threats at once win unless the other side wins first;
            // a cell where the other side would make two must be taken.
            let fork = if v.own_threats >= 2 { FORK } else { 0.0 };
            let spoil = if v.other_threats >= 2 { FORK / 2.0 } else { 0.0 };
            v.build + fork + spoil - THREAT * open
        };
        let score = score + (rng.next_u32() % 1000) as f64 * 1e-6;
        if score > best.1 {
            best = (action, score);
        }
    }
    best
}

/// The value of the position after a lift (and any captures) for the mover:
/// its best placement, the stones each side keeps, and the stone count rule.
fn after_lift(six: &Six, rng: &mut dyn RngCore) -> f64 {
    let me = six.mover_colour();
    match six.phase() {
        Phase::Keep { .. } => {
            let legal = six.legal_vec();
            legal
                .iter()
                .map(|a| {
                    let mut next = six.clone();
                    next.apply_unchecked(a);
                    after_lift(&next, rng)
                })
                .fold(f64::NEG_INFINITY, f64::max)
        }
        Phase::Replace { .. } => {
            let (_, place) = best_place(six, &six.legal_vec(), rng);
            if place >= WIN {
                return WIN;
            }
            // The lifted stone goes back on the field.
            let (mine, theirs) = (six.stones(me) + 1, six.stones(me.other()));
            match (mine < 6, theirs < 6) {
                (false, true) => WIN / 2.0,
                (true, false) => -WIN,
                (true, true) => 0.0,
                (false, false) => place + STONE * (mine as f64 - theirs as f64),
            }
        }
        _ => 0.0,
    }
}

impl HeuristicBot {
    fn lift(six: &Six, legal: &[Action], rng: &mut dyn RngCore) -> Action {
        let me = six.mover_colour();
        let mut best = (legal[0], f64::NEG_INFINITY);
        for &action in legal {
            let Action::Lift { cell } = action else { continue };
            // What the stone gives up by leaving its cell.
            let mut without = six.board().clone();
            without.clear(cell);
            let cost = window_value(&without, me, cell);
            let mut next = six.clone();
            next.apply_unchecked(&action);
            let score = after_lift(&next, rng) - 0.5 * cost;
            if score > best.1 {
                best = (action, score);
            }
        }
        best.0
    }
}

impl Bot<Six> for HeuristicBot {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Six>, rng: &mut dyn RngCore) -> Action {
        // Nothing is hidden: the view rebuilds the one state there is.
        let six = Six::resample(&decision.view(), &(), decision.seat(), rng);
        let legal = decision.legal();
        match six.phase() {
            Phase::Place | Phase::Replace { .. } => best_place(&six, legal, rng).0,
            Phase::Lift => Self::lift(&six, legal, rng),
            Phase::Keep { .. } => {
                let mut best = (legal[0], f64::NEG_INFINITY);
                for &action in legal {
                    let mut next = six.clone();
                    next.apply_unchecked(&action);
                    let score = after_lift(&next, rng);
                    if score > best.1 {
                        best = (action, score);
                    }
                }
                best.0
            }
            Phase::Over => legal[0],
        }
    }
}
