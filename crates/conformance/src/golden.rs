//! Golden games: a seeded game written step by step for a snapshot, with
//! what every viewer sees.
//!
//! The game is the one [`playthrough`](crate::playthrough) plays (the same
//! random generator, drawn in the same order), and every line that does not
//! start with a space is a line of its text: cutting the rest away (and, for
//! [`Steps::Hashed`], the hashes) gives the playthrough back.
//!
//! For each step, [`Steps::Written`] writes who decides and what (the
//! playthrough's line), then the state before the action: the legal actions,
//! or the chance outcomes with their weights; each viewer's view, the
//! spectator's first; and how each viewer's log shows the action
//! ([`spieltisch_core::seen_notation`]), once if all alike:
//!
//! ```text
//! seat 0 (2 legal): call
//!   legal: call | fold
//!   view spectator: .bets+=["Bet"]
//!   view seat 0: changed as the spectator's
//!   view seat 1: changed as the spectator's
//!   log: "call"
//! ```
//!
//! A game with a static part ([`spieltisch_core::Game::Static`] not `()`)
//! has it written once, in full, on an indented `static` line after the
//! header.
//! A view is written in full (JSON) only once, the spectator's at the first
//! step; a seat's first view as what differs from the spectator's
//! (`the spectator's with .cards[0]=2`), and every later view as what
//! changed since that viewer's view at the step before, jq-style
//! (`.riders[2].position=14`, `.bets+=["Bet"]` for items added to a list,
//! `.jersey removed`), or `unchanged`, or `changed as the spectator's`, or
//! `= spectator` for a seat that sees just what the spectator sees. So a
//! step shows what it changed, and every view can be rebuilt from the file.
//!
//! and after the last step the playthrough's score line and the views at the
//! end. [`Steps::Hashed`] writes each step's first line followed by
//! `  #` and the [FNV-1a 64](fnv1a64) hash of the step's whole written text, so
//! any change in legal actions, views or logs changes the hash of the step
//! where it begins, without a crate's hash function (which may change with
//! its version) in between.

use crate::plan::{Golden, Steps};
use rand::{Rng, SeedableRng};
use serde_json::Value;
use spieltisch_core::{GameRng, Package, Turn, Viewer, chance::pick_weighted, seen_notation};
use std::fmt::Write;

/// FNV-1a, 64 bits: written here so that the hashes in golden files never
/// depend on a library's version.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The golden text of `golden`'s game (see the module documentation).
///
/// # Panics
/// If the options are refused; the game must end (within
/// [`Game::max_actions`]).
pub fn golden<G: Package>(golden: &Golden<G::Options>) -> String {
    let seed = golden.seed;
    let mut rng = GameRng::seed_from_u64(seed);
    let mut state = G::new(&golden.options).unwrap_or_else(|e| panic!("{}: options: {e}", G::info().id));
    let mut out = format!(
        "game {} options {} seed {seed}\n",
        G::info().id,
        serde_json::to_string(&golden.options).unwrap_or_default()
    );
    // The static part, once: every view below is read with it.
    let fixed = serde_json::to_string(&G::static_part(&golden.options)).expect("a static part serializes");
    if fixed != "null" {
        writeln!(out, "  static {fixed}").unwrap();
    }
    let limit = G::max_actions(&golden.options);
    let mut step = String::new();
    let mut views = Views::default();
    for n in 0.. {
        assert!(n <= limit, "{}: the golden game did not end within {limit} actions", G::info().id);
        step.clear();
        let action = match state.turn() {
            Turn::Over => break,
            Turn::Chance => {
                let chance = state.chance_vec();
                let action = pick_weighted(&chance, &mut rng);
                writeln!(step, "chance: {action}").unwrap();
                let listed: Vec<String> = chance.iter().map(|(a, w)| format!("{a} ×{w}")).collect();
                writeln!(step, "  chance: {}", listed.join(" | ")).unwrap();
                action
            }
            Turn::Seat(s) => {
                let legal = state.legal_vec();
                let action = legal[rng.random_range(0..legal.len())].clone();
                writeln!(step, "seat {s} ({} legal): {action}", legal.len()).unwrap();
                let listed: Vec<String> = legal.iter().map(ToString::to_string).collect();
                writeln!(step, "  legal: {}", listed.join(" | ")).unwrap();
                action
            }
        };
        views.write(&state, &mut step);
        let viewers = viewers(&state);
        let logs: Vec<String> = viewers.iter().map(|&v| seen_notation(&state, &action, v)).collect();
        if logs.iter().all(|l| *l == logs[0]) {
            writeln!(step, "  log: {:?}", logs[0]).unwrap();
        } else {
            for (viewer, log) in viewers.iter().zip(&logs) {
                writeln!(step, "  log {viewer}: {log:?}").unwrap();
            }
        }
        write_step(&mut out, &step, golden.steps);
        state.apply_unchecked(&action);
    }
    let outcome = state.outcome().expect("over");
    step.clear();
    writeln!(step, "scores {:?} ranks {:?}", outcome.scores, outcome.ranks).unwrap();
    views.write(&state, &mut step);
    write_step(&mut out, &step, golden.steps);
    out
}

