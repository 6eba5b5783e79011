//! The conformance kit's own words: `words/en.ftl` and `words/de.ftl`
//! (those of Kuhn poker, its game for tests).

spieltisch_core::own_words!(pub(crate));
