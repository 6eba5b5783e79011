//! The options of a series.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionKind, OptionSpec, Text};

/// The fewest and most players.
pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 8;
/// The longest series.
pub const MAX_RACES: usize = 20;

/// How a rider who did not cross the line is counted laps down. The rulebook:
/// "a lap down for every four spaces their token is from the finish line, to
/// a maximum of five"; both readings stop at five (see the crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LapsDown {
    /// One lap per full four spaces short: 3 short is no lap, 4 to 7 is one.
    #[default]
    FullFour,
    /// One lap per four spaces or part of four: every rider short of the
    /// line is at least one lap down (the only reading before the option).
    PartOfFour,
}

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
    /// How laps down are counted.
    pub laps_down: LapsDown,
}

impl Default for SechstageOptions {
    fn default() -> Self {
        SechstageOptions {
            players: 4,
            races: 6,
            balancing: false,
            track: "default".into(),
            laps_down: LapsDown::FullFour,
        }
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
        OptionSpec {
            key: "laps_down",
            kind: OptionKind::Choice { choices: &["full_four", "part_of_four"] },
            default: "full_four",
            help: Text::new(
                "laps down for a rider short of the line, at most 5: full_four, one per full four spaces \
                 (3 short: none); part_of_four, one per four spaces or part of four (at least 1)",
                "Runden Rückstand für einen Fahrer vor dem Ziel, höchstens 5: full_four, eine je volle vier \
                 Felder (3 Felder: keine); part_of_four, eine je angefangene vier Felder (mindestens 1)",
            ),
        },
    ]
}
