//! A rider's move: energy cards (6), dice and chance cards (7), the road
//! surface's effect ([`crate::surfaces`], 9 and 10), the destinations he can
//! reach (5.3, 5.5, 8), and the lines he crosses.

use crate::action::Action;
use crate::cards::{ChanceCard, ENERGY_KINDS, Energy, energy_deck};
use crate::game::{Phase, Reifenbreite, Rider, Status, bit};
use crate::movement::window;
use crate::surfaces;
use crate::track::NONE;

/// The kinds of energy card each rider of a team (by place) may play, his
/// own and the jokers, as a byte mask over a team's eight counts
/// ([`Reifenbreite::playable_cards`]).
pub(crate) const PLAYABLE_KINDS: [u64; 4] = {
    let mut masks = [0u64; 4];
    let mut place = 0;
    while place < 4 {
        let mut k = 0;
        while k < ENERGY_KINDS.len() {
            let mine = match ENERGY_KINDS[k].owner {
                Some(owner) => owner as usize == place,
                None => true,
            };
            if mine {
                masks[place] |= 0xff << (8 * k);
            }
            k += 1;
        }
        place += 1;
    }
    masks
};

impl Reifenbreite {
    /// Which energy cards (in [`Energy::ALL`] order) the rider may play
    /// next, having chosen `n` (`cards`) so far.
    pub(crate) fn playable_cards(&self, rider: u8, cards: [u8; 2], n: u8) -> [bool; 4] {
        // Section 6: not in the first (start) round; at most two per move.
        if self.round <= 1 || n >= 2 {
            return [false; 4];
        }
        let held = &self.energy[(rider / 4) as usize];
        // Most riders have no card left to play late in a race: a look at
        // all eight counts at once settles it.
        let counts = u64::from_le_bytes(*held);
        if counts & PLAYABLE_KINDS[(rider % 4) as usize] == 0 {
            return [false; 4];
        }
        let surface = self
            .rules
            .surfaces
            .then(|| self.track().cell[self.riders[rider as usize].space as usize].surface);
        let mut playable = [false; 4];
        for (p, e) in playable.iter_mut().zip(Energy::ALL) {
            let Some(kind) = e.kind(rider % 4) else { continue };
            // Chosen cards are handed in at once, so the count is what is
            // left; two cards are chosen in kind order, so each pair is
            // listed once.
            *p = held[kind] > 0
                && !(n == 1 && (kind as u8) < cards[0])
                && surface
                    .is_none_or(|surface| surfaces::allows_card(surface, ENERGY_KINDS[kind].mountain, n));
        }
        playable
    }

    /// Destinations for a move of `amount`, in course order. Crossing the
    /// finish line is only possible with the full move (8): a space past
    /// the line must be the farthest the rider can get to.
    #[inline]
    pub(crate) fn destinations(&self, rider: u8, amount: u8, out: &mut Vec<Action>) {
        let reach = self.reachable_of(rider, amount);
        let t = self.track();
        let crossing = t.leg[self.riders[rider as usize].space as usize] < t.finish_leg;
        if let Some((from, reached, farthest)) = reach.near() {
            // All at once in bits: past the line only the farthest.
            let past = if crossing { window(&t.past_finish, from) } else { 0 };
            let keep = reached & !(past & !farthest);
            // Counted first, so that the list grows once and is then
            // written without a test per space (`extend` of a counted
            // range): a `push` per space reads and writes the list's length
            // every time.
            for (w, word) in [keep as u64, (keep >> 64) as u64].into_iter().enumerate() {
                let mut bits = word;
                out.extend((0..word.count_ones()).map(|_| {
                    let s = from + (w * 64) as u16 + bits.trailing_zeros() as u16;
                    bits &= bits - 1;
                    Action::To { space: s }
                }));
            }
            return;
        }
        for s in reach.sorted() {
            if crossing && t.leg[s as usize] >= t.finish_leg && !reach.is_farthest(s) {
                continue;
            }
            out.push(Action::To { space: s });
        }
    }

    /// A 7 from dice, or card and die, draws a chance card, except in the
    /// start round (section 7).
    #[inline]
    pub(crate) fn resolve_total(&mut self, rider: u8, total: u8, breakaway: bool) {
        if total == 7 && self.round > 1 {
            self.phase = Phase::ChanceDraw { rider, breakaway };
        } else {
            self.start_move(rider, total as i16, breakaway, false);
        }
    }

