//! The option schema of every registered game, checked against the game:
//! the defaults it lists are the defaults the game uses, and every option
//! and every choice has a name and an explanation in both languages.

use serde_json::{Map, Value};
use spieltisch_catalog::{CatalogGame, GameVisitor, ids, with_game};
use spieltisch_core::options::{options_from_json, options_from_pairs};
use spieltisch_core::{Choice, OptionDefault, OptionKind, OptionSpec, Text};

fn choices(kind: &OptionKind) -> &'static [Choice] {
    match kind {
        OptionKind::Choice { choices }
        | OptionKind::ChoiceOrFile { choices }
        | OptionKind::ChoiceOrFileList { choices, .. } => choices,
        OptionKind::Int { .. } | OptionKind::Bool | OptionKind::Text => &[],
    }
}

/// Options built from what the schema lists as defaults are the options
/// built from none, and so is the game: every default that is a value given
/// explicitly (alone, and all together), and then also every other default
/// given as its word, in JSON and on a command line. The default game is
/// built through `Game::new`, which checks the declared ranges, so the
/// defaults of every game's declaration are within them.
struct ListedDefaults;

impl GameVisitor for ListedDefaults {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let info = G::info();
        let id = info.id;
        let none = options_from_json::<G>(&Value::Object(Map::new())).unwrap();
        assert_eq!(none, G::Options::default(), "{id}: no options are the default options");
        let game = G::new(&none).unwrap_or_else(|e| panic!("{id}: the default game: {e}"));
        let same = |given: &Map<String, Value>| {
            let options = options_from_json::<G>(&Value::Object(given.clone()))
                .unwrap_or_else(|e| panic!("{id}: {given:?}: {e}"));
            assert_eq!(options, none, "{id}: {given:?} are not the default options");
            assert!(G::new(&options).unwrap() == game, "{id}: {given:?} build another game");
        };

        let mut values = Map::new();
        for spec in &info.options {
            if let OptionDefault::Value(raw) = &spec.default {
                let value = spec.parse_value(raw).unwrap_or_else(|e| panic!("{id}: {e}"));
                same(&Map::from_iter([(spec.key.to_string(), value.clone())]));
                values.insert(spec.key.to_string(), value);
            }
        }
        same(&values);
        let mut written = values;
        for spec in &info.options {
            if let Some(word) = spec.default.word() {
                written.insert(spec.key.to_string(), Value::from(word));
            }
        }
        same(&written);
        let pairs: Vec<String> =
            info.options.iter().map(|s| format!("{}={}", s.key, s.default.written())).collect();
        let typed = options_from_pairs::<G>(&pairs).unwrap_or_else(|e| panic!("{id}: {pairs:?}: {e}"));
        assert_eq!(typed, none, "{id}: {pairs:?} on a command line are not the default options");
    }
}

#[test]
fn listed_defaults_build_the_default_game() {
    for id in ids() {
        with_game(id, ListedDefaults).unwrap();
    }
}

struct Schema;

impl GameVisitor for Schema {
    type Output = Vec<OptionSpec>;
    fn visit<G: CatalogGame>(self) -> Vec<OptionSpec> {
        G::info().options
    }
}

fn schemas() -> Vec<(&'static str, Vec<OptionSpec>)> {
    ids().into_iter().map(|id| (id, with_game(id, Schema).unwrap())).collect()
}

/// A default that is a value is a value of its kind and never a file; a
/// default that follows names another option of the same kind; the word of
/// any other default is no value of the kind, so typing it cannot mean
/// both "not given" and a value.
#[test]
fn defaults_are_values_of_their_kind_or_words_that_are_not() {
    for (id, specs) in schemas() {
        for spec in &specs {
            let key = spec.key;
            let written = spec.default.written();
            let a_value = spec.parse_value(written).is_ok() && spec.kind.files_named(written).is_empty();
            match &spec.default {
                OptionDefault::Value(_) => assert!(a_value, "{id} {key}: the default {written} is no value"),
                OptionDefault::Follows(other) => {
                    let followed = specs.iter().find(|s| s.key == *other && s.key != key);
                    let followed = followed.unwrap_or_else(|| panic!("{id} {key} follows no other option"));
                    assert_eq!(followed.kind, spec.kind, "{id} {key} follows {other} of another kind");
                    assert!(!a_value, "{id} {key}: the word {written} is also a value");
                }
                OptionDefault::Auto | OptionDefault::Off => {
                    assert!(!a_value, "{id} {key}: the word {written} is also a value");
                }
            }
        }
        let mut keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), specs.len(), "{id}: a key is listed twice");
    }
}

/// What a front end shows instead of keys and values: a label and a help
/// text in English and German for every option and every choice. Help texts
/// are sentences, so the two languages differ; a label may be the same
/// name in both (`Teams`, `Giro d'Italia`).
#[test]
fn every_option_and_choice_is_labelled_in_both_languages() {
    let check = |what: &str, label: Text, help: Text| {
        for (name, text) in [("label", label), ("help", help)] {
            assert!(!text.en.trim().is_empty() && !text.de.trim().is_empty(), "{what}: {name} {text:?}");
        }
        assert_ne!(help.en, help.de, "{what}: the help is not translated");
    };
    for (id, specs) in schemas() {
        for spec in &specs {
            check(&format!("{id} {}", spec.key), spec.label, spec.help);
            let choices = choices(&spec.kind);
            for choice in choices {
                assert!(!choice.value.is_empty(), "{id} {}: a choice without a value", spec.key);
                check(&format!("{id} {}={}", spec.key, choice.value), choice.label, choice.help);
            }
            let mut values: Vec<&str> = choices.iter().map(|c| c.value).collect();
            values.sort_unstable();
            values.dedup();
            assert_eq!(values.len(), choices.len(), "{id} {}: a choice is listed twice", spec.key);
        }
    }
}
