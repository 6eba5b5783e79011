//! Where the riders are, indexed: the spaces taken and by whom, and each
//! rider's place in the order of play. Every change of a rider goes through
//! [`Reifenbreite::set_rider`], which keeps the index in step.

use crate::game::{Reifenbreite, Rider};
use crate::movement::{Reach, Reachable, reach, reachable, steps_to};
use crate::road_index::{NO_RIDER, RoadIndex};
use crate::track::NONE;

impl Reifenbreite {
    /// The spaces riders stand on (on the road or just over the finish), and
    /// [`NONE`] for the others, which no search ever reaches.
    pub(crate) fn occupied(&self) -> [u16; 16] {
        let mut occ = [NONE; 16];
        for (o, r) in occ.iter_mut().zip(&self.riders) {
            *o = if r.on_road() { r.space } else { NONE };
        }
        occ
    }

    /// Changes a rider, keeping the [`RoadIndex`] in step: every change of
    /// a rider's space or status goes through here (but for the swap of a
    /// lead exchange, see there).
    #[inline(always)]
    pub(crate) fn set_rider(&mut self, r: u8, rider: Rider) {
        let old = self.riders[r as usize];
        if old.on_road() {
            self.road.set(old.space, false);
            self.road.set_at(old.space, NO_RIDER);
        }
        if rider.on_road() {
            self.road.set(rider.space, true);
            self.road.set_at(rider.space, r);
        }
        self.road.order[r as usize] = self.order_key(r, rider);
        self.riders[r as usize] = rider;
    }

    pub(crate) fn build_road_index(&mut self) {
        // Dropped first: its track may be the previous stage's.
        self.road = RoadIndex::default();
        let track = self.tracks[self.stage as usize].clone();
        let mut road = RoadIndex {
            taken: vec![0; track.spaces.len() / 64 + 3],
            order: [0; 16],
            at: vec![NO_RIDER; track.spaces.len()],
            track: Some(track),
        };
        // The first rider there, as `rider_at` without the index.
        for (r, &rider) in self.riders.iter().enumerate().rev() {
            if rider.on_road() {
                road.set(rider.space, true);
                road.set_at(rider.space, r as u8);
            }
            road.order[r] = self.order_key(r as u8, rider);
        }
        self.road = road;
    }

    /// True when a rider takes up `space`.
    pub(crate) fn is_taken(&self, space: u16) -> bool {
        self.road.get(space)
    }

    #[inline(always)]
    pub fn rider_at(&self, space: u16) -> Option<u8> {
        self.road.at.get(space as usize).copied().filter(|&r| r != NO_RIDER)
    }

    /// Where rider `r` can get to with `max` steps.
    pub fn reach_of(&self, r: u8, max: u8) -> Reach {
        reach(self.track(), self.riders[r as usize].space, max, &self.occupied())
    }

    /// The same spaces as [`Self::reach_of`], as a set.
    pub(crate) fn reachable_of(&self, r: u8, max: u8) -> Reachable {
        reachable(self.track(), self.riders[r as usize].space, max, &self.road)
    }

    /// The shortest number of steps for rider `r` to `target`, within `max`.
    pub(crate) fn steps_of(&self, r: u8, max: u8, target: u16) -> Option<u8> {
        steps_to(self.track(), self.riders[r as usize].space, max, &self.road, target)
    }
}
