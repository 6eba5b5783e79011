//! Cards and card counts.
//!
//! A card is one of fifteen kinds: the speed cards 39 to 50, then Steigung
//! (hill), Gegenwind (headwind, −2) and Spurt (+2). Hands, the pile and the
//! discards are counts per kind, never ordered lists: the order of a pile is
//! a secret nobody needs to store.

use crate::words::say_into;
use serde::{Deserialize, Serialize};
use spieltisch_core::{ActionError, Lang};
use std::{
    fmt::{self, Write as _},
    str::FromStr,
};

/// Number of card kinds.
pub const KINDS: usize = 15;
/// Number of speed kinds (39 to 50).
pub const SPEEDS: usize = 12;
/// The lowest speed card.
pub const MIN_SPEED: u8 = 39;
/// The highest speed card.
pub const MAX_SPEED: u8 = 50;
/// Copies of each speed card in the deck.
pub const SPEED_COPIES: u8 = 7;
/// Copies of each special card in the deck.
pub const SPECIAL_COPIES: u8 = 5;

/// Cards per kind.
pub type Counts = [u8; KINDS];

/// One card kind, on the wire by its name: a speed card `39`–`50`, `hill`,
/// `wind` or `spurt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "String"))]
#[serde(into = "String", try_from = "String")]
pub struct Card(u8);

impl Card {
    /// Steigung: a hill climb.
    pub const HILL: Card = Card(12);
    /// Gegenwind: a headwind, −2.
    pub const WIND: Card = Card(13);
    /// Spurt: +2.
    pub const SPURT: Card = Card(14);

    /// The speed card `speed`, if it exists (39 to 50).
    pub fn speed(speed: u8) -> Option<Card> {
        (MIN_SPEED..=MAX_SPEED).contains(&speed).then(|| Card(speed - MIN_SPEED))
    }

    /// The card of kind index `index` (0..15).
    pub fn from_index(index: usize) -> Card {
        debug_assert!(index < KINDS);
        Card(index as u8)
    }

    /// The kind index (0..15), for indexing [`Counts`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The number on a speed card, `None` for special cards.
    pub fn speed_value(self) -> Option<u8> {
        (self.index() < SPEEDS).then_some(self.0 + MIN_SPEED)
    }

    /// True for Steigung, Gegenwind and Spurt.
    pub fn is_special(self) -> bool {
        self.index() >= SPEEDS
    }

    /// The card as the card reads: its number, or the special card's name,
    /// which the rules use in every language (`Steigung`, `Gegenwind`,
    /// `Spurt`). The notation's words (`hill`, `wind`, `spurt`) are for
    /// programs, not people.
    pub fn word(self) -> String {
        match self {
            Card::HILL => "Steigung".into(),
            Card::WIND => "Gegenwind".into(),
            Card::SPURT => "Spurt".into(),
            card => card.to_string(),
        }
    }

    /// The card's name in words, with what it does.
    pub fn name(self, lang: Lang) -> String {
        let mut out = String::new();
        self.name_into(&mut out, lang);
        out
    }

    /// [`Card::name`] appended to `out`.
    pub(crate) fn name_into(self, out: &mut String, lang: Lang) {
        match self {
            Card::HILL => say_into(out, lang, "card-hill", &[]),
            Card::WIND => say_into(out, lang, "card-wind", &[]),
            Card::SPURT => say_into(out, lang, "card-spurt", &[]),
            card => {
                let _ = write!(out, "{card}");
            }
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Card::HILL => f.write_str("hill"),
            Card::WIND => f.write_str("wind"),
            Card::SPURT => f.write_str("spurt"),
            Card(i) => write!(f, "{}", i + MIN_SPEED),
        }
    }
}

impl FromStr for Card {
    type Err = ActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let word = s.trim().to_ascii_lowercase();
        match word.as_str() {
            "hill" | "steigung" => Ok(Card::HILL),
            "wind" | "gegenwind" | "-2" => Ok(Card::WIND),
            "spurt" | "+2" => Ok(Card::SPURT),
            _ => word.parse::<u8>().ok().and_then(Card::speed).ok_or_else(|| {
                ActionError::parse(s, "a card is a speed from 39 to 50, or hill, wind or spurt")
            }),
        }
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

impl TryFrom<String> for Card {
    type Error = ActionError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// The full deck: seven of each speed card, and five of each special card
/// unless the simplified variant leaves them out.
pub fn full_deck(special: bool) -> Counts {
    let mut deck = [SPEED_COPIES; KINDS];
    for kind in &mut deck[SPEEDS..] {
        *kind = if special { SPECIAL_COPIES } else { 0 };
    }
    deck
}

/// The number of cards in `counts`.
pub fn total(counts: &Counts) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}

/// True when `counts` holds at least one speed card.
pub fn has_speed(counts: &Counts) -> bool {
    counts[..SPEEDS].iter().any(|&c| c > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_99_cards_or_84_without_specials() {
        // "84 Speed Cards with numbers between 39 and 50, 5 Steigung, 5 Gegenwind, 5 Spurt"
        assert_eq!(total(&full_deck(true)), 99);
        assert_eq!(total(&full_deck(false)), 84);
        assert_eq!(full_deck(true)[Card::HILL.index()], 5);
    }

    #[test]
    fn notation_reads_back() {
        for i in 0..KINDS {
            let card = Card::from_index(i);
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
        }
        assert_eq!("Steigung".parse::<Card>(), Ok(Card::HILL));
        assert!("38".parse::<Card>().is_err());
        assert!("51".parse::<Card>().is_err());
    }
}
