//! Game options: a declared schema per game, typed option structs, and
//! validation with clear errors.
//!
//! Every game declares its options once ([`crate::options!`]): each field of
//! its typed `Options` struct with its default, kind, label and help. From
//! that come the struct's `Default`, the schema, a list of [`OptionSpec`]s
//! whose keys are the JSON object's keys the struct deserializes from, and
//! the check of options built in code. Command lines give options as `key=value`
//! pairs; [`options_from_pairs`] checks each pair against the schema, builds
//! the JSON object and deserializes it, so the command line, the engine
//! protocol and the server all go through one path.

use crate::{Game, Said, Text};
use serde::{Serialize, Serializer, ser::Error as _};
use serde_json::{Map, Value};
use thiserror::Error;

mod declare;

pub use declare::OptionValue;

/// A game's options as [`crate::options!`] declares them: what the schema,
/// the range checks and the reading of records know of them, stated once
/// in the declaration.
pub trait DeclaredOptions:
    Clone + std::fmt::Debug + Default + PartialEq + Serialize + serde::de::DeserializeOwned + Send + Sync
{
    /// The keys only records carry, never people: readings of the rules
    /// that records of older formats were played under
    /// ([`crate::Records::upgrade_options`]); not in the schema.
    const RECORD_KEYS: &'static [&'static str];

    /// The option schema shown by `spieltisch games`.
    fn specs() -> Vec<OptionSpec>;

    /// Checks every option against its declared kind.
    ///
    /// # Errors
    /// The first option outside its kind, with its key.
    fn check_ranges(&self) -> Result<(), OptionsError>;
}

/// One value of a choice: the word scripts type, and what people read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OptionChoice"))]
pub struct Choice {
    /// The value, as on the command line and in JSON. Stable: scripts use it.
    pub value: &'static str,
    /// A short name for the value.
    pub label: Text,
    /// What choosing it means.
    pub help: Text,
}

impl Choice {
    pub const fn new(value: &'static str, label: Text, help: Text) -> Self {
        Choice { value, label, help }
    }
}

