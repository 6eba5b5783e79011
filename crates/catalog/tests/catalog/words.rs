//! Every word comes from a catalog. Each crate that says anything keeps its
//! words in `words/en.ftl` and `words/de.ftl` ([`Catalog`]); these tests read
//! every such pair in the repository (a crate added later is checked the
//! day it has words) and fail, naming each problem, on:
//!
//! - a catalog that cannot be read, or a language without its twin;
//! - a key in one language only, or arguments that one language uses and
//!   the other does not ([`Catalog::problems`]);
//! - a key that a crate's sources say (`say(lang, "key", …)` or
//!   `say_into(out, lang, "key", …)`) and its catalog lacks.

use crate::repository::{files, repository};
use spieltisch_core::Lang;
use spieltisch_core::words::Catalog;
use std::collections::BTreeMap;

/// Each folder holding a crate's catalogs (`crates/cli/words`, …) with its
/// catalogs' text by language file name, and the crate's sources.
struct Words {
    catalogs: BTreeMap<String, BTreeMap<String, String>>,
    sources: Vec<(String, String)>,
}

fn words() -> Words {
    let all = files(&repository());
    let mut catalogs: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (path, text) in &all {
        if let Some((folder, file)) = path.rsplit_once('/')
            && folder.ends_with("/words")
            && file.ends_with(".ftl")
        {
            catalogs.entry(folder.to_string()).or_default().insert(file.to_string(), text.clone());
        }
    }
    let sources = all.into_iter().filter(|(path, _)| path.ends_with(".rs")).collect();
    Words { catalogs, sources }
}

#[test]
fn every_catalog_has_both_languages_and_they_agree() {
    let words = words();
    assert!(words.catalogs.contains_key("crates/cli/words"), "the command line's catalogs are found");
    let mut problems = Vec::new();
    for (folder, texts) in &words.catalogs {
        let names: Vec<&str> = texts.keys().map(String::as_str).collect();
        if names != ["de.ftl", "en.ftl"] {
            problems.push(format!("{folder}: holds {names:?}, not de.ftl and en.ftl"));
            continue;
        }
        match Catalog::parse(&texts["en.ftl"], &texts["de.ftl"]) {
            Ok(catalog) => problems.extend(catalog.problems().into_iter().map(|p| format!("{folder}: {p}"))),
            Err(e) => problems.push(format!("{folder}: {e}")),
        }
    }
    assert!(problems.is_empty(), "the catalogs disagree:\n{}", problems.join("\n"));
}

/// The keys a source says: the first string after each `say(` or
/// `say_into(` when it comes before the arguments' list (a key given as a
/// variable is not read), before its unit tests (which may say words of catalogs of
/// their own).
fn keys_said(source: &str) -> Vec<(usize, &str)> {
    let source = source.split("\n#[cfg(test)]").next().unwrap_or_default();
    let mut said = Vec::new();
    let calls = source.match_indices("say(").chain(source.match_indices("say_into("));
    for (at, _) in calls {
        let call = &source[at..];
        let Some(open) = call.find('"') else { continue };
        // A key given as a variable: the first string is then an
        // argument's name, inside the arguments' list, or past the call.
        let closed = call[..open].contains([')', '[']);
        if let (false, Some(length)) = (closed, call[open + 1..].find('"')) {
            let line = source[..at].matches('\n').count() + 1;
            said.push((line, &call[open + 1..open + 1 + length]));
        }
    }
    said
}

#[test]
fn every_key_said_is_in_its_crates_catalog() {
    let words = words();
    let mut missing = Vec::new();
    let mut checked = 0;
    for (folder, texts) in &words.catalogs {
        let Ok(catalog) = Catalog::parse(&texts["en.ftl"], &texts["de.ftl"]) else { continue };
        let keys = catalog.keys(Lang::En);
        let crate_root = folder.trim_end_matches("/words");
        let sources =
            words.sources.iter().filter(|(path, _)| path.starts_with(&format!("{crate_root}/src/")));
        for (path, source) in sources {
            for (line, key) in keys_said(source) {
                checked += 1;
                if !keys.contains(key) {
                    missing.push(format!("{path}:{line}: {key}"));
                }
            }
        }
    }
    assert!(checked > 20, "the command line alone says more than {checked} keys");
    assert!(missing.is_empty(), "keys said but missing in their catalog:\n{}", missing.join("\n"));
}

#[test]
fn the_scan_finds_the_key_of_a_call_over_several_lines() {
    let source = "let a = say(lang, \"one\", &[]);\nsay(\n    lang,\n    \"two\",\n)\nfn say(x: u8) {}\n\
                  #[cfg(test)]\nmod tests { fn t() { say(lang, \"own\", &[]); } }\n";
    assert_eq!(keys_said(source), [(1, "one"), (2, "two")]);
}

#[test]
fn the_scan_finds_the_key_said_into_a_text() {
    let source = "say_into(&mut out, lang, \"three\", &[]);\nfn say_into(out: &mut String, key: &str) {}\n";
    assert_eq!(keys_said(source), [(1, "three")]);
}
