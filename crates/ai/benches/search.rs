//! Search iterations per second: MCTS on Six from the opening (random
//! rollouts, one thread and two), and IS-MCTS on Kuhn poker.
//!
//! `cargo bench -p spieltisch-ai --bench search`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use spieltisch_ai::{SearchConfig, search::search};
use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
use spieltisch_core::{Game, Viewer};
use spieltisch_six::{Options, Six};

const ITERS: u64 = 2000;

fn six(c: &mut Criterion) {
    let mut state = Six::new(&Options::default()).unwrap();
    for a in ["place 2,0", "place 1,1", "place 3,0"] {
        state.apply(&a.parse().unwrap()).unwrap();
    }
    let seat = state.turn().seat().unwrap();
    let legal = state.legal_vec();
    let view = state.view(Viewer::Seat(seat));
    let mut group = c.benchmark_group("search");
    group.throughput(Throughput::Elements(ITERS));
    group.sample_size(10);
    for threads in [1, 2] {
        let config = SearchConfig { iterations: Some(ITERS), threads, ..Default::default() };
        group.bench_function(format!("six_mcts_random_rollouts_{threads}t"), |b| {
            b.iter(|| search::<Six>(&view, &(), seat, &legal, &config, &(), 7))
        });
    }
    let mut kuhn = Kuhn::new(&Default::default()).unwrap();
    kuhn.apply(&KuhnAction::Deal { card: 1 }).unwrap();
    kuhn.apply(&KuhnAction::Deal { card: 0 }).unwrap();
    let legal = kuhn.legal_vec();
    let view = kuhn.view(Viewer::Seat(0));
    let config = SearchConfig {
        iterations: Some(ITERS),
        determinize: spieltisch_ai::Determinize::EachIteration,
        ..Default::default()
    };
    group.bench_function("kuhn_ismcts_1t", |b| {
        b.iter(|| search::<Kuhn>(&view, &(), 0, &legal, &config, &(), 7))
    });
    group.finish();
}

criterion_group!(benches, six);
criterion_main!(benches);
