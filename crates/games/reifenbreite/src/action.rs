//! Actions: the decisions of a race and its chance outcomes, with their
//! notation and their data.
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
//!
//! [`Action`] writes its notation with `Display` and reads it with
//! `FromStr`; its serde form is its data.

use crate::cards::{ChanceCard, Energy};
use serde::{Deserialize, Serialize};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "place", "params": {"rider": 21, "space": 7}}`;
/// riders by their printed numbers, energy cards by their notation with
/// what they are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum Action {
    /// Chance: the team (0-based) that places first.
    First {
        team: u8,
    },
    /// Place a rider (his index, written as his printed number) on a start space.
    Place {
        #[serde(with = "printed_rider")]
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        rider: u8,
        space: u16,
    },
    #[serde(with = "energy_card")]
    Card(
        #[cfg_attr(
            feature = "ts",
            ts(type = "{ card: string, joker: boolean, value: number, mountain: boolean, }")
        )]
        Energy,
    ),
    Ride {},
    Break {},
    Tow {},
    Tow12 {},
    Ask {},
    Accept {},
    Refuse {},
    /// Chance: the total of the dice rolled (the value of energy cards
    /// chosen, or a tow's 6, is added to it).
    Roll {
        total: u8,
    },
    Chance {
        #[serde(with = "chance_slug")]
        #[cfg_attr(feature = "ts", ts(type = "string"))]
        card: ChanceCard,
    },
    /// Chance: a photo card (1–6).
    Photo {
        value: u8,
    },
    /// Chance: a photo card drawn by the race director (1–6).
    Director {
        value: u8,
    },
    To {
        space: u16,
    },
    Draft {},
    Skip {},
}

/// A rider in an action's data: his printed number.
mod printed_rider {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(rider: &u8, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(super::rider_number(*rider))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
        let number = u8::deserialize(deserializer)?;
        super::rider_index(number).ok_or_else(|| D::Error::custom("riders are 21-24, 31-34, 41-44, 51-54"))
    }
}

/// An energy card in an action's data: its notation with what it is
/// worth, so that a front end needs no table of the cards.
mod energy_card {
    use crate::cards::Energy;
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error};
    use std::borrow::Cow;

    #[derive(PartialEq, Serialize, Deserialize)]
    struct Written {
        card: Cow<'static, str>,
        joker: bool,
        value: u8,
        mountain: bool,
    }

    impl Written {
        fn of(energy: Energy) -> Written {
            Written {
                card: Cow::Borrowed(energy.notation()),
                joker: energy.joker(),
                value: energy.value(),
                mountain: energy.mountain(),
            }
        }
    }

    pub fn serialize<S: Serializer>(energy: &Energy, serializer: S) -> Result<S::Ok, S::Error> {
        Written::of(*energy).serialize(serializer)
    }

    /// The card its notation names, when the rest says what that card is.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Energy, D::Error> {
        let written = Written::deserialize(deserializer)?;
        Energy::ALL.into_iter().find(|energy| Written::of(*energy) == written).ok_or_else(|| {
            D::Error::custom("cards are 6M, 5, J6M, J5, each with its joker, value and mountain sign")
        })
    }
}

/// A chance card in an action's data: its name, as in the notation.
mod chance_slug {
    use crate::cards::ChanceCard;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(card: &ChanceCard, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(card.slug())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<ChanceCard, D::Error> {
        let slug = String::deserialize(deserializer)?;
        ChanceCard::from_slug(&slug)
            .ok_or_else(|| D::Error::custom(format!("no chance card is called {slug:?}")))
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
            Action::First { team } => write!(f, "first {}", u16::from(*team) + 2),
            Action::Place { rider, space } => write!(f, "place {} {space}", rider_number(*rider)),
            Action::Card(e) => write!(f, "card {}", e.notation()),
            Action::Ride {} => f.write_str("ride"),
            Action::Break {} => f.write_str("break"),
            Action::Tow {} => f.write_str("tow"),
            Action::Tow12 {} => f.write_str("tow12"),
            Action::Ask {} => f.write_str("ask"),
            Action::Accept {} => f.write_str("accept"),
            Action::Refuse {} => f.write_str("refuse"),
            Action::Roll { total: n } => write!(f, "roll {n}"),
            Action::Chance { card: c } => write!(f, "chance {}", c.slug()),
            Action::Photo { value: n } => write!(f, "photo {n}"),
            Action::Director { value: n } => write!(f, "director {n}"),
            Action::To { space: s } => write!(f, "to {s}"),
            Action::Draft {} => f.write_str("draft"),
            Action::Skip {} => f.write_str("skip"),
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
                Action::First { team: t as u8 - 2 }
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
            ["ride"] => Action::Ride {},
            ["break"] => Action::Break {},
            ["tow"] => Action::Tow {},
            ["tow12"] => Action::Tow12 {},
            ["ask"] => Action::Ask {},
            ["accept"] => Action::Accept {},
            ["refuse"] => Action::Refuse {},
            ["roll", n] => {
                let n = num(n, "number")?;
                if !(1..=12).contains(&n) {
                    return Err(err("a roll totals 1 to 12"));
                }
                Action::Roll { total: n as u8 }
            }
            ["chance", c] => {
                Action::Chance { card: ChanceCard::from_slug(c).ok_or_else(|| err("unknown chance card"))? }
            }
            ["photo", n] | ["director", n] => {
                let n = num(n, "photo card (1-6)")?;
                if !(1..=6).contains(&n) {
                    return Err(err("photo cards are numbered 1 to 6"));
                }
                if words[0] == "photo" {
                    Action::Photo { value: n as u8 }
                } else {
                    Action::Director { value: n as u8 }
                }
            }
            ["to", s] => Action::To { space: num(s, "space number")? },
            ["draft"] => Action::Draft {},
            ["skip"] => Action::Skip {},
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
            Action::First { team: 1 },
            Action::Place { rider: 5, space: 12 },
            Action::Card(Energy::Joker6),
            Action::Ride {},
            Action::Break {},
            Action::Tow {},
            Action::Tow12 {},
            Action::Ask {},
            Action::Accept {},
            Action::Refuse {},
            Action::Roll { total: 7 },
            Action::Chance { card: ChanceCard::Headwind2 },
            Action::Photo { value: 4 },
            Action::Director { value: 6 },
            Action::To { space: 301 },
            Action::Draft {},
            Action::Skip {},
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!(Action::Place { rider: 5, space: 3 }.to_string(), "place 32 3");
    }

    #[test]
    fn data_names_riders_and_cards_as_printed() {
        for (action, written) in [
            (Action::Place { rider: 5, space: 3 }, r#"{"kind":"place","params":{"rider":32,"space":3}}"#),
            (
                Action::Card(Energy::Joker6),
                r#"{"kind":"card","params":{"card":"J6M","joker":true,"value":6,"mountain":true}}"#,
            ),
            (Action::Chance { card: ChanceCard::Fall }, r#"{"kind":"chance","params":{"card":"fall"}}"#),
            (Action::Tow12 {}, r#"{"kind":"tow12","params":{}}"#),
        ] {
            assert_eq!(serde_json::to_string(&action).unwrap(), written);
            assert_eq!(serde_json::from_str::<Action>(written).unwrap(), action, "{written}");
        }
        // Data that names no team is written, never applied, and writing it does not fail.
        assert_eq!(Action::First { team: u8::MAX }.to_string(), "first 257");
        for bad in [
            r#"{"kind":"place","params":{"rider":25,"space":3}}"#,
            r#"{"kind":"card","params":{"card":"J6M","joker":false,"value":6,"mountain":true}}"#,
            r#"{"kind":"chance","params":{"card":"rain"}}"#,
        ] {
            assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_input_is_explained() {
        for bad in ["", "fly", "place 61 3", "roll 13", "card 7", "photo 0", "to x"] {
            assert!(matches!(bad.parse::<Action>(), Err(ActionError::Parse { .. })), "{bad}");
        }
    }
}