fn is_choice(choices: &[Choice], raw: &str) -> bool {
    choices.iter().any(|c| c.value == raw)
}

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OptionKind {
    /// A whole number within `min..=max`.
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of a fixed set of words.
    Choice { choices: &'static [Choice] },
    /// Free text; the game validates it. Never a file name: options that
    /// name files are [`OptionKind::ChoiceOrFile`] or
    /// [`OptionKind::ChoiceOrFileList`], so that a server can check them.
    Text,
    /// One of a fixed set of words, or the path of a data file (a built-in
    /// course or a course file). Any value outside `choices` names a file:
    /// see [`OptionKind::files_named`].
    ChoiceOrFile { choices: &'static [Choice] },
    /// A comma-separated list of at most `max` items, each a word of
    /// `choices` or the path of a data file (the courses of a stage race).
    /// Every list is bounded: each item is work for whoever plays it.
    ChoiceOrFileList { choices: &'static [Choice], max: usize },
}

/// What an option is when it is not given. Only a [`OptionDefault::Value`]
/// is a value; the others are written as a word on a command line
/// ([`OptionDefault::word`]), and giving that word means "not given".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionDefault {
    /// A value of the option's kind, written as on the command line. Giving
    /// it builds the same options as leaving the option out (the catalog's
    /// tests check this for every game). Declared options ([`crate::options!`])
    /// write their `Default` here ([`OptionDefault::of`]).
    Value(String),
    /// The value of another option, named by its key: Um Reifenbreite's
    /// `seats` (managers) follows `teams`.
    Follows(&'static str),
    /// Decided by the game from other options (such as the rules level);
    /// the option's help says how.
    Auto,
    /// The option's rule is not used: without `stages`, a single race.
    Off,
}

impl OptionDefault {
    /// A typed default as a command line writes it: a word as it is, a
    /// number or `true`/`false` as JSON writes them. What no command line
    /// can write (content, a list) is written as JSON, which the schema
    /// refuses as a value of its kind ([`OptionSpec`]'s `Serialize`): such
    /// an option declares the word of its default instead.
    pub fn of<T: Serialize + ?Sized>(value: &T) -> Self {
        OptionDefault::Value(match serde_json::to_value(value).unwrap_or(Value::Null) {
            Value::String(word) => word,
            other => other.to_string(),
        })
    }

    /// The default as a command line writes it: the value, or for a default
    /// that is no value the word `spieltisch games` shows: `auto`, `none`,
    /// or the followed key.
    pub fn written(&self) -> &str {
        match self {
            OptionDefault::Value(value) => value,
            OptionDefault::Follows(key) => key,
            OptionDefault::Auto => "auto",
            OptionDefault::Off => "none",
        }
    }

    /// The word of a default that is no value ([`OptionDefault::written`]);
    /// `None` for a value.
    pub fn word(&self) -> Option<&'static str> {
        match self {
            OptionDefault::Value(_) => None,
            OptionDefault::Follows(key) => Some(key),
            OptionDefault::Auto => Some("auto"),
            OptionDefault::Off => Some("none"),
        }
    }
}

impl OptionKind {
    /// The file paths `raw` names as a value of this kind: its items outside
    /// the built-in choices. Empty for kinds that never name files. A server
    /// checks these before any game code runs, because the games read them.
    pub fn files_named<'a>(&self, raw: &'a str) -> Vec<&'a str> {
        match self {
            OptionKind::ChoiceOrFile { choices } => {
                if is_choice(choices, raw) {
                    Vec::new()
                } else {
                    vec![raw]
                }
            }
            OptionKind::ChoiceOrFileList { choices, .. } => {
                raw.split(',').map(str::trim).filter(|item| !is_choice(choices, item)).collect()
            }
            OptionKind::Int { .. } | OptionKind::Bool | OptionKind::Choice { .. } | OptionKind::Text => {
                Vec::new()
            }
        }
    }

    /// `raw` with every file path it names replaced by `resolve`'s answer,
    /// the file's content as JSON: a [`OptionKind::ChoiceOrFile`] becomes
    /// the content, a [`OptionKind::ChoiceOrFileList`] naming a file becomes
    /// a list (built-in choices stay words). Values that name no file stay
    /// as they are.
    pub fn map_files<E>(
        &self,
        raw: &str,
        mut resolve: impl FnMut(&str) -> Result<Value, E>,
    ) -> Result<Value, E> {
        if self.files_named(raw).is_empty() {
            return Ok(Value::from(raw));
        }
        match self {
            OptionKind::ChoiceOrFileList { choices, .. } => raw
                .split(',')
                .map(str::trim)
                .map(|item| if is_choice(choices, item) { Ok(Value::from(item)) } else { resolve(item) })
                .collect::<Result<Vec<_>, E>>()
                .map(Value::Array),
            _ => resolve(raw),
        }
    }
}

/// One option of a game, as shown by `spieltisch games`.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionSpec {
    /// The key, e.g. `players`. Stable: scripts use it.
    pub key: &'static str,
    /// A short name for people; front ends show it instead of the key.
    pub label: Text,
    pub kind: OptionKind,
    pub default: OptionDefault,
    /// What the option does, and how a default that is no value is decided.
    pub help: Text,
}

/// The schema as `spieltisch games --json`, the engine's `games` and the
/// server's `/api/games` carry it ([`SpecWritten`]).
impl Serialize for OptionSpec {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let default = match &self.default {
            OptionDefault::Value(raw) => {
                DefaultWritten::Value(self.parse_value(raw).map_err(S::Error::custom)?)
            }
            OptionDefault::Follows(key) => DefaultWritten::Follows(key),
            OptionDefault::Auto => DefaultWritten::Auto(true),
            OptionDefault::Off => DefaultWritten::Off(true),
        };
        SpecWritten { key: self.key, label: self.label, kind: &self.kind, default, help: self.help }
            .serialize(serializer)
    }
}

