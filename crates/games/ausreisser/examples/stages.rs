//! Random 6-player stages, for timing with `perf stat` (CPU time, which a
//! busy machine does not distort the way wall time is distorted).
//!
//! `perf stat -e task-clock cargo run --release -p spieltisch-ausreisser --example stages -- 200000`

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Action, Ausreisser, Options};
use spieltisch_core::{Game, Turn, Weight};

fn main() {
    let stages: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let start = Ausreisser::new(&Options { players: 6, special: true, stages: 1 }).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut legal: Vec<Action> = Vec::with_capacity(256);
    let mut chance: Vec<(Action, Weight)> = Vec::with_capacity(16);
    let (mut actions, mut decisions) = (0usize, 0usize);
    let clock = std::time::Instant::now();
    for _ in 0..stages {
        let mut state = start.clone();
        loop {
            let action = match state.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    chance.clear();
                    state.chance_outcomes(&mut chance);
                    let total: u32 = chance.iter().map(|(_, w)| *w).sum();
                    let mut r = rng.random_range(0..total);
                    let mut pick = chance[0].0;
                    for (a, w) in &chance {
                        if r < *w {
                            pick = *a;
                            break;
                        }
                        r -= *w;
                    }
                    pick
                }
                Turn::Seat(_) => {
                    decisions += 1;
                    legal.clear();
                    state.legal_actions(&mut legal);
                    legal[rng.random_range(0..legal.len())]
                }
            };
            state.apply_unchecked(&action);
            actions += 1;
        }
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{stages} stages, {:.1} actions and {:.1} decisions per stage, {:.0} stages per wall-clock second",
        actions as f64 / stages as f64,
        decisions as f64 / stages as f64,
        stages as f64 / secs
    );
}
