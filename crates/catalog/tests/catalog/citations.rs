//! The project cites only itself. No file of the repository names a path
//! outside it: a rulebook is cited by its section and figure numbers and a
//! decision of ours by its page in `docs/rules` (`docs/rules/README.md`),
//! never by a file that exists only on developers' machines. Every citation
//! of such a page, `docs/rules/<page>.md#<heading>`, leads to a page and a
//! heading that exist. The files read are the repository's own
//! ([`crate::repository::files`]).

use crate::repository::{files, repository};
use std::collections::BTreeSet;

/// How a path outside the repository shows in a file, in lower case: the
/// rulebooks' folder, the notes of decisions (by file name or in words),
/// and the folders beside the repository. Spelled in pieces so that this file names
/// none of them.
const OUTSIDE: &[&str] = &[
    concat!("shared", "/seeds"),
    concat!("rules", "-notes"),
    concat!("rules", " notes"),
    concat!("..", "/shared"),
    concat!("/work", "/"),
];

/// Where the pages of the rules are, as citations write it.
const RULES: &str = "docs/rules/";

/// The anchor a heading gets on the pages' host: lower case, spaces as
/// hyphens, every character but letters, digits, hyphens and underscores
/// left out.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page: one per heading.
fn anchors(page: &str) -> BTreeSet<String> {
    page.lines()
        .filter_map(|line| line.strip_prefix('#'))
        .map(|h| anchor(h.trim_start_matches('#')))
        .collect()
}

/// Each citation of a page of the rules in `line`: the page's file name and
/// the anchor, if one is given (`docs/rules/<id>.md#<anchor>`).
fn rules_citations(line: &str) -> Vec<(&str, Option<&str>)> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    line.match_indices(RULES)
        .filter_map(|(at, _)| {
            let rest = &line[at + RULES.len()..];
            let stem = &rest[..rest.find(|c: char| !word(c)).unwrap_or(rest.len())];
            let page = rest[stem.len()..].starts_with(".md").then(|| &rest[..stem.len() + 3])?;
            let after = &rest[page.len()..];
            let anchor = after.strip_prefix('#').map(|a| &a[..a.find(|c: char| !word(c)).unwrap_or(a.len())]);
            (!stem.is_empty()).then_some((page, anchor))
        })
        .collect()
}

#[test]
fn no_file_cites_a_path_outside_the_repository() {
    let mut found = Vec::new();
    for (path, text) in files(&repository()) {
        for (number, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            if let Some(outside) = OUTSIDE.iter().find(|o| lower.contains(*o)) {
                found.push(format!("{path}:{}: names {outside:?}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "cite the rulebook by section or figure and our decisions by docs/rules/<id>.md#<heading> \
         (docs/rules/README.md), never a path outside the repository:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_citation_of_the_rules_pages_leads_to_a_heading() {
    let root = repository();
    let pages: Vec<(String, BTreeSet<String>)> = files(&root.join(RULES))
        .into_iter()
        .filter(|(name, _)| name.ends_with(".md"))
        .map(|(name, text)| (name, anchors(&text)))
        .collect();
    assert!(
        pages.len() >= 5,
        "the index and a page per game: {:?}",
        pages.iter().map(|p| &p.0).collect::<Vec<_>>()
    );
    let mut missing = Vec::new();
    for (path, text) in files(&root) {
        for (number, line) in text.lines().enumerate() {
            for (page, anchor) in rules_citations(line) {
                let Some((_, anchors)) = pages.iter().find(|(name, _)| name == page) else {
                    missing.push(format!("{path}:{}: no page {RULES}{page}", number + 1));
                    continue;
                };
                if let Some(anchor) = anchor.filter(|a| !anchors.contains(*a)) {
                    missing.push(format!("{path}:{}: {RULES}{page} has no heading #{anchor}", number + 1));
                }
            }
        }
    }
    assert!(missing.is_empty(), "citations that lead nowhere:\n{}", missing.join("\n"));
}

#[test]
fn citations_are_read_as_written() {
    assert_eq!(anchor(" When the jersey changes (15.1)"), "when-the-jersey-changes-151");
    assert_eq!(anchor("Help! I have penalty points!"), "help-i-have-penalty-points");
    assert_eq!(
        rules_citations("see docs/rules/six.md#draws: and `docs/rules/README.md`, not docs/rules/<id>.md"),
        [("six.md", Some("draws")), ("README.md", None)]
    );
    assert_eq!(
        rules_citations("[board](../../docs/rules/reifenbreite.md#board)"),
        [("reifenbreite.md", Some("board"))]
    );
}
