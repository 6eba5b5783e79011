//! The heuristic bot: tactics from set-up positions, and its strength.

use rand::SeedableRng;
use spieltisch_core::{Bot, Decision, FromSetup, Game, GameRng, RandomBot, driver::play_to_end};
use spieltisch_six::{Action, HeuristicBot, Options, Setup, Six};

fn choice(six: &Six) -> String {
    let legal = six.legal_vec();
    let seat = six.to_move();
    let mut rng = GameRng::seed_from_u64(1);
    HeuristicBot.choose(&Decision::new(six, seat, &legal), &mut rng).to_string()
}

fn at(text: &str) -> Six {
    Six::from_setup(Setup::new(Options::default(), text)).unwrap()
}

#[test]
fn completes_a_six_when_it_can() {
    // Red's line on row -1 lacks only an end stone.
    let six = at("red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1");
    let pick = choice(&six);
    assert!(pick == "place 4,-1" || pick == "place -2,-1", "{pick}");
}

#[test]
fn blocks_the_other_sides_six() {
    // Black threatens to complete row 1 at either end; red has no six.
    let six = at("red=0,0 -1,-1 0,-1 1,-1 2,-1 6,1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1");
    assert_eq!(choice(&six), "place 0,1");
}

#[test]
fn wins_in_the_second_round_too() {
    // Lifting the end stone 7,0 and putting it on 6,1 completes row 1.
    let mut six = at("red=0,0 1,1 2,1 3,1 4,1 5,1 7,0; black=1,0 2,0 3,0 4,0 5,-1 6,0; turn=red; round=2");
    let lift = choice(&six);
    six.apply(&lift.parse::<Action>().unwrap()).unwrap();
    let place = choice(&six);
    six.apply(&place.parse::<Action>().unwrap()).unwrap();
    assert!(six.is_over() && six.outcome().unwrap().is_win(0), "{lift}, {place}");
}

#[test]
fn beats_random_in_well_over_90_percent() {
    let games = 300;
    let mut wins = 0;
    for g in 0..games {
        let heuristic_seat = g % 2;
        let mut bots: Vec<Box<dyn Bot<Six>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
        bots[heuristic_seat] = Box::new(HeuristicBot);
        let mut six = Six::new(&Options::default()).unwrap();
        let mut rng = GameRng::seed_from_u64(g as u64);
        play_to_end(&mut six, &mut bots, &mut rng);
        if six.outcome().unwrap().is_win(heuristic_seat) {
            wins += 1;
        }
    }
    let rate = wins as f64 / games as f64;
    eprintln!("heuristic vs random: {wins}/{games} = {rate:.3}");
    assert!(rate >= 0.95, "won only {wins} of {games}");
}

#[test]
fn four_player_partners_beat_random_partners() {
    let games = 60;
    let mut wins = 0;
    for g in 0..games {
        let team = g % 2;
        let bots: Vec<Box<dyn Bot<Six>>> = (0..4)
            .map(|s| {
                if s % 2 == team { Box::new(HeuristicBot) as Box<dyn Bot<Six>> } else { Box::new(RandomBot) }
            })
            .collect();
        let mut bots = bots;
        let mut six = Six::new(&Options { players: 4, ..Options::default() }).unwrap();
        let mut rng = GameRng::seed_from_u64(1000 + g as u64);
        play_to_end(&mut six, &mut bots, &mut rng);
        if six.outcome().unwrap().is_win(team) {
            wins += 1;
        }
    }
    assert!(wins >= 54, "won only {wins} of {games}");
}
