//! The state of a race (or stage race) and its rules: the riders, the
//! phase of the round, the cards and the results; whose turn, the legal
//! actions and chance outcomes of each decision, and how an action changes
//! the race. The rules that change it are split by the rulebook's nouns:
//! [`crate::order`] (order of play, lead exchange, end of a round),
//! [`crate::moves`] (cards, dice, destinations), [`crate::surfaces`],
//! [`crate::drafting`], [`crate::falls`] and [`crate::scoring`]; where the
//! riders are is indexed in [`crate::road`]. `package.rs` hands them on to
//! the core's contract.

use crate::action::Action;
use crate::cards::{ChanceCard, ENERGY_KINDS, Energy, energy_deck};
use crate::options::{Options, Rules};
pub use crate::points::{PLACE_POINTS, team_scores};
use crate::road_index::RoadIndex;
use crate::track::{NONE, Track};
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use spieltisch_core::{OptionsError, Outcome, Seat, Sight, Turn, Viewer, Weight};
use std::sync::Arc;

/// A safety bound no real race reaches: after this many rounds the race
/// director ends the race, and riders still on the road are placed behind
/// the finishers in their order on the road.
pub const ROUND_CAP: u16 = 200;

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
    pub(crate) fn on_road(&self) -> bool {
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
        // The index is built here, as everywhere a race is made: riders must
        // stand on the track for it.
        let spaces = race.tracks[race.stage as usize].spaces.len();
        if race.riders.len() > 16 {
            return Err(D::Error::custom(format!("{} riders; a race has at most 16", race.riders.len())));
        }
        if let Some(r) = race.riders.iter().position(|r| r.on_road() && usize::from(r.space) >= spaces) {
            return Err(D::Error::custom(format!(
                "rider {} stands on space {}, off the track of {spaces} spaces",
                crate::action::rider_number(r as u8),
                race.riders[r].space
            )));
        }
        race.build_road_index();
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
}

/// The totals of two dice with their number of ways (out of 36).
const TWO_DICE: [(Action, u32); 11] = {
    let mut totals = [(Action::Roll { total: 0 }, 0); 11];
    let mut i = 0;
    while i < 11 {
        let total = i as u32 + 2;
        totals[i] = (Action::Roll { total: total as u8 }, 6 - total.abs_diff(7));
        i += 1;
    }
    totals
};

const ONE_DIE: [(Action, u32); 6] = [
    (Action::Roll { total: 1 }, 1),
    (Action::Roll { total: 2 }, 1),
    (Action::Roll { total: 3 }, 1),
    (Action::Roll { total: 4 }, 1),
    (Action::Roll { total: 5 }, 1),
    (Action::Roll { total: 6 }, 1),
];

/// The photo cards 1–6 of a tow, equally likely.
const PHOTOS: [(Action, u32); 6] = [
    (Action::Photo { value: 1 }, 1),
    (Action::Photo { value: 2 }, 1),
    (Action::Photo { value: 3 }, 1),
    (Action::Photo { value: 4 }, 1),
    (Action::Photo { value: 5 }, 1),
    (Action::Photo { value: 6 }, 1),
];

/// The rules the platform's contract asks for, which `package.rs` hands on.
impl Reifenbreite {
    pub(crate) fn options(&self) -> &Options {
        &self.options
    }

    pub(crate) fn seats(&self) -> usize {
        self.options.seats() as usize
    }

    // The entry points of a step of the race (`turn`, `legal_actions`,
    // `chance_outcomes`, `apply_unchecked`) are `#[inline]`: the loops that
    // call them (bots, searches, the benchmark) live in other crates, and
    // without link-time optimization only inlinable code reaches into them.
    #[inline]
    pub(crate) fn turn(&self) -> Turn {
        match self.phase {
            Phase::FirstTeam
            | Phase::Dice { .. }
            | Phase::ChanceDraw { .. }
            | Phase::TowPhoto { .. }
            | Phase::Director => Turn::Chance,
            Phase::Place { team } => Turn::Seat(self.seat_of_team(team)),
            Phase::Choose { rider, .. } | Phase::Move { rider, .. } | Phase::Draft { rider, .. } => {
                Turn::Seat(self.seat_of_rider(rider))
            }
            Phase::Proposal { asked, .. } => Turn::Seat(self.seat_of_rider(asked)),
            Phase::Over => Turn::Over,
        }
    }