    #[inline]
    pub(crate) fn chance_card(&mut self, rider: u8, card: ChanceCard, breakaway: bool) {
        let team = (rider / 4) as usize;
        let place = rider % 4;
        let kinds = 0..ENERGY_KINDS.len();
        match card {
            ChanceCard::Fall => {
                self.fall(rider);
                self.advance();
            }
            ChanceCard::Puncture | ChanceCard::Chain => {
                self.moved |= bit(rider);
                self.advance();
            }
            ChanceCard::Feed => {
                // His own spent card (in row order), else a spent joker: a
                // kind he holds fewer of than the team was dealt.
                let dealt = energy_deck(self.track().energy_rows, self.rules.edition);
                let spent = |k: usize| self.energy[team][k] < dealt[k];
                let own = kinds.clone().find(|&k| ENERGY_KINDS[k].owner == Some(place) && spent(k));
                let joker = kinds.clone().find(|&k| ENERGY_KINDS[k].owner.is_none() && spent(k));
                if let Some(k) = own.or(joker) {
                    self.energy[team][k] += 1;
                }
                self.start_move(rider, 7, breakaway, false);
            }
            ChanceCard::Bonk => {
                let held = |k: usize| self.energy[team][k] > 0;
                let own = kinds.clone().find(|&k| ENERGY_KINDS[k].owner == Some(place) && held(k));
                let joker = kinds.clone().find(|&k| ENERGY_KINDS[k].owner.is_none() && held(k));
                if let Some(k) = own.or(joker) {
                    self.energy[team][k] -= 1;
                }
                self.start_move(rider, 7, breakaway, false);
            }
            ChanceCard::Photo => {
                self.phase = Phase::TowPhoto { rider, left: 1, amount: 7, breakaway, tow: false }
            }
            _ => self.start_move(rider, 7 + card.shift() as i16, breakaway, false),
        }
    }

    /// The move's length after the road surface (9.2–9.4); at 0 or less the
    /// rider dismounts. A tow (`towed`) is pulled by the car: its number is the
    /// move whatever the road (14, docs/rules/reifenbreite.md#tows), but
    /// in records of edition 1, which let the surface count for it too.
    pub(crate) fn start_move(&mut self, rider: u8, mut amount: i16, breakaway: bool, towed: bool) {
        if self.rules.surfaces && !(towed && self.rules.edition >= 2) {
            let cell = self.track().cell[self.riders[rider as usize].space as usize];
            amount = surfaces::after_surface(amount, cell.surface, cell.number);
        }
        self.moved |= bit(rider);
        if amount <= 0 {
            let space = self.riders[rider as usize].space;
            self.set_rider(rider, Rider { space, status: Status::Dismounted });
            self.dismounted.push(rider);
            self.advance();
            return;
        }
        // Beyond any real move (at most 12 from cards or a tow, plus 4 downhill).
        let amount = amount.min(24) as u8;
        self.phase = Phase::Move { rider, amount, breakaway };
        let space = self.riders[rider as usize].space;
        if self.track().next[space as usize].iter().all(|&s| s == NONE || self.is_taken(s)) {
            self.advance();
        }
    }

    /// Moves a rider and records the lines he crosses: sprints and finish.
    pub(crate) fn move_rider(&mut self, rider: u8, to: u16) {
        self.moved |= bit(rider);
        let old = self.track().leg[self.riders[rider as usize].space as usize];
        let status = self.riders[rider as usize].status;
        self.set_rider(rider, Rider { space: to, status });
        let new = self.track().leg[to as usize];
        // A line is crossed only when the leg changes (rarely).
        if self.rules.sprints && new != old {
            for i in 0..self.track().sprints.len() {
                let sprint = &self.track().sprints[i];
                let (leg, points) = (sprint.leg, sprint.points);
                if old < leg && leg <= new && self.sprint_results[i].len() < 3 {
                    let place = self.sprint_results[i].len();
                    self.sprint_results[i].push(rider);
                    self.sprint_points[rider as usize] += points[place] as u16;
                    if place == 0 {
                        self.sprint_won(i, rider);
                    }
                }
            }
        }
        if new >= self.track().finish_leg && old < self.track().finish_leg {
            self.finish.push(rider);
            self.set_rider(rider, Rider { space: to, status: Status::Finished });
        }
    }
}
