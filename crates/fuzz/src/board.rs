//! Um Reifenbreite board files (`Board::from_json`).

use serde_json::{Value, json};
use spieltisch_reifenbreite::board::{Block, Board};

/// Reads the input as a board file.
///
/// Checks: a refusal says why; an accepted board keeps the shape its file
/// format promises (rows of 1 to 4 spaces, curves of 1 to 4 lanes, start
/// areas on segments it has) and prints ([`board_file`]) as a board file that
/// reads back to the same board.
pub fn board(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let board = match Board::from_json(&text) {
        Ok(board) => board,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{text:?}: refused without a reason");
            return;
        }
    };
    for segment in &board.segments {
        assert!(!segment.blocks.is_empty(), "{text:?}: segment {}{} has no road", segment.from, segment.to);
        for block in &segment.blocks {
            let shaped = match block {
                Block::Straight(rows) => !rows.is_empty() && rows.iter().all(|r| (1..=4).contains(&r.len())),
                Block::Curve(lanes) => (1..=4).contains(&lanes.len()) && lanes.iter().all(|l| !l.is_empty()),
            };
            assert!(shaped, "{text:?}: a block of the wrong shape: {block:?}");
        }
    }
    for start in &board.starts {
        assert!(
            board.segment(start.from, start.to).is_some(),
            "{text:?}: start area {} is on no segment",
            start.name
        );
    }
    let printed = board_file(&board);
    assert_eq!(
        Board::from_json(&printed).as_ref(),
        Ok(&board),
        "{text:?} reads as a board that prints as {printed}, which does not read back"
    );
}

/// A board as a board file: every straight block as its `rows`, every curve
/// as its lanes, every start area as given.
pub fn board_file(board: &Board) -> String {
    let line = |cells: &[spieltisch_reifenbreite::board::Cell]| {
        cells.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    };
    let segments: Vec<Value> = board
        .segments
        .iter()
        .map(|segment| {
            let blocks: Vec<Value> = segment
                .blocks
                .iter()
                .map(|block| match block {
                    Block::Straight(rows) => {
                        json!({ "rows": rows.iter().map(|r| line(r)).collect::<Vec<_>>() })
                    }
                    Block::Curve(lanes) => {
                        json!({ "curve": lanes.iter().map(|l| line(l)).collect::<Vec<_>>() })
                    }
                })
                .collect();
            json!({ "from": segment.from.to_string(), "to": segment.to.to_string(), "blocks": blocks })
        })
        .collect();
    let starts: Vec<Value> = board
        .starts
        .iter()
        .map(
            |s| json!({ "name": s.name, "from": s.from.to_string(), "to": s.to.to_string(), "rows": s.rows }),
        )
        .collect();
    json!({ "name": board.name, "segments": segments, "starts": starts }).to_string()
}