/// An [`OptionSpec`] as it is written: the kind's fields flattened beside
/// `type`, and the default as an object with one key.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OptionSpec"))]
pub struct SpecWritten<'a> {
    pub key: &'a str,
    pub label: Text,
    #[serde(flatten)]
    pub kind: &'a OptionKind,
    pub default: DefaultWritten,
    pub help: Text,
}

/// An option's default as it is written: `value` (in the option's JSON
/// type, as `options` take it), `follows` (a key), `auto` or `off` (both
/// `true`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "OptionDefault"))]
pub enum DefaultWritten {
    Value(#[cfg_attr(feature = "ts", ts(type = "string | number | boolean"))] Value),
    Follows(&'static str),
    Auto(#[cfg_attr(feature = "ts", ts(type = "true"))] bool),
    Off(#[cfg_attr(feature = "ts", ts(type = "true"))] bool),
}

/// Why options were rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionsError {
    #[error("unknown option '{key}' (valid options: {valid})")]
    Unknown { key: String, valid: String },
    #[error("option '{key}': '{value}' is not valid: {reason}")]
    Invalid { key: String, value: String, reason: String },
    #[error("option '{0}' is given twice")]
    Duplicate(String),
    #[error("malformed option '{0}': expected key=value")]
    Malformed(String),
    /// Why the combination cannot be played, in both languages of the
    /// interface (a server's client words every other refusal from its
    /// code and parameters; this one only the game can say).
    #[error("invalid options: {}", .0.en)]
    Rule(Said),
    /// A value names a file that may not be read (a server refuses files
    /// its clients name unless its operator allows a folder).
    #[error("option '{key}': '{value}' names a file: {reason}")]
    File { key: String, value: String, reason: String },
}

impl OptionsError {
    /// Options the rules cannot play with, and why, in English and German.
    pub fn rule(en: impl Into<String>, de: impl Into<String>) -> Self {
        OptionsError::Rule(Said { en: en.into(), de: de.into() })
    }

    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            OptionsError::Unknown { .. } => "options.unknown",
            OptionsError::Invalid { .. } => "options.invalid",
            OptionsError::Duplicate(_) => "options.duplicate",
            OptionsError::Malformed(_) => "options.malformed",
            OptionsError::Rule(_) => "options.rule",
            OptionsError::File { .. } => "options.file",
        }
    }
}

impl OptionSpec {
    /// Converts a command-line value to its JSON form, checking it against the kind.
    pub fn parse_value(&self, raw: &str) -> Result<Value, OptionsError> {
        let invalid = |reason: String| OptionsError::Invalid {
            key: self.key.to_string(),
            value: raw.to_string(),
            reason,
        };
        match &self.kind {
            OptionKind::Int { min, max } => {
                let n: i64 = raw
                    .trim()
                    .parse()
                    .map_err(|_| invalid(format!("expected a whole number from {min} to {max}")))?;
                if n < *min || n > *max {
                    return Err(invalid(format!("must be from {min} to {max}")));
                }
                Ok(Value::from(n))
            }
            OptionKind::Bool => match raw.trim().to_ascii_lowercase().as_str() {
                "true" | "yes" | "on" | "1" => Ok(Value::Bool(true)),
                "false" | "no" | "off" | "0" => Ok(Value::Bool(false)),
                _ => Err(invalid("expected true or false".into())),
            },
            OptionKind::Choice { choices } => {
                if is_choice(choices, raw) {
                    Ok(Value::from(raw))
                } else {
                    let values: Vec<&str> = choices.iter().map(|c| c.value).collect();
                    Err(invalid(format!("expected one of: {}", values.join(", "))))
                }
            }
            OptionKind::Text | OptionKind::ChoiceOrFile { .. } => {
                if raw.is_empty() {
                    Err(invalid("must not be empty".into()))
                } else {
                    Ok(Value::from(raw))
                }
            }
            OptionKind::ChoiceOrFileList { max, .. } => {
                if raw.split(',').any(|item| item.trim().is_empty()) {
                    Err(invalid("expected a comma-separated list without empty items".into()))
                } else if raw.split(',').count() > *max {
                    Err(invalid(format!("at most {max} items")))
                } else {
                    Ok(Value::from(raw))
                }
            }
        }
    }

