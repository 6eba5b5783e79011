//! Actions: a move of a seat or a chance outcome, with their notation and
//! their data.
//!
//! | notation | meaning |
//! | --- | --- |
//! | `draw 45`, `draw hill`, `draw wind`, `draw spurt` | chance: the next card off the pile |
//! | `play 45` | play the speed card 45 |
//! | `play 45 +2 +2 -2 hill` | with two Spurts, one Gegenwind and (leader only) a Steigung |
//! | `hill` | put a Steigung on the leader's pile out of turn |
//! | `pass` | let the chance to play a Steigung out of turn go by |
//!
//! The modifiers of a play may come in any order when typed; they are written
//! in the order Spurts, Gegenwinds, Steigung. [`Action`] writes its notation
//! with `Display` and reads it with `FromStr`; its serde form is its data.

use crate::card::{Card, MAX_SPEED, MIN_SPEED};
use crate::words::{say, say_into};
use serde::{Deserialize, Serialize};
use spieltisch_core::{ActionError, Lang};
use std::{fmt, str::FromStr};

/// The cards of one turn's play: one speed card, any number of Spurts, the
/// Gegenwinds that must go with it, and a Steigung (leader only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Play {
    /// The number on the speed card (39 to 50).
    pub speed: u8,
    pub spurts: u8,
    pub winds: u8,
    pub hill: bool,
}

impl Play {
    /// The speed before the cap: the card, +2 per Spurt, −2 per Gegenwind.
    pub fn raw_speed(&self) -> i32 {
        i32::from(self.speed) + 2 * i32::from(self.spurts) - 2 * i32::from(self.winds)
    }

    /// The speed ridden: the raw speed, capped at 50 under a hill and 52 on
    /// the flat ("a maximum speed of 52 kph on the flat and 50 kph going up hills").
    pub fn capped_speed(&self, uphill: bool) -> u8 {
        let cap = if uphill { 50 } else { 52 };
        self.raw_speed().clamp(0, cap) as u8
    }

    /// The play in words: "plays 45 with 2× Spurt, 1× Gegenwind, a Steigung".
    pub fn describe(&self, lang: Lang) -> String {
        if self.spurts == 0 && self.winds == 0 && !self.hill {
            return say(lang, "play", &[("speed", self.speed.into())]);
        }
        let mut cards = String::new();
        let mut add = |key: &str, n: u8| {
            if !cards.is_empty() {
                cards.push_str(", ");
            }
            say_into(&mut cards, lang, key, &[("n", n.into())]);
        };
        if self.spurts > 0 {
            add("play-spurts", self.spurts);
        }
        if self.winds > 0 {
            add("play-winds", self.winds);
        }
        if self.hill {
            add("play-hill", 1);
        }
        say(lang, "play-with", &[("speed", self.speed.into()), ("cards", (&cards).into())])
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "play {}", self.speed)?;
        for _ in 0..self.spurts {
            f.write_str(" +2")?;
        }
        for _ in 0..self.winds {
            f.write_str(" -2")?;
        }
        if self.hill {
            f.write_str(" hill")?;
        }
        Ok(())
    }
}

/// An action as data ([`spieltisch_core::ActionData`]): its kind with its
/// parameters, on the wire `{"kind": "play", "params": {"speed": 45, "spurts": 1, "winds": 0, "hill": false}}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum Action {
    /// The mover's play.
    Play(Play),
    /// A Steigung put on the leader's pile out of turn.
    Hill {},
    /// Letting the chance to play a Steigung out of turn go by.
    Pass {},
    /// Chance: the card drawn. Who draws it, and why, follows from the state.
    Draw { card: Card },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw { card } => write!(f, "draw {card}"),
            Action::Play(play) => play.fmt(f),
            Action::Hill {} => f.write_str("hill"),
            Action::Pass {} => f.write_str("pass"),
        }
    }
}

const HELP: &str = "expected 'play <39..50> [+2 ...] [-2 ...] [hill]', 'hill', 'pass' or 'draw <card>'";

