//! The options of a series.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionDefault, OptionKind, OptionSpec, OptionsError, Text};

/// Options of a series of Der Ausreisser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// Number of riders, 2 to 6.
    pub players: u8,
    /// With the special cards (Steigung, Gegenwind, Spurt); `false` is the
    /// simplified variant with the 84 speed cards only.
    pub special: bool,
    /// Stages in the series (the rules say "usually 3-5").
    pub stages: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { players: 4, special: true, stages: 4 }
    }
}

impl Options {
    /// The option schema shown by `spieltisch games`.
    pub fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "players",
                label: Text::new("Riders", "Fahrer"),
                kind: OptionKind::Int { min: 2, max: 6 },
                default: OptionDefault::Value("4"),
                help: Text::new("number of riders, one per player", "Anzahl der Fahrer, einer je Spieler"),
            },
            OptionSpec {
                key: "special",
                label: Text::new("Special cards", "Sonderkarten"),
                kind: OptionKind::Bool,
                default: OptionDefault::Value("true"),
                help: Text::new(
                    "with the special cards Steigung, Gegenwind and Spurt; without them, the simplified game \
                     with the 84 speed cards only",
                    "mit den Sonderkarten Steigung, Gegenwind und Spurt; ohne sie das vereinfachte Spiel nur \
                     mit den 84 Tempokarten",
                ),
            },
            OptionSpec {
                key: "stages",
                label: Text::new("Stages", "Etappen"),
                kind: OptionKind::Int { min: 1, max: 10 },
                default: OptionDefault::Value("4"),
                help: Text::new(
                    "stages in the series (usually 3 to 5); the highest total wins",
                    "Etappen der Rundfahrt (meist 3 bis 5); die höchste Summe gewinnt",
                ),
            },
        ]
    }

    /// Checks the ranges.
    pub fn validate(&self) -> Result<(), OptionsError> {
        if !(2..=6).contains(&self.players) {
            return Err(OptionsError::rule(
                format!("Der Ausreisser is for 2 to 6 players, not {}", self.players),
                format!("Der Ausreisser ist für 2 bis 6 Spieler, nicht {}", self.players),
            ));
        }
        if !(1..=10).contains(&self.stages) {
            return Err(OptionsError::rule(
                format!("a series has 1 to 10 stages, not {}", self.stages),
                format!("Eine Serie hat 1 bis 10 Etappen, nicht {}", self.stages),
            ));
        }
        Ok(())
    }
}
