//! The calibration of the server's bot budgets: search iterations per
//! second of one core, for every game with the knowledge its `mcts`/`ismcts`
//! seats use, under several option sets (the defaults and the most
//! expensive ones). A server turns a stated time per decision into an
//! iteration cap with these rates ([`CatalogGame::ITERATIONS_PER_SECOND`]
//! takes each game's slowest figure, rounded down), so that its bots decide
//! from seed and version alone, whatever the machine's speed.
//!
//! Each figure is the thread's own CPU time (Linux: `/proc/thread-self/
//! schedstat`, so other work on the machine does not count; elsewhere wall
//! clock) over searches of `ITERATIONS` iterations from positions reached
//! by seeded random play, early, in the middle and late in a game, on one
//! thread: plain MCTS where no seat holds secrets, information-set MCTS
//! where seats hold hands, as the levels play.
//!
//! `cargo run --release -p spieltisch-catalog --example search_rate [ITERATIONS]`

use rand::Rng;
use spieltisch_ai::{Determinize, SearchConfig, search::search};
use spieltisch_catalog::CatalogGame;
use spieltisch_core::options::options_from_pairs;
use spieltisch_core::{Game, Turn, Viewer, chance::sample_chance, rng_from_seed};
use std::time::Instant;

/// The thread's CPU time in seconds, or the wall clock where it cannot be read.
fn cpu_seconds(start: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// Positions after `decisions` seeded random decisions (and the chance
/// between), or `None` when the game ended first.
fn position<G: Game>(options: &G::Options, decisions: usize, seed: u64) -> Option<G> {
    let mut state = G::new(options).expect("valid options");
    let mut rng = rng_from_seed(seed);
    let mut made = 0;
    loop {
        match state.turn() {
            Turn::Over => return None,
            Turn::Chance => {
                let action = sample_chance(&state, &mut rng);
                state.apply_unchecked(&action);
            }
            Turn::Seat(_) if made < decisions || state.legal_vec().len() < 2 => {
                let legal = state.legal_vec();
                state.apply_unchecked(&legal[rng.random_range(0..legal.len())]);
                made += 1;
            }
            Turn::Seat(_) => return Some(state),
        }
    }
}

/// Searches from positions early, midway and late in a game of `options`;
/// prints and returns the iterations per CPU-second.
fn rate<G: CatalogGame>(id: &str, pairs: &[&str], iterations: u64) -> f64 {
    let options = options_from_pairs::<G>(pairs).expect("valid options");
    let knowledge = G::knowledge();
    let determinize = if G::HIDDEN_INFORMATION { Determinize::EachIteration } else { Determinize::Once };
    let config = SearchConfig { iterations: Some(iterations), determinize, ..Default::default() };
    let (mut iters, mut steps, mut seconds) = (0u64, 0u64, 0.0);
    for (decisions, seed) in [(2, 1), (10, 2), (25, 3), (60, 4), (150, 5)] {
        let Some(state) = position::<G>(&options, decisions, seed) else { continue };
        let seat = state.turn().seat().expect("a seat decides");
        let legal = state.legal_vec();
        let view = state.view(Viewer::Seat(seat));
        let start = Instant::now();
        let before = cpu_seconds(start);
        let result = search::<G>(&view, &state.static_of(), seat, &legal, &config, &*knowledge, 7);
        seconds += cpu_seconds(start) - before;
        iters += result.iterations;
        steps += result.steps;
    }
    let per_second = iters as f64 / seconds;
    println!(
        "| {id} | {} | {iters} | {seconds:.2} | {per_second:.0} | {:.1} |",
        if pairs.is_empty() { "defaults".to_string() } else { pairs.join(" ") },
        steps as f64 / iters as f64
    );
    per_second
}

fn main() {
    let iterations: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    println!("| game | options | iterations | CPU s | iterations per CPU-second | steps per iteration |");
    println!("| --- | --- | --- | --- | --- | --- |");
    type Run = fn(&str, &[&str], u64) -> f64;
    let games: [(&str, Run, &[&[&str]], u32); 4] = [
        (
            "six",
            rate::<spieltisch_six::Six>,
            &[&[], &["players=4"], &["split=false"], &["games=99", "move_limit=5000"]],
            spieltisch_six::Six::ITERATIONS_PER_SECOND,
        ),
        (
            "sechstage",
            rate::<spieltisch_sechstage::Sechstage>,
            &[&[], &["players=8"]],
            spieltisch_sechstage::Sechstage::ITERATIONS_PER_SECOND,
        ),
        (
            "ausreisser",
            rate::<spieltisch_ausreisser::Ausreisser>,
            &[&[], &["players=6"]],
            spieltisch_ausreisser::Ausreisser::ITERATIONS_PER_SECOND,
        ),
        (
            "reifenbreite",
            rate::<spieltisch_reifenbreite::Reifenbreite>,
            &[&[], &["course=tour", "rules=pro"], &["teams=2", "course=tour", "rules=pro"]],
            spieltisch_reifenbreite::Reifenbreite::ITERATIONS_PER_SECOND,
        ),
    ];
    let mut slowest = Vec::new();
    for (id, run, sets, _) in &games {
        let rates: Vec<f64> = sets.iter().map(|pairs| run(id, pairs, iterations)).collect();
        slowest.push(rates.into_iter().fold(f64::INFINITY, f64::min));
    }
    println!();
    for ((id, _, _, calibrated), slowest) in games.iter().zip(slowest) {
        println!(
            "{id}: slowest {slowest:.0} iterations per CPU-second; ITERATIONS_PER_SECOND = {calibrated}"
        );
    }
}
