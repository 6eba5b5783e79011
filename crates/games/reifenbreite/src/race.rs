//! The state of a race (or stage race) and every rule that changes it.

use crate::action::Action;
use crate::cards::{ChanceCard, ENERGY_KINDS, Energy, energy_deck};
use crate::course::{NONE, Track};
use crate::movement::{Occupied, Reach, Reachable, reach, reachable, steps_to, window};
use crate::options::{JerseyJudged, Options, Rules};
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use spieltisch_core::{OptionsError, Seat};
use std::sync::Arc;

/// Points for finishing places 1–16 (RULES-NOTES, section 18).
pub const PLACE_POINTS: [u16; 16] = [50, 40, 35, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8];

/// A safety bound no real race reaches: after this many rounds the race
/// director ends the race, and riders still on the road are placed behind
/// the finishers in their order on the road.
pub const ROUND_CAP: u16 = 200;

/// The kinds of energy card each rider of a team (by place) may play, his
/// own and the jokers, as a byte mask over a team's eight counts
/// ([`Reifenbreite::playable_cards`]).
const PLAYABLE_KINDS: [u64; 4] = {
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

/// A tow is allowed at most this many times per rider and race (14).
pub const MAX_TOWS: u8 = 4;

/// Where a rider is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Not yet placed on the start.
    Waiting,
    Road,
    /// Beside the road after dismounting (9.2); back at the end of the round.
    Dismounted,
    /// Over the finish line; leaves the road at the end of the round.
    Finished,
    /// Finished and off the road.
    Out,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rider {
    pub space: u16,
    pub status: Status,
}

impl Rider {
    /// True when the rider takes up his space (on the road or just over
    /// the finish).
    fn on_road(&self) -> bool {
        matches!(self.status, Status::Road | Status::Finished)
    }
}

/// What the race waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Chance: the dice roll-off for the first to place (5.1).
    FirstTeam,
    /// A team places its next rider.
    Place {
        team: u8,
    },
    /// The rider to move chooses energy cards, a breakaway, a tow, or asks
    /// for a lead exchange (`offer`: the space of the last rider who
    /// refused, [`NONE`] if nobody was asked yet).
    Choose {
        rider: u8,
        cards: [u8; 2],
        n: u8,
        offer: u16,
    },
    /// Chance: `dice` dice rolled, added to `base`.
    Dice {
        rider: u8,
        base: u8,
        dice: u8,
        breakaway: bool,
        tow: bool,
    },
    /// Chance: a chance card for a 7 (section 7).
    ChanceDraw {
        rider: u8,
        breakaway: bool,
    },
    /// The rider picks his destination.
    Move {
        rider: u8,
        amount: u8,
        breakaway: bool,
    },
    /// The rider directly behind may draft into the space `to`, from `from`,
    /// in at most `steps` steps (5.4).
    Draft {
        rider: u8,
        from: u16,
        to: u16,
        steps: u8,
    },
    /// Chance: photo cards still to draw for a tow (or the photo chance
    /// card), then move `amount`; still a breakaway if the rider broke away
    /// before drawing the chance card (6.1). `tow` tells a tow, which the
    /// car pulls whatever the road (14), from the chance card's 7, ridden
    /// under the rider's own power.
    TowPhoto {
        rider: u8,
        left: u8,
        amount: u8,
        #[serde(default)]
        breakaway: bool,
        #[serde(default)]
        tow: bool,
    },
    /// The rider `asked` answers the offer of the lead by `leader` (16).
    Proposal {
        leader: u8,
        asked: u8,
    },
    /// Chance: the race director draws two photo cards (14).
    Director,
    Over,
}

