//! The server's own words: `words/en.ftl` and `words/de.ftl`, with the
//! page's words among them (the `page-` keys), which the browser receives
//! as the module `words.js` ([`page_module`]) and says by itself.

use spieltisch_core::Lang;
use spieltisch_core::words::Pattern;
use std::collections::BTreeMap;

spieltisch_core::own_words!(pub);

/// The prefix of the page's words in the server's catalogs.
pub const PAGE: &str = "page-";

/// The page's words in `lang`, by their keys without [`PAGE`].
///
/// # Panics
/// When a page's message is one only Fluent can say: a mistake in the
/// catalog, which the server's tests find.
pub fn page_words(lang: Lang) -> BTreeMap<String, Pattern> {
    catalog().patterns(lang, PAGE).unwrap_or_else(|keys| panic!("the page cannot say {keys:?} by itself"))
}

/// The module `words.js`: the page's words in both languages, as
/// `export default {"en": {key: pattern, …}, "de": {…}}` (its types are
/// `web/words.d.ts`, generated from the same catalogs by
/// `tests/web_types.rs`).
pub fn page_module() -> String {
    let words: BTreeMap<&str, BTreeMap<String, Pattern>> =
        [("en", page_words(Lang::En)), ("de", page_words(Lang::De))].into();
    let json = serde_json::to_string(&words).expect("words are plain JSON");
    format!("// The page's words, from the server's catalogs (words/*.ftl).\nexport default {json};\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn module_json() -> Value {
        let module = page_module();
        let json = module.split_once("export default ").unwrap().1.trim_end().trim_end_matches(';');
        serde_json::from_str(json).unwrap()
    }

    /// Both languages give the page the same words, each one the page can
    /// say by itself (no message needs Fluent's resolver).
    #[test]
    fn the_page_gets_every_word_in_both_languages() {
        let words = module_json();
        let keys = |lang: &str| words[lang].as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys("en"), keys("de"));
        assert!(keys("en").contains(&"your-turn".to_string()));
        assert!(keys("en").iter().all(|key| !key.starts_with(PAGE)), "keys are sent without the prefix");
        assert_eq!(words["de"]["your-turn"], "Du bist am Zug");
    }

    /// A word with a plural form reaches the page as a choice by its
    /// argument, which the page resolves as the server would.
    #[test]
    fn a_plural_reaches_the_page_as_a_choice() {
        let words = module_json();
        assert_eq!(
            words["en"]["moves-played"],
            json!([{
                "select": "count",
                "variants": [["one", "1 move played"], ["other", [{ "arg": "count" }, " moves played"]]],
                "default": 1
            }])
        );
        assert_eq!(words["en"]["pass-to"], json!(["Pass the device to ", { "arg": "name" }]));
        assert_eq!(say(Lang::En, "page-moves-played", &[("count", 1.into())]), "1 move played");
    }
}