    /// True when `value` leaves the option out: JSON null, or the word of a
    /// default that is no value ([`OptionDefault::word`]: `auto`, `none`,
    /// the followed key). A default that is a value of the kind (`4`,
    /// `basic`, `paris-roubaix`) stays a value when given, so that options
    /// read back from a record are the options that were written.
    pub fn means_not_given(&self, value: &Value) -> bool {
        value.is_null()
            || self.default.word().is_some_and(|word| value.as_str().is_some_and(|s| s.trim() == word))
    }

    /// Checks an already-JSON value against the kind (for the engine protocol and the server).
    /// An option that may name a file also takes the file's content (an
    /// object), and a list of them an array of words and contents: the game
    /// checks the content when it reads it.
    pub fn check_value(&self, value: &Value) -> Result<(), OptionsError> {
        match (&self.kind, value) {
            (OptionKind::ChoiceOrFile { .. }, Value::Object(_)) => return Ok(()),
            (OptionKind::ChoiceOrFileList { max, .. }, Value::Array(items))
                if !items.is_empty() && items.iter().all(|i| i.is_object() || i.is_string()) =>
            {
                if items.len() > *max {
                    return Err(too_many_items(self.key, items.len(), *max));
                }
                return Ok(());
            }
            _ => {}
        }
        let raw = match value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            other => other.to_string(),
        };
        let expected = self.parse_value(&raw)?;
        let same_type = matches!(
            (&expected, value),
            (Value::Number(_), Value::Number(_))
                | (Value::Bool(_), Value::Bool(_))
                | (Value::String(_), Value::String(_))
        );
        if same_type {
            Ok(())
        } else {
            Err(OptionsError::Invalid {
                key: self.key.to_string(),
                value: raw,
                reason: "wrong JSON type".into(),
            })
        }
    }
}

/// The schema of declared options ([`crate::options!`]): in the order of
/// their fields, but each option that is listed after another right behind
/// that one (in the order they are declared).
#[doc(hidden)]
pub fn listed(declared: impl IntoIterator<Item = (OptionSpec, Option<&'static str>)>) -> Vec<OptionSpec> {
    let mut specs = Vec::new();
    let mut moved = Vec::new();
    for (spec, after) in declared {
        match after {
            None => specs.push(spec),
            Some(after) => moved.push((spec, after)),
        }
    }
    let mut placed: Vec<(&str, &str)> = Vec::new();
    for (spec, after) in moved {
        let mut at = specs.iter().position(|s| s.key == after).map_or(specs.len(), |i| i + 1);
        while specs.get(at).is_some_and(|s| placed.contains(&(s.key, after))) {
            at += 1;
        }
        placed.push((spec.key, after));
        specs.insert(at, spec);
    }
    specs
}

/// A list of `items` where its kind takes at most `max`: refused alike
/// whether the list came as JSON or was built in code.
fn too_many_items(key: &str, items: usize, max: usize) -> OptionsError {
    OptionsError::Invalid {
        key: key.to_string(),
        value: format!("a list of {items} items"),
        reason: format!("at most {max} items"),
    }
}

fn spec<'a>(specs: &'a [OptionSpec], key: &str) -> Result<&'a OptionSpec, OptionsError> {
    specs.iter().find(|s| s.key == key).ok_or_else(|| OptionsError::Unknown {
        key: key.to_string(),
        valid: specs.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
    })
}

/// Builds a game's options from `key=value` pairs (as given on a command line).
/// Keys not given take their defaults. The game's own cross-checks run in
/// [`Game::new`].
pub fn options_from_pairs<G: Game>(pairs: &[impl AsRef<str>]) -> Result<G::Options, OptionsError> {
    options_from_json::<G>(&Value::Object(pairs_to_json::<G>(pairs)?))
}