/// The complete state. Everything is public except the photo-card numbers.
///
/// Its JSON holds the options, which carry the courses, and not the tracks
/// they unroll into: those are rebuilt when it is read back.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reifenbreite {
    /// Shared: the courses they carry are large, and a race is cloned (and
    /// rebuilt from views) at every step of a search.
    pub(crate) options: Arc<Options>,
    pub(crate) rules: Rules,
    /// The track of each stage, unrolled from the options' courses.
    #[serde(skip)]
    pub(crate) tracks: Vec<Arc<Track>>,
    pub(crate) stage: u8,
    pub(crate) round: u16,
    pub(crate) phase: Phase,
    pub(crate) first_team: u8,
    pub(crate) placed: u8,
    pub(crate) riders: Vec<Rider>,
    /// Riders who have moved (or may no longer move) this round.
    pub(crate) moved: u16,
    /// Riders who have offered or taken over the lead this round.
    pub(crate) asked: u16,
    /// Energy cards held, per team and kind ([`ENERGY_KINDS`]).
    pub(crate) energy: Vec<[u8; 8]>,
    /// Chance cards left in the pile, per type.
    pub(crate) pile: [u8; 14],
    pub(crate) finish: Vec<u8>,
    pub(crate) sprint_results: Vec<Vec<u8>>,
    pub(crate) sprint_points: Vec<u16>,
    /// The yellow jersey: its wearer and the round he took it.
    pub(crate) jersey: Option<(u8, u16)>,
    /// With `jersey_judged=round_end`: the new winners of this round's
    /// sprints, in the order the sprints were won, whose claim to the jersey
    /// is judged when the round ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) jersey_pending: Vec<u8>,
    pub(crate) jersey_points: Vec<u16>,
    pub(crate) dismounted: Vec<u8>,
    pub(crate) tows: Vec<u8>,
    /// Photo cards noted per rider (0 = hidden, in views).
    pub(crate) photos: Vec<Vec<u8>>,
    pub(crate) director: Vec<u8>,
    /// Points per finished stage and rider.
    pub(crate) results: Vec<Vec<u16>>,
    /// Disqualified riders per finished stage (bit per rider).
    pub(crate) disqualified: Vec<u16>,
    /// Where the riders are, derived from `riders`.
    #[serde(skip)]
    pub(crate) road: RoadIndex,
}

impl<'de> Deserialize<'de> for Reifenbreite {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut race = Stored::deserialize(d)?;
        race.tracks = race
            .options
            .courses()
            .iter()
            .map(|course| course.track())
            .collect::<Result<_, _>>()
            .map_err(D::Error::custom)?;
        if race.stage as usize >= race.tracks.len() {
            return Err(D::Error::custom(format!(
                "stage {} of a race of {} stages",
                race.stage + 1,
                race.tracks.len()
            )));
        }
        Ok(race)
    }
}

/// How a race is read: its fields as written, the tracks left to be
/// rebuilt from the options.
#[derive(Deserialize)]
#[serde(remote = "Reifenbreite")]
struct Stored {
    options: Arc<Options>,
    rules: Rules,
    #[serde(skip)]
    tracks: Vec<Arc<Track>>,
    stage: u8,
    round: u16,
    phase: Phase,
    first_team: u8,
    placed: u8,
    riders: Vec<Rider>,
    moved: u16,
    asked: u16,
    energy: Vec<[u8; 8]>,
    pile: [u8; 14],
    finish: Vec<u8>,
    sprint_results: Vec<Vec<u8>>,
    sprint_points: Vec<u16>,
    jersey: Option<(u8, u16)>,
    #[serde(default)]
    jersey_pending: Vec<u8>,
    jersey_points: Vec<u16>,
    dismounted: Vec<u8>,
    tows: Vec<u8>,
    photos: Vec<Vec<u8>>,
    director: Vec<u8>,
    results: Vec<Vec<u16>>,
    disqualified: Vec<u16>,
    #[serde(skip)]
    road: RoadIndex,
}

