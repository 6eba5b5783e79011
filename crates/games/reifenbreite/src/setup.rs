//! A race set up in the middle of a round: the rulebook's figures, fuzzing
//! and tests start from one. [`Setup`] says where the riders are and what
//! is already spent;
//! [`Reifenbreite::from_setup`](spieltisch_core::FromSetup::from_setup)
//! checks it and builds the race, in which the rules choose the next rider
//! to move, or refuses it with the [`Impossible`] reason as a
//! [`PositionError::Invalid`].
//!
//! A race set up on a track of its own (drawn for a test, not the track of
//! the options' course) plays by the rules, but its JSON names the course
//! by its options: read back, the race is on that course's track.

use crate::action::{rider_index, rider_number};
use crate::cards::energy_deck;
use crate::game::{MAX_TOWS, Reifenbreite, Rider, Status, bit};
use crate::options::{Options, Rules};
use crate::track::Track;
use spieltisch_core::{FromSetup, PositionError};
use std::sync::Arc;
use thiserror::Error;

/// A race in progress on one track, riders named by their printed numbers
/// (21–24 for the first team, … 51–54 for the fourth). Riders not listed
/// are out of the race; nobody is left to place.
#[derive(Clone, Debug)]
pub struct Setup {
    pub track: Track,
    /// 2–4 teams of four riders.
    pub teams: u8,
    pub rules: Rules,
    /// The round under way, from 1 (the start round: no energy or chance
    /// cards).
    pub round: u16,
    /// The riders on the road, each with his space.
    pub riders: Vec<(u8, u16)>,
    /// Riders on the road who have already moved this round.
    pub moved: Vec<u8>,
    /// The energy cards each team holds, by kind ([`crate::cards::ENERGY_KINDS`]);
    /// `None`: every team holds the cards it was dealt.
    pub energy: Option<Vec<[u8; 8]>>,
    /// Tows taken so far (14), per rider.
    pub tows: Vec<(u8, u8)>,
    /// The rider whose turn it is; `None`: the next in the order of play
    /// (5.2).
    pub mover: Option<u8>,
}

/// Why a [`Setup`] is not a race: the reason of the
/// [`PositionError::Invalid`] that refuses it, which carries its message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Impossible {
    #[error("round 0: rounds count from 1")]
    NoRound,
    #[error("no rider {number} in a race of {teams} teams")]
    UnknownRider { number: u8, teams: u8 },
    #[error("rider {number} is listed twice")]
    RiderTwice { number: u8 },
    #[error("rider {number} on space {space}, off a track of {spaces} spaces")]
    OffTrack { number: u8, space: u16, spaces: usize },
    #[error("riders {first} and {second} both on space {space}")]
    SpaceTaken { first: u8, second: u8, space: u16 },
    #[error("rider {number} has moved but is not on the road")]
    MovedOffRoad { number: u8 },
    #[error("energy cards for {given} teams in a race of {teams}")]
    EnergyTeams { given: usize, teams: u8 },
    #[error("team {team} holds {held} cards of kind {kind}, more than the {dealt} dealt")]
    EnergyNotDealt { team: u8, kind: usize, held: u8, dealt: u8 },
    #[error("rider {number} took {tows} tows, more than the {MAX_TOWS} allowed")]
    TooManyTows { number: u8, tows: u8 },
    #[error("rider {number} cannot move: he is not on the road or has moved")]
    CannotMove { number: u8 },
}

impl From<Impossible> for PositionError {
    fn from(reason: Impossible) -> PositionError {
        PositionError::Invalid(reason.to_string())
    }
}

impl Setup {
    /// Riders on `track` as given, none moved yet, every card as dealt and
    /// no tow taken.
    pub fn new(track: Track, teams: u8, rules: Rules, round: u16, riders: &[(u8, u16)]) -> Self {
        Setup {
            track,
            teams,
            rules,
            round,
            riders: riders.to_vec(),
            moved: Vec::new(),
            energy: None,
            tows: Vec::new(),
            mover: None,
        }
    }
}

impl FromSetup for Reifenbreite {
    type Setup = Setup;

