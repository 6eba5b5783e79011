//! The options of a series.

use crate::track::Track;
use serde::{Deserialize, Deserializer, Serialize, de::Error as _};
use serde_json::Value;
use spieltisch_core::{Choice, Lang, OptionDefault, OptionKind, OptionValue, Text};
use std::sync::OnceLock;

/// The fewest and most players.
pub const MIN_PLAYERS: usize = 3;
pub const MAX_PLAYERS: usize = 8;
/// The longest series.
pub const MAX_RACES: usize = 20;

/// How a rider who did not cross the line is counted laps down. The rulebook:
/// "a lap down for every four spaces their token is from the finish line, to
/// a maximum of five"; both readings stop at five (see the crate docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LapsDown {
    /// One lap per full four spaces short: 3 short is no lap, 4 to 7 is one.
    #[default]
    FullFour,
    /// One lap per four spaces or part of four: every rider short of the
    /// line is at least one lap down (the only reading before the option).
    PartOfFour,
}

spieltisch_core::options! {
    /// Options of a series; the JSON keys are the field names (see the table in the crate docs).
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        /// Number of riders, 3–8.
        pub players: usize = 4 => {
            kind: OptionKind::Int { min: MIN_PLAYERS as i64, max: MAX_PLAYERS as i64 },
            label: Text::new("Riders", "Fahrer"),
            help: Text::new(
                "number of riders (3-8), one per player",
                "Anzahl der Fahrer (3-8), einer je Spieler",
            ),
        },
        /// Races in the series, 1–20.
        pub races: usize = 6 => {
            kind: OptionKind::Int { min: 1, max: MAX_RACES as i64 },
            label: Text::new("Races", "Rennen"),
            help: Text::new(
                "races in the series; the rider with the fewest laps down in total wins",
                "Rennen der Serie; es gewinnt, wer insgesamt die wenigsten Runden Rückstand hat",
            ),
        },
        /// The optional balancing rule: each race after the first starts in the
        /// reverse order of the previous race's placings.
        pub balancing: bool = false => {
            kind: OptionKind::Bool,
            label: Text::new("Balancing rule", "Ausgleichsregel"),
            help: Text::new(
                "each race after the first starts in the reverse order of the last race's placings",
                "jedes Rennen nach dem ersten beginnt in umgekehrter Reihenfolge der letzten Platzierung",
            ),
        },
        /// The track, as content: given as `default` it reads as the built-in
        /// track; a track file is read by the front end first
        /// ([`crate::track::read_track_file`]).
        #[serde(deserialize_with = "track_given")]
        pub track: Track = Track::default_track() => {
            kind: OptionKind::ChoiceOrFile { choices: TRACKS },
            label: Text::new("Track", "Bahn"),
            help: Text::new(
                "the standard track, or the path of a track file (JSON)",
                "die Standardbahn oder der Pfad einer Bahndatei (JSON)",
            ),
            // The built-in track's word, which reads as the default track.
            default: OptionDefault::Value(TRACKS[0].value.into()),
        },
        /// How laps down are counted.
        pub laps_down: LapsDown = LapsDown::FullFour => {
            kind: OptionKind::Choice { choices: LAPS_DOWN },
            label: Text::new("Laps down", "Runden Rückstand"),
            help: Text::new(
                "how a rider short of the line when the race ends is counted laps down, at most 5",
                "wie ein Fahrer, der bei Rennende vor dem Ziel steht, Runden Rückstand bekommt, höchstens 5",
            ),
        },
    }
}

/// Checked by its type: every value is a reading of the rule.
impl OptionValue for LapsDown {}

/// Checked when it is read ([`crate::track::read_track_file`], `track_given`).
impl OptionValue for Track {}

impl Options {
    /// Default options with `players` riders.
    pub fn with_players(players: usize) -> Self {
        Options { players, ..Default::default() }
    }
}

/// The track as options give it: `default`, or a track.
fn track_given<'de, D: Deserializer<'de>>(d: D) -> Result<Track, D::Error> {
    match Value::deserialize(d)? {
        Value::String(name) if name.trim() == "default" => Ok(Track::default_track()),
        Value::String(name) => Err(D::Error::custom(format!(
            "'{name}' is no built-in track (default); a track file is read by the program you play with, not by \
             the rules"
        ))),
        other => serde_json::from_value(other).map_err(|e| D::Error::custom(format!("not a track: {e}"))),
    }
}

/// The built-in tracks.
const TRACKS: &[Choice] = &[Choice::new(
    "default",
    Text::new("Standard track", "Standardbahn"),
    Text::new(
        "one lap of 81 spaces: sprint lines after 27 and 54, Fahrerwechsel on 30, Sturz on 60",
        "eine Runde aus 81 Feldern: Sprintlinien nach 27 und 54, Fahrerwechsel auf 30, Sturz auf 60",
    ),
)];

/// The track's name in `lang`: the built-in track by its choice's label
/// (its file names it in English only), a track file by its own name.
pub fn track_name(track: &Track, lang: Lang) -> &str {
    static BUILT_IN: OnceLock<Track> = OnceLock::new();
    if track == BUILT_IN.get_or_init(Track::default_track) { TRACKS[0].label.get(lang) } else { track.name() }
}

/// The readings of "a lap down for every four spaces" ([`LapsDown`]).
const LAPS_DOWN: &[Choice] = &[
    Choice::new(
        "full_four",
        Text::new("Per full four spaces", "Je volle vier Felder"),
        Text::new(
            "one lap per full four spaces short of the line: 3 short is none, 4 to 7 short one",
            "eine Runde je volle vier Felder vor dem Ziel: 3 Felder sind keine, 4 bis 7 Felder eine",
        ),
    ),
    Choice::new(
        "part_of_four",
        Text::new("Per four spaces or part of four", "Je angefangene vier Felder"),
        Text::new(
            "one lap per four spaces or part of four: every rider short of the line is at least one lap \
             down (the only reading before this option)",
            "eine Runde je angefangene vier Felder: jeder Fahrer vor dem Ziel hat mindestens eine Runde \
             Rückstand (die einzige Lesart vor dieser Option)",
        ),
    ),
];
