//! The heuristic bot beats random riders clearly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, HeuristicBot, Options};
use spieltisch_core::{Bot, Game, RandomBot, driver::play_to_end};

fn win_rate(options: Options, series: usize) -> f64 {
    let players = usize::from(options.players);
    let mut wins = 0;
    for i in 0..series {
        let hero = i % players;
        let mut bots: Vec<Box<dyn Bot<Ausreisser>>> = (0..players)
            .map(|s| -> Box<dyn Bot<Ausreisser>> {
                if s == hero { Box::new(HeuristicBot) } else { Box::new(RandomBot) }
            })
            .collect();
        let mut game = Ausreisser::new(&options).unwrap();
        play_to_end(&mut game, &mut bots, &mut ChaCha8Rng::seed_from_u64(i as u64));
        wins += usize::from(game.outcome().unwrap().is_win(hero));
    }
    wins as f64 / series as f64
}

#[test]
fn heuristic_beats_three_random_riders() {
    // A random seat wins a 4-player series about one time in four.
    let rate = win_rate(Options { players: 4, special: true, stages: 2 }, 200);
    assert!(rate >= 0.6, "heuristic won {:.0}% of 200 series", 100.0 * rate);
}

#[test]
fn heuristic_beats_random_in_the_simplified_game() {
    let rate = win_rate(Options { players: 2, special: false, stages: 2 }, 200);
    assert!(rate >= 0.7, "heuristic won {:.0}% of 200 two-player series", 100.0 * rate);
}
