//! `spieltisch sim` of the Kuhn poker fixture.

#[path = "../../cli/tests/support/mod.rs"]
mod support;
use support::{check_keys, ok, results, run, sim_json};

#[test]
fn kuhn_summary_has_every_key_and_does_not_depend_on_threads() {
    let args = |threads| {
        vec![
            "sim",
            "kuhn",
            "--seats",
            "random,heuristic",
            "--games",
            "500",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ]
    };
    let one = sim_json(&args("1"));
    check_keys(&one, "kuhn", 500, &["random", "heuristic"]);
    assert_eq!(one["rotated"], true);
    let two = sim_json(&args("2"));
    assert_eq!(results(one), results(two));
    let other_seed =
        sim_json(&["sim", "kuhn", "--seats", "random,heuristic", "--games", "500", "--seed", "10", "--json"]);
    assert_ne!(other_seed["wins"], serde_json::json!(null));
}

#[test]
fn rotation_credits_each_spec_wherever_it_sat() {
    // Mixed specs rotate: each spec sits in each seat in half the games, so
    // the seat-position wins and the per-spec wins are different tallies.
    let summary = sim_json(&["sim", "kuhn", "--seats", "heuristic,random", "--games", "400", "--json"]);
    let wins: Vec<u64> = summary["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    let seat_wins: Vec<u64> =
        summary["seat_wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).collect();
    assert_eq!(wins.iter().sum::<u64>(), seat_wins.iter().sum::<u64>());
    // The heuristic bot (bets its kings, folds its jacks) out-scores random.
    let scores = summary["mean_score"].as_array().unwrap();
    assert!(scores[0].as_f64().unwrap() > scores[1].as_f64().unwrap(), "{summary}");
    // Same specs do not rotate: wins are then by seat.
    let same = sim_json(&["sim", "kuhn", "--seats", "random,random", "--games", "50", "--json"]);
    assert_eq!(same["rotated"], false);
    assert_eq!(same["wins"], same["seat_wins"]);
}

#[test]
fn text_summary_shows_intervals() {
    let out = ok(&["sim", "kuhn", "--seats", "random,heuristic", "--games", "100"], "");
    assert!(out.stdout.contains("95% CI") && out.stdout.contains("heuristic"), "{}", out.stdout);
    assert!(out.stderr.is_empty(), "no progress bar off a terminal: {}", out.stderr);
}

#[test]
fn bad_sims_fail_cleanly() {
    for (args, needle) in [
        (vec!["sim", "kuhn", "--seats", "human,random", "--games", "3"], "human"),
        (vec!["sim", "kuhn", "--seats", "random,random,random", "--games", "3"], "seats"),
        (vec!["sim", "kuhn", "--seats", "random,wizard", "--games", "3"], "wizard"),
        (vec!["sim", "kuhn", "--games", "0"], "--games"),
        (vec!["sim", "kuhn", "--option", "depth=3", "--games", "3"], "depth"),
        (vec!["sim", "kuhn", "--threads", "0"], "--threads"),
    ] {
        let out = run(&args, "");
        assert_ne!(out.code, 0, "{args:?}");
        assert!(out.stderr.contains(needle), "{args:?}: {}", out.stderr);
        assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn search_bots_take_parameters_and_stay_reproducible() {
    let args =
        ["sim", "kuhn", "--seats", "mcts:iters=40,ismcts:iters=40", "--games", "20", "--seed", "2", "--json"];
    let first = sim_json(&args);
    assert_eq!(first["seats"], serde_json::json!(["mcts:iters=40", "ismcts:iters=40"]));
    assert_eq!(results(first), results(sim_json(&args)));
    let bad = run(&["sim", "kuhn", "--seats", "mcts:iters=zero,random", "--games", "1"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("iters"), "{}", bad.stderr);
}
