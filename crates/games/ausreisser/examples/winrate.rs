//! Win rate of the heuristic bot against random bots over many seeded series.
//!
//! `cargo run --release -p spieltisch-ausreisser --example winrate -- 10000 4`
//! (series, players). The heuristic bot sits in seat `i % players` of series `i`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, HeuristicBot, Options};
use spieltisch_core::{Bot, Game, RandomBot, driver::play_to_end};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let series: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let players: u8 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let special = args.get(3).map(|a| a != "false").unwrap_or(true);
    let options = Options { players, special, stages: 4 };
    let (mut wins, mut firsts, mut total) = (0usize, 0usize, 0.0f64);
    for i in 0..series {
        let hero = i % usize::from(players);
        let mut bots: Vec<Box<dyn Bot<Ausreisser>>> = (0..players)
            .map(|s| -> Box<dyn Bot<Ausreisser>> {
                if usize::from(s) == hero { Box::new(HeuristicBot) } else { Box::new(RandomBot) }
            })
            .collect();
        let mut game = Ausreisser::new(&options).expect("valid options");
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        play_to_end(&mut game, &mut bots, &mut rng);
        let outcome = game.outcome().expect("over");
        wins += usize::from(outcome.is_win(hero));
        firsts += usize::from(outcome.ranks[hero] == 1);
        total += outcome.scores[hero];
    }
    println!(
        "{series} series, {players} players, special={special}: heuristic wins outright {:.1}%, \
         ranks first (ties included) {:.1}%, mean total {:.1} (a random seat wins 1 in {players})",
        100.0 * wins as f64 / series as f64,
        100.0 * firsts as f64 / series as f64,
        total / series as f64
    );
}
