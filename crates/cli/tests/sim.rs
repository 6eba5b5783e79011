//! `spieltisch sim`.

mod support;
use serde_json::Value;
use support::{ok, real_games, run};

fn sim_json(args: &[&str]) -> Value {
    let out = ok(args, "");
    assert_eq!(out.stdout.lines().count(), 1, "exactly one JSON object:\n{}", out.stdout);
    serde_json::from_str(&out.stdout).expect("the summary is JSON")
}

/// The summary without the keys that measure time or the machine.
fn results(mut summary: Value) -> Value {
    let map = summary.as_object_mut().unwrap();
    for key in ["games_per_sec", "elapsed_sec", "threads"] {
        assert!(map.remove(key).is_some(), "{key} present");
    }
    summary
}

fn check_keys(summary: &Value, game: &str, games: u64, seats: &[&str]) {
    assert_eq!(summary["game"], game);
    assert_eq!(summary["games"], games);
    assert_eq!(summary["seats"], serde_json::json!(seats));
    for key in ["wins", "mean_score", "win_rate", "win_rate_ci95", "seat_wins"] {
        assert_eq!(summary[key].as_array().map(Vec::len), Some(seats.len()), "{key} per seat: {summary}");
    }
    for key in ["draws", "mean_actions", "games_per_sec"] {
        assert!(summary[key].is_number(), "{key}: {summary}");
    }
    let wins: u64 = summary["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    let draws = summary["draws"].as_u64().unwrap();
    assert!(wins + draws >= games, "every game is a win or a draw: {summary}");
    for (rate, ci) in
        summary["win_rate"].as_array().unwrap().iter().zip(summary["win_rate_ci95"].as_array().unwrap())
    {
        let (rate, lo, hi) = (rate.as_f64().unwrap(), ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
        assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0, "{rate} in [{lo}, {hi}]");
    }
}

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
fn every_game_simulates_deterministically_with_its_heuristic() {
    for (game, seats) in real_games() {
        let list = seats.join(",");
        let args = |threads| {
            vec![
                "sim",
                game.as_str(),
                "--seats",
                &list,
                "--games",
                "6",
                "--seed",
                "3",
                "--threads",
                threads,
                "--json",
            ]
        };
        let one = sim_json(&args("1"));
        check_keys(&one, &game, 6, &seats);
        assert_eq!(results(one), results(sim_json(&args("2"))), "{game}");
    }
}

#[test]
fn seat_specs_set_the_seat_count_option() {
    let six = sim_json(&["sim", "six", "--seats", "random,random,random,random", "--games", "2", "--json"]);
    assert_eq!(six["options"]["players"], 4);
    let three = sim_json(&["sim", "ausreisser", "--seats", "random,random,random", "--games", "2", "--json"]);
    assert_eq!(three["options"]["players"], 3);
    // Um Reifenbreite: one team per seat, or managers sharing the given teams.
    let teams =
        sim_json(&["sim", "reifenbreite", "--seats", "random,random,random", "--games", "1", "--json"]);
    assert_eq!(teams["options"]["teams"], 3);
    let shared = sim_json(&[
        "sim",
        "reifenbreite",
        "--seats",
        "random,random",
        "--option",
        "teams=4",
        "--games",
        "1",
        "--json",
    ]);
    assert_eq!(
        (shared["options"]["teams"].as_u64(), shared["options"]["seats"].as_u64()),
        (Some(4), Some(2))
    );
    let out = run(&["sim", "six", "--seats", "random,random,random", "--games", "1"], "");
    assert_eq!(out.code, 2, "Six has no three-player game: {}", out.stderr);
    assert!(out.stderr.contains("--seats names 3 seats"), "{}", out.stderr);
}

#[test]
fn sechstage_reports_laps_down_per_seat_spec() {
    let summary =
        sim_json(&["sim", "sechstage", "--seats", "heuristic,random,random", "--games", "4", "--json"]);
    let laps = summary["laps_down"].as_array().expect("laps_down per seat spec");
    assert_eq!(laps.len(), 3);
    assert!(laps.iter().all(|l| l.as_f64().unwrap() >= 0.0));
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
