//! The view is designed data: exact points without the 840, cards listed by
//! value, named pile counts, totals and ranks worked out, and still a complete
//! information state for the seat that sees it.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use spieltisch_core::{Game, Viewer, driver::random_action};
use spieltisch_sechstage::{Mixed, Options, Points, Sechstage, View};

/// Every view of a seeded 3-race series, step by step, with the state that showed it.
fn series(seed: u64) -> Vec<(Sechstage, Viewer, View)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Sechstage::new(&Options { players: 5, races: 3, ..Default::default() }).unwrap();
    let mut seen = Vec::new();
    loop {
        for viewer in [Viewer::Seat(0), Viewer::Seat(3), Viewer::Spectator] {
            seen.push((game.clone(), viewer, game.view(viewer)));
        }
        let Some(action) = random_action(&game, &mut rng) else { break };
        game.apply(&action).unwrap();
    }
    seen
}

/// Every key of `value`, at any depth.
fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                out.push(k.clone());
                keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

#[test]
fn views_carry_designed_fields_only() {
    for (_, viewer, view) in series(4).iter().step_by(7) {
        let json = serde_json::to_value(view).unwrap();
        let mut all = Vec::new();
        keys(&json, &mut all);
        for key in &all {
            assert!(key.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{key} is not snake_case");
        }
        assert!(json.get("turn").is_none(), "the message carries whose turn it is");
        for rider in json["riders"].as_array().unwrap() {
            // Exact points as a mixed number, never a count of 840ths.
            let points = &rider["points"];
            assert!(
                points["den"].as_i64().unwrap() >= 1
                    && points["num"].as_i64().unwrap() < points["den"].as_i64().unwrap()
            );
            // Cards by value: no value 0, no empty entry.
            for list in ["played_green", "played_grey", "hand"] {
                for card in rider[list].as_array().into_iter().flatten() {
                    assert!((1..=7).contains(&card["value"].as_u64().unwrap()), "{list}: {card}");
                    assert!(card["count"].as_u64().unwrap() > 0, "{list}: {card}");
                }
            }
            assert!(rider["drawn"]["low"].is_u64() && rider["drawn"]["high"].is_u64());
            let own = *viewer == Viewer::Seat(rider["seat"].as_u64().unwrap() as usize);
            assert_eq!(rider["hand"].is_array(), own, "only the viewer's own hand: {rider}");
        }
        assert!(json["piles"]["low"].is_u64() && json["piles"]["high"].is_u64());
        if let Some(due) = json["draws_due"].as_object() {
            assert!(due.contains_key("low") && due.contains_key("high"));
        }
    }
}

#[test]
fn standings_and_the_score_sheet_agree_with_the_game() {
    let seen = series(6);
    let mut sheets = 0;
    for (game, _, view) in &seen {
        let laps = game.total_laps_down();
        let points = game.total_points();
        for standing in &view.standings {
            assert_eq!(standing.laps_down, laps[standing.seat]);
            assert_eq!(standing.points, Mixed::from(points[standing.seat]));
        }
        for (row, result) in view.score_sheet.iter().zip(game.race_results()) {
            for line in &row.riders {
                assert_eq!(line.points.points(), Some(result.points[line.seat]));
                assert_eq!(line.laps_down, result.laps_down[line.seat]);
                assert_eq!(result.placing[line.place - 1], line.seat, "place counts from 1");
            }
        }
        sheets = sheets.max(view.score_sheet.len());
    }
    assert_eq!(sheets, 3, "the sheet grew to the three races run");
    // Once over, the ranks are the outcome's.
    let (game, _, view) = seen.last().unwrap();
    assert_eq!(view.mover, None, "nobody moves once the series is over");
    let ranks: Vec<u32> = view.standings.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, game.outcome().unwrap().ranks);
    // And the points add up race by race.
    for standing in &view.standings {
        let sum: Points =
            view.score_sheet.iter().map(|row| row.riders[standing.seat].points.points().unwrap()).sum();
        assert_eq!(Mixed::from(sum), standing.points);
    }
}

#[test]
fn a_seat_view_rebuilds_a_state_that_shows_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for (game, viewer, view) in series(8).iter().step_by(5) {
        let Viewer::Seat(seat) = *viewer else { continue };
        let fixed = Sechstage::static_part(game.options());
        let world = Sechstage::resample(view, &fixed, seat, &mut rng);
        assert_eq!(&world.view(*viewer), view);
        assert_eq!(world.turn(), game.turn());
        assert_eq!(world.race_results(), game.race_results(), "the score sheet reads back exactly");
    }
}

#[test]
fn the_static_part_carries_the_points_tables() {
    let fixed = serde_json::to_value(Sechstage::static_part(&Options::default())).unwrap();
    assert_eq!(fixed["sprint_points"], serde_json::json!([5, 3, 2, 1]));
    assert_eq!(fixed["finish_points"], serde_json::json!([10, 6, 4, 2]));
    assert_eq!(fixed["races"], 6);
    assert_eq!(fixed["track"]["sprints"], serde_json::json!([27, 54]));
}
