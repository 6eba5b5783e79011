//! Every fuzz body, driven by proptest: on its seeds as they are, on random
//! bytes, and on near-valid inputs (its seeds with a few edits: bytes of
//! notation changed, JSON values replaced, keys and elements dropped or
//! doubled), so that the deep paths are reached and not only the first
//! refusal. Bounded: a few seconds for all of them in a debug build;
//! `fuzz/` runs the same bodies for as long as one likes.

use proptest::prelude::*;
use serde_json::{Value, json};
use std::sync::LazyLock;

/// Fragments that notation, seat specs, options and JSON values are made of.
const FRAGMENTS: &[&str] = &[
    "0",
    "1",
    "7",
    "9",
    "-",
    "+",
    ",",
    " ",
    ":",
    "=",
    ".",
    "\n",
    "\t",
    "\r",
    "x",
    "A",
    "ß",
    "é",
    "\u{0}",
    "-1",
    "39",
    "51",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "99999999999999999999",
    "play",
    "draw",
    "place",
    "lift",
    "keep",
    "hill",
    "pass",
    "to",
    "card",
    "roll",
    "first",
    "photo",
    "mcts",
    "iters",
    "threads",
    "human",
    "true",
    "none",
    "auto",
    "{",
    "}",
    "[",
    "]",
    "\"",
];

/// What a body's seed is made of, for editing it.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Notation or other text: edit its bytes.
    Text,
    /// JSON after `skip` bytes that are kept (the game byte), in parts
    /// separated by `sep` (engine lines, a board before a course): each
    /// edit changes one value of one part.
    Json { skip: usize, sep: Option<u8> },
}

/// One edit of a seed; its numbers pick where and what.
#[derive(Clone, Debug)]
struct Edit {
    kind: u8,
    at: usize,
    part: usize,
    pick: usize,
    fragment: &'static str,
}

fn edit() -> impl Strategy<Value = Edit> {
    (any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>(), proptest::sample::select(FRAGMENTS))
        .prop_map(|(kind, at, part, pick, fragment)| Edit { kind, at, part, pick, fragment })
}

fn edit_text(bytes: &mut Vec<u8>, e: &Edit) {
    let at = if bytes.is_empty() { 0 } else { e.at % (bytes.len() + 1) };
    match e.kind % 5 {
        0 => {
            let end = (at + 1 + e.pick % 4).min(bytes.len());
            bytes.drain(at..end);
        }
        1 => {
            bytes.splice(at..at, e.fragment.bytes());
        }
        2 => {
            let end = (at + e.fragment.len()).min(bytes.len());
            bytes.splice(at..end, e.fragment.bytes());
        }
        3 => bytes.truncate(at.max(1)),
        _ => {
            let end = (at + 1 + e.pick % 8).min(bytes.len());
            let copy = bytes[at..end].to_vec();
            bytes.splice(at..at, copy);
        }
    }
}

/// Values that break assumptions: bounds of the integer types, other types,
/// words of the games.
fn odd_value(pick: usize, fragment: &str) -> Value {
    let values = [
        json!(0),
        json!(-1),
        json!(1),
        json!(3),
        json!(255),
        json!(256),
        json!(65535),
        json!(65536),
        json!(4294967296u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(0.5),
        json!(1e300),
        json!(""),
        json!(fragment),
        json!(true),
        Value::Null,
        json!([]),
        json!({}),
        json!([0, 1, 2]),
        json!("0,0"),
        json!("A"),
    ];
    values[pick % values.len()].clone()
}

/// Applies `e` to the node number `*target` (in preorder) of `value`.
fn edit_node(value: &mut Value, target: &mut usize, e: &Edit) -> bool {
    if *target == 0 {
        match (e.kind % 6, &mut *value) {
            (1, Value::Object(map)) if !map.is_empty() => {
                let key = map.keys().nth(e.pick % map.len()).cloned().unwrap_or_default();
                map.remove(&key);
            }
            (1, Value::Array(items)) if !items.is_empty() => {
                items.remove(e.pick % items.len());
            }
            (2, Value::Array(items)) if !items.is_empty() => {
                let item = items[e.pick % items.len()].clone();
                items.push(item);
            }
            (2, Value::Object(map)) => {
                map.insert(e.fragment.to_string(), odd_value(e.pick, e.fragment));
            }
            (3, Value::Number(n)) => {
                let n = n.as_i64().unwrap_or(0);
                *value =
                    json!(if e.pick.is_multiple_of(2) { n.saturating_add(1) } else { n.saturating_sub(1) });
            }
            (3 | 4, Value::String(s)) => {
                let mut bytes = s.clone().into_bytes();
                edit_text(&mut bytes, e);
                *value = Value::String(String::from_utf8_lossy(&bytes).into_owned());
            }
            _ => *value = odd_value(e.pick, e.fragment),
        }
        return true;
    }
    *target -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| edit_node(v, target, e)),
        Value::Object(map) => map.values_mut().any(|v| edit_node(v, target, e)),
        _ => false,
    }
}

fn count_nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(map) => map.values().map(count_nodes).sum(),
        _ => 0,
    }
}

