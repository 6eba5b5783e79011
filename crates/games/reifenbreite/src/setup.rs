//! A race set up in the middle of a round: the rulebook's figures, fuzzing
//! and tests start from one. [`Setup`] says where the riders are and what
//! is already spent; [`Setup::position`] checks it and builds the race, in
//! which the rules choose the next rider to move.

use crate::action::{rider_index, rider_number};
use crate::cards::energy_deck;
use crate::course::Track;
use crate::game::{MAX_TOWS, Reifenbreite, Rider, Status, bit};
use crate::options::{Options, Rules};
use spieltisch_core::OptionsError;
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

/// Why a [`Setup`] is not a race.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    #[error(transparent)]
    Options(#[from] OptionsError),
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

    /// The race, with the turn of the rider to move, or the first error
    /// found.
    pub fn position(self) -> Result<Reifenbreite, PositionError> {
        let teams = self.teams;
        let mut race = Reifenbreite::create(&Options { teams, ..Options::default() })?;
        if self.round == 0 {
            return Err(PositionError::NoRound);
        }
        let count = race.riders.len();
        let index = |number: u8| {
            rider_index(number)
                .filter(|&r| (r as usize) < count)
                .ok_or(PositionError::UnknownRider { number, teams })
        };
        let spaces = self.track.spaces.len();
        race.rules = self.rules;
        race.tracks = vec![Arc::new(self.track)];
        race.setup_stage();
        for rider in race.riders.iter_mut() {
            rider.status = Status::Out;
        }
        for &(number, space) in &self.riders {
            let r = index(number)? as usize;
            if race.riders[r].status == Status::Road {
                return Err(PositionError::RiderTwice { number });
            }
            if space as usize >= spaces {
                return Err(PositionError::OffTrack { number, space, spaces });
            }
            if let Some(other) = race.riders.iter().position(|o| o.status == Status::Road && o.space == space)
            {
                let first = rider_number(other as u8);
                return Err(PositionError::SpaceTaken { first, second: number, space });
            }
            race.riders[r] = Rider { space, status: Status::Road };
        }
        for &number in &self.moved {
            let r = index(number)?;
            if race.riders[r as usize].status != Status::Road {
                return Err(PositionError::MovedOffRoad { number });
            }
            race.moved |= bit(r);
        }
        if let Some(energy) = self.energy {
            if energy.len() != teams as usize {
                return Err(PositionError::EnergyTeams { given: energy.len(), teams });
            }
            let dealt = energy_deck(race.track().energy_rows, race.rules.edition);
            for (team, held) in energy.iter().enumerate() {
                for (kind, (&held, &dealt)) in held.iter().zip(&dealt).enumerate() {
                    if held > dealt {
                        return Err(PositionError::EnergyNotDealt { team: team as u8, kind, held, dealt });
                    }
                }
            }
            race.energy = energy;
        }
        for &(number, tows) in &self.tows {
            let r = index(number)?;
            if tows > MAX_TOWS {
                return Err(PositionError::TooManyTows { number, tows });
            }
            race.tows[r as usize] = tows;
        }
        race.build_road_index();
        race.round = self.round;
        race.placed = count as u8;
        match self.mover {
            Some(number) => {
                let r = index(number)?;
                if race.riders[r as usize].status != Status::Road || race.has_moved(r) {
                    return Err(PositionError::CannotMove { number });
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

    /// Ten rows of four lanes (spaces 0–39), basic rules, round 2; rider 21
    /// in lane 1 of row 5 and 31 behind him.
    fn setup() -> Setup {
        let asphalt = Cell { surface: Surface::Asphalt, number: 0 };
        let track = Track::from_blocks(&[Block::Straight(vec![vec![asphalt; 4]; 10])], 1, &[0]);
        let rules = Options::default().resolve().unwrap();
        Setup::new(track, 2, rules, 2, &[(21, 20), (31, 16)])
    }

    fn error(setup: Setup) -> PositionError {
        setup.position().expect_err("not a race")
    }

    #[test]
    fn a_valid_setup_gives_the_turn_by_the_order_of_play() {
        let race = setup().position().unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 0, .. }), "{:?}", race.phase());
        assert_eq!(race.round(), 2);
        let race = Setup { moved: vec![21], ..setup() }.position().unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 4, .. }), "{:?}", race.phase());
        let race = Setup { mover: Some(31), ..setup() }.position().unwrap();
        assert!(matches!(race.phase(), Phase::Choose { rider: 4, .. }), "{:?}", race.phase());
        let race = Setup { energy: Some(vec![[0; 8]; 2]), ..setup() }.position().unwrap();
        assert!(matches!(race.phase(), Phase::Dice { rider: 0, .. }), "no card: he rolls at once");
    }

    #[test]
    fn riders_must_be_in_the_race_and_on_free_spaces_of_the_track() {
        let with = |riders: &[(u8, u16)]| Setup { riders: riders.to_vec(), ..setup() };
        assert_eq!(error(with(&[(41, 3)])), PositionError::UnknownRider { number: 41, teams: 2 });
        assert_eq!(error(with(&[(25, 3)])), PositionError::UnknownRider { number: 25, teams: 2 });
        assert_eq!(error(with(&[(21, 3), (21, 4)])), PositionError::RiderTwice { number: 21 });
        assert_eq!(error(with(&[(21, 40)])), PositionError::OffTrack { number: 21, space: 40, spaces: 40 });
        assert_eq!(
            error(with(&[(21, 3), (32, 3)])),
            PositionError::SpaceTaken { first: 21, second: 32, space: 3 }
        );
        assert_eq!(error(Setup { round: 0, ..setup() }), PositionError::NoRound);
        assert!(matches!(error(Setup { teams: 5, ..setup() }), PositionError::Options(_)));
    }

    #[test]
    fn what_is_spent_must_fit_the_race() {
        assert_eq!(error(Setup { moved: vec![22], ..setup() }), PositionError::MovedOffRoad { number: 22 });
        assert_eq!(error(Setup { mover: Some(22), ..setup() }), PositionError::CannotMove { number: 22 });
        assert_eq!(
            error(Setup { mover: Some(21), moved: vec![21], ..setup() }),
            PositionError::CannotMove { number: 21 }
        );
        assert_eq!(
            error(Setup { tows: vec![(21, 5)], ..setup() }),
            PositionError::TooManyTows { number: 21, tows: 5 }
        );
        assert_eq!(
            error(Setup { energy: Some(vec![[0; 8]; 3]), ..setup() }),
            PositionError::EnergyTeams { given: 3, teams: 2 }
        );
        let dealt = energy_deck(setup().track.energy_rows, crate::options::EDITION);
        let mut more = [dealt, dealt];
        more[1][7] += 1;
        assert_eq!(
            error(Setup { energy: Some(more.to_vec()), ..setup() }),
            PositionError::EnergyNotDealt { team: 1, kind: 7, held: dealt[7] + 1, dealt: dealt[7] }
        );
        // The rules level does not matter to the checks.
        let pro = Options { rules: Level::Pro, ..Options::default() }.resolve().unwrap();
        assert!(Setup { rules: pro, tows: vec![(21, 4)], ..setup() }.position().is_ok());
    }
}