    /// The race, with the turn of the rider to move, or the first error
    /// found: [`PositionError::Options`] for a number of teams the rules
    /// refuse, else [`PositionError::Invalid`] with the [`Impossible`]
    /// reason's message.
    fn from_setup(setup: Setup) -> Result<Reifenbreite, PositionError> {
        let teams = setup.teams;
        let mut race = Reifenbreite::create(&Options { teams, ..Options::default() })?;
        if setup.round == 0 {
            return Err(Impossible::NoRound.into());
        }
        let count = race.riders.len();
        let index = |number: u8| {
            rider_index(number)
                .filter(|&r| (r as usize) < count)
                .ok_or(Impossible::UnknownRider { number, teams })
        };
        let spaces = setup.track.spaces.len();
        race.rules = setup.rules;
        race.tracks = vec![Arc::new(setup.track)];
        race.setup_stage();
        for rider in race.riders.iter_mut() {
            rider.status = Status::Out;
        }
        for &(number, space) in &setup.riders {
            let r = index(number)? as usize;
            if race.riders[r].status == Status::Road {
                return Err(Impossible::RiderTwice { number }.into());
            }
            if space as usize >= spaces {
                return Err(Impossible::OffTrack { number, space, spaces }.into());
            }
            if let Some(other) = race.riders.iter().position(|o| o.status == Status::Road && o.space == space)
            {
                let first = rider_number(other as u8);
                return Err(Impossible::SpaceTaken { first, second: number, space }.into());
            }
            race.riders[r] = Rider { space, status: Status::Road };
        }
        for &number in &setup.moved {
            let r = index(number)?;
            if race.riders[r as usize].status != Status::Road {
                return Err(Impossible::MovedOffRoad { number }.into());
            }
            race.moved |= bit(r);
        }
        if let Some(energy) = setup.energy {
            if energy.len() != teams as usize {
                return Err(Impossible::EnergyTeams { given: energy.len(), teams }.into());
            }
            let dealt = energy_deck(race.track().energy_rows, race.rules.edition);
            for (team, held) in energy.iter().enumerate() {
                for (kind, (&held, &dealt)) in held.iter().zip(&dealt).enumerate() {
                    if held > dealt {
                        return Err(Impossible::EnergyNotDealt { team: team as u8, kind, held, dealt }.into());
                    }
                }
            }
            race.energy = energy;
        }
        for &(number, tows) in &setup.tows {
            let r = index(number)?;
            if tows > MAX_TOWS {
                return Err(Impossible::TooManyTows { number, tows }.into());
            }
            race.tows[r as usize] = tows;
        }
        race.build_road_index();
        race.round = setup.round;
        race.placed = count as u8;
        match setup.mover {
            Some(number) => {
                let r = index(number)?;
                if race.riders[r as usize].status != Status::Road || race.has_moved(r) {
                    return Err(Impossible::CannotMove { number }.into());
                }
                race.begin_turn(r);
            }
            None => race.advance(),
        }
        Ok(race)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Block, Cell, Surface};
    use crate::game::Phase;
    use crate::options::Level;
    use spieltisch_conformance::{Config, check_setups};

    /// Ten rows of four lanes (spaces 0–39), basic rules, round 2; rider 21
    /// in lane 1 of row 5 and 31 behind him.
    fn setup() -> Setup {
        let asphalt = Cell { surface: Surface::Asphalt, number: 0 };
        let track = Track::from_blocks(&[Block::Straight(vec![vec![asphalt; 4]; 10])], 1, &[0]);
        let rules = Options::default().resolve().unwrap();
        Setup::new(track, 2, rules, 2, &[(21, 20), (31, 16)])
    }

    fn error(setup: Setup) -> PositionError {
        Reifenbreite::from_setup(setup).expect_err("not a race")
    }

