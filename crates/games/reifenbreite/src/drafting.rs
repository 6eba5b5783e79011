//! Drafting (5.4): the rider directly behind a mover may follow him into
//! the space behind his new one.

use crate::game::{Phase, Reifenbreite, Status, bit};
use crate::track::NONE;

impl Reifenbreite {
    /// After a rider moved from `from` to `to` in `steps` steps, the rider
    /// directly behind `from` may draft (5.4): he must not have moved, must
    /// start on the same surface colour (9.1), and must reach the space
    /// directly behind `to` in at most `steps` steps.
    pub(crate) fn offer_draft(&mut self, from: u16, to: u16, steps: u8) {
        if let Some((rider, behind, target)) = self.draft_candidate(from, to, steps) {
            self.phase = Phase::Draft { rider, from: behind, to: target, steps };
        } else {
            self.advance();
        }
    }

    /// True when a rider on the road who has not moved stands directly
    /// behind `space` (a cheap test before any search).
    #[inline]
    pub(crate) fn may_draft_from(&self, space: u16) -> bool {
        let behind = self.track().behind[space as usize];
        behind != NONE
            && self
                .rider_at(behind)
                .is_some_and(|r| self.riders[r as usize].status == Status::Road && self.moved & bit(r) == 0)
    }

    pub(crate) fn draft_candidate(&self, from: u16, to: u16, steps: u8) -> Option<(u8, u16, u16)> {
        let t = self.track();
        let behind = t.behind[from as usize];
        let target = t.behind[to as usize];
        if steps == 0 || behind == NONE || target == NONE {
            return None;
        }
        let rider = self.rider_at(behind)?;
        if self.riders[rider as usize].status != Status::Road || self.moved & bit(rider) != 0 {
            return None;
        }
        if self.rules.surfaces && t.cell[behind as usize].surface != t.cell[from as usize].surface {
            return None;
        }
        if self.rider_at(target).is_some() {
            return None;
        }
        self.steps_of(rider, steps, target)?;
        Some((rider, behind, target))
    }
}
