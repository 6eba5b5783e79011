//! Valid inputs for every body: the tests mutate them into near-valid ones,
//! and `examples/seed_corpus.rs` writes them as the fuzzers' first corpus,
//! so that both reach the deep paths (a record that replays, a course that
//! unrolls) and not only the first refusal.

use crate::input::{Input, game_byte, reach};
use rand::Rng;
use serde_json::{Value, json};
use spieltisch_catalog::{CatalogGame, DynSession, GameVisitor, ids, new_session, with_game};
use spieltisch_core::{Game, Turn, Viewer, driver::random_action, options::options_to_json, rng_from_seed};
use spieltisch_reifenbreite::{board::DEFAULT_BOARD, course::BUILT_IN};
use spieltisch_sechstage::DEFAULT_TRACK;
use spieltisch_six::{Options, Six, tactics::TACTICS};

/// A small board of our own: a start straight, cobbles, a climb, a descent,
/// a curve whose lanes differ in length, and a three-lane row.
pub const SMALL_BOARD: &str = r#"{"name": "small", "segments": [
  {"from": "C", "to": "A", "blocks": [{"row": "a a a a", "repeat": 4}]},
  {"from": "A", "to": "C", "blocks": [
    {"row": "a c1 u2 d3", "repeat": 3},
    {"curve": ["a a", "a a a", "a a a a", "u1 u1 u1 u1 u1"]},
    {"rows": ["a a a a", "c4 c4 a"]},
    {"row": "a a a a", "repeat": 2}]}],
  "starts": [{"name": "1", "from": "C", "to": "A", "rows": 4}]}"#;

/// A course on [`SMALL_BOARD`]: twice round, with a sprint.
pub const SMALL_COURSE: &str = r#"{"name": "small", "start": "1", "via": ["A", "C", "A"], "finish": "C",
  "sprints": [{"at": "C", "points": [3, 2, 1]}], "energy_rows": 1}"#;

/// A short 6-Tage Rennen track with every kind of space.
pub const SHORT_TRACK: &str = r#"{"name": "short", "description": "ten spaces", "length": 10,
  "sprints": [3, 6], "fahrerwechsel": [2, 7], "sturz": [5]}"#;

/// How many actions the sample games of the seeds play: the start, the
/// early game and further in.
const DEPTHS: [usize; 3] = [0, 12, 80];

/// Every body's seeds, by the name of its fuzz target.
pub fn all() -> Vec<(&'static str, Vec<Vec<u8>>)> {
    vec![
        ("action_notation", notation()),
        ("action_in_play", in_play()),
        ("seat_spec", seat_specs()),
        ("options", options()),
        ("record", records()),
        ("session", sessions()),
        ("state_json", states()),
        ("view_json", views()),
        ("six_position", six_positions()),
        ("board", boards()),
        ("course", courses()),
        ("track", tracks()),
        ("engine", engine()),
    ]
}

/// A sample game of `id`: `depth` random actions (chance drawn by weight)
/// from the defaults with `seed`.
pub fn sample(id: &str, seed: u64, depth: usize) -> Box<dyn DynSession> {
    let mut session = new_session(id, &Value::Null, seed).expect("every game starts with its defaults");
    let mut rng = rng_from_seed(seed);
    for _ in 0..depth {
        let actions: Vec<String> = match session.turn() {
            Turn::Over => break,
            Turn::Seat(_) => session.legal(),
            Turn::Chance => session.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
        };
        let pick = rng.random_range(0..actions.len());
        session.apply(None, &actions[pick]).expect("a listed action applies");
    }
    session
}

fn samples() -> Vec<(&'static str, Box<dyn DynSession>)> {
    let mut out = Vec::new();
    for id in ids() {
        for (k, depth) in DEPTHS.into_iter().enumerate() {
            out.push((id, sample(id, k as u64 + 1, depth)));
        }
    }
    out
}

fn with_game_byte(id: &str, rest: &[u8]) -> Vec<u8> {
    let mut out = vec![game_byte(id)];
    out.extend_from_slice(rest);
    out
}

