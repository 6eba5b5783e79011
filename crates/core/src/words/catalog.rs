//! A crate's words in both languages, read from its Project Fluent files.
//!
//! Every user-visible word of a crate lives in `words/en.ftl` and
//! `words/de.ftl` beside its sources, one message per thing said, with
//! Fluent's selectors and terms for what German inflects ("mit einer
//! Steigung"). A crate embeds its two files once ([`Catalog::embedded`]) and
//! asks for a message by its key with named arguments ([`Catalog::say`]).
//!
//! Most messages are text with arguments in between, some choosing a
//! variant by an argument: a plural form by a number, a case or a word by a
//! word. Those are written without Fluent's resolver: each is split once,
//! when the catalog is read, into its literal pieces, argument names and
//! choices, so saying it costs what `format!` does (`cargo bench -p
//! spieltisch-core --bench words`). Only messages that call functions, pass
//! arguments to terms or refer to other messages go through Fluent.
//! [`Catalog::problems`] checks that both ways say the same.

use crate::Lang;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue, concurrent::FluentBundle};
use fluent_syntax::ast;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

/// A value a message puts into its text: words as they are, whole numbers
/// written plainly (Fluent also selects plural forms by them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg<'a> {
    Str(&'a str),
    Int(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Str(text)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Str(text)
    }
}

macro_rules! int_args {
    ($($int:ty),*) => {$(
        impl From<$int> for Arg<'_> {
            fn from(n: $int) -> Self {
                Arg::Int(i64::from(n))
            }
        }
    )*};
}
int_args!(u8, u16, u32, i8, i16, i32, i64);

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// The words of one crate in English and German.
pub struct Catalog {
    languages: [Language; 2],
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog").field("messages", &self.languages[0].said.len()).finish_non_exhaustive()
    }
}

struct Language {
    bundle: FluentBundle<FluentResource>,
    /// Every message and attribute (`key` or `key.attribute`) as it is said.
    /// Hashed with rustc's `FxHash`: the keys are short and the crate's
    /// own, so SipHash's defence against keys chosen to collide is not
    /// needed, and hashing took most of the time a lookup did.
    said: FxHashMap<String, Said>,
}

enum Said {
    /// Literal text, arguments and choices, in order, and the length of
    /// the text.
    Pieces(Vec<Piece>, usize),
    /// Fluent resolves it (it calls a function, passes arguments to a term
    /// or refers to another message).
    Fluent,
}

enum Piece {
    Text(String),
    Arg(String),
    /// A choice by the argument: the variants in order, each with its key,
    /// and the default's index.
    Select {
        arg: String,
        variants: Vec<(Key, Vec<Piece>)>,
        default: usize,
    },
}

/// A message as a front end says it by itself, written as JSON: plain
/// text as a string, else a list of parts, each literal text (a string),
/// an argument (`{"arg": name}`) or a choice by an argument
/// (`{"select": name, "variants": [[key, pattern], …], "default": index}`,
/// a key a word or a whole number, chosen as [`Catalog::say`] chooses: the
/// same word, the same number, or the number's plural category).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Pattern {
    Text(String),
    Parts(Vec<Part>),
}

/// One part of a [`Pattern`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Part {
    Text(String),
    Arg { arg: String },
    Select { select: String, variants: Vec<(VariantKey, Pattern)>, default: usize },
}

/// A variant's key in a [`Pattern`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum VariantKey {
    Word(String),
    Number(i64),
}