impl FromStr for Action {
    type Err = ActionError;
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let lower = input.trim().to_ascii_lowercase();
        let mut words = lower.split_whitespace();
        let Some(first) = words.next() else {
            return Err(ActionError::parse(input, HELP));
        };
        match first {
            "hill" | "steigung" if words.next().is_none() => Ok(Action::Hill {}),
            "pass" | "passen" if words.next().is_none() => Ok(Action::Pass {}),
            "draw" | "ziehen" => {
                let (Some(card), None) = (words.next(), words.next()) else {
                    return Err(ActionError::parse(input, "'draw' takes exactly one card, e.g. 'draw 45'"));
                };
                Ok(Action::Draw {
                    card: card.parse().map_err(|_| {
                        ActionError::parse(input, "a card is a speed from 39 to 50, or hill, wind or spurt")
                    })?,
                })
            }
            "play" | "spielen" => {
                let speed = words
                    .next()
                    .and_then(|w| w.parse::<u8>().ok())
                    .filter(|s| (MIN_SPEED..=MAX_SPEED).contains(s))
                    .ok_or_else(|| {
                        ActionError::parse(
                            input,
                            "'play' needs a speed card from 39 to 50 first, e.g. 'play 45'",
                        )
                    })?;
                let mut play = Play { speed, spurts: 0, winds: 0, hill: false };
                for word in words {
                    match word {
                        "+2" | "spurt" => play.spurts += 1,
                        "-2" | "wind" | "gegenwind" => play.winds += 1,
                        "hill" | "steigung" if !play.hill => play.hill = true,
                        "hill" | "steigung" => {
                            return Err(ActionError::parse(input, "at most one Steigung goes with a play"));
                        }
                        other => {
                            return Err(ActionError::parse(
                                input,
                                format!("unknown modifier '{other}': use +2 (Spurt), -2 (Gegenwind) or hill"),
                            ));
                        }
                    }
                    if play.spurts > 5 || play.winds > 5 {
                        return Err(ActionError::parse(
                            input,
                            "there are only five Spurts and five Gegenwinds",
                        ));
                    }
                }
                Ok(Action::Play(play))
            }
            _ => Err(ActionError::parse(input, HELP)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_is_said_in_both_languages() {
        let play = Play { speed: 45, spurts: 2, winds: 1, hill: true };
        assert_eq!(play.describe(Lang::En), "plays 45 with 2× Spurt, 1× Gegenwind, a Steigung");
        // "mit" takes the dative.
        assert_eq!(play.describe(Lang::De), "spielt 45 mit 2× Spurt, 1× Gegenwind, einer Steigung");
        assert_eq!(Play { hill: false, spurts: 0, winds: 0, ..play }.describe(Lang::De), "spielt 45");
    }

    #[test]
    fn notation_round_trips() {
        let play = Play { speed: 45, spurts: 2, winds: 1, hill: true };
        let action = Action::Play(play);
        assert_eq!(action.to_string(), "play 45 +2 +2 -2 hill");
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        assert_eq!("  PLAY 45 hill -2 +2 +2 ".parse::<Action>(), Ok(action));
        for a in [
            Action::Hill {},
            Action::Pass {},
            Action::Draw { card: Card::WIND },
            Action::Draw { card: Card::speed(39).unwrap() },
        ] {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a));
        }
    }

    #[test]
    fn data_is_kind_and_params() {
        let play = Action::Play(Play { speed: 45, spurts: 1, winds: 0, hill: false });
        let written = r#"{"kind":"play","params":{"speed":45,"spurts":1,"winds":0,"hill":false}}"#;
        assert_eq!(serde_json::to_string(&play).unwrap(), written);
        assert_eq!(serde_json::from_str::<Action>(written).unwrap(), play);
        assert_eq!(serde_json::to_string(&Action::Hill {}).unwrap(), r#"{"kind":"hill","params":{}}"#);
        let wind = Action::Draw { card: Card::WIND };
        assert_eq!(serde_json::from_value::<Action>(serde_json::to_value(wind).unwrap()).unwrap(), wind);
    }

    #[test]
    fn bad_input_gets_a_reason() {
        for bad in ["", "play", "play 38", "play 45 +3", "play 45 hill hill", "draw", "draw 60", "jump"] {
            match bad.parse::<Action>() {
                Err(ActionError::Parse { reason, .. }) => assert!(!reason.is_empty()),
                other => panic!("'{bad}' gave {other:?}"),
            }
        }
    }

    #[test]
    fn spurt_and_gegenwind_cancel() {
        // "A Spurt card can be played along with it and the two cancel one another out."
        let play = Play { speed: 44, spurts: 1, winds: 1, hill: false };
        assert_eq!(play.capped_speed(false), 44);
    }

    #[test]
    fn speed_is_capped_at_52_flat_and_50_uphill() {
        // "there is a maximum speed of 52 kph on the flat and 50 kph going up hills"
        let play = Play { speed: 50, spurts: 2, winds: 0, hill: false };
        assert_eq!(play.raw_speed(), 54);
        assert_eq!(play.capped_speed(false), 52);
        assert_eq!(play.capped_speed(true), 50);
        let spurt = Play { speed: 47, spurts: 1, winds: 0, hill: false };
        assert_eq!(spurt.capped_speed(false), 49, "a Spurt adds 2 kph to the card");
    }
}
