//! The options of a series.

use serde::{Deserialize, Serialize};
use spieltisch_core::{OptionKind, Text};

spieltisch_core::options! {
    /// Options of a series of Der Ausreisser.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "ts", derive(ts_rs::TS))]
    #[serde(default, deny_unknown_fields)]
    pub struct Options {
        /// Number of riders, 2 to 6.
        pub players: u8 = 4 => {
            kind: OptionKind::Int { min: 2, max: 6 },
            label: Text::new("Riders", "Fahrer"),
            help: Text::new("number of riders, one per player", "Anzahl der Fahrer, einer je Spieler"),
        },
        /// With the special cards (Steigung, Gegenwind, Spurt); `false` is the
        /// simplified variant with the 84 speed cards only.
        pub special: bool = true => {
            kind: OptionKind::Bool,
            label: Text::new("Special cards", "Sonderkarten"),
            help: Text::new(
                "with the special cards Steigung, Gegenwind and Spurt; without them, the simplified game \
                 with the 84 speed cards only",
                "mit den Sonderkarten Steigung, Gegenwind und Spurt; ohne sie das vereinfachte Spiel nur \
                 mit den 84 Tempokarten",
            ),
        },
        /// Stages in the series (the rules say "usually 3-5").
        pub stages: u8 = 4 => {
            kind: OptionKind::Int { min: 1, max: 10 },
            label: Text::new("Stages", "Etappen"),
            help: Text::new(
                "stages in the series (usually 3 to 5); the highest total wins",
                "Etappen der Rundfahrt (meist 3 bis 5); die höchste Summe gewinnt",
            ),
        },
    }
}
