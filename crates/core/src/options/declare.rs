//! Options declared once ([`crate::options!`]): each option's field, type,
//! default, kind, label and help in one place, from which come the struct,
//! its `Default`, the schema ([`OptionSpec`]s) and the check of values built
//! in code ([`OptionKind::check`]).

use super::{OptionKind, OptionsError, is_choice, too_many_items};
use crate::Text;

/// Declares a game's options once: the struct with its attributes, and for
/// each field its type, its `Default` value and what the schema says of it.
/// From the declaration come the struct, `impl Default`, and on the struct
/// `specs()` (the schema `spieltisch games` shows, in field order unless
/// an option says otherwise),
/// `check_ranges()` (every field within its declared kind, for options built
/// in code as well as parsed ones) and `RECORD_KEYS` (the fields only records
/// carry). A game's own check of its options
/// keeps only what no single option's kind says: rules across options, and
/// rules that are no range (with their reason).
///
/// Each field is `name: Type = default => { ... }`, its key the field's name:
/// - `{ kind: OptionKind, label: Text, help: Text }`: an option of the
///   schema, whose default the schema writes from the field's `Default`
///   value ([`OptionDefault::of`](crate::OptionDefault::of));
/// - `{ kind, label, help, default: OptionDefault }`: the same, with the
///   default the schema lists given: a default that is no value
///   (`OptionDefault::Auto`, `Off`, `Follows(key)`), or the word of a value
///   no command line can write (content);
/// - either followed by `listed_after: field`: the schema lists the option
///   right after that field's, not in field order (which is the order of
///   the options' JSON and TypeScript, so a field added later comes last);
/// - `{ record_only }`: a key only records carry, never in the schema;
///   `{ record_only, kind, label }` also checks its values.
///
/// The field's type implements [`OptionValue`]: whole numbers are checked
/// against an `Int`'s range, lists against their most items, words against
/// the choices; a type that holds only values of its kind (`bool`, an enum
/// of the choices, content checked when it is read) checks nothing.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use spieltisch_core::{OptionDefault, OptionKind, Text};
///
/// spieltisch_core::options! {
///     /// The options of a small game.
///     #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
///     #[serde(default, deny_unknown_fields)]
///     pub struct Options {
///         /// Players at the table.
///         pub players: u8 = 2 => {
///             kind: OptionKind::Int { min: 2, max: 4 },
///             label: Text::new("Players", "Spieler"),
///             help: Text::new("players at the table", "Spieler am Tisch"),
///         },
///         /// Rounds; not given: one per player.
///         pub rounds: Option<u8> = None => {
///             kind: OptionKind::Int { min: 1, max: 9 },
///             label: Text::new("Rounds", "Runden"),
///             help: Text::new("rounds; automatic: one per player", "Runden; automatisch: eine je Spieler"),
///             default: OptionDefault::Auto,
///         },
///         /// How old records were read.
///         #[serde(skip_serializing_if = "std::ops::Not::not")]
///         pub legacy: bool = false => { record_only },
///     }
/// }
///
/// assert_eq!(Options::default(), Options { players: 2, rounds: None, legacy: false });
/// let specs = Options::specs();
/// assert_eq!(specs.iter().map(|s| s.key).collect::<Vec<_>>(), ["players", "rounds"]);
/// assert_eq!(specs[0].default, OptionDefault::Value("2".into()));
/// assert_eq!(Options::RECORD_KEYS, ["legacy"]);
/// let err = Options { players: 5, ..Options::default() }.check_ranges().unwrap_err();
/// assert_eq!(err.to_string(), "invalid options: players must be from 2 to 4, not 5");
/// ```
#[macro_export]
macro_rules! options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident : $ty:ty = $default:expr => { $($declared:tt)* }
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $( $(#[$field_meta])* $field_vis $field: $ty, )*
        }

        impl ::core::default::Default for $name {
            fn default() -> Self {
                $name { $( $field: $default, )* }
            }
        }

        impl $name {
            /// The keys only records carry, never people: not in the schema.
            pub const RECORD_KEYS: &'static [&'static str] =
                $crate::__record_keys!([] $( $field { $($declared)* } )*);

            /// The option schema shown by `spieltisch games`, in the order
            /// of the fields but for options listed after another.
            pub fn specs() -> ::std::vec::Vec<$crate::OptionSpec> {
                let declared: ::std::vec::Vec<
                    ::core::option::Option<($crate::OptionSpec, ::core::option::Option<&'static str>)>,
                > = ::std::vec![$(
                    $crate::__option_spec!($name, ::core::stringify!($field), $ty, $default, { $($declared)* })
                ),*];
                $crate::options::listed(declared.into_iter().flatten())
            }

            /// Checks every option against its declared kind (a number
            /// within its range, a word among its choices, a list no longer
            /// than its most): for options built in code, which no schema
            /// has read.
            pub fn check_ranges(&self) -> ::core::result::Result<(), $crate::OptionsError> {
                $( $crate::__option_check!(::core::stringify!($field), &self.$field, { $($declared)* })?; )*
                ::core::result::Result::Ok(())
            }
        }

        impl $crate::DeclaredOptions for $name {
            const RECORD_KEYS: &'static [&'static str] = $name::RECORD_KEYS;

            fn specs() -> ::std::vec::Vec<$crate::OptionSpec> {
                $name::specs()
            }

            fn check_ranges(&self) -> ::core::result::Result<(), $crate::OptionsError> {
                $name::check_ranges(self)
            }
        }
    };
}

