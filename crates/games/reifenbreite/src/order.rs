//! The order of play (5, 5.2): who moves next, the offer of the lead (16),
//! and the end of a round (dismounted riders back, 9.2; finishers off the
//! road, 8).

use crate::game::{MAX_TOWS, Phase, ROUND_CAP, Reifenbreite, Rider, Status, bit};
use crate::track::NONE;

impl Reifenbreite {
    /// Rider `r`'s place in the order of play (5, 5.2): larger is earlier
    /// (further ahead, then further right), with his inverted index in the
    /// low five bits, so that keys never tie and the largest is the first
    /// rider of the highest order; 0 when he is not on the road. (Orders are
    /// below 2^26: at most 65,535 spaces of [`course::ROW`] units each.)
    pub(crate) fn order_key(&self, r: u8, rider: Rider) -> u32 {
        if rider.status == Status::Road {
            (self.track().order[rider.space as usize] + 1) << 5 | (31 - r as u32)
        } else {
            0
        }
    }

    /// The next rider to move by position: furthest ahead, then rightmost.
    #[inline]
    pub fn next_by_position(&self) -> Option<u8> {
        let keys: [u32; 16] = self.road.order;
        // Without branches, the largest key of the riders who have not
        // moved (a mask per rider, not a branch: which riders wait is
        // different every time).
        // (In 64 bits: in 32, the compiler builds the masks in a vector and
        // reads them back a byte at a time, which stalls.)
        let moved = self.moved as u64;
        let mut best = [0u64; 16];
        for (r, (b, &key)) in best.iter_mut().zip(&keys).enumerate() {
            *b = key as u64 & ((moved >> r) & 1).wrapping_sub(1);
        }
        // The maximum by halves, so that the comparisons need not wait for
        // one another.
        for half in [8, 4, 2, 1] {
            for i in 0..half {
                best[i] = best[i].max(best[i + half]);
            }
        }
        (best[0] != 0).then(|| 31 - (best[0] & 31) as u8)
    }

    /// Hands the race to the next decision once a rider's turn is over.
    pub(crate) fn advance(&mut self) {
        loop {
            match self.next_by_position() {
                Some(r) => {
                    self.begin_turn(r);
                    return;
                }
                None => {
                    if !self.end_round() {
                        return;
                    }
                }
            }
        }
    }

    pub(crate) fn begin_turn(&mut self, r: u8) {
        self.phase = Phase::Choose { rider: r, cards: [u8::MAX; 2], n: 0, offer: NONE };
        let cards = [u8::MAX; 2];
        // The cheapest test first.
        let choice = (self.rules.chase_car && self.tows[r as usize] < MAX_TOWS)
            || (self.rules.lead_exchange && self.ask_target(r, NONE).is_some())
            || self.playable_cards(r, cards, 0).contains(&true);
        if !choice {
            self.phase = Phase::Dice { rider: r, base: 0, dice: 2, breakaway: false, tow: false };
        }
    }

    /// The rider the leader may offer the lead to next (16): the rider
    /// directly behind the leader, or behind the last one who refused, if
    /// he is on the road and has not moved.
    #[inline(always)]
    pub(crate) fn ask_target(&self, leader: u8, offer: u16) -> Option<u8> {
        if self.asked & bit(leader) != 0 {
            return None;
        }
        let from = if offer == NONE { self.riders[leader as usize].space } else { offer };
        let behind = self.track().behind[from as usize];
        if behind == NONE {
            return None;
        }
        let r = self.rider_at(behind)?;
        (self.riders[r as usize].status == Status::Road && self.moved & bit(r) == 0).then_some(r)
    }

    /// Ends a round: dismounted riders return (9.2), finished riders leave
    /// the road, the yellow jersey scores. Returns false when the race (or
    /// the stage race) is over or waits for the race director.
    pub(crate) fn end_round(&mut self) -> bool {
        // In order (each takes his space before the next looks for his);
        // the list keeps its memory for the next round.
        for i in 0..self.dismounted.len() {
            let r = self.dismounted[i];
            let s = self.return_space(self.riders[r as usize].space);
            self.set_rider(r, Rider { space: s, status: Status::Road });
        }
        self.dismounted.clear();
        if let Some((holder, since)) = self.jersey
            && since < self.round
            && self.riders[holder as usize].status == Status::Road
        {
            self.jersey_points[holder as usize] += 2;
        }
        // Judged after the round's 2 points went to the rider who wore the
        // jersey through it; a rider judged twice (two sprints won) may
        // have taken it at the first.
        for i in 0..self.jersey_pending.len() {
            let rider = self.jersey_pending[i];
            if self.jersey.is_some_and(|(holder, _)| holder != rider) {
                self.judge_jersey(rider);
            }
        }
        self.jersey_pending.clear();
        for r in 0..self.riders.len() as u8 {
            let rider = self.riders[r as usize];
            if rider.status == Status::Finished {
                self.set_rider(r, Rider { status: Status::Out, ..rider });
            }
        }
        self.moved = 0;
        self.asked = 0;
        self.round += 1;
        let racing = self.riders.iter().any(|r| r.status == Status::Road);
        if racing && self.round <= ROUND_CAP {
            return true;
        }
        if racing {
            let mut left: Vec<u8> = (0..self.riders.len() as u8)
                .filter(|&r| self.riders[r as usize].status == Status::Road)
                .collect();
            let t = self.track();
            left.sort_by_key(|&r| {
                let s = t.space(self.riders[r as usize].space);
                (std::cmp::Reverse(s.pos), s.lane)
            });
            for r in left {
                self.finish.push(r);
                let space = self.riders[r as usize].space;
                self.set_rider(r, Rider { space, status: Status::Out });
            }
        }
        if self.rules.chase_car {
            self.phase = Phase::Director;
        } else {
            self.finalize_stage();
        }
        false
    }

    /// Where a dismounted rider goes back on the road (9.2): his own space,
    /// else a free space beside it, else the same one row further back.
    pub(crate) fn return_space(&self, space: u16) -> u16 {
        let t = self.track();
        let occ = self.occupied();
        let free = |s: u16| !occ.contains(&s);
        let mut at = space;
        loop {
            if free(at) {
                return at;
            }
            let sp = t.space(at);
            let mut side: Vec<u16> = t
                .spaces
                .iter()
                .enumerate()
                .skip((at as usize).saturating_sub(8))
                .take(17)
                .filter(|(_, s)| s.pos == sp.pos && !s.curve)
                .map(|(i, _)| i as u16)
                .chain(sp.beside.iter().copied())
                .collect();
            side.sort_by_key(|&s| (t.space(s).lane.abs_diff(sp.lane), t.space(s).lane));
            if let Some(&s) = side.iter().find(|&&s| free(s)) {
                return s;
            }
            if sp.behind == NONE {
                // The very beginning of the course: the nearest free space ahead.
                return (at..t.spaces.len() as u16).find(|&s| free(s)).unwrap_or(at);
            }
            at = sp.behind;
        }
    }
}