/// Where the riders are, indexed for what a turn asks many times: which
/// spaces are taken and by whom, and each rider's place in the order of
/// play. Derived
/// from the riders and kept in step with them by
/// [`Reifenbreite::set_rider`], so it is neither serialized nor compared; a
/// race read from JSON starts without it (and looks at the riders) until its
/// next action builds it.
#[derive(Clone, Debug, Default)]
pub(crate) struct RoadIndex {
    /// The spaces riders take up (on the road or just over the finish), one
    /// bit per space of the track, with two spare words at the end so that
    /// a window of 128 spaces can always be read. Empty: not built.
    taken: Vec<u64>,
    /// Each rider's order of play ([`Reifenbreite::order_key`]).
    pub(crate) order: [u32; 16],
    /// The rider on each space of the track, [`NO_RIDER`] where there is
    /// none.
    at: Vec<u8>,
    /// The track of the stage, one look-up nearer than through the list
    /// of stages (the race reads it at every step).
    track: Option<Arc<Track>>,
}

/// No rider on a space of [`RoadIndex::at`].
const NO_RIDER: u8 = u8::MAX;

impl PartialEq for RoadIndex {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl RoadIndex {
    pub(crate) fn is_built(&self) -> bool {
        !self.taken.is_empty()
    }

    fn set(&mut self, space: u16, on: bool) {
        if let Some(w) = self.taken.get_mut(space as usize / 64) {
            let b = 1 << (space % 64);
            if on { *w |= b } else { *w &= !b }
        }
    }

