//! Full random 4-team races on the Tour de France course with professional
//! rules: `legal_actions` + random pick + `apply_unchecked`, chance outcomes
//! drawn by weight, from a seeded ChaCha generator.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, Turn, chance::pick_weighted};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn race(
    initial: &Reifenbreite,
    rng: &mut ChaCha8Rng,
    legal: &mut Vec<spieltisch_reifenbreite::Action>,
    chance: &mut Vec<(spieltisch_reifenbreite::Action, u32)>,
) -> usize {
    let mut g = initial.clone();
    let mut n = 0;
    loop {
        let a = match g.turn() {
            Turn::Over => return n,
            Turn::Chance => {
                chance.clear();
                g.chance_outcomes(chance);
                pick_weighted(chance, rng)
            }
            Turn::Seat(_) => {
                legal.clear();
                g.legal_actions(legal);
                legal[rng.random_range(0..legal.len())]
            }
        };
        g.apply_unchecked(&a);
        n += 1;
    }
}

fn bench(c: &mut Criterion) {
    let options = Options { teams: 4, course: Some("tour".into()), rules: Level::Pro, ..Options::default() };
    let initial = Reifenbreite::new(&options).expect("valid options");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    c.bench_function("random 4-team Tour de France race, pro rules", |b| {
        b.iter(|| race(&initial, &mut rng, &mut legal, &mut chance))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
