//! The server's own words: `words/en.ftl` and `words/de.ftl`.

use spieltisch_core::Lang;
use spieltisch_core::words::{Arg, Catalog};
use std::sync::LazyLock;

static WORDS: LazyLock<Catalog> =
    LazyLock::new(|| Catalog::embedded(include_str!("../words/en.ftl"), include_str!("../words/de.ftl")));

/// The message `key` in `lang` with `args` put in ([`Catalog::say`]).
pub fn say(lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
    WORDS.say(lang, key, args)
}
