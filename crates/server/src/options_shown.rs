//! A table's options in words, as the lobby lists its open tables: each
//! option the table was opened with that differs from the game's default,
//! by its label and its value, in both languages. Read from the stored
//! options alone; a course or track given as content is named by its key
//! or name, never shown whole.

use crate::words::say;
use serde::Serialize;
use serde_json::{Map, Value};
use spieltisch_catalog::{FileAccess, GameEntry, TableRequest};
use spieltisch_core::{Choice, OptionKind, OptionSpec, Said};
use std::collections::HashMap;

/// One option of a listed table, in words.
#[derive(Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptionShown {
    /// The option's key, as `options` name it.
    pub key: &'static str,
    /// The option's label (keys in alphabetical order, as the value's).
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub label: Said,
    /// Its value.
    #[serde(serialize_with = "crate::sorted_keys::sorted")]
    pub value: Said,
}

/// A word that is the same in both languages: a number, a name, a file.
fn same(word: &str) -> Said {
    Said::with(|_| word.to_string())
}

/// The options of a new table with nothing given, per game, as its record
/// writes them: what a listed table's options are compared with. Each game
/// is built once per list.
#[derive(Debug, Default)]
pub struct Defaults(HashMap<String, Option<Map<String, Value>>>);

impl Defaults {
    fn of(&mut self, game: &str) -> Option<&Map<String, Value>> {
        self.0
            .entry(game.to_string())
            .or_insert_with(|| {
                let request =
                    TableRequest { options: Map::new(), seats: None, files: FileAccess::Nothing, bots: None };
                let table = spieltisch_catalog::new_table(game, request, 0).ok()?;
                table.session.record().options.as_object().cloned()
            })
            .as_ref()
    }
}

/// The options of a table of `entry`'s game with `seats` seats, stored as
/// `options`, that differ from the defaults, in the order the game lists
/// them. The option that sets the number of seats is left out where it
/// says only that number (the list shows the seats).
pub fn options_in_words(
    entry: &GameEntry,
    options: &Value,
    seats: usize,
    defaults: &mut Defaults,
) -> Vec<OptionShown> {
    let Some(options) = options.as_object() else { return Vec::new() };
    let defaults = defaults.of(entry.info.id);
    entry
        .info
        .options
        .iter()
        .filter_map(|spec| {
            let value = options.get(spec.key).filter(|v| !v.is_null())?;
            if defaults.and_then(|d| d.get(spec.key)) == Some(value) {
                return None;
            }
            if Some(spec.key) == entry.seats_option && value.as_u64() == Some(seats as u64) {
                return None;
            }
            Some(OptionShown {
                key: spec.key,
                label: Said::with(|lang| spec.label.get(lang).to_string()),
                value: value_in_words(spec, value)?,
            })
        })
        .collect()
}

/// A value of option `spec` in words: a number as it is, a switch as on or
/// off, a choice by its label, content by the key or name it carries.
fn value_in_words(spec: &OptionSpec, value: &Value) -> Option<Said> {
    match (&spec.kind, value) {
        (OptionKind::Bool, Value::Bool(on)) => {
            let key = if *on { "page-on" } else { "page-off" };
            Some(Said::with(|lang| say(lang, key, &[])))
        }
        (OptionKind::Int { .. }, Value::Number(n)) => Some(same(&n.to_string())),
        (OptionKind::Text, Value::String(text)) => Some(same(text)),
        (OptionKind::Choice { choices } | OptionKind::ChoiceOrFile { choices }, one) => {
            item_in_words(choices, one)
        }
        (OptionKind::ChoiceOrFileList { choices, .. }, Value::Array(items)) => {
            let words: Vec<Said> = items.iter().filter_map(|item| item_in_words(choices, item)).collect();
            let de = words.iter().map(|w| w.de.as_str()).collect::<Vec<_>>().join(", ");
            let en = words.iter().map(|w| w.en.as_str()).collect::<Vec<_>>().join(", ");
            (!words.is_empty()).then_some(Said { en, de })
        }
        _ => None,
    }
}

/// One choice, or one item of content (a course, a track) by the key or
/// the name it carries.
fn item_in_words(choices: &[Choice], item: &Value) -> Option<Said> {
    let word = match item {
        Value::String(word) => word.as_str(),
        Value::Object(content) => {
            content.get("key").or_else(|| content.get("name")).and_then(Value::as_str)?
        }
        _ => return None,
    };
    Some(
        choices
            .iter()
            .find(|c| c.value == word)
            .map_or_else(|| same(word), |c| Said::with(|lang| c.label.get(lang).to_string())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shown(game: &str, options: Value, seats: usize) -> Vec<(&'static str, String, String)> {
        let entry = spieltisch_catalog::entry_of(game).unwrap();
        let mut defaults = Defaults::default();
        let request = TableRequest {
            options: options.as_object().cloned().unwrap(),
            seats: None,
            files: FileAccess::Nothing,
            bots: None,
        };
        let table = spieltisch_catalog::new_table(game, request, 0).unwrap();
        let stored = table.session.record().options.clone();
        options_in_words(&entry, &stored, seats, &mut defaults)
            .into_iter()
            .map(|o| (o.key, o.label.en, o.value.de))
            .collect()
    }

    #[test]
    fn only_what_differs_from_the_defaults_is_said() {
        assert!(shown("six", json!({}), 2).is_empty());
        assert!(shown("sechstage", json!({"players": 5}), 5).is_empty(), "the seats say how many");
        assert_eq!(
            shown("six", json!({"split": false, "games": 3}), 2),
            [
                ("split", "Splitting the field".to_string(), "aus".to_string()),
                ("games", "Games in the match".to_string(), "3".to_string()),
            ]
        );
    }

    #[test]
    fn courses_are_named_by_their_labels_never_shown_whole() {
        let said =
            shown("reifenbreite", json!({"teams": 4, "seats": 2, "course": "luettich", "rules": "pro"}), 2);
        assert_eq!(
            said,
            [
                ("seats", "Managers".to_string(), "2".to_string()),
                ("course", "Course".to_string(), "Lüttich–Bastenaken–Lüttich".to_string()),
                ("rules", "Rules".to_string(), "Profi".to_string()),
            ]
        );
    }
}
