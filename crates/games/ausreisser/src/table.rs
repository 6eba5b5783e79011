//! The public part of the state: everything every viewer may see.
//!
//! The true state ([`crate::Ausreisser`]) is a [`Table`] plus the hands and
//! the pile; a view is a [`Table`] plus, for a seat, its own hand. The
//! resampler therefore rebuilds a world from a view by dealing only hands
//! and pile.

use crate::{
    action::Play,
    card::{Card, Counts, KINDS},
};
use serde::{Deserialize, Serialize};

/// Most seats at the table.
pub const MAX_PLAYERS: usize = 6;
/// Cards in a full hand.
pub const HAND_SIZE: u8 = 6;

/// Where the stage stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "phase")]
pub enum Phase {
    /// Choosing the first leader: `seat` draws a card face up (chance).
    Choose { seat: u8 },
    /// Dealing the opening hands; `dealt` cards so far, one at a time around
    /// the table from the leader (chance).
    Deal { dealt: u8 },
    /// The mover draws: first any cards owed for a Steigung played out of
    /// turn, then the turn's card, then one more at a time while the hand
    /// holds no speed card (chance).
    Draw,
    /// The mover plays.
    Play,
    /// The mover refills the hand to six after the play; a Gegenwind drawn
    /// now is laid on the play at once (chance).
    Refill,
    /// A Steigung window: every rider but the leader, in a fixed order,
    /// may put a Steigung on the leader's pile out of turn or pass. Who is
    /// being asked is not public (see [`crate::Ausreisser`]): everyone
    /// else sees only that the window is open.
    Window,
    /// The series is over.
    Over,
}

/// A play on a rider's pile, with the speed it counted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The cards, Gegenwinds laid on it during the refill included.
    pub play: Play,
    /// The speed ridden, after the cap.
    pub value: u8,
}

/// The public state of a series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub players: u8,
    /// The current stage counted from 0 (equals the number of stages when over).
    pub stage: u8,
    pub phase: Phase,
    /// The seat whose turn it is (or was, during a reaction window).
    pub mover: u8,
    /// The holder of the yellow jersey.
    pub leader: u8,
    /// The current tempo: the speed of the leader's last play (0 before the first).
    pub tempo: u8,
    /// True while a Steigung is in effect (until the leader's next turn).
    pub hill: bool,
    /// True once the mover has drawn the turn's card.
    pub turn_drawn: bool,
    /// Cards left in the pile.
    pub pile_len: u8,
    pub hand_len: [u8; MAX_PLAYERS],
    /// Penalty chips (minutes) of each rider in this stage.
    pub chips: [u16; MAX_PLAYERS],
    /// Cards each rider draws at the start of the next turn to replace
    /// Steigungs played out of turn.
    pub owed: [u8; MAX_PLAYERS],
    /// At most this many of the rider's cards can be Gegenwind: only cards
    /// drawn since the rider's last play can be, since every Gegenwind held
    /// goes down with the next play.
    pub wind_room: [u8; MAX_PLAYERS],
    /// Every card played this stage (during the choice of the first leader:
    /// the cards drawn face up).
    pub discards: Counts,
    /// Each rider's last play this stage (the top of their pile).
    pub tops: [Option<Played>; MAX_PLAYERS],
    /// The mover's play while the hand is being refilled.
    pub current: Option<Play>,
    /// Game points so far.
    pub totals: [i32; MAX_PLAYERS],
    /// The points of the last finished stage.
    pub last_scores: Option<[i32; MAX_PLAYERS]>,
    /// Cards drawn face up in the current round of choosing the first leader.
    pub faceup: [Option<Card>; MAX_PLAYERS],
    /// Bit `s` set: seat `s` is still in the running to lead the first stage.
    pub contenders: u8,
}

impl Table {
    /// The seats in play.
    pub fn seats(&self) -> usize {
        usize::from(self.players)
    }

    /// The seat after `seat`, clockwise.
    pub fn next(&self, seat: u8) -> u8 {
        if seat + 1 == self.players { 0 } else { seat + 1 }
    }

    /// Cards known to be out of the pile and out of every hand.
    pub fn seen(&self) -> &Counts {
        &self.discards
    }

    /// The riders asked in a Steigung window after the mover's play, in the
    /// order their answers count: from the rider after the mover round to
    /// the mover, the leader left out. The order depends on seats only,
    /// never on hands.
    pub fn window_order(&self) -> impl Iterator<Item = u8> + '_ {
        (1..=self.players).map(|k| (self.mover + k) % self.players).filter(|&s| s != self.leader)
    }

    /// The seats that play before the leader's next turn, in order, if the
    /// mover's turn is over.
    pub fn before_leader(&self) -> impl Iterator<Item = u8> + '_ {
        let mut seat = self.next(self.mover);
        std::iter::from_fn(move || {
            if seat == self.leader {
                None
            } else {
                let s = seat;
                seat = self.next(seat);
                Some(s)
            }
        })
    }

    /// An empty table for a new stage.
    pub(crate) fn reset_stage(&mut self, pile_len: u8) {
        self.phase = Phase::Deal { dealt: 0 };
        self.mover = self.leader;
        self.tempo = 0;
        self.hill = false;
        self.turn_drawn = false;
        self.pile_len = pile_len;
        self.hand_len = [0; MAX_PLAYERS];
        self.chips = [0; MAX_PLAYERS];
        self.owed = [0; MAX_PLAYERS];
        self.wind_room = [0; MAX_PLAYERS];
        self.discards = [0; KINDS];
        self.tops = [None; MAX_PLAYERS];
        self.current = None;
        self.faceup = [None; MAX_PLAYERS];
        self.contenders = 0;
    }
}
