//! What one viewer sees of a race, as designed data (documented field by
//! field in `docs/api.md`): riders by their printed numbers, words for
//! states and phases, `null` where there is nothing, and nothing of the
//! course, the rules or the numbering, which the table's static part
//! ([`Fixed`]) holds. The view and the static part together are the
//! viewer's whole information state: [`View::race`] rebuilds the race from
//! them, with the photo-card numbers the viewer cannot know left at 0.

use crate::action::{rider_index, rider_number};
use crate::cards::ChanceCard;
use crate::fixed::{Fixed, energy_kind_id};
use crate::game::{Phase, Reifenbreite, Rider, Status};
use crate::road_index::RoadIndex;
use crate::track::NONE;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use spieltisch_core::{Seat, Viewer};

/// What a viewer sees (see the module documentation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    /// The seat looking, `null` for a spectator.
    pub viewer: Option<Seat>,
    /// The stage being ridden, from 0: its course is the static part's
    /// `stages[stage]`.
    pub stage: u8,
    pub round: u16,
    /// What the race waits for.
    pub phase: PhaseView,
    /// The team that won the roll-off and placed first (0 before it).
    pub first_team: u8,
    /// How many riders are placed on the start.
    pub placed: u8,
    /// Every rider, in the static part's order of `riders`.
    pub riders: Vec<RiderView>,
    /// Every team, by team number from 0.
    pub teams: Vec<TeamView>,
    /// The chance cards left in the pile, in the deck's order.
    pub pile: Vec<PileCount>,
    /// The riders over the finish line, in the order they crossed it.
    pub finish: Vec<u8>,
    /// For each sprint of the stage's course, the riders who took its
    /// places, in order.
    pub sprint_results: Vec<Vec<u8>>,
    /// The wearer of the yellow jersey.
    pub jersey: Option<Jersey>,
    /// With `jersey_judged=round_end`: the new sprint winners of this round
    /// whose claim to the jersey is judged when the round ends.
    pub jersey_pending: Vec<u8>,
    /// The riders who dismounted this round, in the order they did.
    pub dismounted: Vec<u8>,
    /// The race director's two photo cards, once drawn at the end.
    pub director: Vec<u8>,
}

/// What the race waits for, with riders by number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PhaseView {
    /// Chance: the roll-off for the first to place.
    FirstTeam,
    /// A team places its next rider.
    Place {
        team: u8,
    },
    /// The rider chooses energy cards, a breakaway or a tow, or asks for a
    /// lead exchange. `cards`: the kinds chosen so far (the static part's
    /// `energy_kinds` ids); `offer`: the space of the last rider who refused
    /// the lead, `null` if nobody was asked yet.
    Choose {
        rider: u8,
        cards: Vec<String>,
        offer: Option<u16>,
    },
    /// Chance: `dice` dice rolled, added to `base`.
    Dice {
        rider: u8,
        base: u8,
        dice: u8,
        breakaway: bool,
        tow: bool,
    },
    /// Chance: a chance card for a 7.
    ChanceDraw {
        rider: u8,
        breakaway: bool,
    },
    /// The rider picks a space at most `amount` ahead.
    Move {
        rider: u8,
        amount: u8,
        breakaway: bool,
    },
    /// The rider `rider` (directly behind the one who moved from `from`)
    /// may draft into `to` in at most `steps` steps.
    Draft {
        rider: u8,
        from: u16,
        to: u16,
        steps: u8,
    },
    /// Chance: `left` photo cards still to draw, then the rider moves
    /// `amount`.
    TowPhoto {
        rider: u8,
        left: u8,
        amount: u8,
        breakaway: bool,
        tow: bool,
    },
    /// The rider `asked` answers the offer of the lead by `leader`.
    Proposal {
        leader: u8,
        asked: u8,
    },
    /// Chance: the race director draws two photo cards.
    Director,
    Over,
}

