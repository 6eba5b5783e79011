//! A bot's work is bounded by its budget, not by people's options: a
//! decision costs about as much in a long match with a high move limit as in
//! one game with the defaults. Work is counted in search steps (actions
//! applied in the search's worlds), not in time; timing belongs in the
//! benchmarks.

use rand::Rng;
use spieltisch_catalog::{SeatSpec, bot_rng};
use spieltisch_core::{Decision, Game, Turn, chance::sample_chance, rng_from_seed};
use spieltisch_six::{Options, Six};

/// The state after `decisions` seeded random decisions.
fn position<G: Game>(options: &G::Options, decisions: usize, seed: u64) -> G {
    let mut state = G::new(options).unwrap();
    let mut rng = rng_from_seed(seed);
    let mut made = 0;
    loop {
        match state.turn() {
            Turn::Chance => {
                let action = sample_chance(&state, &mut rng);
                state.apply_unchecked(&action);
            }
            Turn::Seat(_) if made < decisions => {
                let legal = state.legal_vec();
                state.apply_unchecked(&legal[rng.random_range(0..legal.len())]);
                made += 1;
            }
            _ => return state,
        }
    }
}

/// The steps `spec`'s search takes for the decision at `state`.
fn steps<G: spieltisch_catalog::CatalogGame>(spec: &str, state: &G, seed: u64) -> u64 {
    let mut bot = spec.parse::<SeatSpec>().unwrap().search_bot::<G>().unwrap();
    let seat = state.turn().seat().unwrap();
    let legal = state.legal_vec();
    spieltisch_core::Bot::choose(&mut bot, &Decision::new(state, seat, &legal), &mut bot_rng(seed, 0));
    let effort = bot.effort().expect("a searched decision");
    assert_eq!(effort.iterations, 200);
    effort.steps
}

#[test]
fn a_six_decision_in_a_long_match_costs_what_it_costs_in_one_game() {
    let one = Options::default();
    let long = Options { games: 99, move_limit: 5000, ..Options::default() };
    // The same boards (the options change nothing before the first game
    // ends), early in the first round and late in it.
    for (decisions, seed) in [(4, 1), (12, 2), (30, 3)] {
        let short_state: Six = position(&one, decisions, seed);
        let long_state: Six = position(&long, decisions, seed);
        assert_eq!(short_state.board(), long_state.board());
        let (a, b) = (steps("mcts:iters=200", &short_state, 7), steps("mcts:iters=200", &long_state, 7));
        let ratio = b as f64 / a as f64;
        eprintln!("six after {decisions} decisions: {a} steps in one game, {b} in 99 games of 5,000 moves");
        assert!((0.75..=1.35).contains(&ratio), "after {decisions} decisions: {a} against {b} steps");
    }
}
