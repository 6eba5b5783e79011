//! Game options: a declared schema per game, typed option structs, and
//! validation with clear errors.
//!
//! Every game declares its options as a list of [`OptionSpec`]s (key, kind,
//! default, help text) and a typed `Options` struct that deserializes from a
//! JSON object with those keys. Command lines give options as `key=value`
//! pairs; [`options_from_pairs`] checks each pair against the schema, builds
//! the JSON object and deserializes it, so the command line, the engine
//! protocol and the server all go through one path.

use crate::{Game, Text};
use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "type")]
pub enum OptionKind {
    /// A whole number within `min..=max`.
    Int { min: i64, max: i64 },
    /// `true` or `false`.
    Bool,
    /// One of a fixed set of words.
    Choice { choices: &'static [&'static str] },
    /// Free text (for example a path to a data file); the game validates it.
    Text,
    /// One of a fixed set of words, or free text (for example a built-in
    /// course name or a path to a course file).
    ChoiceOrText { choices: &'static [&'static str] },
}

/// One option of a game, as shown by `spieltisch games`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionSpec {
    /// The key, e.g. `players`. Stable: scripts use it.
    pub key: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
    /// The default, written as on the command line.
    pub default: &'static str,
    pub help: Text,
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
    #[error("invalid options: {0}")]
    Rule(String),
}

impl OptionsError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            OptionsError::Unknown { .. } => "options.unknown",
            OptionsError::Invalid { .. } => "options.invalid",
            OptionsError::Duplicate(_) => "options.duplicate",
            OptionsError::Malformed(_) => "options.malformed",
            OptionsError::Rule(_) => "options.rule",
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
                if choices.contains(&raw) {
                    Ok(Value::from(raw))
                } else {
                    Err(invalid(format!("expected one of: {}", choices.join(", "))))
                }
            }
            OptionKind::Text | OptionKind::ChoiceOrText { .. } => {
                if raw.is_empty() {
                    Err(invalid("must not be empty".into()))
                } else {
                    Ok(Value::from(raw))
                }
            }
        }
    }

    /// True when `value` asks for the default without giving a value: JSON
    /// null, or the default as `spieltisch games` writes it where that is a
    /// word outside the kind (`auto` for a switch that follows the rules
    /// level, `teams` for a number that follows another option). Such a
    /// word is taken as "not given". A default that is a value of the kind
    /// (`4`, `basic`) stays a value, so that options read back from a
    /// record are the options that were written.
    pub fn is_default(&self, value: &Value) -> bool {
        value.is_null()
            || value.as_str().is_some_and(|s| s.trim() == self.default && self.parse_value(self.default).is_err())
    }

    /// Checks an already-JSON value against the kind (for the engine protocol and the server).
    pub fn check_value(&self, value: &Value) -> Result<(), OptionsError> {
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
        let value = if spec.is_default(&Value::from(value)) { Value::Null } else { spec.parse_value(value)? };
        map.insert(key.to_string(), value);
    }
    options_from_json::<G>(&Value::Object(map))
}

/// Builds a game's options from a JSON object (missing keys take defaults).
pub fn options_from_json<G: Game>(value: &Value) -> Result<G::Options, OptionsError> {
    let specs = G::info().options;
    let obj = match value {
        Value::Null => return Ok(G::Options::default()),
        Value::Object(obj) => obj,
        _ => return Err(OptionsError::Rule("options must be a JSON object".into())),
    };
    // Options given as their default are left out, as if not given.
    let mut given = Map::new();
    for (key, v) in obj {
        let spec = spec(&specs, key)?;
        if !spec.is_default(v) {
            spec.check_value(v)?;
            given.insert(key.clone(), v.clone());
        }
    }
    serde_json::from_value(Value::Object(given)).map_err(|e| OptionsError::Rule(e.to_string()))
}

/// The options as a JSON object (for records).
pub fn options_to_json<G: Game>(options: &G::Options) -> Value {
    serde_json::to_value(options).unwrap_or(Value::Null)
}