/// Where a rider is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RiderStatus {
    /// Not yet placed on the start.
    Waiting,
    Road,
    /// Beside the road after dismounting; back at the end of the round.
    Dismounted,
    /// Over the finish line; leaves the road at the end of the round.
    Finished,
    /// Finished and off the road.
    Out,
}

impl RiderStatus {
    pub fn of(status: Status) -> RiderStatus {
        match status {
            Status::Waiting => RiderStatus::Waiting,
            Status::Road => RiderStatus::Road,
            Status::Dismounted => RiderStatus::Dismounted,
            Status::Finished => RiderStatus::Finished,
            Status::Out => RiderStatus::Out,
        }
    }
}

/// One rider.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RiderView {
    /// The printed number.
    pub number: u8,
    /// The space he is on (a number of the stage's `spaces`), `null`
    /// before he is placed.
    pub space: Option<u16>,
    pub status: RiderStatus,
    /// Has moved this round (or may no longer move in it); left out when
    /// not, which halves what a replay spends on every round's end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved: bool,
    /// Has offered or taken over the lead this round.
    pub asked: bool,
    /// Tows taken this stage.
    pub tows: u8,
    /// The photo cards noted for him, `null` for one whose number is
    /// hidden (until the race is over).
    pub photos: Vec<Option<u8>>,
    /// Sprint points this stage.
    pub sprint_points: u16,
    /// Points for the yellow jersey this stage.
    pub jersey_points: u16,
    /// His points in each finished stage.
    pub stage_points: Vec<u16>,
    /// Whether he was disqualified (by the race director's photo cards) in
    /// each finished stage.
    pub disqualified: Vec<bool>,
}

/// One team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamView {
    /// The energy cards held: a count per kind of the static part's
    /// `energy_kinds`, in that order.
    pub energy: Vec<u8>,
    /// The team's points in each finished stage (the sum of its riders').
    pub stage_points: Vec<u32>,
    /// The team's result so far as the outcome counts it: the sum of its
    /// riders' points; in a stage race of n stages, n × its best rider's
    /// total plus that sum.
    pub score: u32,
}

/// How many of a chance card are left in the pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PileCount {
    /// The card (`fall`, `puncture`, `headwind2`, …; see `docs/api.md`).
    pub card: String,
    pub left: u8,
}

/// The yellow jersey.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Jersey {
    /// Its wearer.
    pub rider: u8,
    /// The round in which he took it.
    pub since: u16,
}

fn number(r: u8) -> u8 {
    rider_number(r)
}

/// The rider index of a printed number; a number no rider has reads as
/// rider 0 (views are read back from what a race wrote).
fn index(n: u8) -> u8 {
    rider_index(n).unwrap_or(0)
}

fn kind_of(fixed: &Fixed, id: &str) -> u8 {
    fixed.energy_kinds.iter().position(|k| k.id == id).unwrap_or(0) as u8
}

