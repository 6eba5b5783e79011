//! Random 4-team Tour de France races with professional rules, the loop of
//! the benchmark (the core's `RandomPlayouts`); run under `perf stat -e task-clock` (or
//! `time`) to get races per CPU-second: `cargo build --release --example
//! speed`, then `perf stat -e task-clock target/release/examples/speed 1000`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, driver::RandomPlayouts};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn main() {
    let races: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let options = Options {
        teams: 4,
        course: spieltisch_reifenbreite::course::Course::built_in("tour"),
        rules: Level::Pro,
        ..Options::default()
    };
    let initial = Reifenbreite::new(&options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut random = RandomPlayouts::new();
    let mut actions = 0u64;
    let start = std::time::Instant::now();
    for _ in 0..races {
        actions += random.play(&mut initial.clone(), &mut rng).actions as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{races} races, {:.0} actions each, {:.0} races per wall-clock second",
        actions as f64 / races as f64,
        races as f64 / secs
    );
}
