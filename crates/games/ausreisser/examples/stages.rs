//! Random 6-player stages, for timing with `perf stat` (CPU time, which a
//! busy machine does not distort the way wall time is distorted): the
//! core's allocation-free random playout, the loop of `benches/ausreisser.rs`.
//!
//! `perf stat -e task-clock cargo run --release -p spieltisch-ausreisser --example stages -- 200000`

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, Options};
use spieltisch_core::{Game, driver::RandomPlayouts};

fn main() {
    let stages: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let start = Ausreisser::new(&Options { players: 6, special: true, stages: 1 }).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut playouts = RandomPlayouts::new();
    let (mut actions, mut decisions) = (0usize, 0usize);
    let clock = std::time::Instant::now();
    for _ in 0..stages {
        let done = playouts.play(&mut start.clone(), &mut rng);
        actions += done.actions;
        decisions += done.decisions;
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{stages} stages, {:.1} actions and {:.1} decisions per stage, {:.0} stages per wall-clock second",
        actions as f64 / stages as f64,
        decisions as f64 / stages as f64,
        stages as f64 / secs
    );
}
