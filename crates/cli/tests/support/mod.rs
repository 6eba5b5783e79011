//! Running the built `spieltisch` binary from tests.

#![allow(dead_code)]

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Output, Stdio},
};

/// The result of one run.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `spieltisch args...` with `input` on standard input (a pipe).
pub fn run(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let bytes = input.as_bytes().to_vec();
    let writer = std::thread::spawn(move || {
        // The binary may stop reading early (an error, the end of a game).
        let _ = stdin.write_all(&bytes);
    });
    let Output { status, stdout, stderr } = child.wait_with_output().expect("the binary finishes");
    writer.join().expect("the writer finishes");
    Run {
        code: status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    }
}

/// Runs and expects success.
pub fn ok(args: &[&str], input: &str) -> Run {
    let run = run(args, input);
    assert_eq!(run.code, 0, "spieltisch {args:?} failed:\n{}\n{}", run.stdout, run.stderr);
    run
}

/// A fresh scratch file path for this test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// The ids the binary lists.
pub fn game_ids() -> Vec<String> {
    let run = ok(&["games", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("games --json is JSON");
    json["games"]
        .as_array()
        .expect("a games array")
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect()
}

/// The games of the product (the Kuhn fixture excluded) with their seat specs
/// for a test: the heuristic bot, then random bots up to the fewest seats.
pub fn real_games() -> Vec<(String, Vec<&'static str>)> {
    let run = ok(&["games", "--json"], "");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("games --json is JSON");
    json["games"]
        .as_array()
        .expect("a games array")
        .iter()
        .filter(|g| g["id"] != "kuhn")
        .map(|g| {
            let min = g["min_seats"].as_u64().unwrap().max(2) as usize;
            let mut seats = vec!["heuristic"];
            seats.resize(min, "random");
            (g["id"].as_str().unwrap().to_string(), seats)
        })
        .collect()
}