impl View {
    /// What `viewer` sees of `race`.
    pub fn of(race: &Reifenbreite, viewer: Viewer) -> View {
        let over = race.phase == Phase::Over;
        let n = race.riders.len();
        let stage_team_points = |results: &[u16], t: usize| -> u32 {
            results.iter().skip(t * 4).take(4).map(|&p| u32::from(p)).sum()
        };
        let scores = race.team_scores();
        View {
            viewer: match viewer {
                Viewer::Seat(s) => Some(s),
                Viewer::Spectator => None,
            },
            stage: race.stage,
            round: race.round,
            phase: match race.phase {
                Phase::FirstTeam => PhaseView::FirstTeam,
                Phase::Place { team } => PhaseView::Place { team },
                Phase::Choose { rider, cards, n, offer } => PhaseView::Choose {
                    rider: number(rider),
                    cards: cards[..n as usize].iter().map(|&k| energy_kind_id(k as usize)).collect(),
                    offer: (offer != NONE).then_some(offer),
                },
                Phase::Dice { rider, base, dice, breakaway, tow } => {
                    PhaseView::Dice { rider: number(rider), base, dice, breakaway, tow }
                }
                Phase::ChanceDraw { rider, breakaway } => {
                    PhaseView::ChanceDraw { rider: number(rider), breakaway }
                }
                Phase::Move { rider, amount, breakaway } => {
                    PhaseView::Move { rider: number(rider), amount, breakaway }
                }
                Phase::Draft { rider, from, to, steps } => {
                    PhaseView::Draft { rider: number(rider), from, to, steps }
                }
                Phase::TowPhoto { rider, left, amount, breakaway, tow } => {
                    PhaseView::TowPhoto { rider: number(rider), left, amount, breakaway, tow }
                }
                Phase::Proposal { leader, asked } => {
                    PhaseView::Proposal { leader: number(leader), asked: number(asked) }
                }
                Phase::Director => PhaseView::Director,
                Phase::Over => PhaseView::Over,
            },
            first_team: race.first_team,
            placed: race.placed,
            riders: (0..n)
                .map(|r| {
                    let rider = race.riders[r];
                    RiderView {
                        number: number(r as u8),
                        space: (rider.space != NONE).then_some(rider.space),
                        status: RiderStatus::of(rider.status),
                        moved: race.moved & (1 << r) != 0,
                        asked: race.asked & (1 << r) != 0,
                        tows: race.tows[r],
                        photos: race.photos[r].iter().map(|&p| over.then_some(p)).collect(),
                        sprint_points: race.sprint_points[r],
                        jersey_points: race.jersey_points[r],
                        stage_points: race.results.iter().map(|stage| stage[r]).collect(),
                        disqualified: race.disqualified.iter().map(|&dq| dq & (1 << r) != 0).collect(),
                    }
                })
                .collect(),
            teams: (0..race.energy.len())
                .map(|t| TeamView {
                    energy: race.energy[t].to_vec(),
                    stage_points: race.results.iter().map(|stage| stage_team_points(stage, t)).collect(),
                    score: scores.get(t).copied().unwrap_or(0),
                })
                .collect(),
            pile: ChanceCard::DECK
                .iter()
                .zip(race.pile)
                .map(|((card, _), left)| PileCount { card: card.slug().to_string(), left })
                .collect(),
            finish: race.finish.iter().map(|&r| number(r)).collect(),
            sprint_results: race
                .sprint_results
                .iter()
                .map(|s| s.iter().map(|&r| number(r)).collect())
                .collect(),
            jersey: race.jersey.map(|(r, since)| Jersey { rider: number(r), since }),
            jersey_pending: race.jersey_pending.iter().map(|&r| number(r)).collect(),
            dismounted: race.dismounted.iter().map(|&r| number(r)).collect(),
            director: race.director.clone(),
        }
    }

