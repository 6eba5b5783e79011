//! Actions and their notation.
//!
//! | notation | meaning |
//! | --- | --- |
//! | `play 4` (also `4`, `p4`) | the rider to move plays a card of value 4 |
//! | `draw 5` (also `d5`) | chance: a 5 is drawn from a grey pile at a driver change |

use serde::{Deserialize, Serialize};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

use crate::cards::MAX_VALUE;

/// A move of the rider to move, or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Play a card of this value (1–7) and move.
    Play(u8),
    /// Chance: the next grey card drawn at a driver change has this value (1–6).
    Draw(u8),
}

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "play", "params": {"value": 4}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Action"))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum ActionKind {
    Play { value: u8 },
    Draw { value: u8 },
}

impl From<Action> for ActionKind {
    fn from(action: Action) -> ActionKind {
        match action {
            Action::Play(value) => ActionKind::Play { value },
            Action::Draw(value) => ActionKind::Draw { value },
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play(v) => write!(f, "play {v}"),
            Action::Draw(v) => write!(f, "draw {v}"),
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
                    Ok(Action::Play(value))
                } else {
                    Err(ActionError::parse(input, "cards have values from 1 to 7"))
                }
            }
            "d" | "draw" | "ziehe" => {
                if (1..=6).contains(&value) {
                    Ok(Action::Draw(value))
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
        for a in (1..=7).map(Action::Play).chain((1..=6).map(Action::Draw)) {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
        assert_eq!("4".parse::<Action>(), Ok(Action::Play(4)));
        assert_eq!(" P7 ".parse::<Action>(), Ok(Action::Play(7)));
        assert_eq!("d5".parse::<Action>(), Ok(Action::Draw(5)));
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
