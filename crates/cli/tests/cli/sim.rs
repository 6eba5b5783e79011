//! `spieltisch sim`.

use crate::support::{check_keys, real_games, results, run, sim_json};

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