fn edit_json(bytes: &mut Vec<u8>, skip: usize, sep: Option<u8>, e: &Edit) {
    let skip = skip.min(bytes.len());
    let (head, body) = bytes.split_at(skip);
    let mut parts: Vec<Vec<u8>> = match sep {
        Some(sep) => body.split(|&b| b == sep).map(<[u8]>::to_vec).collect(),
        None => vec![body.to_vec()],
    };
    let i = e.part % parts.len();
    if let Ok(mut value) = serde_json::from_slice::<Value>(&parts[i]) {
        let mut target = e.at % count_nodes(&value);
        edit_node(&mut value, &mut target, e);
        parts[i] = value.to_string().into_bytes();
    } else {
        edit_text(&mut parts[i], e);
    }
    let mut out = head.to_vec();
    out.extend(parts.join(&sep.unwrap_or(b'\n')));
    *bytes = out;
}

/// A seed of the body with one to four edits.
fn near_valid(seeds: &'static [Vec<u8>], shape: Shape) -> impl Strategy<Value = Vec<u8>> {
    (proptest::sample::select(seeds), proptest::collection::vec(edit(), 1..=2)).prop_map(
        move |(seed, edits)| {
            let mut bytes = seed;
            for e in &edits {
                match shape {
                    Shape::Text => edit_text(&mut bytes, e),
                    Shape::Json { skip, sep } => edit_json(&mut bytes, skip, sep, e),
                }
            }
            bytes
        },
    )
}

/// Actions of the sample games (with up to two edits) in states reached
/// with random options, seeds and numbers of steps: many of them parse, and
/// they are legal in some states and not in others.
fn actions_in_play() -> impl Strategy<Value = Vec<u8>> {
    static ACTIONS: LazyLock<Vec<(&'static str, String)>> = LazyLock::new(|| {
        spieltisch_fuzz::seeds::notation()
            .into_iter()
            .map(|seed| {
                let game = spieltisch_fuzz::Input::new(&seed).game();
                (game, String::from_utf8_lossy(&seed[1..]).into_owned())
            })
            .collect()
    });
    (
        proptest::sample::select(ACTIONS.as_slice()),
        proptest::collection::vec(any::<u8>(), 0..12),
        any::<u16>(),
        any::<u8>(),
        proptest::collection::vec(edit(), 0..=2),
    )
        .prop_map(|((game, text), options, seed, steps, edits)| {
            let mut text = text.clone().into_bytes();
            for e in &edits {
                edit_text(&mut text, e);
            }
            let text = String::from_utf8_lossy(&text);
            spieltisch_fuzz::seeds::in_play_input(game, &options, seed, steps, &text)
        })
}

/// Space tokens of board files, and wrong ones.
const TOKENS: &[&str] = &["a", "a", "a", "a", "c1", "c4", "u1", "u6", "d1", "d4"];
const WRONG_TOKENS: &[&str] = &["u9", "a1", "x", "c0"];

fn token() -> impl Strategy<Value = &'static str> {
    prop_oneof![100 => proptest::sample::select(TOKENS), 1 => proptest::sample::select(WRONG_TOKENS)]
}

/// A row of 1 to 4 space tokens, mostly 4 (rarely 5 or none).
fn row() -> impl Strategy<Value = String> {
    let lanes = prop_oneof![40 => Just(4usize), 20 => 1usize..=3, 1 => Just(0usize), 1 => Just(5usize)];
    lanes.prop_flat_map(|n| proptest::collection::vec(token(), n)).prop_map(|t| t.join(" "))
}

/// A block of a board file: a repeated row, rows, or a curve whose lanes
/// may differ much in length.
fn block() -> impl Strategy<Value = Value> {
    let repeat = prop_oneof![
        30 => (1u64..=4).prop_map(|n| json!(n)),
        1 => proptest::sample::select(vec![json!(0), json!(16_400), json!(4294967296u64)]),
    ];
    let lanes = prop_oneof![
        40 => proptest::collection::vec(lane(), 4),
        20 => proptest::collection::vec(lane(), 1..=3),
        1 => proptest::collection::vec(lane(), 0..=5),
    ];
    prop_oneof![
        (row(), repeat).prop_map(|(row, repeat)| json!({"row": row, "repeat": repeat})),
        proptest::collection::vec(row(), 1..4).prop_map(|rows| json!({"rows": rows})),
        lanes.prop_map(|lanes| json!({"curve": lanes})),
    ]
}

/// A lane of a curve: a few spaces, or very many.
fn lane() -> impl Strategy<Value = String> {
    let length = prop_oneof![30 => 1usize..=6, 1 => Just(9_000usize)];
    (token(), length).prop_map(|(t, n)| vec![t; n].join(" "))
}

const LINES: &[&str] = &["A", "B", "C", "D", "E"];

