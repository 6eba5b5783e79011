//! Full random races per second with 8 players (a one-race series):
//! `legal_actions` + a random pick + `apply_unchecked`, chance drawn by weight.
//!
//! Run: `cargo bench -p spieltisch-sechstage --bench sechstage -- --quick`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, Turn, chance::pick_weighted};
use spieltisch_sechstage::{Sechstage, SechstageOptions};
use std::hint::black_box;

fn random_race(
    options: &SechstageOptions,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<spieltisch_sechstage::Action>,
    chance: &mut Vec<(spieltisch_sechstage::Action, u32)>,
) -> usize {
    let mut state = Sechstage::new(options).expect("valid options");
    let mut actions = 0;
    loop {
        let action = match state.turn() {
            Turn::Over => return actions,
            Turn::Chance => {
                chance.clear();
                state.chance_outcomes(chance);
                pick_weighted(chance, rng)
            }
            Turn::Seat(_) => {
                legal.clear();
                state.legal_actions(legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        state.apply_unchecked(&action);
        actions += 1;
    }
}

fn bench(c: &mut Criterion) {
    let options = SechstageOptions { players: 8, races: 1, ..Default::default() };
    let mut group = c.benchmark_group("sechstage");
    group.throughput(Throughput::Elements(1));
    group.bench_function("random race, 8 players", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut legal = Vec::new();
        let mut chance = Vec::new();
        b.iter(|| black_box(random_race(&options, &mut rng, &mut legal, &mut chance)));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