/// Actions of sample games, and their short forms.
pub fn notation() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (id, session) in samples() {
        for action in session.record().actions.iter().take(20) {
            out.push(with_game_byte(id, action.as_bytes()));
        }
        for action in session.legal().into_iter().take(5) {
            out.push(with_game_byte(id, action.as_bytes()));
        }
    }
    for (id, text) in [
        ("six", "P 1,2"),
        ("sechstage", " p7 "),
        ("ausreisser", "PLAY 45 hill -2 +2"),
        ("reifenbreite", "card j6m"),
    ] {
        out.push(with_game_byte(id, text.as_bytes()));
    }
    out
}

/// The bytes that [`reach`] reads for `id` (default options), with the
/// action texts listed in the state they reach.
pub fn in_play() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for id in ids() {
        for (seed, steps) in [(0u16, 0u8), (7, 5), (300, 40)] {
            out.extend(with_game(id, InPlaySeeds { seed, steps }).expect("a game of the catalog"));
        }
    }
    out
}

/// The input of [`crate::action_in_play`] for game `id`: one byte per
/// option (`options`, cut or padded with zeros to the game's count), the
/// seed, the steps, then `text`.
pub fn in_play_input(id: &str, options: &[u8], seed: u16, steps: u8, text: &str) -> Vec<u8> {
    let count = with_game(id, OptionCount).expect("a game of the catalog");
    let mut input = vec![game_byte(id)];
    input.extend(options.iter().copied().chain(std::iter::repeat(0)).take(count));
    input.extend(seed.to_be_bytes());
    input.push(steps);
    input.extend_from_slice(text.as_bytes());
    input
}

struct OptionCount;

impl GameVisitor for OptionCount {
    type Output = usize;
    fn visit<G: CatalogGame>(self) -> usize {
        G::info().options.len()
    }
}

struct InPlaySeeds {
    seed: u16,
    steps: u8,
}

impl GameVisitor for InPlaySeeds {
    type Output = Vec<Vec<u8>>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let id = G::info().id;
        let prefix = in_play_input(id, &[], self.seed, self.steps, "");
        let state: G = reach(&mut Input::new(&prefix[1..]));
        let actions: Vec<String> = match state.turn() {
            Turn::Over => vec!["pass".into()],
            Turn::Seat(_) => state.legal_vec().iter().map(ToString::to_string).collect(),
            Turn::Chance => state.chance_vec().iter().map(|(a, _)| a.to_string()).collect(),
        };
        actions
            .iter()
            .take(4)
            .map(|a| {
                let mut input = prefix.clone();
                input.extend_from_slice(a.as_bytes());
                input
            })
            .collect()
    }
}

/// Seat specs of every kind, alone and in lists.
pub fn seat_specs() -> Vec<Vec<u8>> {
    let specs = [
        "human",
        "random",
        "heuristic",
        "easy",
        "medium",
        "hard",
        "mcts:iters=2000:threads=2",
        "ismcts:ms=500",
        "mcts:c=1.4:depth=20:eps=0.1:reuse=on",
        "human, random,heuristic",
        "easy,medium,hard",
    ];
    ids().into_iter().flat_map(|id| specs.iter().map(move |s| with_game_byte(id, s.as_bytes()))).collect()
}

/// Every game's options as `key=value` lines with their defaults, as a JSON
/// object, and as single values.
pub fn options() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for id in ids() {
        out.extend(with_game(id, OptionSeeds).expect("a game of the catalog"));
    }
    out
}

struct OptionSeeds;

impl GameVisitor for OptionSeeds {
    type Output = Vec<Vec<u8>>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        let game = game_byte(G::info().id);
        let specs = G::info().options;
        let pairs: Vec<String> = specs.iter().map(|s| format!("{}={}", s.key, s.default.written())).collect();
        let mut out = vec![[vec![game, 0], pairs.join("\n").into_bytes()].concat()];
        let json = options_to_json::<G>(&G::Options::default()).to_string();
        out.push([vec![game, 1], json.into_bytes()].concat());
        for (i, spec) in specs.iter().enumerate() {
            out.push([vec![game, 2, i as u8], spec.default.written().as_bytes().to_vec()].concat());
        }
        out
    }
}

/// The records of the sample games, and each as a record of format 1.
pub fn records() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, session) in samples() {
        let mut record = serde_json::to_value(session.record()).expect("a record has a JSON form");
        out.push(record.to_string().into_bytes());
        record["format"] = json!(1);
        out.push(record.to_string().into_bytes());
    }
    out
}

