//! Full random 6-player stages (`stages=1`: choosing the leader, the deal and
//! the whole stage): the core's allocation-free random playout
//! (`legal_actions` + a random pick + `apply_unchecked`, chance draws
//! weighted by the cards left).
//!
//! Criterion measures wall time, which other processes on a shared machine
//! inflate; `examples/stages.rs` under `perf stat -e task-clock` gives the
//! CPU-time figure.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, Options};
use spieltisch_core::{Game, driver::RandomPlayouts};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let start = Ausreisser::new(&Options { players: 6, special: true, stages: 1 }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut playouts = RandomPlayouts::new();
    c.bench_function("ausreisser random 6-player stage", |b| {
        b.iter(|| black_box(playouts.play(&mut start.clone(), &mut rng)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
