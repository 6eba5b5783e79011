//! Full random 4-team races on the Tour de France course with professional
//! rules (the core's `RandomPlayouts`: `legal_actions` + random pick + `apply_unchecked`,
//! chance outcomes drawn by weight), from a seeded ChaCha generator.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, driver::RandomPlayouts};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn bench(c: &mut Criterion) {
    let options = Options {
        teams: 4,
        course: spieltisch_reifenbreite::course::Course::built_in("tour"),
        rules: Level::Pro,
        ..Options::default()
    };
    let initial = Reifenbreite::new(&options).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut races = RandomPlayouts::new();
    c.bench_function("random 4-team Tour de France race, pro rules", |b| {
        b.iter(|| races.play(&mut initial.clone(), &mut rng))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