impl Pattern {
    fn of(pieces: &[Piece]) -> Pattern {
        match pieces {
            [] => Pattern::Text(String::new()),
            [Piece::Text(text)] => Pattern::Text(text.clone()),
            _ => Pattern::Parts(
                pieces
                    .iter()
                    .map(|piece| match piece {
                        Piece::Text(text) => Part::Text(text.clone()),
                        Piece::Arg(name) => Part::Arg { arg: name.clone() },
                        Piece::Select { arg, variants, default } => Part::Select {
                            select: arg.clone(),
                            variants: variants
                                .iter()
                                .map(|(key, pieces)| {
                                    let key = match key {
                                        Key::Word(word) => VariantKey::Word(word.clone()),
                                        Key::Number(n) => VariantKey::Number(*n),
                                    };
                                    (key, Pattern::of(pieces))
                                })
                                .collect(),
                            default: *default,
                        },
                    })
                    .collect(),
            ),
        }
    }
}

/// A variant's key: a word (a plural category such as `one`, or any word
/// an argument may be) or a whole number.
#[derive(PartialEq)]
enum Key {
    Word(String),
    Number(i64),
}

/// Why a catalog's text cannot be read.
#[derive(Debug, thiserror::Error)]
#[error("{lang} catalog: {reason}")]
pub struct CatalogError {
    pub lang: Lang,
    pub reason: String,
}

impl Catalog {
    /// Reads a crate's two catalogs.
    ///
    /// # Errors
    /// A syntax error, or a key given twice, with the language and the line.
    pub fn parse(en: &str, de: &str) -> Result<Catalog, CatalogError> {
        Ok(Catalog { languages: [Language::parse(Lang::En, en)?, Language::parse(Lang::De, de)?] })
    }

    /// [`Catalog::parse`] for the catalogs a crate embeds with
    /// `include_str!`: a catalog that cannot be read is a mistake in the
    /// crate, which every test of its words finds ([`Catalog::problems`]).
    ///
    /// # Panics
    /// When a catalog cannot be read.
    pub fn embedded(en: &str, de: &str) -> Catalog {
        Catalog::parse(en, de).unwrap_or_else(|e| panic!("an embedded word catalog is broken: {e}"))
    }

    /// The message `key` (or `key.attribute`) in `lang`, with `args` put in.
    /// A key the catalog lacks is said as itself, so that a missing word
    /// shows where it is missing (the catalogs' tests find them all).
    pub fn say(&self, lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
        let mut out = String::new();
        self.say_into(&mut out, lang, key, args);
        out
    }

    /// [`Catalog::say`] appended to `out`.
    pub fn say_into(&self, out: &mut String, lang: Lang, key: &str, args: &[(&str, Arg)]) {
        let language = &self.languages[lang as usize];
        match language.said.get(key) {
            Some(Said::Pieces(pieces, text)) => {
                out.reserve(text + 8 * args.len());
                write_pieces(out, pieces, args);
            }
            Some(Said::Fluent) => language.resolve(out, key, args),
            None => out.push_str(key),
        }
    }

    /// [`Catalog::say`] through Fluent's resolver, however the message is
    /// written: what the fast way is measured and checked against.
    pub fn say_through_fluent(&self, lang: Lang, key: &str, args: &[(&str, Arg)]) -> String {
        let mut out = String::new();
        self.languages[lang as usize].resolve(&mut out, key, args);
        out
    }

    /// The messages whose keys begin with `prefix`, by their keys without
    /// it, each as a pattern a page says by itself ([`Pattern`]): the
    /// words a crate gives a front end to say in `lang`.
    ///
    /// # Errors
    /// The keys of messages that only Fluent can say (they call functions,
    /// pass arguments to terms or refer to other messages).
    pub fn patterns(&self, lang: Lang, prefix: &str) -> Result<BTreeMap<String, Pattern>, Vec<String>> {
        let mut patterns = BTreeMap::new();
        let mut refused = Vec::new();
        for (key, said) in &self.languages[lang as usize].said {
            let Some(short) = key.strip_prefix(prefix) else { continue };
            match said {
                Said::Pieces(pieces, _) => {
                    patterns.insert(short.to_string(), Pattern::of(pieces));
                }
                Said::Fluent => refused.push(key.clone()),
            }
        }
        refused.sort();
        if refused.is_empty() { Ok(patterns) } else { Err(refused) }
    }