    #[test]
    fn a_valid_setup_gives_the_turn_by_the_order_of_play() {
        let race = Reifenbreite::from_setup(setup()).unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 0, .. }), "{:?}", race.phase());
        assert_eq!(race.round(), 2);
        let race = Reifenbreite::from_setup(Setup { moved: vec![21], ..setup() }).unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 4, .. }), "{:?}", race.phase());
        let race = Reifenbreite::from_setup(Setup { mover: Some(31), ..setup() }).unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 4, .. }), "{:?}", race.phase());
        let race = Reifenbreite::from_setup(Setup { energy: Some(vec![[0; 8]; 2]), ..setup() }).unwrap();
        assert!(matches!(race.phase(), Phase::Dice { rider: 0, .. }), "no card: he rolls at once");
    }

    #[test]
    fn riders_must_be_in_the_race_and_on_free_spaces_of_the_track() {
        let with = |riders: &[(u8, u16)]| Setup { riders: riders.to_vec(), ..setup() };
        assert_eq!(error(with(&[(41, 3)])), Impossible::UnknownRider { number: 41, teams: 2 }.into());
        assert_eq!(error(with(&[(25, 3)])), Impossible::UnknownRider { number: 25, teams: 2 }.into());
        assert_eq!(error(with(&[(21, 3), (21, 4)])), Impossible::RiderTwice { number: 21 }.into());
        assert_eq!(
            error(with(&[(21, 40)])),
            Impossible::OffTrack { number: 21, space: 40, spaces: 40 }.into()
        );
        assert_eq!(
            error(with(&[(21, 3), (32, 3)])),
            Impossible::SpaceTaken { first: 21, second: 32, space: 3 }.into()
        );
        assert_eq!(error(Setup { round: 0, ..setup() }), Impossible::NoRound.into());
        assert!(matches!(error(Setup { teams: 5, ..setup() }), PositionError::Options(_)));
    }

    #[test]
    fn what_is_spent_must_fit_the_race() {
        assert_eq!(
            error(Setup { moved: vec![22], ..setup() }),
            Impossible::MovedOffRoad { number: 22 }.into()
        );
        assert_eq!(error(Setup { mover: Some(22), ..setup() }), Impossible::CannotMove { number: 22 }.into());
        assert_eq!(
            error(Setup { mover: Some(21), moved: vec![21], ..setup() }),
            Impossible::CannotMove { number: 21 }.into()
        );
        assert_eq!(
            error(Setup { tows: vec![(21, 5)], ..setup() }),
            Impossible::TooManyTows { number: 21, tows: 5 }.into()
        );
        assert_eq!(
            error(Setup { energy: Some(vec![[0; 8]; 3]), ..setup() }),
            Impossible::EnergyTeams { given: 3, teams: 2 }.into()
        );
        let dealt = energy_deck(setup().track.energy_rows, crate::options::EDITION);
        let mut more = [dealt, dealt];
        more[1][7] += 1;
        assert_eq!(
            error(Setup { energy: Some(more.to_vec()), ..setup() }),
            Impossible::EnergyNotDealt { team: 1, kind: 7, held: dealt[7] + 1, dealt: dealt[7] }.into()
        );
        // The rules level does not matter to the checks.
        let pro = Options { rules: Level::Pro, ..Options::default() }.resolve().unwrap();
        assert!(Reifenbreite::from_setup(Setup { rules: pro, tows: vec![(21, 4)], ..setup() }).is_ok());
    }

    #[test]
    fn set_up_races_keep_the_contract() {
        // On the track of the options' course, as a race's JSON names it
        // (a track of its own is not written down): the two teams on the
        // start spaces, and further on, some of them moved, in round 3.
        let options = Options { teams: 2, ..Options::default() };
        let track = Track::clone(&options.courses()[0].track().unwrap());
        let rules = options.resolve().unwrap();
        let start: Vec<(u8, u16)> =
            [21, 22, 23, 24, 31, 32, 33, 34].into_iter().zip(track.start.clone()).collect();
        let later: Vec<(u8, u16)> = start.iter().map(|&(number, space)| (number, space + 80)).collect();
        let accepted = [
            Setup::new(track.clone(), 2, rules, 1, &start),
            Setup { moved: vec![21, 33], tows: vec![(22, 1)], ..Setup::new(track, 2, rules, 3, &later) },
        ];
        let refused = [
            Setup { teams: 5, ..setup() },
            Setup { round: 0, ..setup() },
            Setup { riders: vec![(21, 40)], ..setup() },
            Setup { mover: Some(22), ..setup() },
        ];
        check_setups::<Reifenbreite>(
            &accepted,
            &refused,
            Config { playouts: 1, stride: 23, ..Config::default() },
        );
    }
}