/// The schema entry of one declared field ([`crate::options!`]) and the
/// key it is listed after, or `None` for a record-only key.
#[doc(hidden)]
#[macro_export]
macro_rules! __option_spec {
    ($name:ident, $key:expr, $ty:ty, $default:expr, { record_only $($rest:tt)* }) => {
        ::core::option::Option::None
    };
    ($name:ident, $key:expr, $ty:ty, $default:expr, {
        kind: $kind:expr,
        label: $label:expr,
        help: $help:expr
        $(, default: $listed:expr)?
        $(, listed_after: $after:ident)?
        $(,)?
    }) => {
        ::core::option::Option::Some((
            $crate::OptionSpec {
                key: $key,
                label: $label,
                kind: $kind,
                default: $crate::__listed_default!($ty, $default $(, $listed)?),
                help: $help,
            },
            $crate::__listed_after!($name $(, $after)?),
        ))
    };
}

/// The default a declared option's schema lists: the one given, or its
/// `Default` value written ([`crate::OptionDefault::of`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __listed_default {
    ($ty:ty, $default:expr) => {
        $crate::OptionDefault::of::<$ty>(&$default)
    };
    ($ty:ty, $default:expr, $listed:expr) => {
        $listed
    };
}

/// The key a declared option is listed after, checked to be a field.
#[doc(hidden)]
#[macro_export]
macro_rules! __listed_after {
    ($name:ident) => {
        ::core::option::Option::None
    };
    ($name:ident, $after:ident) => {{
        let _a_field = |options: &$name| {
            let _ = &options.$after;
        };
        ::core::option::Option::Some(::core::stringify!($after))
    }};
}

/// The check of one declared field's value against its kind
/// ([`crate::options!`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __option_check {
    ($key:expr, $value:expr, { record_only $(,)? }) => {
        ::core::result::Result::<(), $crate::OptionsError>::Ok(())
    };
    ($key:expr, $value:expr, { record_only, kind: $kind:expr, label: $label:expr $(,)? }) => {
        $kind.check($key, $label, $value)
    };
    ($key:expr, $value:expr, { kind: $kind:expr, label: $label:expr, $($rest:tt)* }) => {
        $kind.check($key, $label, $value)
    };
}

