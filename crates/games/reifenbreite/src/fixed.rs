//! The static part of a table ([`spieltisch_core::Game::Static`]): what
//! every viewer may know from the options alone and that never changes
//! during a race, sent to a front end once per table instead of in every
//! view: the drawing of each stage's course ([`Layout`]), the rules in
//! force, the riders with their printed numbers, the points for places and
//! the kinds of energy card. A view and this part together are a viewer's
//! complete information state ([`crate::Reifenbreite`]'s `resample`).
//!
//! Read back from JSON, only `options` counts: everything else is derived
//! from it again (without reading any file: the options carry the courses).

use crate::action::rider_number;
use crate::cards::ENERGY_KINDS;
use crate::game::{PLACE_POINTS, Reifenbreite};
use crate::layout::Layout;
use crate::options::{Options, Rules};
use crate::track::Track;
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use std::sync::Arc;

/// The static part of an Um Reifenbreite table (documented field by field
/// in `docs/api.md`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fixed {
    /// The options as the race holds them: the course ridden named also
    /// when none was given, every course by content.
    pub options: Arc<Options>,
    /// The rules in force, resolved from the options.
    pub rules: Rules,
    /// The managers.
    pub seats: u8,
    /// Every team, from team 0.
    pub teams: Vec<TeamInfo>,
    /// Every rider of the race, by team and place in the team: the order of
    /// a view's riders.
    pub riders: Vec<RiderInfo>,
    /// Points for finishing places 1–16 (18).
    pub place_points: [u16; 16],
    /// The kinds of energy card, in the order of a team's counts in a view.
    pub energy_kinds: Vec<EnergyKindInfo>,
    /// The course of each stage, drawn ([`Layout`]).
    pub stages: Vec<Layout>,
}

/// One team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamInfo {
    /// The team's number, the first digit of its riders' numbers (2–5): the
    /// team is called `2x`, `3x`, ….
    pub number: u8,
    /// The seat of its manager (team `t` is managed by seat `t % seats`).
    pub seat: u8,
}

/// One rider as printed on his token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RiderInfo {
    /// The printed number: 21–24 for the first team, 31–34, 41–44, 51–54.
    pub number: u8,
    /// The team, from 0.
    pub team: u8,
    /// His place in the team, 1–4: the last digit of his number, the
    /// `owner` of his own energy cards.
    pub place: u8,
    /// The seat of the manager who moves him.
    pub seat: u8,
    /// The team's star (number x1).
    pub star: bool,
}

/// A kind of energy card: whose it is, its value and whether it bears the
/// mountain sign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EnergyKindInfo {
    /// A stable name: the owner's place in the team (1–4) or `J` for a
    /// joker, a dash, the value and `M` with the mountain sign: `1-6M`,
    /// `4-5`, `J-6M`.
    pub id: String,
    /// The owner's place in his team, 1–4 (the last digit of his number);
    /// `null` for a joker, which any rider of the team may play.
    pub owner: Option<u8>,
    pub value: u8,
    pub mountain: bool,
}

impl Fixed {
    /// The static part of `race`, from the tracks it rides.
    pub fn of(race: &Reifenbreite) -> Fixed {
        Fixed::from_parts(race.options.clone(), race.rules, race.tracks.clone())
    }

    fn from_parts(options: Arc<Options>, rules: Rules, tracks: Vec<Arc<Track>>) -> Fixed {
        let teams = options.teams;
        let seats = options.seats();
        Fixed {
            rules,
            seats,
            teams: (0..teams).map(|t| TeamInfo { number: t + 2, seat: t % seats.max(1) }).collect(),
            riders: (0..teams * 4)
                .map(|r| RiderInfo {
                    number: rider_number(r),
                    team: r / 4,
                    place: r % 4 + 1,
                    seat: (r / 4) % seats.max(1),
                    star: r % 4 == 0,
                })
                .collect(),
            place_points: PLACE_POINTS,
            energy_kinds: energy_kinds(),
            stages: tracks.into_iter().map(Layout).collect(),
            options,
        }
    }

    /// The static part of a table with `options`: of the race they start,
    /// or, for options no race can start with, only the options.
    pub fn of_options(options: &Options) -> Fixed {
        match Reifenbreite::create(options) {
            Ok(race) => Fixed::of(&race),
            Err(_) => {
                let rules = Rules {
                    surfaces: false,
                    sprints: false,
                    jersey: false,
                    chase_car: false,
                    lead_exchange: false,
                    jersey_judged: Default::default(),
                    edition: options.edition,
                };
                Fixed::from_parts(Arc::new(options.clone()), rules, Vec::new())
            }
        }
    }

    /// The tracks of the stages.
    pub fn tracks(&self) -> impl Iterator<Item = &Arc<Track>> {
        self.stages.iter().map(|l| &l.0)
    }
}

/// The name of the energy kind `kind` ([`ENERGY_KINDS`]): `1-6M`, `J-5`.
pub fn energy_kind_id(kind: usize) -> String {
    ENERGY_KINDS.get(kind).map_or_else(String::new, |k| {
        format!(
            "{}-{}{}",
            k.owner.map_or("J".to_string(), |o| (o + 1).to_string()),
            k.value,
            if k.mountain { "M" } else { "" }
        )
    })
}

/// The kinds of energy card, described.
pub fn energy_kinds() -> Vec<EnergyKindInfo> {
    ENERGY_KINDS
        .iter()
        .enumerate()
        .map(|(kind, k)| EnergyKindInfo {
            id: energy_kind_id(kind),
            owner: k.owner.map(|o| o + 1),
            value: k.value,
            mountain: k.mountain,
        })
        .collect()
}

/// Read back from its options alone (see the module documentation).
impl<'de> Deserialize<'de> for Fixed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Written {
            options: Options,
        }
        let Written { options } = Written::deserialize(d)?;
        let race = Reifenbreite::create(&options).map_err(|e| D::Error::custom(e.to_string()))?;
        Ok(Fixed::of(&race))
    }
}
