//! Actions and their notation.
//!
//! | notation | meaning |
//! | --- | --- |
//! | `first 3` | chance: team 3x places first (the dice roll-off of 5.1) |
//! | `place 31 7` | place rider 31 on start space 7 |
//! | `card 6M`, `card 5`, `card J6M`, `card J5` | play the moving rider's own 6 (mountain sign) or 5, or a joker |
//! | `ride` | move with the cards chosen so far and dice for the rest |
//! | `break` | the same, announcing a breakaway (at least one card) |
//! | `tow`, `tow12` | hitch a tow from the team car: one die + 6, or a flat 12 (chase-car rule) |
//! | `ask` | offer the lead to the next rider of the line (lead exchange) |
//! | `accept`, `refuse` | answer an offer of the lead |
//! | `roll 9` | chance: the dice total (two dice, or one after an energy card or a tow; cards chosen are added to it) |
//! | `chance fall` | chance: a chance card |
//! | `photo 4`, `photo ?` | chance: a photo card drawn for a tow (hidden until the end) |
//! | `director 3` | chance: a photo card drawn by the race director at the end |
//! | `to 123` | move the rider to space 123 of the course |
//! | `draft`, `skip` | follow the rider ahead in his slipstream, or not |

use crate::cards::{ChanceCard, Energy};
use serde::{Deserialize, Serialize};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Chance: the team (0-based) that places first.
    First(u8),
    /// Place rider (0-based index) on a start space.
    Place {
        rider: u8,
        space: u16,
    },
    Card(Energy),
    Ride,
    Break,
    Tow,
    Tow12,
    Ask,
    Accept,
    Refuse,
    /// Chance: the total of the dice rolled (the value of energy cards
    /// chosen, or a tow's 6, is added to it).
    Roll(u8),
    Chance(ChanceCard),
    /// Chance: a photo card (1–6).
    Photo(u8),
    /// Chance: a photo card drawn by the race director (1–6).
    Director(u8),
    To(u16),
    Draft,
    Skip,
}

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "place", "params": {"rider": 21, "space": 7}}`;
/// riders by their printed numbers, energy cards by their notation with
/// what they are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Action"))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum ActionKind {
    First { team: u8 },
    Place { rider: u8, space: u16 },
    Card { card: &'static str, joker: bool, value: u8, mountain: bool },
    Ride {},
    Break {},
    Tow {},
    Tow12 {},
    Ask {},
    Accept {},
    Refuse {},
    Roll { total: u8 },
    Chance { card: &'static str },
    Photo { value: u8 },
    Director { value: u8 },
    To { space: u16 },
    Draft {},
    Skip {},
}

impl From<Action> for ActionKind {
    fn from(action: Action) -> ActionKind {
        match action {
            Action::First(team) => ActionKind::First { team },
            Action::Place { rider, space } => ActionKind::Place { rider: rider_number(rider), space },
            Action::Card(energy) => ActionKind::Card {
                card: energy.notation(),
                joker: energy.joker(),
                value: energy.value(),
                mountain: energy.mountain(),
            },
            Action::Ride => ActionKind::Ride {},
            Action::Break => ActionKind::Break {},
            Action::Tow => ActionKind::Tow {},
            Action::Tow12 => ActionKind::Tow12 {},
            Action::Ask => ActionKind::Ask {},
            Action::Accept => ActionKind::Accept {},
            Action::Refuse => ActionKind::Refuse {},
            Action::Roll(total) => ActionKind::Roll { total },
            Action::Chance(card) => ActionKind::Chance { card: card.slug() },
            Action::Photo(value) => ActionKind::Photo { value },
            Action::Director(value) => ActionKind::Director { value },
            Action::To(space) => ActionKind::To { space },
            Action::Draft => ActionKind::Draft {},
            Action::Skip => ActionKind::Skip {},
        }
    }
}

/// A rider's number: 21–24, 31–34, 41–44, 51–54.
pub fn rider_number(rider: u8) -> u8 {
    (rider / 4 + 2) * 10 + rider % 4 + 1
}

/// The rider index of a rider number.
pub fn rider_index(number: u8) -> Option<u8> {
    let (t, k) = (number / 10, number % 10);
    ((2..=5).contains(&t) && (1..=4).contains(&k)).then(|| (t - 2) * 4 + k - 1)
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::First(t) => write!(f, "first {}", t + 2),
            Action::Place { rider, space } => write!(f, "place {} {space}", rider_number(*rider)),
            Action::Card(e) => write!(f, "card {}", e.notation()),
            Action::Ride => f.write_str("ride"),
            Action::Break => f.write_str("break"),
            Action::Tow => f.write_str("tow"),
            Action::Tow12 => f.write_str("tow12"),
            Action::Ask => f.write_str("ask"),
            Action::Accept => f.write_str("accept"),
            Action::Refuse => f.write_str("refuse"),
            Action::Roll(n) => write!(f, "roll {n}"),
            Action::Chance(c) => write!(f, "chance {}", c.slug()),
            Action::Photo(n) => write!(f, "photo {n}"),
            Action::Director(n) => write!(f, "director {n}"),
            Action::To(s) => write!(f, "to {s}"),
            Action::Draft => f.write_str("draft"),
            Action::Skip => f.write_str("skip"),
        }
    }
}

const HELP: &str = "expected one of: place <rider> <space>, card 6M|5|J6M|J5, ride, break, tow, tow12, ask, accept, refuse, to <space>, draft, skip (chance: first <team>, roll <n>, chance <card>, photo <n>, director <n>)";

impl FromStr for Action {
    type Err = ActionError;
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = input.split_whitespace().collect();
        let err = |reason: &str| ActionError::parse(input, reason);
        let num = |w: &str, what: &str| w.parse::<u16>().map_err(|_| err(&format!("'{w}' is not a {what}")));
        Ok(match words.as_slice() {
            ["first", t] => {
                let t = num(t, "team number (2-5)")?;
                if !(2..=5).contains(&t) {
                    return Err(err("teams are numbered 2 to 5"));
                }
                Action::First(t as u8 - 2)
            }
            ["place", r, s] => {
                let n = num(r, "rider number")?;
                let rider = u8::try_from(n)
                    .ok()
                    .and_then(rider_index)
                    .ok_or_else(|| err("riders are 21-24, 31-34, 41-44, 51-54"))?;
                Action::Place { rider, space: num(s, "space number")? }
            }
            ["card", c] => Action::Card(
                Energy::ALL
                    .into_iter()
                    .find(|e| e.notation().eq_ignore_ascii_case(c))
                    .ok_or_else(|| err("cards are 6M, 5, J6M, J5"))?,
            ),
            ["ride"] => Action::Ride,
            ["break"] => Action::Break,
            ["tow"] => Action::Tow,
            ["tow12"] => Action::Tow12,
            ["ask"] => Action::Ask,
            ["accept"] => Action::Accept,
            ["refuse"] => Action::Refuse,
            ["roll", n] => {
                let n = num(n, "number")?;
                if !(1..=12).contains(&n) {
                    return Err(err("a roll totals 1 to 12"));
                }
                Action::Roll(n as u8)
            }
            ["chance", c] => {
                Action::Chance(ChanceCard::from_slug(c).ok_or_else(|| err("unknown chance card"))?)
            }
            ["photo", n] | ["director", n] => {
                let n = num(n, "photo card (1-6)")?;
                if !(1..=6).contains(&n) {
                    return Err(err("photo cards are numbered 1 to 6"));
                }
                if words[0] == "photo" { Action::Photo(n as u8) } else { Action::Director(n as u8) }
            }
            ["to", s] => Action::To(num(s, "space number")?),
            ["draft"] => Action::Draft,
            ["skip"] => Action::Skip,
            _ => return Err(err(HELP)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let all = [
            Action::First(1),
            Action::Place { rider: 5, space: 12 },
            Action::Card(Energy::Joker6),
            Action::Ride,
            Action::Break,
            Action::Tow,
            Action::Tow12,
            Action::Ask,
            Action::Accept,
            Action::Refuse,
            Action::Roll(7),
            Action::Chance(ChanceCard::Headwind2),
            Action::Photo(4),
            Action::Director(6),
            Action::To(301),
            Action::Draft,
            Action::Skip,
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(Action::Place { rider: 5, space: 3 }.to_string(), "place 32 3");
    }

    #[test]
    fn bad_input_is_explained() {
        for bad in ["", "fly", "place 61 3", "roll 13", "card 7", "photo 0", "to x"] {
            assert!(matches!(bad.parse::<Action>(), Err(ActionError::Parse { .. })), "{bad}");
        }
    }
}
