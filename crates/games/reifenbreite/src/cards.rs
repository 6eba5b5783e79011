//! Energy cards (section 4.3, 6, 10) and our chance-card deck (section 7).

use crate::words::say;
use serde::{Deserialize, Serialize};
use spieltisch_core::Lang;

/// One kind of energy card of a team's row: the rider it belongs to (`None`
/// for a joker), its value, and whether it bears the mountain sign (`M`:
/// never on a climb, section 10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnergyKind {
    pub owner: Option<u8>,
    pub value: u8,
    pub mountain: bool,
}

/// The kinds of energy card a team holds, in row order: 21-6M, 21-5, 22-6M,
/// 22-5, 23-6M, 24-5, J-6M, J-5, with `owner` the rider's place in the team
/// (0 = the star, number x1). A team's cards are counts of these kinds
/// ([`energy_deck`]).
pub const ENERGY_KINDS: [EnergyKind; 8] = [
    EnergyKind { owner: Some(0), value: 6, mountain: true },
    EnergyKind { owner: Some(0), value: 5, mountain: false },
    EnergyKind { owner: Some(1), value: 6, mountain: true },
    EnergyKind { owner: Some(1), value: 5, mountain: false },
    EnergyKind { owner: Some(2), value: 6, mountain: true },
    EnergyKind { owner: Some(3), value: 5, mountain: false },
    EnergyKind { owner: None, value: 6, mountain: true },
    EnergyKind { owner: None, value: 5, mountain: false },
];

/// The two printed rows of a team's fourteen energy cards (4.3;
/// docs/rules/reifenbreite.md#energy-cards, as the English edition prints
/// them), as counts of [`ENERGY_KINDS`]: row 1 is 21-6M, 21-5, 22-6M, 23-6M,
/// 24-5, J-6M, J-5; row 2 the same but for 22-5 in place of 22-6M.
pub const ENERGY_ROWS: [[u8; 8]; 2] = [[1, 1, 1, 0, 1, 1, 1, 1], [1, 1, 0, 1, 1, 1, 1, 1]];

/// A team's energy cards at the start of a race: row 1, and row 2 as well
/// on a course of two rows (short courses use only the upper row: "so darf
/// jeder Teamchef nur die 7 oberen Energie-Karten verwenden"). Records of
/// edition 1 were played with row 2 a copy of row 1 (two 22-6M, no 22-5).
pub fn energy_deck(rows: u8, edition: u8) -> [u8; 8] {
    let second = if edition >= 2 { ENERGY_ROWS[1] } else { ENERGY_ROWS[0] };
    std::array::from_fn(|k| ENERGY_ROWS[0][k] + if rows >= 2 { second[k] } else { 0 })
}

/// An energy card as a manager names it for the rider about to move: his own
/// numbered 6 (with mountain sign) or 5, or a joker 6 (with mountain sign) or 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Energy {
    Own6,
    Own5,
    Joker6,
    Joker5,
}

const NO_KIND: u8 = u8::MAX;

/// [`Energy::kind`] looked up, per card and rider place: the row is searched
/// once, at compile time, not on every turn.
const KIND_OF: [[u8; 4]; 4] = {
    let mut table = [[NO_KIND; 4]; 4];
    let mut e = 0;
    while e < 4 {
        let mut place = 0;
        while place < 4 {
            let (own, value) = match Energy::ALL[e] {
                Energy::Own6 => (true, 6),
                Energy::Own5 => (true, 5),
                Energy::Joker6 => (false, 6),
                Energy::Joker5 => (false, 5),
            };
            // The first kind of the row that fits, as a search would find.
            let mut k = ENERGY_KINDS.len();
            while k > 0 {
                k -= 1;
                let kind = ENERGY_KINDS[k];
                let owner_fits = match kind.owner {
                    Some(p) => own && p == place as u8,
                    None => !own,
                };
                if owner_fits && kind.value == value {
                    table[e][place] = k as u8;
                }
            }
            place += 1;
        }
        e += 1;
    }
    table
};

impl Energy {
    pub const ALL: [Energy; 4] = [Energy::Own6, Energy::Own5, Energy::Joker6, Energy::Joker5];

    /// The kind index for rider `place` (0–3 within the team), if that rider
    /// has such a card at all.
    #[inline]
    pub fn kind(self, place: u8) -> Option<usize> {
        let k = KIND_OF[self as usize][place as usize % 4];
        (k != NO_KIND).then_some(k as usize)
    }

    /// The value printed on the card.
    pub fn value(self) -> u8 {
        match self {
            Energy::Own6 | Energy::Joker6 => 6,
            Energy::Own5 | Energy::Joker5 => 5,
        }
    }

    /// Whether the card bears the mountain sign (every 6 does).
    pub fn mountain(self) -> bool {
        self.value() == 6
    }

