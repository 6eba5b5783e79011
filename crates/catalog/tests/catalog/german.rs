//! The games speak German: at many positions of seeded random games (two
//! playouts of every option set a game declares for the conformance suite,
//! at every step its stride names),
//! each viewer's drawing ([`Telling::describe_view`]), the actions of the seat
//! to move in words ([`Telling::describe_action`]) and every viewer's log in
//! words ([`Telling::describe_event`]), written in German, hold no English word
//! and no internal id.
//!
//! An English word is a word of three letters or more that the same texts
//! use in English, at the same positions, unless both languages share it
//! (the loanwords of [`GERMAN_LOANWORDS`], the words English spells alike,
//! and the names an option gives alike in both languages, such as the
//! courses). An internal id is a word of the
//! notation (`hill`, `spurt`, `place`: actions and chance outcomes as
//! programs write them), an option's key or value (`laps_down`, `luettich`),
//! or any word with an underscore.

use rand::SeedableRng;
use spieltisch_catalog::{CatalogGame, GERMAN_LOANWORDS, GameVisitor, SPELLED_ALIKE_IN_GERMAN, with_game};
use spieltisch_core::{GameRng, Lang, OptionKind, Session, Turn, Viewer, driver::random_action};
use std::collections::{BTreeMap, BTreeSet};

/// Words a German text may share with the English one: the loanwords and
/// names of [`GERMAN_LOANWORDS`] and the words English spells alike.
fn glossary() -> BTreeSet<String> {
    GERMAN_LOANWORDS.iter().chain(SPELLED_ALIKE_IN_GERMAN).map(|w| w.to_string()).collect()
}

/// Every text of the game in one language, each with the first place it
/// was found.
#[derive(Default)]
struct Texts {
    found: BTreeMap<String, String>,
}

impl Texts {
    fn add(&mut self, what: impl FnOnce() -> String, text: String) {
        self.found.entry(text).or_insert_with(what);
    }

    /// Every word of three letters or more (an underscore is part of a word).
    fn words(&self) -> BTreeSet<String> {
        self.found.keys().flat_map(|text| words(text)).collect()
    }
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphabetic() || c == '_'))
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3)
        .map(str::to_string)
        .collect()
}

/// Whether `text` holds `word` with no letter, digit or underscore on
/// either side.
fn holds_word(text: &str, word: &str) -> bool {
    let inside = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(inside)
            && !text[at + word.len()..].chars().next().is_some_and(inside)
    })
}

/// Reads the game's texts in both languages and returns what German shows
/// of English and of internal ids, one line per word with a text it is in.
struct German;

impl GameVisitor for German {
    type Output = Vec<String>;

    fn visit<G: CatalogGame>(self) -> Vec<String> {
        let info = G::info();
        let (mut en, mut de) = (Texts::default(), Texts::default());
        let mut notation = BTreeSet::new();
        // Names the game gives alike in both languages (the courses).
        let mut shared = glossary();
        let mut ids: BTreeSet<String> = BTreeSet::new();
        for spec in &info.options {
            ids.insert(spec.key.to_string());
            let choices = match spec.kind {
                OptionKind::Choice { choices }
                | OptionKind::ChoiceOrFile { choices }
                | OptionKind::ChoiceOrFileList { choices, .. } => choices,
                _ => &[],
            };
            for choice in choices {
                ids.insert(choice.value.to_string());
                if choice.label.en == choice.label.de {
                    shared.extend(words(choice.label.en));
                }
            }
        }
        for set in G::conformance() {
            for (index, options) in set.options.iter().enumerate() {
                for playout in 0..2 {
                    let seed = set.config.seed + playout;
                    let mut rng = GameRng::seed_from_u64(seed);
                    let mut session = Session::<G>::new(options, seed).expect("the game's own options");
                    let fixed = session.static_part();
                    let seats = session.state().seats();
                    let viewers: Vec<Viewer> =
                        (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]).collect();
                    let stride = set.config.stride.max(1);
                    for step in 0.. {
                        let state = session.state().clone();
                        if state.turn() == Turn::Over {
                            break;
                        }
                        let at = |what: &str| {
                            format!("'{}' set {index}, seed {seed}, step {step}: {what}", set.name)
                        };
                        let legal = state.legal_vec();
                        notation.extend(legal.iter().map(ToString::to_string));
                        notation.extend(state.chance_vec().iter().map(|(a, _)| a.to_string()));
                        if step % stride == 0 {
                            for &viewer in &viewers {
                                let view = state.view(viewer);
                                en.add(|| at("view"), G::describe_view(&view, &fixed, Lang::En));
                                de.add(
                                    || at(&format!("view of {viewer}")),
                                    G::describe_view(&view, &fixed, Lang::De),
                                );
                            }
                            for action in &legal {
                                en.add(|| at("move"), state.describe_action(action, Lang::En));
                                de.add(|| at("move"), state.describe_action(action, Lang::De));
                            }
                        }
                        let action = random_action(&state, &mut rng).expect("not over");
                        session.apply(&action).expect("a legal action or a listed outcome");
                    }
                    let view = session.state().view(Viewer::Spectator);
                    en.add(|| "the end".into(), G::describe_view(&view, &fixed, Lang::En));
                    de.add(|| "the end".into(), G::describe_view(&view, &fixed, Lang::De));
                    for lang in [Lang::En, Lang::De] {
                        let names: Vec<String> = (0..seats).map(|s| G::seat_name(s, lang)).collect();
                        for &viewer in &viewers {
                            for entry in session.entries(viewer) {
                                let text = G::describe_event(&entry.event, entry.actor, &names, &fixed, lang);
                                let at = || {
                                    format!("'{}' set {index}, seed {seed}: the log of {viewer}", set.name)
                                };
                                match lang {
                                    Lang::En => en.add(at, text),
                                    Lang::De => de.add(at, text),
                                }
                            }
                        }
                    }
                }
            }
        }
        for action in &notation {
            ids.extend(words(action).into_iter().filter(|w| w.chars().all(|c| c.is_ascii_lowercase())));
        }
        assert!(de.found.len() > 100, "{}: only {} German texts looked at", info.id, de.found.len());
        found(&en, &de, &shared, &ids).into_iter().map(|line| format!("{}: {line}", info.id)).collect()
    }
}

