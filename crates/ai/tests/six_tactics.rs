//! The Six tactics suite (`spieltisch_six::tactics`): positions where the side
//! to move must win at once or block at once. The search with the game's
//! heuristic rollouts must solve every one, for every seed tried.

use spieltisch_ai::{RolloutWith, SearchBot, SearchConfig};
use spieltisch_core::{Bot, Decision, FromSetup, Game, rng_from_seed};
use spieltisch_six::{HeuristicBot, Options, Setup, Six, tactics::TACTICS};
use std::sync::Arc;

fn solve(iterations: u64, seed: u64) -> Vec<String> {
    let knowledge = Arc::new(RolloutWith(|| Box::new(HeuristicBot) as Box<dyn Bot<Six>>));
    let mut bot =
        SearchBot::mcts(SearchConfig { iterations: Some(iterations), ..Default::default() }, knowledge);
    let mut failures = Vec::new();
    for tactic in TACTICS {
        let options = Options { players: tactic.players, ..Options::default() };
        let state = Six::from_setup(Setup::new(options, tactic.position)).unwrap();
        let seat = state.turn().seat().unwrap();
        let legal = state.legal_vec();
        let choice = bot.choose(&Decision::new(&state, seat, &legal), &mut rng_from_seed(seed)).to_string();
        if !tactic.answers.contains(&choice.as_str()) {
            failures.push(format!("{}: played {choice}, answers {:?}", tactic.name, tactic.answers));
        }
    }
    failures
}

#[test]
fn search_solves_every_tactic() {
    for seed in 0..3 {
        let failures = solve(800, seed);
        assert!(failures.is_empty(), "seed {seed}: {failures:#?}");
    }
}
