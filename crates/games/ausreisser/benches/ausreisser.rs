//! Full random 6-player stages (`stages=1`: choosing the leader, the deal and
//! the whole stage): `legal_actions` + a random pick + `apply_unchecked`,
//! chance draws weighted by the cards left.
//!
//! Criterion measures wall time, which other processes on a shared machine
//! inflate; `examples/stages.rs` under `perf stat -e task-clock` gives the
//! CPU-time figure.

use criterion::{Criterion, criterion_group, criterion_main, measurement::Measurement};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Action, Ausreisser, Options};
use spieltisch_core::{Game, Turn, Weight};
use std::hint::black_box;

fn random_stage(
    start: &Ausreisser,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<Action>,
    chance: &mut Vec<(Action, Weight)>,
) -> usize {
    let mut state = start.clone();
    let mut steps = 0;
    loop {
        let action = match state.turn() {
            Turn::Over => return steps,
            Turn::Chance => {
                chance.clear();
                state.chance_outcomes(chance);
                let total: u32 = chance.iter().map(|(_, w)| *w).sum();
                let mut r = rng.random_range(0..total);
                let mut pick = chance[0].0;
                for (a, w) in chance.iter() {
                    if r < *w {
                        pick = *a;
                        break;
                    }
                    r -= *w;
                }
                pick
            }
            Turn::Seat(_) => {
                legal.clear();
                state.legal_actions(legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        state.apply_unchecked(&action);
        steps += 1;
    }
}

fn bench_with<M: Measurement + 'static>(c: &mut Criterion<M>, name: &str) {
    let start = Ausreisser::new(&Options { players: 6, special: true, stages: 1 }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut legal = Vec::with_capacity(256);
    let mut chance = Vec::with_capacity(16);
    c.bench_function(name, |b| b.iter(|| black_box(random_stage(&start, &mut rng, &mut legal, &mut chance))));
}

fn wall(c: &mut Criterion) {
    bench_with(c, "ausreisser random 6-player stage");
}

criterion_group!(benches, wall);
criterion_main!(benches);