/// The saved sessions of the sample games.
pub fn sessions() -> Vec<Vec<u8>> {
    samples()
        .into_iter()
        .map(|(_, s)| s.to_json().expect("a session saves").to_string().into_bytes())
        .collect()
}

/// The states of the sample games.
pub fn states() -> Vec<Vec<u8>> {
    samples()
        .into_iter()
        .map(|(id, s)| {
            with_game_byte(id, s.to_json().expect("a session saves")["state"].to_string().as_bytes())
        })
        .collect()
}

/// The views of the sample games, for seat 0 and the spectator.
pub fn views() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (id, session) in samples() {
        for viewer in [Viewer::Seat(0), Viewer::Spectator] {
            let view = session.view(viewer).expect("a view");
            out.push(with_game_byte(id, view.to_string().as_bytes()));
        }
    }
    out
}

/// The positions of the tactics suite, and of sample games of two and four
/// players (first byte: 0 for two, 1 for four).
pub fn six_positions() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = TACTICS
        .iter()
        .map(|t| [vec![u8::from(t.players == 4)], t.position.as_bytes().to_vec()].concat())
        .collect();
    for players in [2u8, 4] {
        let options = Options { players, ..Options::default() };
        for (seed, depth) in [(1, 5), (2, 30), (3, 50), (4, 120)] {
            let mut six = Six::new(&options).expect("two and four players");
            let mut rng = rng_from_seed(seed);
            for _ in 0..depth {
                let Some(action) = random_action(&six, &mut rng) else { break };
                six.apply_unchecked(&action);
            }
            if !six.is_over() {
                out.push([vec![u8::from(players == 4)], six.position().into_bytes()].concat());
            }
        }
    }
    out
}

/// The built-in board and [`SMALL_BOARD`].
pub fn boards() -> Vec<Vec<u8>> {
    vec![DEFAULT_BOARD.as_bytes().to_vec(), SMALL_BOARD.as_bytes().to_vec()]
}

/// The built-in courses on the built-in board, and [`SMALL_COURSE`] on
/// [`SMALL_BOARD`] (board, NUL, course).
pub fn courses() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = BUILT_IN.iter().map(|(_, text)| text.as_bytes().to_vec()).collect();
    out.push([SMALL_BOARD.as_bytes(), b"\0", SMALL_COURSE.as_bytes()].concat());
    out
}

/// The built-in track and [`SHORT_TRACK`].
pub fn tracks() -> Vec<Vec<u8>> {
    vec![DEFAULT_TRACK.as_bytes().to_vec(), SHORT_TRACK.as_bytes().to_vec()]
}

/// A session of requests for every game: a new game, its legal actions, a
/// legal action applied, views, drawings, a bot move, the state and the
/// record loaded back, and some mistakes.
pub fn engine() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (id, session) in samples() {
        let record = serde_json::to_value(session.record()).expect("a record has a JSON form");
        let state = session.to_json().expect("a session saves");
        let seed = record["seed"].clone();
        let mut lines = vec![
            json!({"cmd": "new", "game": id, "seed": seed, "id": 1}),
            json!({"cmd": "legal", "lang": "de"}),
            json!({"cmd": "load", "record": record, "chance": "manual"}),
            json!({"cmd": "legal"}),
        ];
        if let Some(action) = session.legal().first().or(session.chance_outcomes().first().map(|(a, _)| a)) {
            lines.push(json!({"cmd": "apply", "action": action, "version": session.version()}));
        }
        lines.extend([
            json!({"cmd": "view", "seat": 0}),
            json!({"cmd": "describe", "lang": "en"}),
            json!({"cmd": "bot", "bot": "heuristic"}),
            json!({"cmd": "load", "state": state}),
            json!({"cmd": "apply", "action": "?", "seat": 1}),
            json!({"cmd": "result"}),
            json!({"cmd": "record"}),
        ]);
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        out.push(text.join("\n").into_bytes());
    }
    out.push(b"{\"cmd\": \"games\"}\n\n{not json\n[1]\n{\"cmd\": 7}\n".to_vec());
    out
}
