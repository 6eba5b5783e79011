//! Full random games of Six per second: the core's allocation-free random
//! playout (`legal_actions`, a uniformly random pick from a seeded ChaCha
//! generator, `apply_unchecked`, until the end).
//!
//! Run: `cargo bench -p spieltisch-six --bench six -- --quick`. Criterion
//! reports games per second (`random_2p_games`) and actions per second
//! (`random_2p_actions`, the same games counted by actions).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, driver::RandomPlayouts};
use spieltisch_six::{Options, Six};
use std::hint::black_box;

/// Plays one random game; returns the number of actions.
fn random_game(start: &Six, rng: &mut ChaCha8Rng, playouts: &mut RandomPlayouts<Six>) -> usize {
    let mut state = start.clone();
    let actions = playouts.play(&mut state, rng).actions;
    black_box(&state);
    actions
}

fn bench(c: &mut Criterion) {
    for (name, options) in [
        ("2p", Options::default()),
        ("2p_basic", Options { split: false, ..Options::default() }),
        ("4p", Options { players: 4, ..Options::default() }),
    ] {
        let start = Six::new(&options).unwrap();
        let mut playouts = RandomPlayouts::new();
        // A fixed batch of seeded games, so actions per iteration are known.
        const GAMES: u64 = 20;
        let actions: usize =
            (0..GAMES).map(|s| random_game(&start, &mut ChaCha8Rng::seed_from_u64(s), &mut playouts)).sum();
        let mut group = c.benchmark_group(format!("six_random_{name}"));
        group.throughput(Throughput::Elements(GAMES));
        group.bench_function("games", |b| {
            b.iter(|| {
                for s in 0..GAMES {
                    random_game(&start, &mut ChaCha8Rng::seed_from_u64(s), &mut playouts);
                }
            })
        });
        group.throughput(Throughput::Elements(actions as u64));
        group.bench_function("actions", |b| {
            b.iter(|| {
                for s in 0..GAMES {
                    random_game(&start, &mut ChaCha8Rng::seed_from_u64(s), &mut playouts);
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
