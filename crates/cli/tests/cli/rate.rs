//! `spieltisch rate`: a round robin and its ratings table.

use std::process::Command;

#[test]
fn the_heuristic_bot_rates_above_random() {
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .args(["rate", "six", "--bots", "random,heuristic", "--games", "10", "--seed", "2", "--json"])
            .output()
            .unwrap()
    };
    let out = run();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let ratings = report["ratings"].as_array().unwrap();
    let elo = |i: usize| ratings[i]["elo"].as_f64().unwrap();
    assert!(elo(1) > elo(0), "{report}");
    let pair = &report["pairs"][0];
    let total =
        pair["a_wins"].as_u64().unwrap() + pair["b_wins"].as_u64().unwrap() + pair["draws"].as_u64().unwrap();
    assert_eq!(total, 10);
    let again: serde_json::Value = serde_json::from_slice(&run().stdout).unwrap();
    assert_eq!(again["pairs"], report["pairs"], "the same seed plays the same games");
}

#[test]
fn rate_refuses_people_and_single_bots() {
    for bots in ["human,random", "random"] {
        let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .args(["rate", "six", "--bots", bots])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bots}");
    }
}
