//! Invariants over seeded random races on every printed course and rules
//! level: one rider per space (5.3), riders only move forward, every rider
//! comes home, and nobody is placed twice.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Game, Turn, driver::random_action};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite, Status};

#[test]
fn one_rider_per_space_forward_only_everyone_finishes() {
    for course in ["paris-roubaix", "luettich", "giro", "tour"] {
        for (i, rules) in [Level::Basic, Level::Advanced, Level::Pro].into_iter().enumerate() {
            let teams = 2 + i as u8;
            let options = Options {
                teams,
                course: spieltisch_reifenbreite::course::Course::built_in(course),
                rules,
                ..Options::default()
            };
            let mut g = Reifenbreite::new(&options).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64 + 40);
            let mut last = vec![0u32; teams as usize * 4];
            while g.turn() != Turn::Over {
                let a = random_action(&g, &mut rng).expect("the game is not over");
                g.apply_unchecked(&a);
                let mut spaces: Vec<u16> = g
                    .riders()
                    .iter()
                    .filter(|r| matches!(r.status, Status::Road | Status::Finished))
                    .map(|r| r.space)
                    .collect();
                let n = spaces.len();
                spaces.sort_unstable();
                spaces.dedup();
                assert_eq!(spaces.len(), n, "{course}: two riders on one space after {a}");
                for (r, rider) in g.riders().iter().enumerate() {
                    if rider.status == Status::Road && g.round() > 1 {
                        let pos = g.track().space(rider.space).pos;
                        // Only a lead exchange or a return after dismounting moves a rider back,
                        // and then by at most a few rows.
                        assert!(pos + 6 * 60 >= last[r], "{course}: rider {r} went far backwards");
                        last[r] = last[r].max(pos);
                    }
                }
            }
            let mut finish = g.finish_order().to_vec();
            assert_eq!(finish.len(), teams as usize * 4, "{course}: everyone is placed");
            finish.sort_unstable();
            finish.dedup();
            assert_eq!(finish.len(), teams as usize * 4, "{course}: nobody placed twice");
            assert!(g.round() < 200, "{course}: a random race ends long before the safety bound");
        }
    }
}