/// What the German texts `de` hold of English (the words of `en` but the
/// `shared` ones) and of internal `ids` and keys, each once, with a text it
/// is in and where that was found.
fn found(en: &Texts, de: &Texts, shared: &BTreeSet<String>, ids: &BTreeSet<String>) -> Vec<String> {
    let english: BTreeSet<String> = en.words().difference(shared).cloned().collect();
    let mut found = BTreeMap::new();
    for (text, at) in &de.found {
        for word in words(text) {
            if english.contains(&word) {
                found.entry(format!("English word {word:?}")).or_insert_with(|| format!("{at}: {text:?}"));
            }
            if word.contains('_') {
                found.entry(format!("key {word:?}")).or_insert_with(|| format!("{at}: {text:?}"));
            }
        }
        for id in ids.iter().filter(|id| id.chars().count() >= 3 && holds_word(text, id)) {
            found.entry(format!("internal id {id:?}")).or_insert_with(|| format!("{at}: {text:?}"));
        }
    }
    found.into_iter().map(|(what, at)| format!("{what} in {at}")).collect()
}

/// The check finds what the issue found: a label half in English, a card's
/// id, a key; and lets German with the glossary's words and names pass.
#[test]
fn the_check_finds_english_words_and_internal_ids() {
    let texts = |list: &[&str]| {
        let mut texts = Texts::default();
        for text in list {
            texts.add(|| "here".into(), text.to_string());
        }
        texts
    };
    let en = texts(&["Standard board (81 spaces)", "Seat 1 gets 39 41 Steigung spurt", "Team 2x starts"]);
    let shared = glossary();
    let ids: BTreeSet<String> = ["spurt", "laps_down", "luettich"].map(String::from).into();
    let de = texts(&["Standardbahn (81 Felder)", "Spieler 1 erhält 39 41 Steigung Spurt", "Team 2x startet"]);
    assert_eq!(found(&en, &de, &shared, &ids), Vec::<String>::new());
    let de = texts(&["Standard board (81 Felder)", "Spieler 1 erhält 39 41 spurt", "nach laps_down"]);
    let found = found(&en, &de, &shared, &ids).join("\n");
    for what in ["English word \"board\"", "internal id \"spurt\"", "key \"laps_down\""] {
        assert!(found.contains(what), "{what} not found in:\n{found}");
    }
}

fn german(id: &str) {
    let found = with_game(id, German).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert!(found.is_empty(), "German texts with English or internal ids:\n{}", found.join("\n"));
}

#[test]
fn six_speaks_german() {
    german("six");
}

#[test]
fn sechstage_speaks_german() {
    german("sechstage");
}

#[test]
fn ausreisser_speaks_german() {
    german("ausreisser");
}

#[test]
fn reifenbreite_speaks_german() {
    german("reifenbreite");
}
