//! Race lengths and bot win rates: `cargo run --release --example stats -- [races]`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{
    Bot, Game, RandomBot, Turn,
    driver::{play_to_end, random_action},
};
use spieltisch_reifenbreite::{HeuristicBot, Level, Options, Reifenbreite, course::Course};

fn main() {
    let races: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    for course in ["paris-roubaix", "luettich", "giro", "tour"] {
        for rules in [Level::Basic, Level::Pro] {
            let options = Options { teams: 4, course: Course::built_in(course), rules, ..Options::default() };
            let (mut actions, mut rounds, mut won) = (0usize, 0u32, 0u64);
            for seed in 0..races {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut g = Reifenbreite::new(&options).unwrap();
                while g.turn() != Turn::Over {
                    let a = random_action(&g, &mut rng).expect("the game is not over");
                    g.apply_unchecked(&a);
                    actions += 1;
                }
                rounds += g.round() as u32;
                let mut g = Reifenbreite::new(&options).unwrap();
                let mut bots: Vec<Box<dyn Bot<Reifenbreite>>> = vec![
                    Box::new(HeuristicBot),
                    Box::new(RandomBot),
                    Box::new(RandomBot),
                    Box::new(RandomBot),
                ];
                play_to_end(&mut g, &mut bots, &mut rng);
                won += u64::from(g.outcome().unwrap().is_win(0));
            }
            println!(
                "{course:14} {rules:?}: random races {:.0} actions, {:.1} rounds; heuristic vs 3 random: {won}/{races} wins",
                actions as f64 / races as f64,
                rounds as f64 / races as f64
            );
        }
    }
}