    /// The arguments of each message whose key begins with `prefix`, by
    /// its key without it (the English words; [`Catalog::problems`] finds
    /// a German message with others).
    pub fn arguments(&self, prefix: &str) -> BTreeMap<String, BTreeSet<String>> {
        let mut all = self.languages[Lang::En as usize].arguments();
        all.retain(|key, _| key.starts_with(prefix));
        all.into_iter().map(|(key, names)| (key[prefix.len()..].to_string(), names)).collect()
    }

    /// The keys of `lang` (`key` and `key.attribute`), sorted.
    pub fn keys(&self, lang: Lang) -> BTreeSet<&str> {
        self.languages[lang as usize].said.keys().map(String::as_str).collect()
    }

    /// What is wrong with the two catalogs, one line each: a key (or
    /// attribute) in one language only, arguments that one language uses
    /// and the other does not, and a message the fast way says otherwise
    /// than Fluent. Empty when nothing is.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let [en, de] = &self.languages;
        for (lang, here, there) in [(Lang::En, en, de), (Lang::De, de, en)] {
            for key in here.said.keys().filter(|key| !there.said.contains_key(*key)) {
                problems.push(format!("{key}: only in the {lang} catalog"));
            }
        }
        for (key, en_args) in &en.arguments() {
            if let Some(de_args) = de.arguments().get(key)
                && en_args != de_args
            {
                problems
                    .push(format!("{key}: the English words use {en_args:?}, the German words {de_args:?}"));
            }
        }
        for (lang, language) in [(Lang::En, en), (Lang::De, de)] {
            let arguments = language.arguments();
            for (key, said) in &language.said {
                let Said::Pieces(..) = said else { continue };
                let names: Vec<&String> =
                    arguments.get(key).map(|set| set.iter().collect()).unwrap_or_default();
                let values: Vec<String> = names.iter().map(|name| format!("<{name}>")).collect();
                let args: Vec<(&str, Arg)> =
                    names.iter().zip(&values).map(|(name, value)| (name.as_str(), Arg::Str(value))).collect();
                let fast = self.say(lang, key, &args);
                let fluent = self.say_through_fluent(lang, key, &args);
                if fast != fluent {
                    problems.push(format!("{key} ({lang}): said as {fast:?}, Fluent says {fluent:?}"));
                }
                // And with numbers, which choose plural forms.
                for n in [0, 1, 2, 5] {
                    let args: Vec<(&str, Arg)> =
                        names.iter().map(|name| (name.as_str(), Arg::Int(n))).collect();
                    let fast = self.say(lang, key, &args);
                    let fluent = self.say_through_fluent(lang, key, &args);
                    if fast != fluent {
                        problems
                            .push(format!("{key} ({lang}, {n}): said as {fast:?}, Fluent says {fluent:?}"));
                    }
                }
            }
        }
        problems.sort();
        problems
    }
}

impl Language {
    fn parse(lang: Lang, text: &str) -> Result<Language, CatalogError> {
        let error = |reason: String| CatalogError { lang, reason };
        let resource = FluentResource::try_new(text.to_string()).map_err(|(_, errors)| {
            let first = errors.first().map(|e| {
                let line = text[..e.pos.start.min(text.len())].lines().count().max(1);
                format!("line {line}: {e}")
            });
            error(first.unwrap_or_default())
        })?;
        let terms: HashMap<&str, &ast::Pattern<&str>> = resource
            .entries()
            .filter_map(|entry| match entry {
                ast::Entry::Term(term) => Some((term.id.name, &term.value)),
                _ => None,
            })
            .collect();
        let mut said = FxHashMap::default();
        for entry in resource.entries() {
            let ast::Entry::Message(message) = entry else { continue };
            let mut add = |key: String, pattern: &ast::Pattern<&str>| {
                let how = pieces(pattern, &terms).map_or(Said::Fluent, |pieces| {
                    let text = pieces.iter().map(|p| if let Piece::Text(t) = p { t.len() } else { 0 }).sum();
                    Said::Pieces(pieces, text)
                });
                said.insert(key, how)
            };
            let id = message.id.name;
            let twice = message.value.as_ref().and_then(|value| add(id.to_string(), value)).is_some();
            if twice {
                return Err(error(format!("{id} is given twice")));
            }
            for attribute in &message.attributes {
                add(format!("{id}.{}", attribute.id.name), &attribute.value);
            }
        }
        let langid = match lang {
            Lang::En => unic_langid::langid!("en"),
            Lang::De => unic_langid::langid!("de"),
        };
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        // Words go into plain text and HTML alike, never mixed scripts.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(resource)
            .map_err(|errors| error(errors.first().map(ToString::to_string).unwrap_or_default()))?;
        Ok(Language { bundle, said })
    }

