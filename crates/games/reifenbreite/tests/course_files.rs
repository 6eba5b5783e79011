//! Course and board files read from disk: the conformance suite on a
//! course of one's own, and a broken course file refused with its reason.
//! (The suite on every printed course, team count and rules level runs for
//! every registered game in the catalog's `tests/catalog/every_game.rs`, on the sets
//! of `test_plan`.)

use spieltisch_conformance::{Config, check};
use spieltisch_reifenbreite::course::read_course_file;
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

#[test]
fn own_course_and_board_files() {
    let dir = std::env::temp_dir().join(format!("reifenbreite-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.json");
    std::fs::write(
        &board,
        r#"{"name":"oval","segments":[
            {"from":"A","to":"B","blocks":[{"row":"a a a a","repeat":20},{"curve":["a a a a","a a a","a a","a"]},{"row":"c2 c1 c2 c1","repeat":10}]},
            {"from":"B","to":"A","blocks":[{"row":"u2 u3 u2 u3","repeat":8},{"row":"d2 d2 d2 d2","repeat":8},{"row":"a a a a","repeat":10}]}],
            "starts":[{"name":"1","from":"B","to":"A","rows":4}]}"#,
    )
    .unwrap();
    let course = dir.join("course.json");
    std::fs::write(
        &course,
        // The board lies beside the course file: its path is relative to it.
        r#"{"name":"Oval","start":"1","via":["A","B"],"finish":"A","sprints":[{"at":"B","points":[11,8,5]}],"board":"board.json"}"#,
    )
    .unwrap();
    // The oval ridden twice, a sprint at each passing of line B (and so the
    // yellow jersey, which needs more than one sprint).
    let twice = dir.join("twice.json");
    std::fs::write(
        &twice,
        r#"{"name":"Oval twice","start":"1","via":["A","B","A","B"],"finish":"A","board":"board.json",
            "sprints":[{"at":"B","points":[11,8,5],"pass":1},{"at":"B","points":[7,5,3],"pass":2}]}"#,
    )
    .unwrap();
    let pro_on = |file: &std::path::Path| Options {
        teams: 3,
        course: Some(read_course_file(file, "course.json").unwrap()),
        rules: Level::Pro,
        ..Options::default()
    };
    check::<Reifenbreite>(
        &[pro_on(&course), pro_on(&twice)],
        Config { playouts: 2, seed: 3, stride: 17, resamples: 1 },
    );
    // A broken course file is rejected with its reason.
    std::fs::write(&course, r#"{"name":"x","start":"9","via":["A"],"finish":"B"}"#).unwrap();
    let err = read_course_file(&course, "course.json").unwrap_err();
    assert!(err.contains("no start area '9'") && err.contains("course.json"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
