//! The heuristic bot beats random players clearly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Bot, Game, RandomBot, driver::play_to_end};
use spieltisch_sechstage::{HeuristicBot, Options, Sechstage};

/// Plays `series` seeded series of `players` with the heuristic bot in a
/// rotating seat and random bots elsewhere; returns the bot's outright wins.
fn heuristic_wins(players: usize, races: usize, series: u64) -> u64 {
    let options = Options { players, races, ..Default::default() };
    let mut wins = 0;
    for seed in 0..series {
        let seat = (seed as usize) % players;
        let mut bots: Vec<Box<dyn Bot<Sechstage>>> =
            (0..players).map(|_| Box::new(RandomBot) as Box<dyn Bot<Sechstage>>).collect();
        bots[seat] = Box::new(HeuristicBot);
        let mut game = Sechstage::new(&options).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        play_to_end(&mut game, &mut bots, &mut rng);
        if game.outcome().unwrap().is_win(seat) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn heuristic_beats_random_clearly() {
    // Against three random riders a player of equal strength wins a quarter
    // of the series (or less, with shared first places).
    let series = 300;
    let wins = heuristic_wins(4, 3, series);
    assert!(wins * 100 >= series * 80, "heuristic won only {wins} of {series} series");
}

#[test]
fn heuristic_beats_random_with_eight_players() {
    let series = 200;
    let wins = heuristic_wins(8, 1, series);
    assert!(wins * 100 >= series * 45, "heuristic won only {wins} of {series} races");
}
