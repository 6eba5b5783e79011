//! Actions: a move of the rider to move (play a card of value 1–7 and
//! move) or a chance outcome (the next grey card drawn at a driver change,
//! 1–6), with their notation and their data.
//!
//! | notation | meaning |
//! | --- | --- |
//! | `play 4` (also `4`, `p4`) | the rider to move plays a card of value 4 |
//! | `draw 5` (also `d5`) | chance: a 5 is drawn from a grey pile at a driver change |
//!
//! [`Action`] writes its notation with `Display` and reads it with
//! `FromStr`; its serde form is its data.

use serde::{Deserialize, Serialize};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

use crate::cards::MAX_VALUE;

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "play", "params": {"value": 4}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum Action {
    Play { value: u8 },
    Draw { value: u8 },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { value } => write!(f, "play {value}"),
            Action::Draw { value } => write!(f, "draw {value}"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let text = input.trim().to_ascii_lowercase();
        let (word, number) = match text.find(|c: char| c.is_ascii_digit()) {
            Some(i) => (text[..i].trim(), text[i..].trim()),
            None => (text.as_str(), ""),
        };
        let value: u8 = number.parse().map_err(|_| {
            ActionError::parse(input, "expected 'play N' with a card value N from 1 to 7, or 'draw N'")
        })?;
        match word {
            "" | "p" | "play" | "spiele" => {
                if (1..=MAX_VALUE).contains(&value) {
                    Ok(Action::Play { value })
                } else {
                    Err(ActionError::parse(input, "cards have values from 1 to 7"))
                }
            }
            "d" | "draw" | "ziehe" => {
                if (1..=6).contains(&value) {
                    Ok(Action::Draw { value })
                } else {
                    Err(ActionError::parse(input, "grey cards have values from 1 to 6"))
                }
            }
            other => {
                Err(ActionError::parse(input, format!("unknown word '{other}': use 'play N' or 'draw N'")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back_and_accepts_short_forms() {
        for a in
            (1..=7).map(|value| Action::Play { value }).chain((1..=6).map(|value| Action::Draw { value }))
        {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!("4".parse::<Action>(), Ok(Action::Play { value: 4 }));
        assert_eq!(" P7 ".parse::<Action>(), Ok(Action::Play { value: 7 }));
        assert_eq!("d5".parse::<Action>(), Ok(Action::Draw { value: 5 }));
    }

    #[test]
    fn data_is_kind_and_params() {
        let written = r#"{"kind":"play","params":{"value":4}}"#;
        assert_eq!(serde_json::to_string(&Action::Play { value: 4 }).unwrap(), written);
        assert_eq!(serde_json::from_str::<Action>(written).unwrap(), Action::Play { value: 4 });
        assert_eq!(
            serde_json::to_string(&Action::Draw { value: 6 }).unwrap(),
            r#"{"kind":"draw","params":{"value":6}}"#
        );
    }

    #[test]
    fn bad_notation_is_a_parse_error_with_a_reason() {
        for bad in ["", "play", "play 8", "play 0", "draw 7", "jump 3", "play x"] {
            match bad.parse::<Action>() {
                Err(ActionError::Parse { reason, .. }) => assert!(!reason.is_empty()),
                other => panic!("'{bad}' parsed as {other:?}"),
            }
        }
    }
}