    /// The race this view and the table's static part describe, with every
    /// photo-card number the view hides at 0.
    pub fn race(&self, fixed: &Fixed) -> Reifenbreite {
        let tracks: Vec<_> = fixed.tracks().cloned().collect();
        let bits = |flags: &mut dyn Iterator<Item = bool>| {
            flags.enumerate().fold(0u16, |mask, (r, on)| if on { mask | 1 << r } else { mask })
        };
        let stages_done = self.riders.first().map_or(0, |r| r.stage_points.len());
        let mut race = Reifenbreite {
            options: fixed.options.clone(),
            rules: fixed.rules,
            tracks,
            stage: self.stage,
            round: self.round,
            phase: match &self.phase {
                PhaseView::FirstTeam => Phase::FirstTeam,
                PhaseView::Place { team } => Phase::Place { team: *team },
                PhaseView::Choose { rider, cards, offer } => {
                    let mut kinds = [u8::MAX; 2];
                    for (slot, id) in kinds.iter_mut().zip(cards) {
                        *slot = kind_of(fixed, id);
                    }
                    Phase::Choose {
                        rider: index(*rider),
                        cards: kinds,
                        n: cards.len().min(2) as u8,
                        offer: offer.unwrap_or(NONE),
                    }
                }
                PhaseView::Dice { rider, base, dice, breakaway, tow } => Phase::Dice {
                    rider: index(*rider),
                    base: *base,
                    dice: *dice,
                    breakaway: *breakaway,
                    tow: *tow,
                },
                PhaseView::ChanceDraw { rider, breakaway } => {
                    Phase::ChanceDraw { rider: index(*rider), breakaway: *breakaway }
                }
                PhaseView::Move { rider, amount, breakaway } => {
                    Phase::Move { rider: index(*rider), amount: *amount, breakaway: *breakaway }
                }
                PhaseView::Draft { rider, from, to, steps } => {
                    Phase::Draft { rider: index(*rider), from: *from, to: *to, steps: *steps }
                }
                PhaseView::TowPhoto { rider, left, amount, breakaway, tow } => Phase::TowPhoto {
                    rider: index(*rider),
                    left: *left,
                    amount: *amount,
                    breakaway: *breakaway,
                    tow: *tow,
                },
                PhaseView::Proposal { leader, asked } => {
                    Phase::Proposal { leader: index(*leader), asked: index(*asked) }
                }
                PhaseView::Director => Phase::Director,
                PhaseView::Over => Phase::Over,
            },
            first_team: self.first_team,
            placed: self.placed,
            riders: self
                .riders
                .iter()
                .map(|r| Rider {
                    space: r.space.unwrap_or(NONE),
                    status: match r.status {
                        RiderStatus::Waiting => Status::Waiting,
                        RiderStatus::Road => Status::Road,
                        RiderStatus::Dismounted => Status::Dismounted,
                        RiderStatus::Finished => Status::Finished,
                        RiderStatus::Out => Status::Out,
                    },
                })
                .collect(),
            moved: bits(&mut self.riders.iter().map(|r| r.moved)),
            asked: bits(&mut self.riders.iter().map(|r| r.asked)),
            energy: self
                .teams
                .iter()
                .map(|t| std::array::from_fn(|k| t.energy.get(k).copied().unwrap_or(0)))
                .collect(),
            pile: std::array::from_fn(|k| {
                let slug = ChanceCard::DECK.get(k).map(|(c, _)| c.slug());
                self.pile.iter().find(|p| Some(p.card.as_str()) == slug).map_or(0, |p| p.left)
            }),
            finish: self.finish.iter().map(|&n| index(n)).collect(),
            sprint_results: self
                .sprint_results
                .iter()
                .map(|s| s.iter().map(|&n| index(n)).collect())
                .collect(),
            sprint_points: self.riders.iter().map(|r| r.sprint_points).collect(),
            jersey: self.jersey.map(|j| (index(j.rider), j.since)),
            jersey_pending: self.jersey_pending.iter().map(|&n| index(n)).collect(),
            jersey_points: self.riders.iter().map(|r| r.jersey_points).collect(),
            dismounted: self.dismounted.iter().map(|&n| index(n)).collect(),
            tows: self.riders.iter().map(|r| r.tows).collect(),
            photos: self.riders.iter().map(|r| r.photos.iter().map(|p| p.unwrap_or(0)).collect()).collect(),
            director: self.director.clone(),
            results: (0..stages_done)
                .map(|k| self.riders.iter().map(|r| r.stage_points.get(k).copied().unwrap_or(0)).collect())
                .collect(),
            disqualified: (0..stages_done)
                .map(|k| {
                    bits(&mut self.riders.iter().map(|r| r.disqualified.get(k).copied().unwrap_or(false)))
                })
                .collect(),
            road: RoadIndex::default(),
        };
        race.build_road_index();
        race
    }

    /// The race this view and the static part describe, with every hidden
    /// photo-card number drawn anew (1–6, equally likely).
    pub(crate) fn resample(&self, fixed: &Fixed, rng: &mut dyn RngCore) -> Reifenbreite {
        let mut race = self.race(fixed);
        for p in race.photos.iter_mut() {
            for n in p.iter_mut().filter(|n| **n == 0) {
                *n = (rng.next_u32() % 6) as u8 + 1;
            }
        }
        race
    }
}
