//! `spieltisch analyze` and the engine's `analyze`: the best moves by the
//! mover's own view, from a saved state or record.

use std::io::Write;
use std::process::{Command, Stdio};

fn engine(lines: &[&str]) -> Vec<serde_json::Value> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn analyze_ranks_the_legal_moves_of_the_seat_to_move() {
    let replies = engine(&[
        r#"{"cmd":"new","game":"six","seed":4}"#,
        r#"{"cmd":"apply","action":"place 2,0"}"#,
        r#"{"cmd":"apply","action":"place 1,1"}"#,
        r#"{"cmd":"legal"}"#,
        r#"{"cmd":"state"}"#,
        r#"{"cmd":"analyze","bot":"mcts:iters=300"}"#,
        r#"{"cmd":"analyze","bot":"heuristic"}"#,
    ]);
    let legal: Vec<String> = serde_json::from_value(replies[3]["actions"].clone()).unwrap();
    let moves = replies[5]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), legal.len(), "every legal move is listed");
    let visits: Vec<u64> = moves.iter().map(|m| m["visits"].as_u64().unwrap()).collect();
    assert_eq!(visits.iter().sum::<u64>(), 300);
    assert!(visits.windows(2).all(|w| w[0] >= w[1]), "most visited first: {visits:?}");
    assert!(moves.iter().all(|m| legal.contains(&m["action"].as_str().unwrap().to_string())));
    assert!(moves.iter().all(|m| (0.0..=1.0).contains(&m["win"].as_f64().unwrap())));
    assert_eq!(replies[6]["error"]["code"], "seat.bad_param", "a non-searching bot cannot analyse");

    let dir = std::env::temp_dir().join(format!("spieltisch-analyze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("state.json");
    std::fs::write(&file, replies[4].to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["analyze", "six", "--state"])
        .arg(&file)
        .args(["--bot", "mcts:iters=300", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(cli["moves"], replies[5]["moves"], "the same seed and version give the same analysis");
    assert_eq!(cli["seat"], 0);

    let wrong = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["analyze", "six", "--seat", "1", "--state"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!wrong.status.success());
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("seat 1 is not to move"));
    std::fs::write(&file, "{ not json").unwrap();
    let broken = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["analyze", "six", "--state"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(!broken.status.success());
    assert!(String::from_utf8_lossy(&broken.stderr).contains("not JSON"));
}
