//! The index of where the riders are, which the race keeps beside its
//! riders; [`crate::road`] keeps it in step with them.

use crate::movement::{Occupied, window};
use crate::track::Track;
use std::sync::Arc;

/// Where the riders are, indexed for what a turn asks many times: which
/// spaces are taken and by whom, and each rider's place in the order of
/// play. Derived from the riders, built wherever a race is made (created,
/// set up, rebuilt from a view, read from JSON) by
/// [`crate::Reifenbreite::build_road_index`] and kept in step with them by
/// [`crate::Reifenbreite::set_rider`], so it is neither serialized nor compared,
/// and every question about the road has one answer, through it.
#[derive(Clone, Debug, Default)]
pub(crate) struct RoadIndex {
    /// The spaces riders take up (on the road or just over the finish), one
    /// bit per space of the track, with two spare words at the end so that
    /// a window of 128 spaces can always be read. Empty: not built.
    pub(crate) taken: Vec<u64>,
    /// Each rider's order of play ([`crate::Reifenbreite::order_key`]).
    pub(crate) order: [u32; 16],
    /// The rider on each space of the track, [`NO_RIDER`] where there is
    /// none.
    pub(crate) at: Vec<u8>,
    /// The track of the stage, one look-up nearer than through the list
    /// of stages (the race reads it at every step).
    pub(crate) track: Option<Arc<Track>>,
}

/// No rider on a space of [`RoadIndex::at`].
pub(crate) const NO_RIDER: u8 = u8::MAX;

impl PartialEq for RoadIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl RoadIndex {
    pub(crate) fn set(&mut self, space: u16, on: bool) {
        if let Some(w) = self.taken.get_mut(space as usize / 64) {
            let b = 1 << (space % 64);
            if on { *w |= b } else { *w &= !b }
        }
    }

    pub(crate) fn get(&self, space: u16) -> bool {
        self.taken.get(space as usize / 64).is_some_and(|w| w & 1 << (space % 64) != 0)
    }

    /// Puts rider `r` on `space`, or takes him off it ([`NO_RIDER`]).
    pub(crate) fn set_at(&mut self, space: u16, r: u8) {
        if let Some(a) = self.at.get_mut(space as usize) {
            *a = r;
        }
    }
}

impl Occupied for RoadIndex {
    fn near(&self, from: u16) -> u128 {
        window(&self.taken, from)
    }

    fn spaces(&self) -> Vec<u16> {
        let mut list = Vec::new();
        for (w, &word) in self.taken.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                list.push((w * 64) as u16 + bits.trailing_zeros() as u16);
                bits &= bits - 1;
            }
        }
        list
    }
}
