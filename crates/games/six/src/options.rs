//! The options of Six.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionDefault, OptionKind, OptionSpec, OptionsError, Text};

/// The options of Six; keys as in [`Options::specs`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// 2, or 4 in two partnerships.
    pub players: u8,
    /// May lifting a stone split the field (capturing the smaller part)?
    /// `false` is the basic variant.
    pub split: bool,
    /// The number of games in the match.
    pub games: u16,
    /// Second-round moves after which a game is drawn.
    pub move_limit: u16,
    /// A game is drawn when the same position (same player to move) occurs
    /// this many times.
    pub repetitions: u8,
    /// Does a shifted copy of the field count as the same position for
    /// repetitions? By default only the very same cells do.
    pub repeat_shifted: bool,
    /// Cells in notation are written modulo 64, in `-32..=31` (`31` is
    /// followed by `-32`), and each names the cell of its kind next to the
    /// field: the reading of records before format 4, which only records
    /// carry (`Game::record_keys`), never people. Left out when false.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub wrapped_cells: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            players: 2,
            split: true,
            games: 1,
            move_limit: 200,
            repetitions: 3,
            repeat_shifted: false,
            wrapped_cells: false,
        }
    }
}

impl Options {
    /// The option schema shown by `spieltisch games`.
    pub fn specs() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "players",
                label: Text::new("Players", "Spieler"),
                kind: OptionKind::Int { min: 2, max: 4 },
                default: OptionDefault::Value("2"),
                help: Text::new(
                    "2 players, or 4 in two partnerships: the first and third seat play red, the second and \
                     fourth black; 3 is not possible",
                    "2 Spieler, oder 4 in zwei Partnerschaften: der erste und dritte Spieler spielen Rot, der \
                     zweite und vierte Schwarz; 3 geht nicht",
                ),
            },
            OptionSpec {
                key: "split",
                label: Text::new("Splitting the field", "Feld teilen"),
                kind: OptionKind::Bool,
                default: OptionDefault::Value("true"),
                help: Text::new(
                    "second round: lifting a stone may split the field, and the smaller part is captured; \
                     without it, the basic game: a stone whose lifting would split the field stays",
                    "zweite Runde: das Aufnehmen eines Steins darf das Feld teilen, der kleinere Teil wird \
                     geschlagen; ohne das das Grundspiel: ein Stein, der das Feld teilen würde, bleibt liegen",
                ),
            },
            OptionSpec {
                key: "games",
                label: Text::new("Games in the match", "Partien im Match"),
                kind: OptionKind::Int { min: 1, max: 99 },
                default: OptionDefault::Value("1"),
                help: Text::new(
                    "games in the match; the loser of a game starts the next one",
                    "Partien im Match; wer eine Partie verliert, beginnt die nächste",
                ),
            },
            OptionSpec {
                key: "move_limit",
                label: Text::new("Move limit", "Zuglimit"),
                kind: OptionKind::Int { min: 1, max: 5000 },
                default: OptionDefault::Value("200"),
                help: Text::new(
                    "a game is drawn after this many second-round moves without a winner",
                    "eine Partie endet unentschieden nach so vielen Zügen der zweiten Runde ohne Sieger",
                ),
            },
            OptionSpec {
                key: "repetitions",
                label: Text::new("Repetitions for a draw", "Wiederholungen bis Unentschieden"),
                kind: OptionKind::Int { min: 2, max: 10 },
                default: OptionDefault::Value("3"),
                help: Text::new(
                    "a game is drawn when the same position with the same player to move occurs this often",
                    "eine Partie endet unentschieden, wenn dieselbe Stellung mit demselben Spieler am Zug so oft vorkommt",
                ),
            },
            OptionSpec {
                key: "repeat_shifted",
                label: Text::new("Shifted fields repeat", "Verschobene Felder wiederholen"),
                kind: OptionKind::Bool,
                default: OptionDefault::Value("false"),
                help: Text::new(
                    "for repetitions, a copy of the field shifted on the table counts as the same position",
                    "bei Wiederholungen zählt eine auf dem Tisch verschobene Kopie des Feldes als dieselbe Stellung",
                ),
            },
        ]
    }

    /// Checks the combination (ranges included, for options built in code).
    pub fn validate(&self) -> Result<(), OptionsError> {
        if self.players != 2 && self.players != 4 {
            return Err(OptionsError::rule(
                format!("Six is played by 2 players or by 4 in two partnerships, not by {}", self.players),
                format!("Six spielen 2 Spieler oder 4 in zwei Partnerschaften, nicht {}", self.players),
            ));
        }
        if !(1..=99).contains(&self.games) {
            return Err(OptionsError::rule(
                format!("games must be from 1 to 99, not {}", self.games),
                format!("Partien: von 1 bis 99, nicht {}", self.games),
            ));
        }
        if !(1..=5000).contains(&self.move_limit) {
            return Err(OptionsError::rule(
                format!("move_limit must be from 1 to 5000, not {}", self.move_limit),
                format!("Zuggrenze: von 1 bis 5000, nicht {}", self.move_limit),
            ));
        }
        if !(2..=10).contains(&self.repetitions) {
            return Err(OptionsError::rule(
                format!("repetitions must be from 2 to 10, not {}", self.repetitions),
                format!("Wiederholungen: von 2 bis 10, nicht {}", self.repetitions),
            ));
        }
        Ok(())
    }
}