    fn get(&self, space: u16) -> bool {
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

pub(crate) fn bit(r: u8) -> u16 {
    1 << r
}

impl Reifenbreite {
    pub(crate) fn create(options: &Options) -> Result<Self, OptionsError> {
        let rules = options.resolve()?;
        let courses = options.courses();
        let mut tracks = Vec::new();
        for c in &courses {
            let t = c.track().map_err(|e| OptionsError::Invalid {
                key: if options.stages.is_some() { "stages".into() } else { "course".into() },
                value: c.key.clone(),
                reason: e,
            })?;
            tracks.push(t);
        }
        // The options say which course is ridden, also when none was
        // given, so that the race's record carries it.
        let mut options = options.clone();
        if options.stages.is_none() {
            options.course = courses.into_iter().next();
        }
        let n = options.teams as usize * 4;
        let mut g = Reifenbreite {
            options: Arc::new(options),
            rules,
            tracks,
            stage: 0,
            round: 1,
            phase: Phase::FirstTeam,
            first_team: 0,
            placed: 0,
            riders: vec![Rider { space: NONE, status: Status::Waiting }; n],
            moved: 0,
            asked: 0,
            energy: Vec::new(),
            pile: [0; 14],
            finish: Vec::new(),
            sprint_results: Vec::new(),
            sprint_points: vec![0; n],
            jersey: None,
            jersey_pending: Vec::new(),
            jersey_points: vec![0; n],
            dismounted: Vec::new(),
            tows: vec![0; n],
            photos: vec![Vec::new(); n],
            director: Vec::new(),
            results: Vec::new(),
            disqualified: Vec::new(),
            road: RoadIndex::default(),
        };
        g.setup_stage();
        Ok(g)
    }

    pub(crate) fn setup_stage(&mut self) {
        // The index (and its track) may be the previous stage's.
        self.road = RoadIndex::default();
        let n = self.riders.len();
        let rows = self.track().energy_rows;
        self.riders = vec![Rider { space: NONE, status: Status::Waiting }; n];
        self.build_road_index();
        self.energy = vec![energy_deck(rows, self.rules.edition); self.options.teams as usize];
        self.pile = ChanceCard::full_pile(self.rules.chase_car);
        self.finish.clear();
        self.sprint_results = vec![Vec::new(); self.track().sprints.len()];
        self.sprint_points = vec![0; n];
        self.jersey = None;
        self.jersey_pending.clear();
        self.jersey_points = vec![0; n];
        self.dismounted.clear();
        self.tows = vec![0; n];
        self.photos = vec![Vec::new(); n];
        self.director.clear();
        self.moved = 0;
        self.asked = 0;
        self.round = 1;
        self.placed = 0;
        self.phase = Phase::FirstTeam;
    }

    pub fn track(&self) -> &Track {
        match &self.road.track {
            Some(track) => track,
            None => &self.tracks[self.stage as usize],
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn round(&self) -> u16 {
        self.round
    }

    pub fn riders(&self) -> &[Rider] {
        &self.riders
    }

    pub fn energy(&self, team: u8) -> [u8; 8] {
        self.energy[team as usize]
    }

    /// True when rider `r` has moved (or may no longer move) this round.
    pub fn has_moved(&self, r: u8) -> bool {
        self.moved & bit(r) != 0
    }

    pub fn finish_order(&self) -> &[u8] {
        &self.finish
    }

    pub fn teams(&self) -> u8 {
        self.options.teams
    }

    pub fn seat_of_team(&self, team: u8) -> Seat {
        (team % self.options.seats()) as Seat
    }

    pub fn seat_of_rider(&self, rider: u8) -> Seat {
        self.seat_of_team(rider / 4)
    }

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
        if self.road.is_built() {
            if old.on_road() {
                self.road.set(old.space, false);
                self.road.set_at(old.space, NO_RIDER);
            }
            if rider.on_road() {
                self.road.set(rider.space, true);
                self.road.set_at(rider.space, r);
            }
            self.road.order[r as usize] = self.order_key(r, rider);
        }
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
        if self.road.is_built() {
            self.road.get(space)
        } else {
            self.riders.iter().any(|r| r.space == space && r.on_road())
        }
    }

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

    #[inline(always)]
    pub fn rider_at(&self, space: u16) -> Option<u8> {
        if self.road.is_built() {
            return self.road.at.get(space as usize).copied().filter(|&r| r != NO_RIDER);
        }
        let occupied = self.occupied();
        occupied.iter().position(|&s| s == space && s != NONE).map(|r| r as u8)
    }

    /// Where rider `r` can get to with `max` steps.
    pub fn reach_of(&self, r: u8, max: u8) -> Reach {
        reach(self.track(), self.riders[r as usize].space, max, &self.occupied())
    }

    /// The same spaces as [`Self::reach_of`], as a set.
    pub(crate) fn reachable_of(&self, r: u8, max: u8) -> Reachable {
        let from = self.riders[r as usize].space;
        if self.road.is_built() {
            reachable(self.track(), from, max, &self.road)
        } else {
            reachable(self.track(), from, max, &self.occupied()[..])
        }
    }

    /// The shortest number of steps for rider `r` to `target`, within `max`.
    pub(crate) fn steps_of(&self, r: u8, max: u8, target: u16) -> Option<u8> {
        let from = self.riders[r as usize].space;
        if self.road.is_built() {
            steps_to(self.track(), from, max, &self.road, target)
        } else {
            steps_to(self.track(), from, max, &self.occupied()[..], target)
        }
    }

    // ---- order of play (5, 5.2) ----

    /// The next rider to move by position: furthest ahead, then rightmost.
    #[inline]
    pub fn next_by_position(&self) -> Option<u8> {
        let keys: [u32; 16] = if self.road.is_built() {
            self.road.order
        } else {
            std::array::from_fn(|r| self.riders.get(r).map_or(0, |&rider| self.order_key(r as u8, rider)))
        };
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
                && match surface {
                    // Section 10: no card with the mountain sign on a climb;
                    // only one card on cobblestones.
                    Some(crate::board::Surface::Climb) => !ENERGY_KINDS[kind].mountain,
                    Some(crate::board::Surface::Cobbles) => n == 0,
                    _ => true,
                };
        }
        playable
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
                    Action::To(s)
                }));
            }
            return;
        }
        for s in reach.sorted() {
            if crossing && t.leg[s as usize] >= t.finish_leg && !reach.is_farthest(s) {
                continue;
            }
            out.push(Action::To(s));
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

    /// The move's length after the road surface (9.2–9.4); at 0 or less
    /// the rider dismounts. A tow (`towed`) is pulled by the car: its
    /// number is the move whatever the road (14, RULES-NOTES "Tows"), but
    /// in records of edition 1, which let the surface count for it too.
    pub(crate) fn start_move(&mut self, rider: u8, mut amount: i16, breakaway: bool, towed: bool) {
        if self.rules.surfaces && !(towed && self.rules.edition >= 2) {
            let cell = self.track().cell[self.riders[rider as usize].space as usize];
            match cell.surface {
                crate::board::Surface::Climb | crate::board::Surface::Cobbles => amount -= cell.number as i16,
                crate::board::Surface::Descent => amount += cell.number as i16,
                crate::board::Surface::Asphalt => {}
            }
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

    /// The yellow jersey (15.1), only with more than one sprint.
    fn sprint_won(&mut self, sprint: usize, rider: u8) {
        if !self.rules.jersey || self.track().sprints.len() < 2 {
            return;
        }
        match self.jersey {
            None if sprint == 0 => self.jersey = Some((rider, self.round)),
            Some((holder, _)) if holder != rider => match self.rules.jersey_judged {
                JerseyJudged::AtCrossing => self.judge_jersey(rider),
                JerseyJudged::RoundEnd => self.jersey_pending.push(rider),
            },
            _ => {}
        }
    }

    /// "Ist dies der neue Fahrer" (15.1): the new sprint winner `rider`
    /// takes the jersey if he now has more sprint points than every other
    /// rider; on a tie the holder keeps it.
    fn judge_jersey(&mut self, rider: u8) {
        let mine = self.sprint_points[rider as usize];
        let best_other =
            (0..self.riders.len()).filter(|&o| o != rider as usize).map(|o| self.sprint_points[o]).max();
        if best_other.is_none_or(|b| mine > b) {
            self.jersey = Some((rider, self.round));
        }
    }

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
    fn fall(&mut self, causer: u8) -> u16 {
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
    fn return_space(&self, space: u16) -> u16 {
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

    /// Points of every rider in the current stage (18): place, sprints,
    /// yellow jersey; disqualified riders score nothing (14).
    pub fn stage_points(&self) -> Vec<u16> {
        let dq = self.disqualified_now();
        (0..self.riders.len())
            .map(|r| {
                if dq & bit(r as u8) != 0 {
                    return 0;
                }
                let place = self.finish.iter().position(|&f| f as usize == r);
                place.map(|p| PLACE_POINTS[p.min(15)]).unwrap_or(0)
                    + self.sprint_points[r]
                    + self.jersey_points[r]
            })
            .collect()
    }

    fn disqualified_now(&self) -> u16 {
        let mut dq = 0;
        if self.director.len() == 2 {
            for (r, p) in self.photos.iter().enumerate() {
                if p.iter().any(|n| self.director.contains(n)) {
                    dq |= bit(r as u8);
                }
            }
        }
        dq
    }

    pub(crate) fn finalize_stage(&mut self) {
        self.results.push(self.stage_points());
        self.disqualified.push(self.disqualified_now());
        if (self.stage as usize) + 1 < self.tracks.len() {
            self.stage += 1;
            self.setup_stage();
        } else {
            self.phase = Phase::Over;
        }
    }

    /// Team totals over all finished stages, with the stage-race bonus (17):
    /// stages × the best rider's total + the team total, with two or more
    /// stages.
    pub fn team_scores(&self) -> Vec<u32> {
        team_scores(&self.results, self.options.teams)
    }
}

/// Final team scores from per-stage rider points (`results[stage][rider]`):
/// the plain team total for one race; for a stage race of n ≥ 2 stages,
/// n × (the team's best rider's total) + the team total (17).
pub fn team_scores(results: &[Vec<u16>], teams: u8) -> Vec<u32> {
    let n = results.len() as u32;
    (0..teams as usize)
        .map(|t| {
            let rider_total = |r: usize| results.iter().map(|s| s[r] as u32).sum::<u32>();
            let total: u32 = (t * 4..t * 4 + 4).map(rider_total).sum();
            if n >= 2 { n * (t * 4..t * 4 + 4).map(rider_total).max().unwrap_or(0) + total } else { total }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use spieltisch_core::Game;
    use spieltisch_core::driver::random_action;

    /// 6.1: after a breakaway "Die Fahrer hinter ihm dürfen jetzt nicht
    /// folgen" — also when the card and die make 7 and a chance card (7)
    /// decides the move, the photo card of the chase car (14) included. The
    /// same moves ridden without breaking away let the rider behind draft.
    #[test]
    fn a_chance_card_keeps_the_breakaway() {
        use crate::action::rider_index;
        use crate::board::{Block, Cell, Surface};
        let asphalt = Cell { surface: Surface::Asphalt, number: 0 };
        let rules = Rules {
            surfaces: false,
            sprints: false,
            jersey: false,
            chase_car: true,
            lead_exchange: false,
            jersey_judged: crate::options::JerseyJudged::AtCrossing,
            edition: crate::options::EDITION,
        };
        // Rider 32 on row 5 and rider 41 directly behind him, lane 1.
        let (leader, follower) = (rider_index(32).unwrap(), rider_index(41).unwrap());
        let riders = [(32, 20), (41, 16)];
        let moving = ChanceCard::DECK
            .iter()
            .map(|&(card, _)| card)
            .filter(|c| !matches!(c, ChanceCard::Fall | ChanceCard::Puncture | ChanceCard::Chain));
        let mut tried = 0;
        for card in moving {
            for breakaway in [true, false] {
                let track = Track::from_blocks(&[Block::Straight(vec![vec![asphalt; 4]; 40])], 1, &[0]);
                let mut g = crate::setup::Setup::new(track, 4, rules, 2, &riders).position().unwrap();
                let ride = if breakaway { Action::Break } else { Action::Ride };
                for a in [Action::Card(Energy::Own6), ride, Action::Roll(1), Action::Chance(card)] {
                    Game::apply(&mut g, &a).unwrap_or_else(|e| panic!("{card:?}: {a}: {e} in {:?}", g.phase));
                }
                if card == ChanceCard::Photo {
                    Game::apply(&mut g, &Action::Photo(3)).unwrap();
                }
                assert!(
                    matches!(g.phase, Phase::Move { rider, breakaway: b, .. } if rider == leader && b == breakaway),
                    "{card:?}, breakaway {breakaway}: {:?}",
                    g.phase
                );
                // Straight on, as far as the move goes.
                let to = *g.legal_vec().iter().rfind(|a| matches!(a, Action::To(s) if s % 4 == 0)).unwrap();
                Game::apply(&mut g, &to).unwrap();
                let offered = matches!(g.phase, Phase::Draft { rider, .. } if rider == follower);
                assert_eq!(offered, !breakaway, "{card:?}, breakaway {breakaway}: {:?}", g.phase);
                tried += 1;
            }
        }
        assert_eq!(tried, 2 * 11);
    }

    /// The quick test of `playable_cards` looks at exactly the kinds of
    /// card a rider can name: his own and the jokers.
    #[test]
    fn playable_kinds_are_the_kinds_a_rider_can_name() {
        for place in 0..4u8 {
            for k in 0..ENERGY_KINDS.len() {
                let named = Energy::ALL.iter().any(|e| e.kind(place) == Some(k));
                assert_eq!(
                    PLAYABLE_KINDS[place as usize] >> (8 * k) & 0xff != 0,
                    named,
                    "place {place} kind {k}"
                );
            }
        }
    }

    /// The mass fall of 7.1 as first written: every rider on the road
    /// checked against every fallen rider; the fallen as bits.
    fn mass_fall_by_search(g: &Reifenbreite, causer: u8) -> u16 {
        let t = g.track();
        let mut fallen = vec![causer];
        let mut i = 0;
        while i < fallen.len() {
            let f = fallen[i];
            let fs = t.space(g.riders[f as usize].space);
            for x in 0..g.riders.len() as u8 {
                if fallen.contains(&x) || g.riders[x as usize].status != Status::Road {
                    continue;
                }
                let xs = g.riders[x as usize].space;
                let falls = if fs.behind == xs {
                    true
                } else if fs.beside.contains(&xs) {
                    !(f == causer && t.space(xs).lane < fs.lane)
                } else {
                    false
                };
                if falls {
                    fallen.push(x);
                }
            }
            i += 1;
        }
        fallen.iter().fold(0, |bits, &f| bits | bit(f))
    }

    /// The mass fall looks up the riders behind and beside each fallen
    /// rider; the search over all riders finds the same fallen riders, for
    /// every rider on the road at every step of random races.
    #[test]
    fn mass_fall_agrees_with_the_search() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let options: Options = serde_json::from_str(r#"{"teams":4,"rules":"pro","course":"tour"}"#).unwrap();
        let mut falls = 0;
        for _ in 0..2 {
            let mut g = Reifenbreite::create(&options).unwrap();
            while g.phase != Phase::Over {
                for causer in 0..16 {
                    if g.riders[causer as usize].status == Status::Road {
                        let mut fast = g.clone();
                        let fallen = fast.mass_fall(causer).iter().fold(0, |bits, &f| bits | bit(f));
                        assert_eq!(fallen, mass_fall_by_search(&g, causer), "{causer} falls");
                        assert_eq!(fast.moved, g.moved | fallen);
                        falls += (fallen.count_ones() > 1) as u32;
                    }
                }
                let a = random_action(&g, &mut rng).expect("the race goes on");
                g.apply_unchecked(&a);
            }
        }
        assert!(falls > 1000, "riders fell over others {falls} times");
    }

    /// The road index always says which spaces the riders take up and their
    /// order of play, whatever happens (moves, drafts, falls, dismounting and
    /// returning, finishing, lead exchanges, stage changes).
    #[test]
    fn road_index_follows_the_riders() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut legal = Vec::new();
        for stages in ["tour", "paris-roubaix,giro"] {
            let options: Options =
                serde_json::from_str(&format!(r#"{{"teams":4,"rules":"pro","stages":"{stages}"}}"#)).unwrap();
            for _ in 0..3 {
                let mut g = Reifenbreite::create(&options).unwrap();
                while g.phase != Phase::Over {
                    let a = random_action(&g, &mut rng).expect("the race goes on");
                    // A race read from JSON (without the index) decides the
                    // same, and plays on the same.
                    let mut read: Reifenbreite =
                        serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
                    assert!(!read.road.is_built());
                    let mut read_legal = Vec::new();
                    read.legal_actions(&mut read_legal);
                    legal.clear();
                    g.legal_actions(&mut legal);
                    assert_eq!(read_legal, legal);
                    assert_eq!(read.next_by_position(), g.next_by_position());
                    read.apply_unchecked(&a);
                    g.apply_unchecked(&a);
                    assert_eq!(serde_json::to_string(&read).unwrap(), serde_json::to_string(&g).unwrap());
                    let mut fresh = g.clone();
                    fresh.build_road_index();
                    assert_eq!(g.road.taken, fresh.road.taken, "after {a}");
                    assert_eq!(g.road.order, fresh.road.order, "after {a}");
                    assert_eq!(g.road.at, fresh.road.at, "after {a}");
                    assert!(Arc::ptr_eq(g.road.track.as_ref().unwrap(), &g.tracks[g.stage as usize]));
                }
            }
        }
    }
}