    fn resolve(&self, out: &mut String, key: &str, args: &[(&str, Arg)]) {
        let (id, attribute) = key.split_once('.').map_or((key, None), |(id, a)| (id, Some(a)));
        let pattern = self.bundle.get_message(id).and_then(|message| match attribute {
            Some(name) => message.get_attribute(name).map(|a| a.value()),
            None => message.value(),
        });
        let Some(pattern) = pattern else {
            out.push_str(key);
            return;
        };
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, arg) in args {
            match arg {
                Arg::Str(text) => fluent_args.set(*name, FluentValue::from(*text)),
                Arg::Int(n) => fluent_args.set(*name, FluentValue::from(*n)),
            }
        }
        let mut errors = Vec::new();
        out.push_str(&self.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors));
    }

    /// The arguments each message and attribute uses, however it is said.
    fn arguments(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut all = BTreeMap::new();
        for key in self.said.keys() {
            let (id, attribute) = key.split_once('.').map_or((key.as_str(), None), |(id, a)| (id, Some(a)));
            let Some(message) = self.bundle.get_message(id) else { continue };
            let pattern = match attribute {
                Some(name) => message.get_attribute(name).map(|a| a.value()),
                None => message.value(),
            };
            let mut names = BTreeSet::new();
            if let Some(pattern) = pattern {
                pattern_arguments(pattern, &mut names);
            }
            all.insert(key.clone(), names);
        }
        all
    }
}

/// Writes `pieces` with `args` put in, as Fluent would.
fn write_pieces(out: &mut String, pieces: &[Piece], args: &[(&str, Arg)]) {
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Arg(name) => match args.iter().find(|(n, _)| n == name) {
                Some((_, Arg::Str(text))) => out.push_str(text),
                Some((_, Arg::Int(n))) => {
                    let _ = write!(out, "{n}");
                }
                None => {
                    let _ = write!(out, "{{${name}}}");
                }
            },
            Piece::Select { arg, variants, default } => {
                let value = args.iter().find(|(n, _)| n == arg).map(|(_, value)| *value);
                // The first variant whose key matches, in order, as Fluent
                // chooses: a word the same word, a number the same number
                // or its plural category.
                let chosen = value.and_then(|value| {
                    variants.iter().position(|(key, _)| match (key, value) {
                        (Key::Word(word), Arg::Str(text)) => word == text,
                        (Key::Number(number), Arg::Int(n)) => *number == n,
                        (Key::Word(word), Arg::Int(n)) => word == plural_category(n),
                        (Key::Number(_), Arg::Str(_)) => false,
                    })
                });
                write_pieces(out, &variants[chosen.unwrap_or(*default)].1, args);
            }
        }
    }
}

/// The plural category of the whole number `n`, the same in English and
/// German (CLDR's cardinal rules): `one` for 1, `other` for every other.
fn plural_category(n: i64) -> &'static str {
    if n.unsigned_abs() == 1 { "one" } else { "other" }
}