/// The spectator, then the seats.
fn viewers<G: Package>(state: &G) -> Vec<Viewer> {
    std::iter::once(Viewer::Spectator).chain((0..state.seats()).map(Viewer::Seat)).collect()
}

/// Writes each viewer's view, the spectator's first: the spectator's in
/// full (JSON) the first time; a seat's the first time as what differs from
/// the spectator's; after that, as the changes since that viewer's view at
/// the step before ([`changes`]). A seat whose view is the spectator's is
/// written `= spectator`, one whose view changed as the spectator's did
/// `changed as the spectator's`.
#[derive(Default)]
struct Views {
    before: Vec<Option<Value>>,
}

impl Views {
    fn write<G: Package>(&mut self, state: &G, out: &mut String) {
        let viewers = viewers(state);
        self.before.resize(viewers.len(), None);
        let mut spectator = (Value::Null, String::new());
        for (viewer, before) in viewers.into_iter().zip(&mut self.before) {
            let view = state.view(viewer);
            let value = serde_json::to_value(&view).expect("a view serializes");
            let mut changed = Vec::new();
            let line = match (viewer, &*before) {
                (Viewer::Spectator, None) => serde_json::to_string(&view).expect("a view serializes"),
                (Viewer::Seat(_), _) if value == spectator.0 => "= spectator".into(),
                (_, None) => {
                    changes(&mut String::new(), &spectator.0, &value, &mut changed);
                    format!("the spectator's with {}", changed.join("; "))
                }
                (_, Some(before)) => {
                    changes(&mut String::new(), before, &value, &mut changed);
                    if changed.is_empty() {
                        "unchanged".into()
                    } else if viewer != Viewer::Spectator && changed.join("; ") == spectator.1 {
                        "changed as the spectator's".into()
                    } else {
                        changed.join("; ")
                    }
                }
            };
            writeln!(out, "  view {viewer}: {line}").unwrap();
            if viewer == Viewer::Spectator {
                spectator = (value.clone(), changed.join("; "));
            }
            *before = Some(value);
        }
    }
}

/// The changes from `a` to `b` (at `path`, `.` for the whole value), jq-style:
/// `.riders[2].position=14` for a new value, `.bets+=["Bet"]` for items added
/// at the end of a list, `.jersey removed` for a key gone. Keys in order.
fn changes(path: &mut String, a: &Value, b: &Value, out: &mut Vec<String>) {
    if a == b {
        return;
    }
    let at = |path: &str| if path.is_empty() { ".".to_string() } else { path.to_string() };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let mut keys: Vec<&String> = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))).collect();
            keys.sort();
            for key in keys {
                let len = path.len();
                write!(path, ".{key}").unwrap();
                match (x.get(key), y.get(key)) {
                    (Some(va), Some(vb)) => changes(path, va, vb, out),
                    (None, Some(vb)) => out.push(format!("{path}={vb}")),
                    _ => out.push(format!("{path} removed")),
                }
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                write!(path, "[{i}]").unwrap();
                changes(path, va, vb, out);
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if y.len() > x.len() && y[..x.len()] == x[..] => {
            out.push(format!("{}+={}", at(path), Value::Array(y[x.len()..].to_vec())));
        }
        _ => out.push(format!("{}={b}", at(path))),
    }
}

fn write_step(out: &mut String, step: &str, steps: Steps) {
    match steps {
        Steps::Written => out.push_str(step),
        Steps::Hashed => {
            let first = step.lines().next().unwrap_or_default();
            writeln!(out, "{first}  #{:016x}", fnv1a64(step.as_bytes())).unwrap();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kuhn::Kuhn;

    #[test]
    fn fnv1a64_has_its_published_values() {
        // Test vectors of the FNV reference (Fowler, Noll, Vo).
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn without_its_details_a_golden_game_is_the_playthrough() {
        for seed in 0..20 {
            let playthrough = crate::playthrough::<Kuhn>(&Default::default(), seed);
            for make in [Golden::written, Golden::hashed] {
                let text = golden::<Kuhn>(&make("kuhn", Default::default(), seed, ""));
                let lines: Vec<&str> = text
                    .lines()
                    .filter(|l| !l.starts_with(' '))
                    .map(|l| l.split_once("  #").map_or(l, |(line, _)| line))
                    .collect();
                assert_eq!(lines.join("\n") + "\n", playthrough, "seed {seed}");
            }
        }
    }

    #[test]
    fn a_hashed_step_is_the_hash_of_its_written_text() {
        let written = golden::<Kuhn>(&Golden::written("kuhn", Default::default(), 4, ""));
        let hashed = golden::<Kuhn>(&Golden::hashed("kuhn", Default::default(), 4, ""));
        let mut steps: Vec<String> = Vec::new();
        for line in written.lines().skip(1) {
            if line.starts_with(' ') {
                steps.last_mut().unwrap().push_str(&format!("{line}\n"));
            } else {
                steps.push(format!("{line}\n"));
            }
        }
        let hashes: Vec<String> = steps
            .iter()
            .map(|s| format!("{}  #{:016x}", s.lines().next().unwrap(), fnv1a64(s.as_bytes())))
            .collect();
        assert_eq!(hashed.lines().skip(1).collect::<Vec<_>>(), hashes);
        assert!(written.contains("  log seat 1: \"deal ?\""), "{written}");
    }
}
