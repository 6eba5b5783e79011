//! What the catalog's tests run on Um Reifenbreite
//! (`crates/catalog/tests/catalog/every_game.rs`): the conformance suite for 2, 3
//! and 4 teams on every printed course and every rules level, and the golden
//! games. (The suite on course and board files read from disk is a test of
//! this crate: `tests/course_files.rs`.)

use crate::course::Course;
use crate::{JerseyJudged, Level, Options};
use serde_json::json;
use spieltisch_conformance::{Config, Golden, VariantSet};

/// Every printed course with 2 to 4 teams at every rules level; managers
/// sharing teams, a stage race and the jersey judged at the end of the
/// round. Few playouts, checked at every 61st step: a race is long.
pub fn conformance() -> Vec<VariantSet<Options>> {
    let config = Config { playouts: 2, seed: 11, stride: 61, resamples: 1 };
    let course = |key| {
        let mut sets = Vec::new();
        for teams in 2..=4 {
            for rules in [Level::Basic, Level::Advanced, Level::Pro] {
                sets.push(Options { teams, course: Course::built_in(key), rules, ..Options::default() });
            }
        }
        sets
    };
    let others = vec![
        Options { teams: 4, seats: Some(2), ..Options::default() },
        Options { teams: 3, seats: Some(2), rules: Level::Advanced, ..Options::default() },
        Options {
            teams: 2,
            stages: Some(["paris-roubaix", "luettich"].map(|c| Course::built_in(c).unwrap()).to_vec()),
            rules: Level::Pro,
            ..Options::default()
        },
        // The jersey judged at the end of the round (15.1), with the claims
        // waiting in the state.
        Options {
            teams: 4,
            course: Course::built_in("tour"),
            rules: Level::Pro,
            jersey_judged: Some(JerseyJudged::RoundEnd),
            ..Options::default()
        },
    ];
    vec![
        VariantSet::new("Paris–Roubaix", course("paris-roubaix"), config),
        VariantSet::new("Lüttich–Bastogne–Lüttich", course("luettich"), config),
        VariantSet::new("Giro d'Italia", course("giro"), config),
        VariantSet::new("Tour de France", course("tour"), config),
        VariantSet::new("shared seats, a stage race, the jersey judged at the round's end", others, config),
    ]
}

/// A race on a short course in full; a race on the default course and a
/// stage race as hashes.
pub fn goldens() -> Vec<Golden<Options>> {
    vec![
        Golden::written(
            "strip",
            Options { teams: 2, course: Some(strip()), rules: Level::Pro, ..Options::default() },
            2,
            "a whole race with the professional rules on a short course of its own (`strip`), a sprint on \
             the way: every step of a race, views and all, in a file one can read",
        ),
        Golden::hashed(
            "pro",
            Options { teams: 2, rules: Level::Pro, ..Options::default() },
            5,
            "two teams with the professional rules on the default course",
        ),
        Golden::hashed(
            "stage_race",
            Options {
                teams: 3,
                stages: Some(vec![strip(), strip()]),
                rules: Level::Advanced,
                ..Options::default()
            },
            7,
            "a stage race of two stages on the short course, three teams, the advanced rules",
        ),
    ]
}

/// A short course on a board of its own: from start 1 over line A, six
/// rows of asphalt, two of cobbles, two climbing, two descending, a curve
/// and four rows to line B (a sprint), and six rows back to the finish at A.
fn strip() -> Course {
    let board = json!({
        "name": "strip",
        "segments": [
            { "from": "A", "to": "B", "blocks": [
                { "row": "a a a a", "repeat": 6 },
                { "rows": ["c1 c2 c1 c2", "c2 c1 c2 c1"] },
                { "row": "u2 u2 u3 u3", "repeat": 2 },
                { "row": "d2 d2 d2 d2", "repeat": 2 },
                { "curve": ["a a a a", "a a a", "a a", "a"] },
                { "row": "a a a a", "repeat": 4 }
            ] },
            { "from": "B", "to": "A", "blocks": [{ "row": "a a a a", "repeat": 6 }] }
        ],
        "starts": [{ "name": "1", "from": "B", "to": "A", "rows": 4 }]
    });
    serde_json::from_value(json!({
        "key": "strip",
        "name": "Strip",
        "start": "1",
        "via": ["A", "B"],
        "finish": "A",
        "sprints": [{ "at": "B", "points": [11, 8, 5] }],
        "energy_rows": 1,
        "board": board
    }))
    .expect("the strip is a course")
}
