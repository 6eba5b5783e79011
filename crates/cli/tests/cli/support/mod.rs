//! Running the built command line from tests: the `spieltisch` product in
//! this package's tests, the `spieltisch-fixtures` test binary (the same
//! commands with the Kuhn poker fixture registered) in the tests of
//! `spieltisch-fixture-cli`, which include this module by path.

#![allow(dead_code)]

use serde_json::Value;
use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Output, Stdio},
};

/// The binary under test: cargo names exactly one in each package.
const BIN: &str =
    match (option_env!("CARGO_BIN_EXE_spieltisch"), option_env!("CARGO_BIN_EXE_spieltisch-fixtures")) {
        (Some(product), None) => product,
        (None, Some(fixtures)) => fixtures,
        _ => panic!("the tests run exactly one of spieltisch and spieltisch-fixtures"),
    };

/// The result of one run.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the binary with `args` and `input` on standard input (a pipe).
pub fn run(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(BIN)
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

/// The games `games --json` lists, checking that it prints one line.
pub fn games_json() -> Vec<Value> {
    let out = ok(&["games", "--json"], "");
    assert_eq!(out.stdout.lines().count(), 1, "one JSON object on one line");
    let json: Value = serde_json::from_str(&out.stdout).expect("games --json is JSON");
    json["games"].as_array().expect("a games array").clone()
}

/// Checks one game of `games --json`: names, seats and options in both languages.
pub fn check_entry(game: &Value) {
    assert!(game["name"]["en"].is_string() && game["name"]["de"].is_string(), "{game}");
    let (min, max) = (game["min_seats"].as_u64().unwrap(), game["max_seats"].as_u64().unwrap());
    assert!(1 <= min && min <= max, "{game}");
    assert!(game["hidden_information"].is_boolean());
    for option in game["options"].as_array().unwrap() {
        for key in ["key", "type"] {
            assert!(option[key].is_string(), "{key} in {option}");
        }
        // The default names its kind: a value, another option it follows, auto or off.
        let default = option["default"].as_object().unwrap_or_else(|| panic!("default in {option}"));
        let kinds: Vec<&str> = default.keys().map(String::as_str).collect();
        assert!(matches!(kinds[..], ["value" | "follows" | "auto" | "off"]), "default in {option}");
        for text in ["label", "help"] {
            assert!(option[text]["en"].is_string() && option[text]["de"].is_string(), "{text} in {option}");
        }
    }
}

/// The ids the binary lists.
pub fn game_ids() -> Vec<String> {
    games_json().iter().map(|g| g["id"].as_str().unwrap().to_string()).collect()
}

/// The games the binary lists, with seat specs for a test: the heuristic
/// bot, then random bots up to the fewest seats.
pub fn real_games() -> Vec<(String, Vec<&'static str>)> {
    games_json()
        .iter()
        .map(|g| {
            let min = g["min_seats"].as_u64().unwrap().max(2) as usize;
            let mut seats = vec!["heuristic"];
            seats.resize(min, "random");
            (g["id"].as_str().unwrap().to_string(), seats)
        })
        .collect()
}

// The engine protocol (docs/protocol.md).

/// Sends `requests` to `engine` (one per line) and returns the replies,
/// checking that each is one well-formed JSON line.
pub fn session(requests: &[String]) -> Vec<Value> {
    let input: String = requests.iter().map(|r| format!("{r}\n")).collect();
    let out = run(&["engine"], &input);
    assert_eq!(out.code, 0, "{}", out.stderr);
    out.stdout
        .lines()
        .map(|line| {
            let reply: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("reply {line:?}: {e}"));
            well_formed(&reply);
            reply
        })
        .collect()
}

fn well_formed(reply: &Value) {
    match reply["ok"] {
        Value::Bool(true) => assert!(reply.get("error").is_none(), "{reply}"),
        Value::Bool(false) => {
            let code = reply["error"]["code"].as_str().unwrap_or_else(|| panic!("no code: {reply}"));
            assert!(code.contains('.') || code == "internal" || code == "io", "{reply}");
            assert!(reply["error"]["message"].is_string(), "{reply}");
        }
        _ => panic!("no ok field: {reply}"),
    }
}

/// The requests as lines.
pub fn lines(requests: &[Value]) -> Vec<String> {
    requests.iter().map(Value::to_string).collect()
}

/// The error code of a reply ("" for a success).
pub fn code(reply: &Value) -> &str {
    reply["error"]["code"].as_str().unwrap_or("")
}

// `sim --json`.

/// Runs `sim ... --json`, expecting success and exactly one JSON object.
pub fn sim_json(args: &[&str]) -> Value {
    let out = ok(args, "");
    assert_eq!(out.stdout.lines().count(), 1, "exactly one JSON object:\n{}", out.stdout);
    serde_json::from_str(&out.stdout).expect("the summary is JSON")
}

/// The summary without the keys that measure time or the machine.
pub fn results(mut summary: Value) -> Value {
    let map = summary.as_object_mut().unwrap();
    for key in ["games_per_sec", "elapsed_sec", "threads"] {
        assert!(map.remove(key).is_some(), "{key} present");
    }
    summary
}

/// Checks that a summary of `games` games of `game` has every key, per seat
/// where it should, and consistent tallies and intervals.
pub fn check_keys(summary: &Value, game: &str, games: u64, seats: &[&str]) {
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

/// Whether `spieltisch serve` with `args` (and a free loopback port)
/// answers its health endpoint within 30 s; the server is stopped after.
pub fn serve_answers(args: &[&str]) -> bool {
    use std::io::Read;
    use std::time::{Duration, Instant};
    // The kernel names a free port; the server binds it right after.
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let mut server = Command::new(BIN)
        .args(["serve", "--addr", &addr.to_string()])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spieltisch serve starts");
    let healthy = || {
        let Ok(mut stream) = std::net::TcpStream::connect(addr) else { return false };
        let mut reply = String::new();
        stream.write_all(b"GET /api/health HTTP/1.0\r\nHost: spieltisch\r\n\r\n").is_ok()
            && stream.read_to_string(&mut reply).is_ok()
            && reply.starts_with("HTTP/1.0 200")
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut answered = false;
    while !answered && Instant::now() < deadline && server.try_wait().unwrap().is_none() {
        std::thread::sleep(Duration::from_millis(20));
        answered = healthy();
    }
    let _ = server.kill();
    let _ = server.wait();
    answered
}
