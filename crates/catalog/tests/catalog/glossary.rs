//! One word for one thing: `docs/glossary.md` names, per language, the word
//! the project uses for each term and the variants it does not use; no
//! catalog and no source of the repository says a forbidden variant.

use crate::repository::{files, repository};

/// Where a variant is written down as forbidden, not said: this check, and
/// the checks that words never call a seat by its number.
const LISTS_VARIANTS: &[&str] = &[
    "docs/glossary.md",
    "crates/catalog/tests/catalog/glossary.rs",
    "crates/core/src/words/mod.rs",
    "crates/server/tests/browser/names.rs",
];

/// The forbidden variants of every language's table: the third column.
fn forbidden(glossary: &str) -> Vec<String> {
    glossary
        .lines()
        .filter_map(|line| line.strip_prefix('|'))
        .filter_map(|row| row.split('|').nth(2))
        .flat_map(|cell| cell.split(','))
        .map(str::trim)
        .filter(|variant| {
            !variant.is_empty() && *variant != "not" && *variant != "nicht" && !variant.starts_with("---")
        })
        .map(String::from)
        .collect()
}

/// Where `variant` occurs in `text`; `#` matches a number or a Fluent
/// argument (`{`).
fn occurs(text: &str, variant: &str) -> bool {
    match variant.split_once('#') {
        None => text.contains(variant),
        Some((before, after)) => text.match_indices(before).any(|(at, _)| {
            let rest = &text[at + before.len()..];
            let next = rest.chars().next();
            next.is_some_and(|c| c.is_ascii_digit() || c == '{')
                && rest.trim_start_matches(|c: char| c.is_ascii_digit()).starts_with(after)
        }),
    }
}

#[test]
fn no_catalog_or_source_says_a_forbidden_variant() {
    let root = repository();
    let glossary = std::fs::read_to_string(root.join("docs/glossary.md")).unwrap();
    let variants = forbidden(&glossary);
    for expected in ["Platz #", "Ereigniskarte", "Zuglimit", "event card"] {
        assert!(variants.iter().any(|v| v == expected), "{expected} in {variants:?}");
    }
    let mut found = Vec::new();
    for (path, text) in files(&root) {
        let checked = [".rs", ".js", ".ftl"].iter().any(|ext| path.ends_with(ext));
        if !checked || LISTS_VARIANTS.contains(&path.as_str()) {
            continue;
        }
        for (number, line) in text.lines().enumerate() {
            for variant in variants.iter().filter(|v| occurs(line, v)) {
                found.push(format!("{path}:{}: {variant}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "forbidden variants (docs/glossary.md):\n{}", found.join("\n"));
}

#[test]
fn a_number_or_an_argument_matches_the_hash() {
    assert!(occurs("Platz 2 ist frei", "Platz #"));
    assert!(occurs("seat = Platz { $n }", "Platz #"));
    assert!(!occurs("teilen sich einen Platz: so", "Platz #"));
    assert!(!occurs("[\"Spieler\", \"Platz\", \"Punkte\"]", "Platz #"));
}
