//! Random 8-player races, for timing under `perf stat` on a busy machine
//! (CPU time rather than wall time): the same loop as `benches/sechstage.rs`.
//!
//! `cargo build --release -p spieltisch-sechstage --example race_speed &&
//!  perf stat -e task-clock,cycles,instructions target/release/examples/race_speed 200000`

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, driver::RandomPlayouts};
use spieltisch_sechstage::{Options, Sechstage};

fn main() {
    let races: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200_000);
    let options = Options { players: 8, races: 1, ..Default::default() };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut playouts = RandomPlayouts::new();
    let mut actions = 0usize;
    let start = std::time::Instant::now();
    for _ in 0..races {
        let mut state = Sechstage::new(&options).expect("valid options");
        actions += playouts.play(&mut state, &mut rng).actions;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{races} races, {:.1} actions per race, {:.0} races/s wall clock",
        actions as f64 / races as f64,
        races as f64 / secs
    );
}
