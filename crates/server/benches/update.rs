//! The update a table sends after an action, written as text, for each
//! game at a position halfway through a seeded random game: the full
//! update a browser receives (view, its drawing as text, the log entries
//! in words, the legal actions with their data and words) and the compact
//! update a program receives (turn, log in notation, legal actions).
//!
//! Run: `cargo bench -p spieltisch-server --bench update`. Each is written
//! for the seat to move, from the version before its last action.

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::Value;
use spieltisch_catalog::{DynSession, new_session};
use spieltisch_core::{Lang, Turn, Viewer};
use spieltisch_server::table::{Detail, Extras, SeatConfig, compact_update_text, update_text};
use std::hint::black_box;

const GAMES: [&str; 4] = ["six", "sechstage", "ausreisser", "reifenbreite"];
const SEED: u64 = 7;

/// A seeded random game of `game` played until its version reaches
/// `stop` (or the end), and the version before its last action by a seat.
fn played(game: &str, stop: usize) -> (Box<dyn DynSession>, usize) {
    let mut session = new_session(game, &Value::Null, SEED).unwrap();
    let mut state = SEED.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut from = 0;
    while session.version() < stop {
        match session.turn() {
            Turn::Seat(_) => {
                // xorshift64: the same choices on every run.
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let legal = session.legal();
                from = session.version();
                session.apply(None, &legal[state as usize % legal.len()]).unwrap();
            }
            Turn::Chance => {
                session.run_chance();
            }
            Turn::Over => break,
        }
    }
    (session, from)
}

/// Halfway through the seeded game, at a seat's turn.
fn mid_game(game: &str) -> (Box<dyn DynSession>, usize) {
    let (whole, _) = played(game, usize::MAX);
    let (mut session, mut from) = played(game, whole.version() / 2);
    let mut stop = session.version();
    while !matches!(session.turn(), Turn::Seat(_)) && stop < whole.version() {
        stop += 1;
        (session, from) = played(game, stop);
    }
    (session, from)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("update");
    for game in GAMES {
        let (session, from) = mid_game(game);
        let Turn::Seat(seat) = session.turn() else { panic!("{game}: no seat to move halfway") };
        let viewer = Viewer::Seat(seat);
        let seats: Vec<SeatConfig> = (0..session.seats())
            .map(|s| SeatConfig::claimed("human".to_string(), Some(format!("token{s}"))))
            .collect();
        let extras = Extras { seats: &seats, ..Extras::default() };
        let detail = Detail { lang: Lang::En, compact: false };
        group.bench_function(format!("{game}/full"), |b| {
            b.iter(|| {
                black_box(update_text(&*session, black_box(viewer), detail, black_box(from), extras).unwrap())
            })
        });
        group.bench_function(format!("{game}/compact"), |b| {
            b.iter(|| {
                black_box(compact_update_text(&*session, black_box(viewer), black_box(from), extras).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