/// The JSON options object of `key=value` pairs, each checked against the
/// schema (a default's word becomes `null`); [`options_from_pairs`] is this
/// and [`options_from_json`], with room between them to read the files
/// values name ([`resolve_files`]).
pub fn pairs_to_json<G: Game>(pairs: &[impl AsRef<str>]) -> Result<Map<String, Value>, OptionsError> {
    let specs = G::info().options;
    let mut map = Map::new();
    for pair in pairs {
        let pair = pair.as_ref();
        let (key, value) = pair.split_once('=').ok_or_else(|| OptionsError::Malformed(pair.to_string()))?;
        let key = key.trim();
        let spec = spec(&specs, key)?;
        if map.contains_key(key) {
            return Err(OptionsError::Duplicate(key.to_string()));
        }
        let value = value.trim();
        let value =
            if spec.means_not_given(&Value::from(value)) { Value::Null } else { spec.parse_value(value)? };
        map.insert(key.to_string(), value);
    }
    Ok(map)
}

/// Builds a game's options from a JSON object (missing keys take defaults).
pub fn options_from_json<G: Game>(value: &Value) -> Result<G::Options, OptionsError> {
    options_from_object::<G>(value, &[])
}

/// Like [`options_from_json`], for the options a record states: the game's
/// record-only keys ([`DeclaredOptions::RECORD_KEYS`]) are also accepted, and checked
/// by the game's own deserialization.
pub fn options_from_record_json<G: Game>(value: &Value) -> Result<G::Options, OptionsError> {
    options_from_object::<G>(value, <G::Options as DeclaredOptions>::RECORD_KEYS)
}

fn options_from_object<G: Game>(value: &Value, record_keys: &[&str]) -> Result<G::Options, OptionsError> {
    let specs = G::info().options;
    let obj = match value {
        Value::Null => return Ok(G::Options::default()),
        Value::Object(obj) => obj,
        _ => {
            return Err(OptionsError::rule(
                "options must be a JSON object",
                "Optionen müssen ein JSON-Objekt sein",
            ));
        }
    };
    // Options given as the word of their default are left out, as if not given.
    let mut given = Map::new();
    for (key, v) in obj {
        if record_keys.contains(&key.as_str()) {
            given.insert(key.clone(), v.clone());
            continue;
        }
        let spec = spec(&specs, key)?;
        if !spec.means_not_given(v) {
            spec.check_value(v)?;
            given.insert(key.clone(), v.clone());
        }
    }
    serde_json::from_value(Value::Object(given)).map_err(|e| {
        let e = e.to_string();
        OptionsError::rule(&e, format!("Die Optionen sind nicht lesbar: {e}"))
    })
}

/// The options as a JSON object (for records).
pub fn options_to_json<G: Game>(options: &G::Options) -> Value {
    serde_json::to_value(options).unwrap_or(Value::Null)
}

/// Replaces, in a JSON options object, every file path an option value
/// names ([`OptionKind::files_named`]) with the file's content,
/// `read(key, path)`'s answer, before any game code runs: the rules never
/// read files, and options (and so records) carry what they name. An
/// `Err(reason)` refuses the options with [`OptionsError::File`]. Values
/// that are not strings, unknown keys and a default written as its word
/// ([`OptionSpec::means_not_given`]) are left to the normal checks.
pub fn resolve_files(
    specs: &[OptionSpec],
    options: &mut Map<String, Value>,
    mut read: impl FnMut(&str, &str) -> Result<Value, String>,
) -> Result<(), OptionsError> {
    for (key, value) in options.iter_mut() {
        let Some(spec) = specs.iter().find(|s| s.key == key) else { continue };
        let Some(raw) = value.as_str() else { continue };
        if spec.means_not_given(value) || spec.kind.files_named(raw).is_empty() {
            continue;
        }
        // Checked before any file is read: a list longer than its kind
        // allows reads nothing.
        spec.parse_value(raw)?;
        let resolved = spec.kind.map_files(raw, |path| {
            read(key, path).map_err(|reason| OptionsError::File {
                key: key.clone(),
                value: path.to_string(),
                reason,
            })
        })?;
        *value = resolved;
    }
    Ok(())
}