/// The record-only keys of a declaration ([`crate::options!`]), gathered
/// field by field.
#[doc(hidden)]
#[macro_export]
macro_rules! __record_keys {
    ([$($keys:ident)*]) => {
        &[$(::core::stringify!($keys)),*]
    };
    ([$($keys:ident)*] $field:ident { record_only $($rest:tt)* } $($more:tt)*) => {
        $crate::__record_keys!([$($keys)* $field] $($more)*)
    };
    ([$($keys:ident)*] $field:ident { $($declared:tt)* } $($more:tt)*) => {
        $crate::__record_keys!([$($keys)*] $($more)*)
    };
}

/// A typed option value, as its declared kind checks it
/// ([`OptionKind::check`]): a whole number ([`OptionValue::number`]) against
/// an `Int`'s range, a list's length ([`OptionValue::items`]) against its
/// most, a word ([`OptionValue::word`]) against the choices. Not given
/// (`None`) is checked by no kind. A type that holds only values of its kind
/// (`bool`, an enum of the choices, content checked when it is read) checks
/// nothing: `impl OptionValue for Level {}`.
pub trait OptionValue {
    /// The value as a whole number.
    fn number(&self) -> Option<i128> {
        None
    }

    /// The number of items of a list.
    fn items(&self) -> Option<usize> {
        None
    }

    /// The value as a word.
    fn word(&self) -> Option<&str> {
        None
    }
}

macro_rules! whole_numbers {
    ($($t:ty)*) => {
        $(impl OptionValue for $t {
            fn number(&self) -> Option<i128> {
                i128::try_from(*self).ok()
            }
        })*
    };
}

whole_numbers!(u8 u16 u32 u64 usize i8 i16 i32 i64 isize);

impl OptionValue for bool {}

impl OptionValue for String {
    fn word(&self) -> Option<&str> {
        Some(self)
    }
}

