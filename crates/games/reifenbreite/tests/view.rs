//! The view is designed data: snake_case keys, words for states and phases,
//! riders by their printed numbers, flags instead of bitmasks, `null`
//! instead of sentinel values; and it leaves what never changes (the course
//! drawings, the rules' tables) to the static part, which it is small beside.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch_core::{Game, Turn, Viewer, driver::random_action};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite, course::Course};

/// What the view may never hold, anywhere in its JSON: a key that is not
/// snake_case, a PascalCase word (an enum's Rust name), the sentinel 65535,
/// or `moved` as anything but a flag.
fn forbidden(path: &str, value: &Value, out: &mut Vec<String>) {
    let pascal = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && s.chars().all(|c| c.is_ascii_alphabetic())
            && s.chars().any(|c| c.is_ascii_lowercase())
    };
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                if !key.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') {
                    out.push(format!("{path}.{key}: a key that is not snake_case"));
                }
                if key == "moved" && !v.is_boolean() {
                    out.push(format!("{path}.moved: {v}, not a flag"));
                }
                forbidden(&format!("{path}.{key}"), v, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                forbidden(&format!("{path}[{i}]"), v, out);
            }
        }
        Value::String(s) if pascal(s) => out.push(format!("{path}: {s:?}, a PascalCase word")),
        Value::Number(n) if n.as_u64() == Some(65535) => out.push(format!("{path}: the sentinel 65535")),
        _ => {}
    }
}

fn tour(teams: u8) -> Options {
    Options { teams, course: Course::built_in("tour"), rules: Level::Pro, ..Options::default() }
}

#[test]
fn views_hold_no_bitmask_sentinel_or_rust_name() {
    for (options, seed) in [(tour(4), 1), (tour(2), 2), (Options { teams: 3, ..Options::default() }, 3)] {
        let mut g = Reifenbreite::new(&options).unwrap();
        let fixed = g.static_of();
        let numbers: Vec<u64> = fixed.riders.iter().map(|r| u64::from(r.number)).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut step = 0;
        loop {
            if step % 7 == 0 || g.turn() == Turn::Over {
                for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
                    let view = g.view(viewer);
                    let json = serde_json::to_value(&view).unwrap();
                    let mut wrong = Vec::new();
                    forbidden("", &json, &mut wrong);
                    assert!(wrong.is_empty(), "seed {seed} step {step} {viewer}: {wrong:?}\n{json}");
                    let listed: Vec<u64> = json["riders"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|r| r["number"].as_u64().unwrap())
                        .collect();
                    assert_eq!(
                        listed, numbers,
                        "riders by their printed numbers, in the static part's order"
                    );
                    for n in json["phase"]
                        .as_object()
                        .unwrap()
                        .iter()
                        .filter(|(k, _)| ["rider", "leader", "asked"].contains(&k.as_str()))
                    {
                        assert!(
                            numbers.contains(&n.1.as_u64().unwrap()),
                            "seed {seed} step {step}: phase {n:?}"
                        );
                    }
                    // The view and the static part are the viewer's whole
                    // information: the race they describe shows the same view.
                    assert_eq!(view.race(&fixed).view(viewer), view, "seed {seed} step {step} {viewer}");
                }
            }
            if g.turn() == Turn::Over {
                break;
            }
            let a = random_action(&g, &mut rng).expect("the game is not over");
            g.apply_unchecked(&a);
            step += 1;
        }
    }
}

/// Hidden photo-card numbers are `null` until the race is over, and shown
/// at its end.
#[test]
fn photo_numbers_are_null_until_the_end() {
    let mut g = Reifenbreite::new(&tour(2)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut seen_hidden = false;
    while g.turn() != Turn::Over {
        let a = random_action(&g, &mut rng).expect("the game is not over");
        g.apply_unchecked(&a);
        for r in &g.view(Viewer::Seat(0)).riders {
            assert!(g.turn() == Turn::Over || r.photos.iter().all(Option::is_none), "{:?}", r.photos);
            seen_hidden |= !r.photos.is_empty() && g.turn() != Turn::Over;
        }
    }
    let end = g.view(Viewer::Spectator);
    assert!(end.riders.iter().all(|r| r.photos.iter().all(Option::is_some)));
    if !seen_hidden {
        eprintln!("no tow was taken in this race: nothing was hidden");
    }
}

/// On the Tour, one view is small beside the static part, which carries the
/// course drawing once per table.
#[test]
fn a_tour_view_is_small_and_the_course_is_in_the_static_part() {
    let mut g = Reifenbreite::new(&tour(4)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..21 {
        let a = random_action(&g, &mut rng).expect("the game is not over");
        g.apply_unchecked(&a);
    }
    let view = serde_json::to_string(&g.view(Viewer::Seat(0))).unwrap();
    let fixed = serde_json::to_string(&g.static_of()).unwrap();
    println!(
        "Tour, 4 teams, pro, after 21 actions: view {} bytes, static part {} bytes",
        view.len(),
        fixed.len()
    );
    assert!(view.len() < 4_000, "{} bytes: {view}", view.len());
    assert!(!view.contains("spaces") && fixed.contains("\"spaces\""));
}