#[cfg(test)]
mod file_tests {
    use super::*;
    use serde_json::json;

    const TEXT: Text = Text::new("", "");
    const COURSES: &[Choice] = &[Choice::new("tour", TEXT, TEXT), Choice::new("giro", TEXT, TEXT)];

    fn specs() -> Vec<OptionSpec> {
        let spec = |key, kind, default| OptionSpec { key, label: TEXT, kind, default, help: TEXT };
        vec![
            spec(
                "course",
                OptionKind::ChoiceOrFile { choices: COURSES },
                OptionDefault::Value("tour".into()),
            ),
            spec("stages", OptionKind::ChoiceOrFileList { choices: COURSES, max: 3 }, OptionDefault::Off),
            spec("name", OptionKind::Text, OptionDefault::Value("x".into())),
        ]
    }

    #[test]
    fn files_named_are_the_values_outside_the_choices() {
        let [course, stages, name] = &specs()[..] else { panic!() };
        assert!(course.kind.files_named("giro").is_empty());
        assert_eq!(course.kind.files_named("/etc/hostname"), ["/etc/hostname"]);
        assert_eq!(stages.kind.files_named("tour, a.json ,giro,b.json"), ["a.json", "b.json"]);
        assert!(stages.kind.files_named("tour,giro").is_empty());
        assert!(name.kind.files_named("/etc/hostname").is_empty(), "free text is no file");
        assert!(stages.parse_value("tour,,giro").is_err());
        assert!(stages.parse_value("tour,giro").is_ok());
    }

    #[test]
    fn resolve_files_rewrites_or_refuses() {
        let specs = specs();
        let mut options = Map::new();
        options.insert("course".into(), Value::from("c.json"));
        options.insert("stages".into(), Value::from("tour, s.json"));
        options.insert("name".into(), Value::from("free"));
        resolve_files(&specs, &mut options, |_, path| Ok(json!({ "read": path }))).unwrap();
        assert_eq!(options["course"], json!({ "read": "c.json" }));
        assert_eq!(options["stages"], json!(["tour", { "read": "s.json" }]));
        assert_eq!(options["name"], "free");
        // Content is a value of these kinds; the game checks it.
        let [course, stages, name] = &specs[..] else { panic!() };
        assert!(course.check_value(&options["course"]).is_ok());
        assert!(stages.check_value(&options["stages"]).is_ok());
        assert!(stages.check_value(&json!([])).is_err());
        assert!(stages.check_value(&json!([3])).is_err());
        assert!(stages.check_value(&json!(["tour", "giro", "tour"])).is_ok());
        let long = stages.check_value(&json!(["tour", "giro", "tour", "giro"])).unwrap_err();
        assert_eq!(long.code(), "options.invalid");
        assert!(long.to_string().contains("at most 3"), "{long}");
        assert_eq!(stages.parse_value("tour,giro,tour,giro").unwrap_err().code(), "options.invalid");
        assert!(name.check_value(&json!({ "read": "x" })).is_err());

        let mut seen = Vec::new();
        let mut options = Map::new();
        options.insert("stages".into(), Value::from("giro,/etc/hostname"));
        let err = resolve_files(&specs, &mut options, |key, path| {
            seen.push(format!("{key}={path}"));
            Err("refused".into())
        })
        .unwrap_err();
        assert_eq!(err.code(), "options.file");
        assert!(err.to_string().contains("/etc/hostname"), "{err}");
        assert_eq!(seen, ["stages=/etc/hostname"]);
        assert_eq!(options["stages"], "giro,/etc/hostname", "refused options stay as given");

        // A list longer than its kind allows reads no file at all.
        let mut options = Map::new();
        options.insert("stages".into(), Value::from("a.json,b.json,c.json,d.json"));
        let err = resolve_files(&specs, &mut options, |_, _| panic!("no file is read")).unwrap_err();
        assert_eq!(err.code(), "options.invalid");

        // Built-in values, the default word and non-strings are not files.
        let mut options = Map::new();
        options.insert("course".into(), Value::from("giro"));
        options.insert("stages".into(), Value::from("none"));
        let mut number = Map::new();
        number.insert("course".into(), Value::from(3));
        for mut o in [options, number] {
            resolve_files(&specs, &mut o, |_, _| Err("no file expected".into())).unwrap();
        }
    }
}

