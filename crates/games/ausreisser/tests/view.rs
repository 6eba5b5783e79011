//! The view is designed data: snake_case keys and kinds, one entry per
//! rider at the table, cards by their rulebook names, and the public table
//! it shows given back by `View::table`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch_ausreisser::{Ausreisser, Options, Phase, PhaseView, View};
use spieltisch_core::{Game, Viewer, driver::random_action};

fn is_snake_case(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Every key and every `kind` in `value` is snake_case or a card's name.
fn check_words(value: &Value, path: &str) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                assert!(is_snake_case(key), "{path}: key {key:?}");
                if key == "kind" {
                    assert!(v.as_str().is_some_and(is_snake_case), "{path}.kind: {v}");
                }
                check_words(v, &format!("{path}.{key}"));
            }
        }
        Value::Array(items) => items.iter().for_each(|v| check_words(v, path)),
        _ => {}
    }
}

#[test]
fn views_are_designed_data_sized_to_the_table() {
    for (seed, players) in [(1u64, 2u8), (2, 3), (3, 5), (4, 6)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Ausreisser::new(&Options { players, special: true, stages: 2 }).unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        loop {
            for viewer in [Viewer::Spectator, Viewer::Seat(usize::from(players) - 1)] {
                let view = g.view(viewer);
                let json = serde_json::to_value(&view).unwrap();
                check_words(&json, "view");
                assert_eq!(json["riders"].as_array().unwrap().len(), usize::from(players));
                if let Some(drawn) = json["phase"].get("drawn") {
                    assert_eq!(drawn.as_array().unwrap().len(), usize::from(players));
                }
                kinds.insert(json["phase"]["kind"].as_str().unwrap().to_string());
                // The view gives back the public table it shows, but for
                // facts that no later step reads: the mover once over, and
                // whether the turn's card was drawn outside the draw.
                let mut table = view.table();
                let truth = g.table();
                if truth.phase == Phase::Over {
                    table.mover = truth.mover;
                }
                if truth.phase != Phase::Draw {
                    table.turn_drawn = truth.turn_drawn;
                }
                assert_eq!(&table, truth, "seed {seed}");
                let back: View = serde_json::from_value(json).unwrap();
                assert_eq!(back, view);
            }
            if g.is_over() {
                break;
            }
            let action = random_action(&g, &mut rng).unwrap();
            g.apply(&action).unwrap();
        }
        for kind in ["choose", "deal", "draw", "play", "refill", "over"] {
            assert!(kinds.contains(kind), "seed {seed}: never saw {kind} in {kinds:?}");
        }
        let PhaseView::Over { winners, total } = g.view(Viewer::Spectator).phase else { unreachable!() };
        let totals: Vec<i32> = (0..usize::from(players)).map(|s| g.table().totals[s]).collect();
        assert_eq!(Some(&total), totals.iter().max());
        assert_eq!(winners, (0..usize::from(players)).filter(|&s| totals[s] == total).collect::<Vec<_>>());
    }
}

#[test]
fn a_view_from_outside_never_panics() {
    // A view read from outside may be one no game shows: seats beyond the
    // riders, no riders at all. Rebuilding and resampling give some state.
    let g = Ausreisser::new(&Options::default()).unwrap();
    let mut view = g.view(Viewer::Seat(0));
    view.phase = PhaseView::Play { seat: 9 };
    view.leader = Some(12);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let _ = Ausreisser::resample(&view, &(), 0, &mut rng);
    view.riders.clear();
    let _ = Ausreisser::resample(&view, &(), 0, &mut rng);
}
