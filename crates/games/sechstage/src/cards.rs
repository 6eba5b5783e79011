//! Cards: green starting hands and the two grey piles.
//!
//! A hand or pile is a count per card value (`[u8; 8]`, index = value, index 0
//! unused): cards of one value are interchangeable, and a hand is all green
//! until the rider's first driver change and all grey after it.

/// Counts per card value 1..=7 (index 0 unused).
pub type Cards = [u8; 8];

/// The highest card value (green 7; there is no green 6).
pub const MAX_VALUE: u8 = 7;

/// Green hand for 3–5 players: four 1s, four 2s, three 3s, three 4s, two 5s
/// and one 7 (17 cards, 50 points).
pub const GREEN_SMALL_FIELD: Cards = [0, 4, 4, 3, 3, 2, 0, 1];
/// Green hand for 6–8 players: three each of 1, 2, 3 and 4, two 5s and one 7
/// (15 cards, 47 points).
pub const GREEN_LARGE_FIELD: Cards = [0, 3, 3, 3, 3, 2, 0, 1];

/// The grey deck: the 1–3 pile (sixteen of each) and the 4–6 pile (eleven 4s,
/// eleven 5s, ten 6s).
pub const GREY_DECK: Cards = [0, 16, 16, 16, 11, 11, 10, 0];

/// Cards drawn from the 4–6 pile at a driver change.
pub const CHANGE_HIGH_DRAWS: u8 = 4;

/// The green hand every rider starts a race with.
pub fn green_hand(players: usize) -> Cards {
    if players <= 5 { GREEN_SMALL_FIELD } else { GREEN_LARGE_FIELD }
}

/// Cards drawn from the 1–3 pile at a driver change: 7 with 3–5 players, 6 with 6–8.
pub fn change_low_draws(players: usize) -> u8 {
    if players <= 5 { 7 } else { 6 }
}

/// The two grey piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pile {
    /// Cards 1–3.
    Low,
    /// Cards 4–6.
    High,
}

impl Pile {
    /// The card values of the pile.
    pub fn values(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Pile::Low => 1..=3,
            Pile::High => 4..=6,
        }
    }

    /// The pile a grey card of `value` comes from.
    pub fn of(value: u8) -> Pile {
        if value <= 3 { Pile::Low } else { Pile::High }
    }

    /// How many cards of this pile `cards` holds.
    pub fn count(self, cards: &Cards) -> u8 {
        self.values().map(|v| cards[v as usize]).sum()
    }
}

/// A count for each grey pile: the 1–3 pile (`low`) and the 4–6 pile (`high`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ByPile {
    pub low: u8,
    pub high: u8,
}

/// Cards of one value, as views list them: `{"value": 4, "count": 2}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CardCount {
    pub value: u8,
    pub count: u8,
}

/// The values `cards` holds, lowest first, each with how many.
pub fn listed(cards: &Cards) -> Vec<CardCount> {
    (1..=MAX_VALUE)
        .filter(|&v| cards[v as usize] > 0)
        .map(|value| CardCount { value, count: cards[value as usize] })
        .collect()
}

/// Cards from a list by value, or `None` for a value outside 1–7 (a value
/// listed twice adds up).
pub fn from_list(list: &[CardCount]) -> Option<Cards> {
    let mut cards = [0u8; 8];
    for c in list {
        if !(1..=MAX_VALUE).contains(&c.value) {
            return None;
        }
        let slot = &mut cards[c.value as usize];
        *slot = slot.checked_add(c.count)?;
    }
    Some(cards)
}

/// Total number of cards.
pub fn count(cards: &Cards) -> u8 {
    cards.iter().sum()
}

/// The sum of the card values.
pub fn total_value(cards: &Cards) -> u32 {
    cards.iter().enumerate().map(|(v, &n)| v as u32 * n as u32).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn green_hands_match_the_rulebook_and_fit_the_deck() {
        // Rulebook, Setup: "For 3-5 players: four 1 and 2 cards, three 3 and 4 cards, two 5 cards, and one 7 card."
        assert_eq!((count(&GREEN_SMALL_FIELD), total_value(&GREEN_SMALL_FIELD)), (17, 50));
        // docs/rules/sechstage.md#green-hands: 6–8 players hold three each of 1–4, two 5s and
        // one 7 (15 cards, 47 points).
        assert_eq!((count(&GREEN_LARGE_FIELD), total_value(&GREEN_LARGE_FIELD)), (15, 47));
        // "a green deck of 120 cards with numbers ranging from 1 to 7 (but with no #6)": eight large-field hands.
        assert_eq!(8 * count(&GREEN_LARGE_FIELD) as u32, 120);
        assert_eq!(GREEN_LARGE_FIELD[6], 0);
        // "a grey deck of 80 cards with numbers from 1–6", split 48 / 32.
        assert_eq!(Pile::Low.count(&GREY_DECK), 48);
        assert_eq!(Pile::High.count(&GREY_DECK), 32);
        assert_eq!(green_hand(5), GREEN_SMALL_FIELD);
        assert_eq!(green_hand(6), GREEN_LARGE_FIELD);
        assert_eq!(
            (change_low_draws(3), change_low_draws(5), change_low_draws(6), change_low_draws(8)),
            (7, 7, 6, 6)
        );
    }

    #[test]
    fn card_lists_name_values_without_padding() {
        let list = listed(&GREEN_SMALL_FIELD);
        assert_eq!(list.first(), Some(&CardCount { value: 1, count: 4 }));
        assert!(list.iter().all(|c| c.value != 6 && c.count > 0), "no 6 in a green hand, no empty entries");
        assert_eq!(from_list(&list), Some(GREEN_SMALL_FIELD));
        assert_eq!(from_list(&[CardCount { value: 0, count: 1 }]), None);
        assert_eq!(from_list(&[CardCount { value: 8, count: 1 }]), None);
    }
}