    /// Whether the card is a joker, which any rider of the team may play.
    pub fn joker(self) -> bool {
        matches!(self, Energy::Joker6 | Energy::Joker5)
    }

    pub fn notation(self) -> &'static str {
        match self {
            Energy::Own6 => "6M",
            Energy::Own5 => "5",
            Energy::Joker6 => "J6M",
            Energy::Joker5 => "J5",
        }
    }
}

/// Our chance cards (docs/rules/reifenbreite.md#chance-cards: no public text
/// exists, so we wrote 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChanceCard {
    /// The rider falls (mass-fall rule 7.1) and does not move this round.
    Fall,
    /// Puncture: the rider loses this move.
    Puncture,
    /// The chain came off: the rider loses this move.
    Chain,
    /// Feeding station: the team gets back one of this rider's spent
    /// energy cards (a spent joker if none of his own is spent).
    Feed,
    /// Hunger knock: the team hands in one of this rider's energy cards
    /// (a joker if he has none left; nothing if there is no joker either).
    Bonk,
    Headwind1,
    Headwind2,
    Headwind3,
    Tailwind1,
    Tailwind2,
    Tailwind3,
    /// The family cheers at the roadside: +2.
    FamilyCheers,
    /// A stop to greet the family at the roadside: −2.
    FamilyStop,
    /// A photographer catches the rider at his team car: a photo card is
    /// drawn and noted for him (professional chase-car rule only).
    Photo,
}

// `ChanceCard::index` is the order of declaration: the deck must follow it.
const _: () = {
    let mut i = 0;
    while i < ChanceCard::DECK.len() {
        assert!(
            ChanceCard::DECK[i].0 as usize == i,
            "the deck lists the cards in their order of declaration"
        );
        i += 1;
    }
};

impl ChanceCard {
    /// Every card type, with its number of copies (22 in all).
    pub const DECK: [(ChanceCard, u8); 14] = [
        (ChanceCard::Fall, 4),
        (ChanceCard::Puncture, 2),
        (ChanceCard::Chain, 1),
        (ChanceCard::Feed, 3),
        (ChanceCard::Bonk, 3),
        (ChanceCard::Headwind1, 1),
        (ChanceCard::Headwind2, 1),
        (ChanceCard::Headwind3, 1),
        (ChanceCard::Tailwind1, 1),
        (ChanceCard::Tailwind2, 1),
        (ChanceCard::Tailwind3, 1),
        (ChanceCard::FamilyCheers, 1),
        (ChanceCard::FamilyStop, 1),
        (ChanceCard::Photo, 1),
    ];

    /// The card's place in [`Self::DECK`] (which lists the cards in their
    /// order of declaration, as checked below at compile time).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The change to the move's length, for movement cards.
    #[inline]
    pub fn shift(self) -> i8 {
        match self {
            ChanceCard::Headwind1 => -1,
            ChanceCard::Headwind2 => -2,
            ChanceCard::Headwind3 => -3,
            ChanceCard::Tailwind1 => 1,
            ChanceCard::Tailwind2 => 2,
            ChanceCard::Tailwind3 => 3,
            ChanceCard::FamilyCheers => 2,
            ChanceCard::FamilyStop => -2,
            _ => 0,
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            ChanceCard::Fall => "fall",
            ChanceCard::Puncture => "puncture",
            ChanceCard::Chain => "chain",
            ChanceCard::Feed => "feed",
            ChanceCard::Bonk => "bonk",
            ChanceCard::Headwind1 => "headwind1",
            ChanceCard::Headwind2 => "headwind2",
            ChanceCard::Headwind3 => "headwind3",
            ChanceCard::Tailwind1 => "tailwind1",
            ChanceCard::Tailwind2 => "tailwind2",
            ChanceCard::Tailwind3 => "tailwind3",
            ChanceCard::FamilyCheers => "cheers",
            ChanceCard::FamilyStop => "family",
            ChanceCard::Photo => "photo",
        }
    }

    pub fn from_slug(s: &str) -> Option<ChanceCard> {
        Self::DECK.iter().map(|(c, _)| *c).find(|c| c.slug() == s)
    }

    /// The printed text in `lang` (the catalog's `chance-*`).
    pub fn text(self, lang: Lang) -> String {
        match self {
            ChanceCard::Fall => say(lang, "chance-fall", &[]),
            ChanceCard::Puncture => say(lang, "chance-puncture", &[]),
            ChanceCard::Chain => say(lang, "chance-chain", &[]),
            ChanceCard::Feed => say(lang, "chance-feed", &[]),
            ChanceCard::Bonk => say(lang, "chance-bonk", &[]),
            ChanceCard::Headwind1 => say(lang, "chance-headwind1", &[]),
            ChanceCard::Headwind2 => say(lang, "chance-headwind2", &[]),
            ChanceCard::Headwind3 => say(lang, "chance-headwind3", &[]),
            ChanceCard::Tailwind1 => say(lang, "chance-tailwind1", &[]),
            ChanceCard::Tailwind2 => say(lang, "chance-tailwind2", &[]),
            ChanceCard::Tailwind3 => say(lang, "chance-tailwind3", &[]),
            ChanceCard::FamilyCheers => say(lang, "chance-cheers", &[]),
            ChanceCard::FamilyStop => say(lang, "chance-family", &[]),
            ChanceCard::Photo => say(lang, "chance-photo", &[]),
        }
    }

