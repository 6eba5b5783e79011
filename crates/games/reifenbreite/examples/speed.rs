//! Random 4-team Tour de France races with professional rules, as in the
//! benchmark; run under `perf stat -e task-clock` (or `time`) to get races
//! per CPU-second: `cargo build --release --example speed`, then
//! `perf stat -e task-clock target/release/examples/speed 1000`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, Turn, chance::pick_weighted};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn main() {
    let races: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let options = Options { teams: 4, course: Some("tour".into()), rules: Level::Pro, ..Options::default() };
    let initial = Reifenbreite::new(&options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut actions = 0u64;
    let start = std::time::Instant::now();
    for _ in 0..races {
        let mut g = initial.clone();
        loop {
            let a = match g.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    chance.clear();
                    g.chance_outcomes(&mut chance);
                    pick_weighted(&chance, &mut rng)
                }
                Turn::Seat(_) => {
                    legal.clear();
                    g.legal_actions(&mut legal);
                    legal[rng.random_range(0..legal.len())]
                }
            };
            g.apply_unchecked(&a);
            actions += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{races} races, {:.0} actions each, {:.0} races per wall-clock second",
        actions as f64 / races as f64,
        races as f64 / secs
    );
}
