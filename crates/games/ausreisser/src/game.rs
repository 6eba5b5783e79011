//! The true state of a series and the rules that move it.

use crate::{
    action::{Action, Play},
    card::{Card, Counts, KINDS, SPEEDS, full_deck, has_speed, total},
    options::Options,
    table::{HAND_SIZE, MAX_PLAYERS, Phase, Played, Table},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionsError, Outcome, Seat, Sight, Together, Turn, Viewer, Weight};

const HILL: usize = Card::HILL.index();
const WIND: usize = Card::WIND.index();
const SPURT: usize = Card::SPURT.index();

/// A series of Der Ausreisser: the complete state, hands and pile included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ausreisser {
    pub(crate) options: Options,
    pub(crate) table: Table,
    pub(crate) hands: [Counts; MAX_PLAYERS],
    pub(crate) pile: Counts,
    /// In a Steigung window, the rider being asked. Not public: every other
    /// viewer sees only that the window is open, so that nobody learns from
    /// the order of asking who has answered.
    #[serde(default)]
    pub(crate) asked: u8,
}

impl Ausreisser {
    /// The public part of the state.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The hand of `seat` (a secret: never show it to another seat).
    pub fn hand(&self, seat: Seat) -> &Counts {
        &self.hands[seat]
    }

    /// The cards left in the pile (a secret).
    pub fn pile(&self) -> &Counts {
        &self.pile
    }

    /// In a Steigung window, the rider being asked now.
    pub fn asked(&self) -> Option<Seat> {
        (self.table.phase == Phase::Window).then_some(usize::from(self.asked))
    }

    /// In a Steigung window, the riders still to answer, the one being
    /// asked first, in the order their answers count.
    pub fn still_to_answer(&self) -> Vec<Seat> {
        if self.table.phase != Phase::Window {
            return Vec::new();
        }
        let order: Vec<u8> = self.table.window_order().collect();
        let from = order.iter().position(|&s| s == self.asked).unwrap_or(order.len());
        order[from..].iter().map(|&s| usize::from(s)).collect()
    }

    /// True when the hand of `seat` holds a speed card (its size minus its
    /// special cards, without a scan over the kinds).
    fn holds_speed(&self, seat: usize) -> bool {
        let hand = &self.hands[seat];
        self.table.hand_len[seat] > hand[HILL] + hand[WIND] + hand[SPURT]
    }

    fn receive(&mut self, seat: usize, kind: usize) {
        self.hands[seat][kind] += 1;
        self.table.hand_len[seat] += 1;
        self.table.wind_room[seat] += 1;
    }

    /// The next contender after `seat` still to draw in this round of
    /// choosing the first leader, or the end of the round.
    fn next_chooser(&mut self, after: Option<u8>) {
        let t = &mut self.table;
        let start = after.map_or(0, |s| s + 1);
        if let Some(seat) = (start..t.players).find(|&s| t.contenders & (1 << s) != 0) {
            if has_speed(&self.pile) {
                t.phase = Phase::Choose { seat };
            } else {
                // Unreachable in practice (ties would have to use up all 84
                // speed cards); the first contender leads.
                t.contenders &= 1 << t.contenders.trailing_zeros();
                self.chosen();
            }
            return;
        }
        let Some(best) = (0..t.players)
            .filter(|&s| t.contenders & (1 << s) != 0)
            .filter_map(|s| t.faceup[usize::from(s)])
            .max()
        else {
            t.contenders &= 1 << t.contenders.trailing_zeros();
            self.chosen();
            return;
        };
        let tied = (0..t.players)
            .filter(|&s| t.contenders & (1 << s) != 0 && t.faceup[usize::from(s)] == Some(best))
            .fold(0u8, |bits, s| bits | (1 << s));
        t.contenders = tied;
        if tied.count_ones() == 1 {
            self.chosen();
        } else {
            // "ties draw again": the tied riders draw once more; the cards
            // drawn so far stay on the table until the leader is found.
            t.faceup = [None; MAX_PLAYERS];
            self.next_chooser(None);
        }
    }

    fn chosen(&mut self) {
        self.table.leader = self.table.contenders.trailing_zeros() as u8;
        self.setup_stage();
    }

    /// A fresh stage: the whole deck shuffled (the pile is a composition),
    /// the jersey holder leads, hands to be dealt.
    fn setup_stage(&mut self) {
        self.pile = full_deck(self.options.special);
        self.hands = [[0; KINDS]; MAX_PLAYERS];
        self.table.reset_stage(total(&self.pile) as u8);
    }

    fn begin_turn(&mut self, seat: u8) {
        let t = &mut self.table;
        t.mover = seat;
        t.turn_drawn = false;
        if seat == t.leader {
            // "All hill effects still last until the leader's next turn."
            t.hill = false;
        }
        self.continue_drawing();
    }