    #[inline]
    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Place { team } => {
                let t = self.track();
                // The team's lanes as bits.
                let lanes_used = (team * 4..team * 4 + 4)
                    .filter(|&r| self.riders[r as usize].status != Status::Waiting)
                    .fold(0u32, |bits, r| bits | 1 << t.space(self.riders[r as usize].space).lane);
                let occ = self.occupied();
                for r in team * 4..team * 4 + 4 {
                    if self.riders[r as usize].status != Status::Waiting {
                        continue;
                    }
                    for &s in &t.start {
                        if !occ.contains(&s) && lanes_used & 1 << t.space(s).lane == 0 {
                            out.push(Action::Place { rider: r, space: s });
                        }
                    }
                }
            }
            Phase::Choose { rider, cards, n, offer } => {
                if self.rules.lead_exchange && n == 0 && self.ask_target(rider, offer).is_some() {
                    out.push(Action::Ask {});
                }
                for (e, playable) in Energy::ALL.into_iter().zip(self.playable_cards(rider, cards, n)) {
                    if playable {
                        out.push(Action::Card(e));
                    }
                }
                out.push(Action::Ride {});
                if n > 0 {
                    out.push(Action::Break {});
                }
                if self.rules.chase_car && n == 0 && self.tows[rider as usize] < MAX_TOWS {
                    out.push(Action::Tow {});
                    out.push(Action::Tow12 {});
                }
            }
            Phase::Move { rider, amount, .. } => self.destinations(rider, amount, out),
            Phase::Draft { .. } => out.extend([Action::Draft {}, Action::Skip {}]),
            Phase::Proposal { .. } => out.extend([Action::Accept {}, Action::Refuse {}]),
            _ => {}
        }
    }

    #[inline]
    pub(crate) fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        match self.phase {
            Phase::FirstTeam => out.extend((0..self.options.teams).map(|t| (Action::First { team: t }, 1))),
            Phase::Dice { dice: 2, .. } => out.extend_from_slice(&TWO_DICE),
            Phase::Dice { .. } => out.extend_from_slice(&ONE_DIE),
            Phase::ChanceDraw { .. } => {
                for (i, (card, _)) in ChanceCard::DECK.iter().enumerate() {
                    if self.pile[i] > 0 {
                        out.push((Action::Chance { card: *card }, self.pile[i] as u32));
                    }
                }
            }
            Phase::TowPhoto { .. } => out.extend_from_slice(&PHOTOS),
            Phase::Director => out.extend(
                (1..=6).filter(|n| !self.director.contains(n)).map(|n| (Action::Director { value: n }, 1)),
            ),
            _ => {}
        }
    }

    #[inline]
    pub(crate) fn apply_unchecked(&mut self, action: &Action) {
        match (self.phase, *action) {
            (Phase::FirstTeam, Action::First { team: t }) => {
                self.first_team = t;
                self.phase = Phase::Place { team: t };
            }
            (Phase::Place { .. }, Action::Place { rider, space }) => {
                self.set_rider(rider, Rider { space, status: Status::Road });
                self.placed += 1;
                if self.placed as usize == self.riders.len() {
                    self.round = 1;
                    self.advance();
                } else {
                    self.phase = Phase::Place { team: (self.first_team + self.placed) % self.options.teams };
                }
            }
            (Phase::Choose { rider, mut cards, n, offer }, a) => match a {
                Action::Card(e) => {
                    let kind = e.kind(rider % 4).unwrap_or(0);
                    self.energy[(rider / 4) as usize][kind] -= 1;
                    cards[n as usize] = kind as u8;
                    self.phase = Phase::Choose { rider, cards, n: n + 1, offer };
                }
                Action::Ride {} | Action::Break {} => {
                    let base: u8 = cards[..n as usize].iter().map(|&k| ENERGY_KINDS[k as usize].value).sum();
                    let breakaway = a == Action::Break {};
                    if n == 2 {
                        self.resolve_total(rider, base, breakaway);
                    } else {
                        self.phase = Phase::Dice { rider, base, dice: 2 - n, breakaway, tow: false };
                    }
                }
                Action::Tow {} => {
                    self.tows[rider as usize] += 1;
                    self.phase = Phase::Dice { rider, base: 6, dice: 1, breakaway: false, tow: true };
                }
                Action::Tow12 {} => {
                    self.tows[rider as usize] += 1;
                    self.phase = Phase::TowPhoto { rider, left: 2, amount: 12, breakaway: false, tow: true };
                }
                Action::Ask {} => {
                    let asked = self.ask_target(rider, offer).unwrap_or(rider);
                    self.phase = Phase::Proposal { leader: rider, asked };
                }
                _ => unreachable!("not listed"),
            },
            (Phase::Dice { rider, base, tow, breakaway, .. }, Action::Roll { total: d }) => {
                if tow {
                    self.phase =
                        Phase::TowPhoto { rider, left: 1, amount: base + d, breakaway: false, tow: true };
                } else {
                    self.resolve_total(rider, base + d, breakaway);
                }
            }
            (Phase::ChanceDraw { rider, breakaway }, Action::Chance { card }) => {
                self.pile[card.index()] -= 1;
                if self.pile.iter().all(|&n| n == 0) {
                    self.pile = ChanceCard::full_pile(self.rules.chase_car);
                }
                self.chance_card(rider, card, breakaway);
            }
            (Phase::TowPhoto { rider, left, amount, breakaway, tow }, Action::Photo { value: n }) => {
                self.photos[rider as usize].push(n);
                if left > 1 {
                    self.phase = Phase::TowPhoto { rider, left: left - 1, amount, breakaway, tow };
                } else {
                    self.start_move(rider, amount as i16, breakaway, tow);
                }
            }
            (Phase::Move { rider, breakaway, amount }, Action::To { space: s }) => {
                let from = self.riders[rider as usize].space;
                // The steps only matter to a rider who may draft.
                let steps = if !breakaway && self.may_draft_from(from) {
                    self.steps_of(rider, amount, s).unwrap_or(amount)
                } else {
                    0
                };
                self.move_rider(rider, s);
                self.offer_draft(from, s, steps);
            }
            (Phase::Draft { rider, from, to, steps }, Action::Draft {}) => {
                let d = if self.may_draft_from(from) {
                    self.steps_of(rider, steps, to).unwrap_or(steps)
                } else {
                    0
                };
                self.move_rider(rider, to);
                self.offer_draft(from, to, d);
            }
            (Phase::Draft { .. }, Action::Skip {}) => self.advance(),
            (Phase::Proposal { leader, asked }, Action::Accept {}) => {
                // The two take up the same spaces as before, so only their
                // order of play changes places.
                let (a, b) = (self.riders[leader as usize].space, self.riders[asked as usize].space);
                self.riders[leader as usize].space = b;
                self.riders[asked as usize].space = a;
                self.road.order[leader as usize] = self.order_key(leader, self.riders[leader as usize]);
                self.road.order[asked as usize] = self.order_key(asked, self.riders[asked as usize]);
                self.road.set_at(a, asked);
                self.road.set_at(b, leader);
                self.asked |= bit(leader) | bit(asked);
                self.begin_turn(asked);
            }
            (Phase::Proposal { leader, asked }, Action::Refuse {}) => {
                let offer = self.riders[asked as usize].space;
                self.phase = Phase::Choose { rider: leader, cards: [u8::MAX; 2], n: 0, offer };
                if self.ask_target(leader, offer).is_none() {
                    self.asked |= bit(leader);
                    self.begin_turn(leader);
                }
            }
            (Phase::Director, Action::Director { value: n }) => {
                self.director.push(n);
                if self.director.len() == 2 {
                    self.finalize_stage();
                }
            }
            (phase, a) => unreachable!("{a} is not listed in {phase:?}"),
        }
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let teams = self.team_scores();
        let seats = self.seats();
        let scores: Vec<f64> = (0..seats)
            .map(|s| (0..teams.len()).filter(|&t| t % seats == s).map(|t| teams[t] as f64).sum())
            .collect();
        Some(Outcome::from_scores(scores))
    }

    pub(crate) fn score_bounds(options: &Options) -> (f64, f64) {
        let stages = options.courses();
        let n = stages.len() as f64;
        let mut per_stage = 0.0f64;
        for c in &stages {
            let sprints: f64 =
                c.sprints.iter().map(|s| s.points.iter().map(|&p| p as f64).sum::<f64>()).sum();
            per_stage = per_stage.max(157.0 + sprints + 2.0 * ROUND_CAP as f64);
        }
        // A stage race: n × the best rider's total (at most n stages' worth)
        // plus the team total over n stages.
        let team = if n >= 2.0 { n * (n + 1.0) * per_stage } else { per_stage };
        (0.0, team * 4.0)
    }

    pub(crate) fn max_actions(options: &Options) -> usize {
        let riders = options.teams as usize * 4;
        // Per rider and round: up to 15 offers of the lead and their answers,
        // two cards, ride, dice, a chance card, two photo cards, the move and
        // one draft decision.
        options.courses().len() * (1 + riders + ROUND_CAP as usize * riders * 48 + 2)
    }

    /// The photo cards are everyone's secret until the finish is judged.
    pub(crate) fn sight(&self, action: &Action, _viewer: Viewer) -> Sight {
        match action {
            Action::Photo { .. } => Sight::Kind,
            _ => Sight::Plainly,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::cards::{ENERGY_KINDS, Energy};
    use crate::moves::PLAYABLE_KINDS;
    use crate::setup::Setup;
    use rand::SeedableRng;
    use spieltisch_core::driver::random_action;
    use spieltisch_core::{FromSetup, Game};

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
                let mut g = Reifenbreite::from_setup(Setup::new(track, 4, rules, 2, &riders)).unwrap();
                let ride = if breakaway { Action::Break {} } else { Action::Ride {} };
                for a in
                    [Action::Card(Energy::Own6), ride, Action::Roll { total: 1 }, Action::Chance { card }]
                {
                    Game::apply(&mut g, &a).unwrap_or_else(|e| panic!("{card:?}: {a}: {e} in {:?}", g.phase));
                }
                if card == ChanceCard::Photo {
                    Game::apply(&mut g, &Action::Photo { value: 3 }).unwrap();
                }
                assert!(
                    matches!(g.phase, Phase::Move { rider, breakaway: b, .. } if rider == leader && b == breakaway),
                    "{card:?}, breakaway {breakaway}: {:?}",
                    g.phase
                );
                // Straight on, as far as the move goes.
                let to = *g
                    .legal_vec()
                    .iter()
                    .rfind(|a| matches!(a, Action::To { space: s } if s % 4 == 0))
                    .unwrap();
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
    /// Reading a race builds its index, so a rider off the track is refused
    /// with a reason, never a panic.
    #[test]
    fn a_race_read_with_a_rider_off_the_track_is_refused() {
        let options: Options = serde_json::from_str(r#"{"teams":2}"#).unwrap();
        let mut g = Reifenbreite::create(&options).unwrap();
        g.riders[3] = Rider { space: 60_000, status: Status::Road };
        let err = serde_json::from_str::<Reifenbreite>(&serde_json::to_string(&g).unwrap()).unwrap_err();
        assert!(err.to_string().contains("rider 24 stands on space 60000, off the track"), "{err}");
        let mut json = serde_json::to_value(Reifenbreite::create(&options).unwrap()).unwrap();
        json["riders"] = serde_json::json!(vec![serde_json::json!({"space": 0, "status": "Waiting"}); 17]);
        let err = serde_json::from_value::<Reifenbreite>(json).unwrap_err();
        assert!(err.to_string().contains("17 riders"), "{err}");
    }

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
                    // A race read from JSON (its index built anew) decides
                    // the same, and plays on the same.
                    let mut read: Reifenbreite =
                        serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
                    assert_eq!((&read.road.taken, &read.road.at), (&g.road.taken, &g.road.at));
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
