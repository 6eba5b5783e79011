//! Der Ausreisser's own words: `words/en.ftl` and `words/de.ftl`.

spieltisch_core::own_words!(pub(crate));