    fn continue_drawing(&mut self) {
        let m = usize::from(self.table.mover);
        let speed = self.holds_speed(m);
        let t = &mut self.table;
        if t.pile_len == 0 {
            if speed {
                t.phase = Phase::Play;
            } else {
                // Nothing to draw and nothing to play: the stage is over.
                self.end_stage();
            }
            return;
        }
        t.phase = if t.owed[m] > 0 || !t.turn_drawn || !speed { Phase::Draw } else { Phase::Play };
    }

    fn play(&mut self, play: &Play) {
        let m = usize::from(self.table.mover);
        let hand = &mut self.hands[m];
        let speed = usize::from(play.speed - crate::card::MIN_SPEED);
        let hill = u8::from(play.hill);
        hand[speed] -= 1;
        hand[SPURT] -= play.spurts;
        hand[WIND] -= play.winds;
        hand[HILL] -= hill;
        let t = &mut self.table;
        t.discards[speed] += 1;
        t.discards[SPURT] += play.spurts;
        t.discards[WIND] += play.winds;
        t.discards[HILL] += hill;
        t.hand_len[m] -= 1 + play.spurts + play.winds + hill;
        t.wind_room[m] = 0;
        t.current = Some(*play);
        if t.hand_len[m] < HAND_SIZE && t.pile_len > 0 {
            t.phase = Phase::Refill;
        } else {
            self.resolve();
        }
    }

    /// Scores the mover's play once the hand is refilled: tempo, penalty
    /// chips and the lead.
    fn resolve(&mut self) {
        let m = usize::from(self.table.mover);
        let play = self.table.current.take().expect("a play is being resolved");
        let settled = settle(&self.table, &play);
        let t = &mut self.table;
        t.tempo = settled.tempo;
        t.leader = settled.leader;
        t.hill = settled.hill;
        t.chips[m] = settled.chips;
        t.tops[m] = Some(Played { play, value: settled.value });
        if t.pile_len == 0 {
            // "The stage ends when the last card is picked up and that
            // player has then played."
            self.end_stage();
        } else {
            self.open_window();
        }
    }

    /// Opens the Steigung window after a play, or starts the next turn when
    /// nobody can lay one or it could change nothing: when every Steigung of
    /// the deck lies played (or the game has none), while a hill is in
    /// force, or when the leader plays next (the hill would end before
    /// anyone rode under it). All are public facts.
    fn open_window(&mut self) {
        let t = &self.table;
        let next = t.next(t.mover);
        let first = t.window_order().next();
        let unplayed = full_deck(self.options.special)[HILL] > t.discards[HILL];
        match first {
            Some(first) if unplayed && !t.hill && next != t.leader => {
                self.table.phase = Phase::Window;
                self.asked = first;
            }
            _ => self.begin_turn(next),
        }
    }

    /// After the rider being asked passed: the next rider in the window's
    /// order, or the next turn once everyone has answered.
    fn pass_window(&mut self) {
        let t = &self.table;
        let later = t.window_order().skip_while(|&s| s != self.asked).nth(1);
        match later {
            Some(seat) => self.asked = seat,
            None => self.begin_turn(t.next(t.mover)),
        }
    }

    fn end_stage(&mut self) {
        let t = &mut self.table;
        let mut scores = [0; MAX_PLAYERS];
        for (s, score) in scores.iter_mut().enumerate().take(t.seats()) {
            *score = if s == usize::from(t.leader) { 1 } else { -i32::from(t.chips[s]) };
            t.totals[s] += *score;
        }
        t.last_scores = Some(scores);
        t.stage += 1;
        if t.stage >= self.options.stages {
            t.phase = Phase::Over;
        } else {
            self.setup_stage();
        }
    }

    /// The most penalty chips one rider can collect in a stage.
    fn max_chips_per_stage(options: &Options) -> f64 {
        let n = u32::from(options.players);
        let turns = total(&full_deck(options.special)) - 6 * n;
        let plays = turns.div_ceil(n);
        // The lowest speed is 39 with every Gegenwind; the highest tempo is
        // 52 with Spurts (50 without special cards).
        let worst = if options.special { 52 - (39 - 10) } else { 50 - 39 };
        f64::from(worst * plays)
    }
}

/// What the mover's `play` settles once the hand is refilled: the tempo,
/// the leader, the hill and the mover's chips afterwards. Kept apart from
/// the state so that the log tells the same settlement the rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Settled {
    /// The speed ridden, after the cap.
    pub value: u8,
    pub tempo: u8,
    pub leader: u8,
    pub hill: bool,
    pub chips: u16,
}

