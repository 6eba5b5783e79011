//! Falls (7.1, figure 10): who falls over a fallen rider.

use crate::game::{Reifenbreite, Status, bit};
use crate::track::NONE;

impl Reifenbreite {
    /// The mass fall of 7.1: riders directly behind a fallen rider fall, and
    /// so do riders beside one, except those to the right of the rider who
    /// caused the fall. Riders ahead never fall. Fallen riders do not move
    /// any more this round. (The fallen riders as a list, for the rulebook's
    /// examples; the race calls [`Self::fall`].)
    #[cfg(test)]
    pub(crate) fn mass_fall(&mut self, causer: u8) -> Vec<u8> {
        let down = self.fall(causer);
        (0..self.riders.len() as u8).filter(|&r| down & bit(r) != 0).collect()
    }

    /// The mass fall of [`Self::mass_fall`], the fallen riders as bits (and
    /// no list to allocate: a race has dozens of falls).
    pub(crate) fn fall(&mut self, causer: u8) -> u16 {
        let t = self.track();
        // Each fallen rider once, in the order they fall.
        let mut fallen = [causer; 16];
        let mut count = 1;
        let mut down = bit(causer);
        let mut i = 0;
        while i < count {
            let f = fallen[i];
            let fs = t.space(self.riders[f as usize].space);
            // Only the riders on the space behind and the spaces beside can
            // fall over him (looked up, not searched for among all riders).
            for (k, &xs) in std::iter::once(&fs.behind).chain(&fs.beside).enumerate() {
                if xs == NONE {
                    continue;
                }
                let Some(x) = self.rider_at(xs) else { continue };
                if down & bit(x) != 0 || self.riders[x as usize].status != Status::Road {
                    continue;
                }
                let beside = k > 0;
                if !(beside && f == causer && t.space(xs).lane < fs.lane) {
                    fallen[count % 16] = x;
                    count += 1;
                    down |= bit(x);
                }
            }
            i += 1;
        }
        self.moved |= down;
        down
    }
}