impl<T> OptionValue for Vec<T> {
    fn items(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T: OptionValue> OptionValue for Option<T> {
    fn number(&self) -> Option<i128> {
        self.as_ref()?.number()
    }

    fn items(&self) -> Option<usize> {
        self.as_ref()?.items()
    }

    fn word(&self) -> Option<&str> {
        self.as_ref()?.word()
    }
}

impl OptionKind {
    /// Checks the typed value of option `key` (called `label` in both
    /// languages) against this kind: a whole number within an `Int`'s range,
    /// a word among a `Choice`'s choices, a list of at most a
    /// `ChoiceOrFileList`'s most items. A number or word outside its kind is
    /// refused with one reason in both languages ([`OptionsError::Rule`]); a
    /// list too long as a list given as JSON is ([`OptionsError::Invalid`]).
    pub fn check<V: OptionValue + ?Sized>(
        &self,
        key: &str,
        label: Text,
        value: &V,
    ) -> Result<(), OptionsError> {
        match self {
            OptionKind::Int { min, max } => match value.number() {
                Some(n) if n < i128::from(*min) || n > i128::from(*max) => Err(OptionsError::rule(
                    format!("{key} must be from {min} to {max}, not {n}"),
                    format!("{}: von {min} bis {max}, nicht {n}", label.de),
                )),
                _ => Ok(()),
            },
            OptionKind::Choice { choices } => match value.word() {
                Some(word) if !is_choice(choices, word) => {
                    let values: Vec<&str> = choices.iter().map(|c| c.value).collect();
                    let values = values.join(", ");
                    Err(OptionsError::rule(
                        format!("{key} must be one of {values}, not '{word}'"),
                        format!("{}: eines von {values}, nicht '{word}'", label.de),
                    ))
                }
                _ => Ok(()),
            },
            OptionKind::ChoiceOrFileList { max, .. } => match value.items() {
                Some(items) if items > *max => Err(too_many_items(key, items, *max)),
                _ => Ok(()),
            },
            OptionKind::Bool | OptionKind::Text | OptionKind::ChoiceOrFile { .. } => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OptionValue;
    use crate::{Choice, OptionDefault, OptionKind, OptionsError, Said, Text};
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    const TEXT: Text = Text::new("", "");
    const LEVELS: &[Choice] = &[Choice::new("basic", TEXT, TEXT), Choice::new("pro", TEXT, TEXT)];
    const COLOURS: &[Choice] = &[Choice::new("red", TEXT, TEXT), Choice::new("blue", TEXT, TEXT)];

    #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Level {
        Basic,
        Pro,
    }

    impl OptionValue for Level {}

    crate::options! {
        /// Every shape an option takes.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(default, deny_unknown_fields)]
        struct Declared {
            /// Documented fields keep their comments.
            teams: u8 = 4 => {
                kind: OptionKind::Int { min: 2, max: 4 },
                label: Text::new("Teams", "Mannschaften"),
                help: Text::new("teams", "Mannschaften am Start"),
            },
            seats: Option<u8> = None => {
                kind: OptionKind::Int { min: 2, max: 4 },
                label: Text::new("Seats", "Plätze"),
                help: Text::new("seats", "Plätze am Tisch"),
                default: OptionDefault::Follows("teams"),
            },
            fast: bool = true => {
                kind: OptionKind::Bool,
                label: Text::new("Fast", "Schnell"),
                help: Text::new("fast", "schnell"),
                listed_after: colour,
            },
            rules: Level = Level::Basic => {
                kind: OptionKind::Choice { choices: LEVELS },
                label: Text::new("Rules", "Regeln"),
                help: Text::new("rules", "Regeln des Spiels"),
            },
            colour: String = "red".into() => {
                kind: OptionKind::Choice { choices: COLOURS },
                label: Text::new("Colour", "Farbe"),
                help: Text::new("colour", "Farbe des Bretts"),
            },
            #[serde(skip_serializing_if = "Option::is_none")]
            stages: Option<Vec<String>> = None => {
                kind: OptionKind::ChoiceOrFileList { choices: LEVELS, max: 2 },
                label: Text::new("Stages", "Etappen"),
                help: Text::new("stages", "Etappen der Rundfahrt"),
                default: OptionDefault::Off,
                listed_after: colour,
            },
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            legacy: bool = false => { record_only },
            edition: u8 = 2 => {
                record_only,
                kind: OptionKind::Int { min: 1, max: 2 },
                label: Text::new("Edition", "Ausgabe"),
            },
        }
    }

    fn rule(options: &Declared) -> Said {
        match options.check_ranges() {
            Err(OptionsError::Rule(reason)) => reason,
            other => panic!("{options:?}: {other:?}"),
        }
    }

    #[test]
    fn the_declared_defaults_are_the_struct_default() {
        let declared = Declared::default();
        assert_eq!(
            declared,
            Declared {
                teams: 4,
                seats: None,
                fast: true,
                rules: Level::Basic,
                colour: "red".into(),
                stages: None,
                legacy: false,
                edition: 2,
            }
        );
        assert_eq!(declared.check_ranges(), Ok(()));
        // The serde attributes came along: a missing key is its default,
        // an unknown one is refused.
        assert_eq!(serde_json::from_value::<Declared>(json!({})).unwrap(), declared);
        assert!(serde_json::from_value::<Declared>(json!({"team": 3})).is_err());
        assert_eq!(serde_json::to_value(&declared).unwrap().get("legacy"), None);
    }

    #[test]
    fn the_schema_lists_every_option_but_the_record_only_ones() {
        let specs = Declared::specs();
        let keys: Vec<&str> = specs.iter().map(|s| s.key).collect();
        // Listed after `colour` in the order they are declared; the JSON
        // keeps the order of the fields.
        assert_eq!(keys, ["teams", "seats", "rules", "colour", "fast", "stages"]);
        let written = serde_json::to_string(&Declared::default()).unwrap();
        assert!(written.starts_with(r#"{"teams":4,"seats":null,"fast":true,"rules":"basic","#), "{written}");
        assert_eq!(Declared::RECORD_KEYS, ["legacy", "edition"]);
        let defaults: Vec<&OptionDefault> = specs.iter().map(|s| &s.default).collect();
        assert_eq!(
            defaults,
            [
                &OptionDefault::Value("4".into()),
                &OptionDefault::Follows("teams"),
                &OptionDefault::Value("basic".into()),
                &OptionDefault::Value("red".into()),
                &OptionDefault::Value("true".into()),
                &OptionDefault::Off,
            ]
        );
        assert_eq!(specs[0].label, Text::new("Teams", "Mannschaften"));
        assert_eq!(specs[0].kind, OptionKind::Int { min: 2, max: 4 });
        assert_eq!(specs[2].help, Text::new("rules", "Regeln des Spiels"));
        assert_eq!(serde_json::to_value(&specs[0]).unwrap()["default"], json!({"value": 4}));
        assert_eq!(serde_json::to_value(&specs[4]).unwrap()["default"], json!({"value": true}));
    }

    /// A number outside its range is refused with one reason in both
    /// languages, the German one naming the option by its label; so are
    /// record-only keys that declare a kind.
    #[test]
    fn a_value_outside_its_kind_is_refused_in_both_languages() {
        let wrong = rule(&Declared { teams: 5, ..Declared::default() });
        assert_eq!(wrong.en, "teams must be from 2 to 4, not 5");
        assert_eq!(wrong.de, "Mannschaften: von 2 bis 4, nicht 5");
        let wrong = rule(&Declared { seats: Some(1), ..Declared::default() });
        assert_eq!(
            (wrong.en.as_str(), wrong.de.as_str()),
            ("seats must be from 2 to 4, not 1", "Plätze: von 2 bis 4, nicht 1")
        );
        let wrong = rule(&Declared { edition: 3, ..Declared::default() });
        assert_eq!(wrong.de, "Ausgabe: von 1 bis 2, nicht 3");
        let wrong = rule(&Declared { colour: "green".into(), ..Declared::default() });
        assert_eq!(wrong.en, "colour must be one of red, blue, not 'green'");
        assert_eq!(wrong.de, "Farbe: eines von red, blue, nicht 'green'");
        // A list too long is refused as the same list given as JSON is.
        let long = Declared { stages: Some(vec!["basic".into(); 3]), ..Declared::default() };
        let err = long.check_ranges().unwrap_err();
        let spec = Declared::specs().into_iter().find(|s| s.key == "stages").unwrap();
        assert_eq!(Err(err), spec.check_value(&json!(["basic", "basic", "basic"])));
        for fine in [
            Declared { teams: 2, seats: Some(4), ..Declared::default() },
            Declared { stages: Some(vec!["pro".into(); 2]), colour: "blue".into(), ..Declared::default() },
            Declared { edition: 1, legacy: true, rules: Level::Pro, fast: false, ..Declared::default() },
        ] {
            assert_eq!(fine.check_ranges(), Ok(()), "{fine:?}");
        }
    }

    /// A default no command line can write is written as JSON, which its
    /// kind refuses: such an option declares the word of its default.
    #[test]
    fn a_default_that_is_content_is_no_value_of_its_kind() {
        #[derive(Serialize)]
        struct Track {
            spaces: u8,
        }
        let written = OptionDefault::of(&Track { spaces: 81 });
        assert_eq!(written, OptionDefault::Value(r#"{"spaces":81}"#.into()));
        let spec = crate::OptionSpec {
            key: "track",
            label: TEXT,
            kind: OptionKind::Choice { choices: LEVELS },
            default: written,
            help: TEXT,
        };
        assert!(serde_json::to_value(spec).is_err());
        assert_eq!(OptionDefault::of(&200u16).written(), "200");
        assert_eq!(OptionDefault::of("paris-roubaix").written(), "paris-roubaix");
    }
}