/// The pattern as literal pieces, arguments and choices by an argument,
/// when it is only those (with terms that are only text written in), else
/// `None`.
fn pieces(pattern: &ast::Pattern<&str>, terms: &HashMap<&str, &ast::Pattern<&str>>) -> Option<Vec<Piece>> {
    let mut out: Vec<Piece> = Vec::new();
    let text = |out: &mut Vec<Piece>, value: &str| match out.last_mut() {
        Some(Piece::Text(before)) => before.push_str(value),
        _ => out.push(Piece::Text(value.to_string())),
    };
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => text(&mut out, value),
            ast::PatternElement::Placeable { expression: ast::Expression::Inline(inline) } => match inline {
                ast::InlineExpression::StringLiteral { value } if !value.contains('\\') => {
                    text(&mut out, value)
                }
                ast::InlineExpression::VariableReference { id } => out.push(Piece::Arg(id.name.to_string())),
                ast::InlineExpression::TermReference { id, attribute: None, arguments: None } => {
                    for piece in pieces(terms.get(id.name)?, terms)? {
                        match piece {
                            Piece::Text(value) => text(&mut out, &value),
                            // A term's arguments are its own, not the message's.
                            Piece::Arg(_) | Piece::Select { .. } => return None,
                        }
                    }
                }
                _ => return None,
            },
            ast::PatternElement::Placeable {
                expression:
                    ast::Expression::Select {
                        selector: ast::InlineExpression::VariableReference { id },
                        variants,
                    },
            } => {
                let mut choices = Vec::with_capacity(variants.len());
                for variant in variants {
                    let key = match variant.key {
                        ast::VariantKey::Identifier { name } => Key::Word(name.to_string()),
                        // A number with a fraction is matched by Fluent's own rules.
                        ast::VariantKey::NumberLiteral { value } => Key::Number(value.parse().ok()?),
                    };
                    choices.push((key, pieces(&variant.value, terms)?));
                }
                let default = variants.iter().position(|variant| variant.default)?;
                out.push(Piece::Select { arg: id.name.to_string(), variants: choices, default });
            }
            ast::PatternElement::Placeable { .. } => return None,
        }
    }
    Some(out)
}

fn pattern_arguments(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_arguments(expression, names);
        }
    }
}

fn expression_arguments(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_arguments(selector, names);
            for variant in variants {
                pattern_arguments(&variant.value, names);
            }
        }
        ast::Expression::Inline(inline) => inline_arguments(inline, names),
    }
}

