//! The options of a series.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionKind, OptionSpec, Text};

/// The fewest and most players.
pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 8;
/// The longest series.
pub const MAX_RACES: usize = 20;

/// Options of a series; the JSON keys are the field names (see the table in the crate docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SechstageOptions {
    /// Number of riders, 3–8.
    pub players: usize,
    /// Races in the series, 1–20.
    pub races: usize,
    /// The optional balancing rule: each race after the first starts in the
    /// reverse order of the previous race's placings.
    pub balancing: bool,
    /// `default`, or the path of a track file.
    pub track: String,
}

impl Default for SechstageOptions {
    fn default() -> Self {
        SechstageOptions { players: 4, races: 6, balancing: false, track: "default".into() }
    }
}

impl SechstageOptions {
    /// Default options with `players` riders.
    pub fn with_players(players: usize) -> Self {
        SechstageOptions { players, ..Default::default() }
    }
}

/// The option schema shown by `spieltisch games`.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec {
            key: "players",
            kind: OptionKind::Int { min: MIN_PLAYERS as i64, max: MAX_PLAYERS as i64 },
            default: "4",
            help: Text::new("number of riders (3-8)", "Anzahl der Fahrer (3-8)"),
        },
        OptionSpec {
            key: "races",
            kind: OptionKind::Int { min: 1, max: MAX_RACES as i64 },
            default: "6",
            help: Text::new("races in the series", "Rennen der Serie"),
        },
        OptionSpec {
            key: "balancing",
            kind: OptionKind::Bool,
            default: "false",
            help: Text::new(
                "balancing rule: the next race starts in the reverse order of the last race's placings",
                "Ausgleichsregel: das nächste Rennen beginnt in umgekehrter Reihenfolge der letzten Platzierung",
            ),
        },
        OptionSpec {
            key: "track",
            kind: OptionKind::ChoiceOrFile { choices: &["default"] },
            default: "default",
            help: Text::new(
                "the track: default, or the path of a track file (JSON)",
                "die Bahn: default oder der Pfad einer Bahndatei (JSON)",
            ),
        },
    ]
}