pub(crate) fn settle(t: &Table, play: &Play) -> Settled {
    let m = usize::from(t.mover);
    let value = play.capped_speed(t.hill || play.hill);
    let mut settled = Settled { value, tempo: t.tempo, leader: t.leader, hill: t.hill, chips: t.chips[m] };
    if t.mover == t.leader {
        // The leader sets any new tempo without penalty.
        settled.tempo = value;
        settled.hill |= play.hill;
    } else if settled.chips > 0 {
        // With chips there is no wind shadow: one chip per km/h below, one
        // handed back per km/h above, and no lead.
        if value < t.tempo {
            settled.chips += u16::from(t.tempo - value);
        } else {
            settled.chips -= settled.chips.min(u16::from(value - t.tempo));
        }
    } else if value < t.tempo {
        let behind = t.tempo - value;
        if t.hill || behind >= 3 {
            settled.chips += u16::from(behind);
        }
    } else if value > t.tempo && !t.hill {
        settled.leader = t.mover;
        settled.tempo = value;
    }
    settled
}

/// The rules the platform's contract asks for, which `package.rs` hands on.
impl Ausreisser {
    pub(crate) fn new(options: &Options) -> Result<Self, OptionsError> {
        options.check_ranges()?;
        let pile = full_deck(options.special);
        let table = Table {
            players: options.players,
            stage: 0,
            phase: Phase::Choose { seat: 0 },
            mover: 0,
            leader: 0,
            tempo: 0,
            hill: false,
            turn_drawn: false,
            pile_len: total(&pile) as u8,
            hand_len: [0; MAX_PLAYERS],
            chips: [0; MAX_PLAYERS],
            owed: [0; MAX_PLAYERS],
            wind_room: [0; MAX_PLAYERS],
            discards: [0; KINDS],
            tops: [None; MAX_PLAYERS],
            current: None,
            totals: [0; MAX_PLAYERS],
            last_scores: None,
            faceup: [None; MAX_PLAYERS],
            contenders: (1u8 << options.players) - 1,
        };
        Ok(Ausreisser { options: *options, table, hands: [[0; KINDS]; MAX_PLAYERS], pile, asked: 0 })
    }

    pub(crate) fn options(&self) -> &Options {
        &self.options
    }

    pub(crate) fn seats(&self) -> usize {
        self.table.seats()
    }

    pub(crate) fn turn(&self) -> Turn {
        match self.table.phase {
            Phase::Choose { .. } | Phase::Deal { .. } | Phase::Draw | Phase::Refill => Turn::Chance,
            Phase::Play => Turn::Seat(usize::from(self.table.mover)),
            Phase::Window => Turn::Seat(usize::from(self.asked)),
            Phase::Over => Turn::Over,
        }
    }