    /// The full composition: the photo card only with the chase-car rule
    /// (section 4: it is sorted out otherwise).
    pub fn full_pile(with_photo: bool) -> [u8; 14] {
        let mut pile = [0; 14];
        for (i, (card, n)) in Self::DECK.iter().enumerate() {
            pile[i] = if *card == ChanceCard::Photo && !with_photo { 0 } else { *n };
        }
        pile
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_22_cards_and_one_photo_card() {
        assert_eq!(ChanceCard::full_pile(true).iter().map(|&n| n as u32).sum::<u32>(), 22);
        assert_eq!(ChanceCard::full_pile(false).iter().map(|&n| n as u32).sum::<u32>(), 21);
        for (c, _) in ChanceCard::DECK {
            assert_eq!(ChanceCard::from_slug(c.slug()), Some(c));
            for lang in [Lang::En, Lang::De] {
                let text = c.text(lang);
                assert!(!text.is_empty() && !text.starts_with("chance-"), "{c:?} in {lang}: {text}");
            }
        }
    }

    /// The cards as `21-6M`, for comparing with the printed rows.
    fn names(counts: [u8; 8]) -> Vec<String> {
        let mut out = Vec::new();
        for (kind, &n) in ENERGY_KINDS.iter().zip(&counts) {
            let who = kind.owner.map_or("J".to_string(), |o| (21 + o).to_string());
            let m = if kind.mountain { "M" } else { "" };
            out.extend((0..n).map(|_| format!("{who}-{}{m}", kind.value)));
        }
        out
    }

    #[test]
    fn energy_rows_match_the_notes() {
        // 4.3: "Zehn Karten tragen Nummern von Fahrern." "Vier Energie-Karten tragen
        // einen Joker". docs/rules/reifenbreite.md#energy-cards: row 1 21-6M, 21-5,
        // 22-6M, 23-6M, 24-5, J-6M, J-5; row 2 21-6M, 21-5, 22-5, 23-6M, 24-5, J-6M,
        // J-5.
        assert_eq!(names(ENERGY_ROWS[0]), ["21-6M", "21-5", "22-6M", "23-6M", "24-5", "J-6M", "J-5"]);
        assert_eq!(names(ENERGY_ROWS[1]), ["21-6M", "21-5", "22-5", "23-6M", "24-5", "J-6M", "J-5"]);
        let long = energy_deck(2, 2);
        let numbered: u8 = (0..8).filter(|&k| ENERGY_KINDS[k].owner.is_some()).map(|k| long[k]).sum();
        assert_eq!((long.iter().sum::<u8>(), numbered), (14, 10));
        // Rider 22 holds one 6M and one 5 on long courses.
        assert_eq!((long[Energy::Own6.kind(1).unwrap()], long[Energy::Own5.kind(1).unwrap()]), (1, 1));
        // "Werden nur kurze Strecken gefahren ... nur die 7 oberen Energie-Karten": row 1.
        assert_eq!(energy_deck(1, 2), ENERGY_ROWS[0]);
        assert_eq!(energy_deck(1, 1), ENERGY_ROWS[0]);
        // Edition 1 records: row 2 was a copy of row 1.
        assert_eq!(names(energy_deck(2, 1)).iter().filter(|n| *n == "22-6M").count(), 2);
        assert_eq!(energy_deck(2, 1)[Energy::Own5.kind(1).unwrap()], 0);
        assert_eq!(Energy::Own6.kind(0), Some(0));
        assert_eq!(Energy::Own5.kind(0), Some(1));
        assert_eq!(Energy::Own6.kind(3), None);
        assert_eq!(Energy::Own5.kind(3), Some(5));
        assert_eq!(Energy::Joker5.kind(2), Some(7));
    }

    #[test]
    fn kind_table_is_the_first_fitting_card_of_the_row() {
        for e in Energy::ALL {
            let value = if matches!(e, Energy::Own6 | Energy::Joker6) { 6 } else { 5 };
            for place in 0..4 {
                let owner = if matches!(e, Energy::Own6 | Energy::Own5) { Some(place) } else { None };
                let searched = ENERGY_KINDS.iter().position(|k| k.owner == owner && k.value == value);
                assert_eq!(e.kind(place), searched, "{e:?} for place {place}");
            }
        }
    }
}
