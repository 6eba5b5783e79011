//! Full random races per second with 8 players (a one-race series): the
//! core's allocation-free random playout (`legal_actions` + a random pick +
//! `apply_unchecked`, chance drawn by weight).
//!
//! Run: `cargo bench -p spieltisch-sechstage --bench sechstage -- --quick`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, driver::RandomPlayouts};
use spieltisch_sechstage::{Options, Sechstage};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let options = Options { players: 8, races: 1, ..Default::default() };
    let mut group = c.benchmark_group("sechstage");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random race, 8 players", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut playouts = RandomPlayouts::new();
        b.iter(|| {
            let mut state = Sechstage::new(&options).expect("valid options");
            black_box(playouts.play(&mut state, &mut rng))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
