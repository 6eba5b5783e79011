//! The heuristic bot against random managers.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::{Bot, Game, RandomBot, driver::play_to_end};
use spieltisch_reifenbreite::{HeuristicBot, Level, Options, Reifenbreite};

/// Seat 0 is the heuristic bot, the others random; returns seat 0's wins.
fn wins(options: &Options, races: u64) -> u64 {
    let mut won = 0;
    for seed in 0..races {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Reifenbreite::new(options).unwrap();
        let mut bots: Vec<Box<dyn Bot<Reifenbreite>>> = vec![Box::new(HeuristicBot)];
        for _ in 1..g.seats() {
            bots.push(Box::new(RandomBot));
        }
        play_to_end(&mut g, &mut bots, &mut rng);
        won += u64::from(g.outcome().unwrap().is_win(0));
    }
    won
}

#[test]
fn heuristic_beats_random() {
    // Over 200 two-team races the heuristic manager must win clearly more than half.
    let options = Options { teams: 2, ..Options::default() };
    let won = wins(&options, 200);
    assert!(won >= 150, "heuristic won {won} of 200");
}

#[test]
fn heuristic_beats_random_with_professional_rules() {
    let options = Options { teams: 4, rules: Level::Pro, ..Options::default() };
    let won = wins(&options, 100);
    assert!(won >= 50, "heuristic won {won} of 100 against three random managers");
}
