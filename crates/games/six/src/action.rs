//! Actions: the steps of a turn, with their notation and their data.
//!
//! | notation | when |
//! | --- | --- |
//! | `place q,r` | first round: put a stone from your supply on `q,r`; second round: put the lifted stone there |
//! | `lift q,r` | second round: take your stone on `q,r` off the field |
//! | `keep q,r` | second round, when lifting split the field into equal largest parts: the part holding `q,r` stays, the rest is captured |
//! | `pass` | basic variant only, when every stone of yours holds the field together |
//!
//! [`Action`] writes its notation with `Display` and reads it with
//! `FromStr`; its serde form is its data.

use crate::cell::Cell;
use serde::{Deserialize, Serialize};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "place", "params": {"cell": {"q": 2, "r": -1}}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum Action {
    Place { cell: Cell },
    Lift { cell: Cell },
    Keep { cell: Cell },
    Pass {},
}

impl Action {
    /// The cell the action names, if any.
    pub fn cell(self) -> Option<Cell> {
        match self {
            Action::Place { cell } | Action::Lift { cell } | Action::Keep { cell } => Some(cell),
            Action::Pass {} => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place { cell } => write!(f, "place {cell}"),
            Action::Lift { cell } => write!(f, "lift {cell}"),
            Action::Keep { cell } => write!(f, "keep {cell}"),
            Action::Pass {} => f.write_str("pass"),
        }
    }
}

impl FromStr for Action {
    type Err = ActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let cell = || -> Result<Cell, ActionError> {
            rest.parse().map_err(|e| match e {
                ActionError::Parse { reason, .. } => ActionError::parse(s, reason),
                other => other,
            })
        };
        match word.to_ascii_lowercase().as_str() {
            "place" | "p" => Ok(Action::Place { cell: cell()? }),
            "lift" | "l" => Ok(Action::Lift { cell: cell()? }),
            "keep" | "k" => Ok(Action::Keep { cell: cell()? }),
            "pass" if rest.is_empty() => Ok(Action::Pass {}),
            "capture" => Err(ActionError::parse(
                s,
                "name the part that stays instead: keep q,r (with a cell of that part)",
            )),
            _ => {
                Err(ActionError::parse(s, "expected place q,r, lift q,r, keep q,r or pass (e.g. place 2,-1)"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for a in [
            Action::Place { cell: Cell::new(2, -1) },
            Action::Lift { cell: Cell::new(-3, 0) },
            Action::Keep { cell: Cell::new(0, 5) },
            Action::Pass {},
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
    }

    #[test]
    fn bad_input_gets_a_reason() {
        for bad in ["", "place", "place 1", "lift a,b", "jump 1,1", "pass 1,1", "capture 1,1"] {
            match bad.parse::<Action>() {
                Err(ActionError::Parse { reason, .. }) => assert!(!reason.is_empty()),
                other => panic!("{bad:?} gave {other:?}"),
            }
        }
        assert_eq!("P 1,2".parse::<Action>(), Ok(Action::Place { cell: Cell::new(1, 2) }));
    }

    #[test]
    fn data_is_kind_and_params() {
        let place = Action::Place { cell: Cell::new(2, -1) };
        let written = r#"{"kind":"place","params":{"cell":{"q":2,"r":-1}}}"#;
        assert_eq!(serde_json::to_string(&place).unwrap(), written);
        assert_eq!(serde_json::from_str::<Action>(written).unwrap(), place);
        assert_eq!(serde_json::to_string(&Action::Pass {}).unwrap(), r#"{"kind":"pass","params":{}}"#);
    }
}
