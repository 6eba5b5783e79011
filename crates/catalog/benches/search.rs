//! Search iterations per second for every game, with the knowledge the
//! `mcts`/`ismcts` seats and the levels use (heuristic rollouts, rollouts
//! ending at the game's milestones), on one thread and on two.
//!
//! Each game is searched from a position reached by seeded random play (a
//! few decisions in), as plain MCTS where no seat holds secrets and as
//! information-set MCTS where seats hold hands.
//!
//! `cargo bench -p spieltisch-catalog --bench search`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::Rng;
use spieltisch_ai::{Determinize, SearchConfig, search::search};
use spieltisch_catalog::CatalogGame;
use spieltisch_core::{Game, Turn, Viewer, chance::sample_chance, rng_from_seed};

/// The state after `decisions` random decisions (and the chance between).
fn position<G: Game>(options: &G::Options, decisions: usize) -> G {
    let mut state = G::new(options).expect("default options are valid");
    let mut rng = rng_from_seed(1);
    let mut made = 0;
    loop {
        match state.turn() {
            Turn::Chance => {
                let action = sample_chance(&state, &mut rng);
                state.apply_unchecked(&action);
            }
            Turn::Seat(_) if made < decisions => {
                let legal = state.legal_vec();
                state.apply_unchecked(&legal[rng.random_range(0..legal.len())]);
                made += 1;
            }
            _ => return state,
        }
    }
}

fn bench_game<G: CatalogGame>(c: &mut Criterion, id: &str, options: G::Options, iterations: u64) {
    let state: G = position(&options, 6);
    let seat = state.turn().seat().expect("a seat decides");
    let legal = state.legal_vec();
    let view = state.view(Viewer::Seat(seat));
    let fixed = state.static_of();
    let knowledge = G::knowledge();
    let determinize = if G::HIDDEN_INFORMATION { Determinize::EachIteration } else { Determinize::Once };
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(iterations));
    group.sample_size(10);
    for threads in [1, 2] {
        let config =
            SearchConfig { iterations: Some(iterations), threads, determinize, ..Default::default() };
        group.bench_function(format!("{id}_{threads}t"), |b| {
            b.iter(|| search::<G>(&view, &fixed, seat, &legal, &config, &*knowledge, 7))
        });
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    bench_game::<spieltisch_six::Six>(c, "six", Default::default(), 300);
    bench_game::<spieltisch_sechstage::Sechstage>(c, "sechstage", Default::default(), 300);
    bench_game::<spieltisch_ausreisser::Ausreisser>(c, "ausreisser", Default::default(), 1000);
    bench_game::<spieltisch_reifenbreite::Reifenbreite>(c, "reifenbreite", Default::default(), 300);
}

criterion_group!(benches, games);
criterion_main!(benches);