    /// Plays in the order: speed card ascending, then Spurts ascending, then
    /// without before with Steigung. In a window: `pass`, then `hill` for a
    /// rider who holds one.
    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.table.phase {
            Phase::Play => {
                let m = usize::from(self.table.mover);
                let hand = &self.hands[m];
                let winds = hand[WIND];
                let hill = self.table.mover == self.table.leader && hand[HILL] > 0;
                // The speed kinds held as bits: a scan without unpredictable branches.
                let mut held = hand[..SPEEDS]
                    .iter()
                    .enumerate()
                    .fold(0u16, |bits, (i, &count)| bits | (u16::from(count > 0) << i));
                let per_speed = usize::from(hand[SPURT] + 1) * (1 + usize::from(hill));
                out.reserve(held.count_ones() as usize * per_speed);
                while held != 0 {
                    let speed = crate::card::MIN_SPEED + held.trailing_zeros() as u8;
                    held &= held - 1;
                    for spurts in 0..=hand[SPURT] {
                        out.push(Action::Play(Play { speed, spurts, winds, hill: false }));
                        if hill {
                            out.push(Action::Play(Play { speed, spurts, winds, hill: true }));
                        }
                    }
                }
            }
            Phase::Window => {
                out.push(Action::Pass {});
                if self.hands[usize::from(self.asked)][HILL] > 0 {
                    out.push(Action::Hill {});
                }
            }
            _ => {}
        }
    }

    pub(crate) fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        if self.turn() == Turn::Chance {
            // This runs at every draw of every simulated game: write every
            // kind in place without branching, keep those with cards left.
            let start = out.len();
            out.resize(start + KINDS, (Action::Pass {}, 0));
            let slots = &mut out[start..];
            let mut len = 0;
            for (i, &count) in self.pile.iter().enumerate() {
                slots[len] = (Action::Draw { card: Card::from_index(i) }, Weight::from(count));
                len += usize::from(count > 0);
            }
            out.truncate(start + len);
        }
    }

    pub(crate) fn apply_unchecked(&mut self, action: &Action) {
        match *action {
            Action::Draw { card } => {
                let k = card.index();
                self.pile[k] -= 1;
                self.table.pile_len -= 1;
                match self.table.phase {
                    Phase::Choose { seat } => {
                        self.table.discards[k] += 1;
                        if card.is_special() {
                            // A special card does not count: the same rider
                            // draws again. (Should no speed card be left,
                            // which cannot happen in practice, the first
                            // contender leads.)
                            if !has_speed(&self.pile) {
                                let t = &mut self.table;
                                t.contenders &= 1 << t.contenders.trailing_zeros();
                                self.chosen();
                            }
                        } else {
                            self.table.faceup[usize::from(seat)] = Some(card);
                            self.next_chooser(Some(seat));
                        }
                    }
                    Phase::Deal { dealt } => {
                        let n = self.table.players;
                        let to = (self.table.leader + dealt % n) % n;
                        self.receive(usize::from(to), k);
                        if dealt + 1 == HAND_SIZE * n {
                            self.begin_turn(self.table.leader);
                        } else {
                            self.table.phase = Phase::Deal { dealt: dealt + 1 };
                        }
                    }
                    Phase::Draw => {
                        let m = usize::from(self.table.mover);
                        self.receive(m, k);
                        if self.table.owed[m] > 0 {
                            self.table.owed[m] -= 1;
                        } else {
                            self.table.turn_drawn = true;
                        }
                        self.continue_drawing();
                    }
                    Phase::Refill => {
                        let m = usize::from(self.table.mover);
                        let t = &mut self.table;
                        if card == Card::WIND {
                            // "If any Gegenwind cards are drawn in
                            // replenishment they must be laid down too."
                            t.discards[k] += 1;
                            if let Some(play) = t.current.as_mut() {
                                play.winds += 1;
                            }
                        } else {
                            self.hands[m][k] += 1;
                            t.hand_len[m] += 1;
                        }
                        if self.table.hand_len[m] >= HAND_SIZE || self.table.pile_len == 0 {
                            self.resolve();
                        }
                    }
                    Phase::Play | Phase::Window | Phase::Over => {
                        unreachable!("a draw outside a chance node")
                    }
                }
            }
            Action::Play(play) => self.play(&play),
            Action::Pass {} => {
                if self.table.phase == Phase::Window {
                    self.pass_window();
                }
            }
            Action::Hill {} => {
                if self.table.phase == Phase::Window {
                    let s = usize::from(self.asked);
                    self.hands[s][HILL] -= 1;
                    let t = &mut self.table;
                    t.hand_len[s] -= 1;
                    t.discards[HILL] += 1;
                    t.owed[s] += 1;
                    t.hill = true;
                    let next = t.next(t.mover);
                    self.begin_turn(next);
                }
            }
        }
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        (self.table.phase == Phase::Over).then(|| {
            Outcome::from_scores(self.table.totals[..self.seats()].iter().map(|&t| f64::from(t)).collect())
        })
    }

    pub(crate) fn score_bounds(options: &Options) -> (f64, f64) {
        let stages = f64::from(options.stages);
        (-Self::max_chips_per_stage(options) * stages, stages)
    }

    pub(crate) fn max_actions(options: &Options) -> usize {
        let deck = total(&full_deck(options.special)) as usize;
        let n = usize::from(options.players);
        // Per stage: the choice of the leader and the draws each take at
        // most the deck; every turn draws a card, so there are at most
        // `deck` plays, each followed by at most `n` window decisions.
        usize::from(options.stages) * (2 * deck + deck * (n + 1))
    }

    /// Hidden from everyone but the drawer: a card drawn. Hidden from
    /// everyone but the rider: a pass in a Steigung window, which others
    /// see only as the window closing once the last rider has answered.
    pub(crate) fn sight(&self, action: &Action, viewer: Viewer) -> Sight {
        if matches!(action, Action::Pass {}) && self.table.phase == Phase::Window {
            return if viewer == Viewer::Seat(usize::from(self.asked)) {
                Sight::Plainly
            } else if self.still_to_answer().len() == 1 {
                // The last pass closes the window: that much everyone sees.
                Sight::Kind
            } else {
                Sight::Nothing
            };
        }
        let Action::Draw { card } = action else {
            return Sight::Plainly;
        };
        let t = &self.table;
        let owner = match t.phase {
            Phase::Choose { .. } => return Sight::Plainly,
            Phase::Refill if *card == Card::WIND => return Sight::Plainly,
            Phase::Deal { dealt } => (t.leader + dealt % t.players) % t.players,
            _ => t.mover,
        };
        if viewer == Viewer::Seat(usize::from(owner)) { Sight::Plainly } else { Sight::Kind }
    }

    pub(crate) fn together(&self) -> Option<Together<Action>> {
        let seats = self.still_to_answer();
        (!seats.is_empty()).then_some(Together { seats, pass: Action::Pass {} })
    }
}