/// A board file, NUL, and a course file on it. Mostly a round A-B-C-D-A
/// whose segments have random blocks before four plain rows (so that the
/// start area and the way into the next segment are sound) and a route of
/// any length round it; sometimes random segments and start areas.
fn board_and_course() -> impl Strategy<Value = Vec<u8>> {
    let sound = proptest::collection::vec(proptest::collection::vec(block(), 0..3), 4).prop_map(|segments| {
        let segments: Vec<Value> = segments
            .into_iter()
            .enumerate()
            .map(|(i, mut blocks)| {
                blocks.push(json!({"row": "a a a a", "repeat": 4}));
                json!({"from": LINES[i], "to": LINES[(i + 1) % 4], "blocks": blocks})
            })
            .collect();
        json!({"name": "round", "segments": segments, "starts": [{"name": "1", "from": "D", "to": "A", "rows": 4}]})
    });
    let line = || proptest::sample::select(LINES);
    let segment = (line(), line(), proptest::collection::vec(block(), 1..4))
        .prop_map(|(from, to, blocks)| json!({"from": from, "to": to, "blocks": blocks}));
    let start = (line(), line(), 3usize..7)
        .prop_map(|(from, to, rows)| json!({"name": "1", "from": from, "to": to, "rows": rows}));
    let random = (proptest::collection::vec(segment, 1..6), proptest::collection::vec(start, 1..3))
        .prop_map(|(segments, starts)| json!({"name": "random", "segments": segments, "starts": starts}));
    let board = prop_oneof![4 => sound, 1 => random];
    let round = prop_oneof![3 => 1usize..9, 1 => 200usize..300];
    let pass = prop_oneof![4 => Just(None), 1 => (0u8..4).prop_map(Some)];
    let sprint = (proptest::sample::select(&LINES[..4]), pass).prop_map(|(at, pass)| match pass {
        Some(pass) => json!({"at": at, "points": [5, 3, 1], "pass": pass}),
        None => json!({"at": at, "points": [5, 3, 1]}),
    });
    let rows = prop_oneof![10 => 1u8..=2, 1 => 0u8..4];
    let course = (round, proptest::collection::vec(sprint, 0..=2), rows).prop_map(|(n, sprints, rows)| {
        let via: Vec<&str> = (0..n).map(|i| LINES[i % 4]).collect();
        let finish = LINES[n % 4];
        json!({"name": "made", "start": "1", "via": via, "finish": finish, "sprints": sprints, "energy_rows": rows})
    });
    (board, course).prop_map(|(board, course)| {
        [board.to_string().into_bytes(), vec![0], course.to_string().into_bytes()].concat()
    })
}

/// Board files of [`board_and_course`].
fn made_board() -> impl Strategy<Value = Vec<u8>> {
    board_and_course().prop_map(|input| {
        let end = input.iter().position(|&b| b == 0).unwrap_or(input.len());
        input[..end].to_vec()
    })
}

/// Random bytes, and random text made of the fragments.
fn random_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        (any::<u8>(), proptest::collection::vec(proptest::sample::select(FRAGMENTS), 0..12))
            .prop_map(|(game, parts)| [vec![game], parts.concat().into_bytes()].concat()),
    ]
}

macro_rules! bodies {
    ($( $body:ident: $seeds:ident, $shape:expr, $cases:expr $(, $made:ident)?; )*) => {
        $(
            mod $body {
                use super::*;

                static SEEDS: LazyLock<Vec<Vec<u8>>> = LazyLock::new(spieltisch_fuzz::seeds::$seeds);

                #[test]
                fn on_its_seeds() {
                    assert!(!SEEDS.is_empty());
                    for seed in SEEDS.iter() {
                        spieltisch_fuzz::$body(seed);
                    }
                }

                proptest! {
                    #![proptest_config(ProptestConfig { cases: $cases, failure_persistence: None, ..ProptestConfig::default() })]

                    #[test]
                    fn on_random_input(input in random_input()) {
                        spieltisch_fuzz::$body(&input);
                    }

                    #[test]
                    fn on_near_valid_input(input in near_valid(&SEEDS, $shape)) {
                        spieltisch_fuzz::$body(&input);
                    }

                    $(
                    /// Inputs made for this body.
                    #[test]
                    fn on_made_input(input in $made()) {
                        spieltisch_fuzz::$body(&input);
                    }
                    )?
                }
            }
        )*
    };
}

bodies! {
    action_notation: notation, Shape::Text, 256;
    action_in_play: in_play, Shape::Text, 256, actions_in_play;
    seat_spec: seat_specs, Shape::Text, 256;
    options: options, Shape::Json { skip: 2, sep: None }, 256;
    record: records, Shape::Json { skip: 0, sep: None }, 256;
    session: sessions, Shape::Json { skip: 0, sep: None }, 256;
    state_json: states, Shape::Json { skip: 1, sep: None }, 256;
    view_json: views, Shape::Json { skip: 1, sep: None }, 256;
    six_position: six_positions, Shape::Text, 256;
    board: boards, Shape::Json { skip: 0, sep: None }, 256, made_board;
    course: courses, Shape::Json { skip: 0, sep: Some(0) }, 256, board_and_course;
    track: tracks, Shape::Json { skip: 0, sep: None }, 256;
    engine: engine, Shape::Json { skip: 0, sep: Some(b'\n') }, 128;
}
