//! The options of Six.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionKind, OptionsError, Text};

spieltisch_core::options! {
    /// The options of Six; keys as in [`Options::specs`].
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        /// 2, or 4 in two partnerships.
        pub players: u8 = 2 => {
            kind: OptionKind::Int { min: 2, max: 4 },
            label: Text::new("Players", "Spieler"),
            help: Text::new(
                "2 players, or 4 in two partnerships: the first and third seat play red, the second and \
                 fourth black; 3 is not possible",
                "2 Spieler, oder 4 in zwei Partnerschaften: der erste und dritte Spieler spielen Rot, der \
                 zweite und vierte Schwarz; 3 geht nicht",
            ),
        },
        /// May lifting a stone split the field (capturing the smaller part)?
        /// `false` is the basic variant.
        pub split: bool = true => {
            kind: OptionKind::Bool,
            label: Text::new("Splitting the field", "Feld teilen"),
            help: Text::new(
                "second round: lifting a stone may split the field, and the smaller part is captured; \
                 without it, the basic game: a stone whose lifting would split the field stays",
                "zweite Runde: das Aufnehmen eines Steins darf das Feld teilen, der kleinere Teil wird \
                 geschlagen; ohne das das Grundspiel: ein Stein, der das Feld teilen würde, bleibt liegen",
            ),
        },
        /// The number of games in the match.
        pub games: u16 = 1 => {
            kind: OptionKind::Int { min: 1, max: 99 },
            label: Text::new("Games in the match", "Partien im Match"),
            help: Text::new(
                "games in the match; the loser of a game starts the next one",
                "Partien im Match; wer eine Partie verliert, beginnt die nächste",
            ),
        },
        /// Second-round moves after which a game is drawn.
        pub move_limit: u16 = 200 => {
            kind: OptionKind::Int { min: 1, max: 5000 },
            label: Text::new("Move limit", "Zuggrenze"),
            help: Text::new(
                "a game is drawn after this many second-round moves without a winner",
                "eine Partie endet unentschieden nach so vielen Zügen der zweiten Runde ohne Sieger",
            ),
        },
        /// A game is drawn when the same position (same player to move) occurs
        /// this many times.
        pub repetitions: u8 = 3 => {
            kind: OptionKind::Int { min: 2, max: 10 },
            label: Text::new("Repetitions for a draw", "Wiederholungen bis Unentschieden"),
            help: Text::new(
                "a game is drawn when the same position with the same player to move occurs this often",
                "eine Partie endet unentschieden, wenn dieselbe Stellung mit demselben Spieler am Zug so oft vorkommt",
            ),
        },
        /// Does a shifted copy of the field count as the same position for
        /// repetitions? By default only the very same cells do.
        pub repeat_shifted: bool = false => {
            kind: OptionKind::Bool,
            label: Text::new("Shifted fields repeat", "Verschobene Felder wiederholen"),
            help: Text::new(
                "for repetitions, a copy of the field shifted on the table counts as the same position",
                "bei Wiederholungen zählt eine auf dem Tisch verschobene Kopie des Feldes als dieselbe Stellung",
            ),
        },
        /// Cells in notation are written modulo 64, in `-32..=31` (`31` is
        /// followed by `-32`), and each names the cell of its kind next to the
        /// field: the reading of records before format 4, which only records
        /// carry (`DeclaredOptions::RECORD_KEYS`), never people. Left out when false.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        #[cfg_attr(feature = "ts", ts(skip))]
        pub wrapped_cells: bool = false => { record_only },
    }
}

impl Options {
    /// Checks the options: each within its range, and a player count Six is
    /// played by (2, or 4 in two partnerships: not 3).
    pub fn validate(&self) -> Result<(), OptionsError> {
        self.check_ranges()?;
        if self.players != 2 && self.players != 4 {
            return Err(OptionsError::rule(
                format!("Six is played by 2 players or by 4 in two partnerships, not by {}", self.players),
                format!("Six spielen 2 Spieler oder 4 in zwei Partnerschaften, nicht {}", self.players),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options built in code are checked against their declared ranges,
    /// with one reason in both languages that names the option as its
    /// label does ("Zuggrenze"); 3 players are in range but no table of Six.
    #[test]
    fn options_built_in_code_are_checked() {
        let reason = |options: Options| match options.validate() {
            Err(OptionsError::Rule(reason)) => reason,
            other => panic!("{options:?}: {other:?}"),
        };
        let limit = reason(Options { move_limit: 0, ..Options::default() });
        assert_eq!(limit.en, "move_limit must be from 1 to 5000, not 0");
        assert_eq!(limit.de, "Zuggrenze: von 1 bis 5000, nicht 0");
        let label = Options::specs().into_iter().find(|s| s.key == "move_limit").unwrap().label;
        assert_eq!(label, Text::new("Move limit", "Zuggrenze"));
        assert_eq!(
            reason(Options { games: 100, ..Options::default() }).en,
            "games must be from 1 to 99, not 100"
        );
        assert!(reason(Options { players: 3, ..Options::default() }).en.contains("not by 3"));
        assert_eq!(Options { players: 4, games: 99, ..Options::default() }.validate(), Ok(()));
    }
}