#[cfg(test)]
mod default_tests {
    use super::*;
    use serde_json::json;

    const TEXT: Text = Text::new("", "");

    fn spec(kind: OptionKind, default: OptionDefault) -> OptionSpec {
        OptionSpec { key: "k", label: TEXT, kind, default, help: TEXT }
    }

    /// Only the word of a default that is no value means "not given"; a
    /// default that is a value stays one, and other words are values too.
    #[test]
    fn the_word_of_a_default_that_is_no_value_means_not_given() {
        let int = OptionKind::Int { min: 2, max: 4 };
        let follows = spec(int.clone(), OptionDefault::Follows("teams"));
        assert!(follows.means_not_given(&Value::from("teams")));
        assert!(follows.means_not_given(&Value::from(" teams ")));
        assert!(follows.means_not_given(&Value::Null));
        assert!(!follows.means_not_given(&Value::from("auto")));
        assert!(!follows.means_not_given(&Value::from(3)));
        let auto = spec(OptionKind::Bool, OptionDefault::Auto);
        assert!(auto.means_not_given(&Value::from("auto")) && !auto.means_not_given(&Value::from(false)));
        let off = spec(OptionKind::Text, OptionDefault::Off);
        assert!(off.means_not_given(&Value::from("none")) && !off.means_not_given(&Value::from("auto")));
        let value = spec(int, OptionDefault::Value("4".into()));
        assert!(!value.means_not_given(&Value::from("4")) && !value.means_not_given(&Value::from(4)));
        assert!(value.means_not_given(&Value::Null));
    }

    /// The schema's JSON: a label beside the key, choices with their labels,
    /// and the default as an object naming its kind.
    #[test]
    fn the_schema_carries_labels_and_an_explicit_default() {
        const LEVELS: &[Choice] = &[Choice::new("basic", Text::new("Basic", "Grund"), Text::new("b", "g"))];
        let label = Text::new("Rules", "Regeln");
        let rules = OptionSpec {
            key: "rules",
            label,
            kind: OptionKind::Choice { choices: LEVELS },
            default: OptionDefault::Value("basic".into()),
            help: TEXT,
        };
        assert_eq!(
            serde_json::to_value(&rules).unwrap(),
            json!({"key": "rules", "label": {"en": "Rules", "de": "Regeln"}, "type": "choice",
                   "choices": [{"value": "basic", "label": {"en": "Basic", "de": "Grund"}, "help": {"en": "b", "de": "g"}}],
                   "default": {"value": "basic"}, "help": {"en": "", "de": ""}})
        );
        let default = |kind, default| serde_json::to_value(spec(kind, default)).unwrap()["default"].clone();
        assert_eq!(
            default(OptionKind::Int { min: 1, max: 9 }, OptionDefault::Value("4".into())),
            json!({"value": 4})
        );
        assert_eq!(default(OptionKind::Bool, OptionDefault::Value("true".into())), json!({"value": true}));
        assert_eq!(
            default(OptionKind::Int { min: 1, max: 9 }, OptionDefault::Follows("teams")),
            json!({"follows": "teams"})
        );
        assert_eq!(default(OptionKind::Bool, OptionDefault::Auto), json!({"auto": true}));
        assert_eq!(default(OptionKind::Text, OptionDefault::Off), json!({"off": true}));
        let broken = spec(OptionKind::Int { min: 1, max: 9 }, OptionDefault::Value("ten".into()));
        assert!(serde_json::to_value(broken).is_err(), "a default outside its kind is no schema");
    }
}
