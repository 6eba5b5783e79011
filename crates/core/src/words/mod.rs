//! Words: every user-visible word comes from a crate's Fluent catalog
//! ([`Catalog`]), and checks of what the games say in words, shared by
//! their tests.

mod catalog;

pub use catalog::{Arg, Catalog, CatalogError};

use crate::Lang;
use std::sync::LazyLock;

/// The contract's own words: `crates/core/words`.
static WORDS: LazyLock<Catalog> = LazyLock::new(|| {
    Catalog::embedded(include_str!("../../words/en.ftl"), include_str!("../../words/de.ftl"))
});

/// A message of the contract's own catalog ([`Catalog::say`]).
pub(crate) fn say(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    WORDS.say(lang, key, args)
}

/// Where `text` calls a seat by its number ("Seat 2", "Rider 2",
/// "Spieler 2", "Platz 2", "Fahrer 2"), as words meant for a table whose
/// people have names must not; a number of two digits is a rider's own (as
/// in Um Reifenbreite) and passes.
pub fn seat_by_number(text: &str) -> Option<&str> {
    ["Seat ", "seat ", "Rider ", "Spieler ", "Platz ", "Fahrer "].iter().find_map(|word| {
        text.match_indices(word).find_map(|(at, _)| {
            let digits = text[at + word.len()..].chars().take_while(char::is_ascii_digit).count();
            (digits == 1).then(|| &text[at..at + word.len() + 1])
        })
    })
}

#[cfg(test)]
mod tests {
    use super::seat_by_number;

    #[test]
    fn a_seat_by_one_digit_is_found_and_a_rider_by_two_is_not() {
        assert_eq!(seat_by_number("Winner: Seat 2 (+1)"), Some("Seat 2"));
        assert_eq!(seat_by_number("Spieler 1 spielt 41"), Some("Spieler 1"));
        assert_eq!(seat_by_number("Fahrer 23 fährt"), None);
        assert_eq!(seat_by_number("Hanna plays 41"), None);
    }
}