fn inline_arguments(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for positional in &arguments.positional {
                inline_arguments(positional, names);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_arguments(expression, names),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EN: &str = r#"
-climb = climb
with-climb = with a { -climb }
plays = { $name } plays { $card }
laps = { $n ->
    [one] one lap
   *[other] { $n } laps
 }
seat = Seat { $n }
    .short = S{ $n }
"#;
    const DE: &str = r#"
-steigung = { $case ->
   *[nom] die Steigung
    [dat] der Steigung
 }
with-climb = mit { -steigung(case: "dat") }
plays = { $name } spielt { $card }
laps = { $n ->
    [one] eine Runde
   *[other] { $n } Runden
 }
seat = Spieler { $n }
    .short = S{ $n }
"#;

    #[test]
    fn messages_are_said_with_their_arguments_in_either_language() {
        let words = Catalog::parse(EN, DE).unwrap();
        let args = [("name", Arg::from("Hanna")), ("card", Arg::from(4u8))];
        assert_eq!(words.say(Lang::En, "plays", &args), "Hanna plays 4");
        assert_eq!(words.say(Lang::De, "plays", &args), "Hanna spielt 4");
        assert_eq!(words.say(Lang::En, "with-climb", &[]), "with a climb");
        assert_eq!(words.say(Lang::De, "with-climb", &[]), "mit der Steigung");
        assert_eq!(words.say(Lang::De, "seat.short", &[("n", Arg::from(2usize))]), "S2");
    }

    #[test]
    fn plurals_follow_the_language() {
        let words = Catalog::parse(EN, DE).unwrap();
        assert_eq!(words.say(Lang::En, "laps", &[("n", Arg::Int(1))]), "one lap");
        assert_eq!(words.say(Lang::De, "laps", &[("n", Arg::Int(1))]), "eine Runde");
        assert_eq!(words.say(Lang::De, "laps", &[("n", Arg::Int(3))]), "3 Runden");
    }

    #[test]
    fn a_choice_is_said_without_fluent_as_fluent_says_it() {
        let en = "rows = { $n ->\n    [0] no rows\n    [one] 1 row\n   *[other] { $n } rows\n } \
                  with { $card ->\n    [own6] his own 6\n   *[joker] a joker\n }\n";
        let de = "rows = { $n ->\n    [0] keine Reihe\n    [one] 1 Reihe\n   *[other] { $n } Reihen\n } \
                  mit { $card ->\n    [own6] seiner eigenen 6\n   *[joker] einem Joker\n }\n";
        let words = Catalog::parse(en, de).unwrap();
        for language in &words.languages {
            assert!(matches!(language.said["rows"], Said::Pieces(..)), "said without Fluent");
        }
        for lang in [Lang::En, Lang::De] {
            for n in [Arg::Int(-1), Arg::Int(0), Arg::Int(1), Arg::Int(2), Arg::Int(11), Arg::Str("one")] {
                for card in [Some(Arg::Str("own6")), Some(Arg::Str("joker")), Some(Arg::Str("x")), None] {
                    let args: Vec<(&str, Arg)> = [("n", Some(n)), ("card", card)]
                        .into_iter()
                        .filter_map(|(name, arg)| Some((name, arg?)))
                        .collect();
                    let fluent = words.say_through_fluent(lang, "rows", &args);
                    assert_eq!(words.say(lang, "rows", &args), fluent, "{lang} {args:?}");
                }
            }
        }
        let args = |n: i64| [("n", Arg::Int(n)), ("card", Arg::Str("own6"))];
        assert_eq!(words.say(Lang::En, "rows", &args(0)), "no rows with his own 6");
        assert_eq!(words.say(Lang::En, "rows", &args(1)), "1 row with his own 6");
        assert_eq!(words.say(Lang::De, "rows", &args(3)), "3 Reihen mit seiner eigenen 6");
        assert_eq!(words.say(Lang::De, "rows", &[("n", Arg::Int(1))]), "1 Reihe mit einem Joker");
    }

    #[test]
    fn a_missing_key_or_argument_shows_itself() {
        let words = Catalog::parse(EN, DE).unwrap();
        assert_eq!(words.say(Lang::En, "nothing-here", &[]), "nothing-here");
        assert_eq!(words.say(Lang::En, "seat", &[]), "Seat {$n}");
    }

    #[test]
    fn catalogs_that_differ_are_named() {
        let words = Catalog::parse(EN, DE).unwrap();
        assert_eq!(words.problems(), Vec::<String>::new());
        let de = DE.replace("seat = Spieler { $n }", "seat = Spieler").replace("plays = ", "spielt = ");
        let problems = Catalog::parse(EN, &de).unwrap().problems();
        assert_eq!(
            problems,
            [
                "plays: only in the en catalog",
                "seat: the English words use {\"n\"}, the German words {}",
                "spielt: only in the de catalog",
            ]
        );
    }

    #[test]
    fn a_broken_catalog_names_its_language_and_line() {
        let broken = format!("{DE}\nkaputt = {{ $n\n");
        let error = Catalog::parse(EN, &broken).err().unwrap();
        assert_eq!(error.lang, Lang::De);
        let kaputt = broken.lines().position(|line| line.starts_with("kaputt")).unwrap() + 1;
        let named = [kaputt, kaputt + 1].map(|line| format!("line {line}:"));
        assert!(named.iter().any(|line| error.reason.starts_with(line)), "{}", error.reason);
    }
}
