//! Words: every user-visible word comes from a crate's Fluent catalog
//! ([`Catalog`]), and checks of what the games say in words, shared by
//! their tests.

mod catalog;

pub use catalog::{Arg, Catalog, CatalogError, Part, Pattern, VariantKey};

/// A crate's own words: its catalogs `words/en.ftl` and `words/de.ftl`
/// beside its `Cargo.toml`, embedded, and `say` and `say_into` for them
/// ([`Catalog::say`]) and `catalog` for the catalog itself, with the
/// visibility given (`own_words!(pub)`).
/// Every crate that says anything keeps its words this way, where the
/// catalogs' tests find them.
#[macro_export]
macro_rules! own_words {
    ($vis:vis) => {
        static WORDS: ::std::sync::LazyLock<$crate::words::Catalog> = ::std::sync::LazyLock::new(|| {
            $crate::words::Catalog::embedded(
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/words/en.ftl")),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/words/de.ftl")),
            )
        });

        /// The message `key` of this crate's catalog in `lang`, with `args`
        /// put in.
        #[allow(dead_code)]
        $vis fn say(lang: $crate::Lang, key: &str, args: &[(&str, $crate::words::Arg)]) -> String {
            WORDS.say(lang, key, args)
        }

        /// [`say`] appended to `out`.
        #[allow(dead_code)]
        $vis fn say_into(out: &mut String, lang: $crate::Lang, key: &str, args: &[(&str, $crate::words::Arg)]) {
            WORDS.say_into(out, lang, key, args)
        }

        /// This crate's catalog itself (for the words it gives a front end
        /// to say, [`$crate::words::Catalog::patterns`]).
        #[allow(dead_code)]
        $vis fn catalog() -> &'static $crate::words::Catalog {
            &WORDS
        }
    };
}

// The contract's own words: `crates/core/words`.
own_words!(pub(crate));

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
