//! Win rate of the heuristic bot against random bots over many seeded series.
//!
//! `cargo run --release -p spieltisch-sechstage --example bot_strength -- [series] [players] [races]`
//! (defaults: 10000 series, 4 players, 6 races). The heuristic bot sits in a
//! seat that rotates with the seed; the others are random bots.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Bot, Game, RandomBot, driver::play_to_end};
use spieltisch_sechstage::{HeuristicBot, Options, Sechstage};

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let series = args.first().copied().unwrap_or(10_000);
    let players = args.get(1).copied().unwrap_or(4);
    let races = args.get(2).copied().unwrap_or(6);
    let options = Options { players, races, ..Default::default() };
    let (mut wins, mut shared, mut laps, mut points) = (0usize, 0usize, 0u64, 0.0);
    for seed in 0..series as u64 {
        let seat = seed as usize % players;
        let mut bots: Vec<Box<dyn Bot<Sechstage>>> =
            (0..players).map(|_| Box::new(RandomBot) as Box<dyn Bot<Sechstage>>).collect();
        bots[seat] = Box::new(HeuristicBot);
        let mut game = Sechstage::new(&options).expect("valid options");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_to_end(&mut game, &mut bots, &mut rng);
        let outcome = game.outcome().expect("over");
        if outcome.is_win(seat) {
            wins += 1;
        } else if outcome.ranks[seat] == 1 {
            shared += 1;
        }
        laps += u64::from(game.total_laps_down()[seat]);
        points += outcome.scores[seat];
    }
    let n = series as f64;
    println!(
        "heuristic vs {} random, {players} players, {races} races, {series} series: \
         outright wins {wins} ({:.1}%; shared first {:.1}%; fair share {:.1}%), mean laps down {:.2}, mean points {:.2}",
        players - 1,
        100.0 * wins as f64 / n,
        100.0 * shared as f64 / n,
        100.0 / players as f64,
        laps as f64 / n,
        points / n,
    );
}
