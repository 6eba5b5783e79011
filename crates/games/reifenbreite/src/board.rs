//! The board: segments of road between the finish lines A–E, made of
//! straight blocks and curves, read from a JSON data file and validated.
//!
//! # File format
//!
//! ```json
//! {
//!   "name": "…",
//!   "segments": [
//!     { "from": "A", "to": "B", "blocks": [
//!         { "repeat": 8, "row": "a a a a" },
//!         { "rows": ["u1 u2 u1 u2", "u2 u2 u3 u3"] },
//!         { "curve": ["a a a a a a", "a a a a a", "a a a a", "a a a"] }
//!     ] }
//!   ],
//!   "starts": [ { "name": "1", "from": "D", "to": "A", "rows": 4 } ]
//! }
//! ```
//!
//! - A *row* lists the spaces side by side, lane 1 (rightmost in the
//!   direction of travel) first; a row may have 1 to 4 lanes (lanes 1..k).
//! - A *space token* is `a` (asphalt), `c1`–`c4` (cobblestones), `u1`–`u6`
//!   (climb, "up") or `d1`–`d4` (descent), the digit being the number
//!   printed on the space.
//! - A *curve* lists each lane's spaces (lane 1 first); the lanes may differ
//!   in length, and thick lines separate them: inside a curve, and on the
//!   steps into and out of it, a rider stays in his lane.
//! - On straight blocks a rider moves to the next row straight on or
//!   diagonally to a neighbouring lane.
//! - A *start area* is the last `rows` rows of a segment (the start lies just
//!   before that segment's end line); those rows must be straight and have
//!   all four lanes.

use serde::Deserialize;
use std::fmt;
use thiserror::Error;

/// The road surface of a space (section 9: beige, blue-green, red, ochre).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Surface {
    Asphalt,
    Cobbles,
    Climb,
    Descent,
}

impl Surface {
    /// The one-letter token of the board file.
    pub fn token(self) -> char {
        match self {
            Surface::Asphalt => 'a',
            Surface::Cobbles => 'c',
            Surface::Climb => 'u',
            Surface::Descent => 'd',
        }
    }
}

/// One space as the board file describes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub surface: Surface,
    /// The printed number (0 on asphalt).
    pub number: u8,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.surface == Surface::Asphalt {
            write!(f, "a")
        } else {
            write!(f, "{}{}", self.surface.token(), self.number)
        }
    }
}

/// A stretch of road.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    /// Rows of spaces side by side; `rows[r][l]` is lane `l + 1` of row `r`.
    Straight(Vec<Vec<Cell>>),
    /// A curve: `lanes[l]` are the spaces of lane `l + 1`, in order; thick
    /// lines between the lanes.
    Curve(Vec<Vec<Cell>>),
}

/// The road from one finish line to the next.
#[derive(Clone, Debug, PartialEq)]
pub struct Segment {
    pub from: char,
    pub to: char,
    pub blocks: Vec<Block>,
}

/// A start area: the last `rows` rows of the segment `from`→`to`.
#[derive(Clone, Debug, PartialEq)]
pub struct StartArea {
    pub name: String,
    pub from: char,
    pub to: char,
    pub rows: usize,
}

/// A validated board.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub name: String,
    pub segments: Vec<Segment>,
    pub starts: Vec<StartArea>,
}

/// Why a board file was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    #[error("board file is not valid JSON for a board: {0}")]
    Json(String),
    #[error("segment {segment}, block {block}: {reason}")]
    Block { segment: String, block: usize, reason: String },
    #[error("segment {0}: {1}")]
    Segment(String, String),
    #[error("start area '{0}': {1}")]
    Start(String, String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    name: String,
    #[serde(default)]
    #[allow(dead_code)]
    description: String,
    segments: Vec<SegmentFile>,
    starts: Vec<StartFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SegmentFile {
    from: String,
    to: String,
    #[serde(default)]
    #[allow(dead_code)]
    description: String,
    blocks: Vec<BlockFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlockFile {
    #[serde(default)]
    rows: Option<Vec<String>>,
    #[serde(default)]
    row: Option<String>,
    #[serde(default)]
    repeat: Option<usize>,
    #[serde(default)]
    curve: Option<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartFile {
    name: String,
    from: String,
    to: String,
    rows: usize,
}

/// The most spaces one segment may have: a track holds fewer than
/// `u16::MAX` spaces (`course::NONE`), so no course could ride a longer one.
const MAX_SEGMENT_SPACES: usize = u16::MAX as usize - 1;

fn parse_cell(token: &str) -> Result<Cell, String> {
    let mut chars = token.chars();
    let kind = chars.next().ok_or("empty space token")?;
    let rest: String = chars.collect();
    let (surface, max) = match kind {
        'a' if rest.is_empty() => return Ok(Cell { surface: Surface::Asphalt, number: 0 }),
        'a' => return Err(format!("asphalt space '{token}' carries no number")),
        'c' => (Surface::Cobbles, 4),
        'u' => (Surface::Climb, 6),
        'd' => (Surface::Descent, 4),
        _ => return Err(format!("unknown space '{token}' (use a, c1-c4, u1-u6, d1-d4)")),
    };
    match rest.parse::<u8>() {
        Ok(n) if (1..=max).contains(&n) => Ok(Cell { surface, number: n }),
        _ => Err(format!("space '{token}' needs a number from 1 to {max}")),
    }
}

fn parse_row(text: &str) -> Result<Vec<Cell>, String> {
    let cells = text.split_whitespace().map(parse_cell).collect::<Result<Vec<_>, _>>()?;
    if cells.is_empty() || cells.len() > 4 {
        return Err(format!("row '{text}' must have 1 to 4 spaces"));
    }
    Ok(cells)
}

fn line_name(s: &str) -> Result<char, String> {
    match s {
        "A" | "B" | "C" | "D" | "E" => Ok(s.chars().next().unwrap_or('A')),
        _ => Err(format!("'{s}' is not a finish line (A-E)")),
    }
}

impl Board {
    /// Reads and validates a board file.
    pub fn from_json(text: &str) -> Result<Board, BoardError> {
        let file: BoardFile = serde_json::from_str(text).map_err(|e| BoardError::Json(e.to_string()))?;
        Board::from_file(file)
    }

    /// Validates a board as a [`crate::course::Course`] carries it (the
    /// board file's JSON).
    pub fn from_value(value: &serde_json::Value) -> Result<Board, BoardError> {
        let file = BoardFile::deserialize(value).map_err(|e| BoardError::Json(e.to_string()))?;
        Board::from_file(file)
    }

    fn from_file(file: BoardFile) -> Result<Board, BoardError> {
        let mut segments = Vec::new();
        for seg in &file.segments {
            let id = format!("{}{}", seg.from, seg.to);
            let from = line_name(&seg.from).map_err(|e| BoardError::Segment(id.clone(), e))?;
            let to = line_name(&seg.to).map_err(|e| BoardError::Segment(id.clone(), e))?;
            if from == to {
                return Err(BoardError::Segment(id, "a segment must join two different lines".into()));
            }
            if segments.iter().any(|s: &Segment| s.from == from && s.to == to) {
                return Err(BoardError::Segment(id, "defined twice".into()));
            }
            let mut blocks = Vec::new();
            let mut spaces = 0usize;
            for (i, b) in seg.blocks.iter().enumerate() {
                let err = |reason: String| BoardError::Block { segment: id.clone(), block: i, reason };
                let block = match (&b.rows, &b.row, &b.curve) {
                    (Some(rows), None, None) if b.repeat.is_none() => Block::Straight(
                        rows.iter().map(|r| parse_row(r)).collect::<Result<_, _>>().map_err(err)?,
                    ),
                    (None, Some(row), None) => {
                        let n = b.repeat.unwrap_or(1);
                        let cells = parse_row(row).map_err(err)?;
                        // Checked before the rows are made: a huge repeat
                        // would fill the memory.
                        if n.saturating_mul(cells.len()) > MAX_SEGMENT_SPACES {
                            return Err(err(format!(
                                "repeat {n}: a segment has at most {MAX_SEGMENT_SPACES} spaces"
                            )));
                        }
                        Block::Straight(vec![cells; n])
                    }
                    (None, None, Some(lanes)) if b.repeat.is_none() => {
                        let lanes: Vec<Vec<Cell>> = lanes
                            .iter()
                            .map(|l| l.split_whitespace().map(parse_cell).collect::<Result<Vec<_>, _>>())
                            .collect::<Result<_, _>>()
                            .map_err(err)?;
                        if lanes.is_empty() || lanes.len() > 4 || lanes.iter().any(|l| l.is_empty()) {
                            return Err(err("a curve needs 1 to 4 lanes, each with spaces".into()));
                        }
                        Block::Curve(lanes)
                    }
                    _ => {
                        return Err(err(
                            "a block is either {\"rows\": [...]}, {\"row\": ..., \"repeat\": n} or {\"curve\": [...]}"
                                .into(),
                        ));
                    }
                };
                if let Block::Straight(rows) = &block
                    && rows.is_empty()
                {
                    return Err(err("a straight block needs at least one row".into()));
                }
                let (Block::Straight(lines) | Block::Curve(lines)) = &block;
                spaces += lines.iter().map(Vec::len).sum::<usize>();
                if spaces > MAX_SEGMENT_SPACES {
                    return Err(BoardError::Segment(id, format!("more than {MAX_SEGMENT_SPACES} spaces")));
                }
                blocks.push(block);
            }
            if blocks.is_empty() {
                return Err(BoardError::Segment(id, "a segment needs at least one block".into()));
            }
            segments.push(Segment { from, to, blocks });
        }
        let mut starts = Vec::new();
        for st in &file.starts {
            let err = |r: &str| BoardError::Start(st.name.clone(), r.to_string());
            let from = line_name(&st.from).map_err(|e| err(&e))?;
            let to = line_name(&st.to).map_err(|e| err(&e))?;
            let seg = segments
                .iter()
                .find(|s| s.from == from && s.to == to)
                .ok_or_else(|| err("no such segment on the board"))?;
            let mut rows = 0;
            for block in seg.blocks.iter().rev() {
                match block {
                    Block::Straight(r) => {
                        for row in r.iter().rev() {
                            if rows < st.rows {
                                if row.len() != 4 {
                                    return Err(err("start rows must have all four lanes"));
                                }
                                rows += 1;
                            }
                        }
                    }
                    Block::Curve(_) => break,
                }
                if rows >= st.rows {
                    break;
                }
            }
            if st.rows < 4 || rows < st.rows {
                return Err(err(
                    "a start area needs at least 4 straight four-lane rows at the end of its segment",
                ));
            }
            if starts.iter().any(|s: &StartArea| s.name == st.name) {
                return Err(err("defined twice"));
            }
            starts.push(StartArea { name: st.name.clone(), from, to, rows: st.rows });
        }
        Ok(Board { name: file.name, segments, starts })
    }

    /// The segment from `from` to `to`, if the board has one.
    pub fn segment(&self, from: char, to: char) -> Option<&Segment> {
        self.segments.iter().find(|s| s.from == from && s.to == to)
    }

    /// The first segment leaving line `from`.
    pub fn segment_from(&self, from: char) -> Option<&Segment> {
        self.segments.iter().find(|s| s.from == from)
    }

    pub fn start(&self, name: &str) -> Option<&StartArea> {
        self.starts.iter().find(|s| s.name == name)
    }
}

/// The default board (ours: no public layout of the printed one exists).
pub const DEFAULT_BOARD: &str = include_str!("../boards/default.json");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_board_loads() {
        let board = Board::from_json(DEFAULT_BOARD).expect("default board is valid");
        for (f, t) in [('A', 'B'), ('B', 'C'), ('C', 'D'), ('D', 'A'), ('C', 'E'), ('E', 'A')] {
            assert!(board.segment(f, t).is_some(), "segment {f}{t}");
        }
        assert!(board.start("1").is_some() && board.start("2").is_some());
    }

    #[test]
    fn bad_tokens_are_explained() {
        let text = r#"{"name":"x","segments":[{"from":"A","to":"B","blocks":[{"row":"a u9","repeat":2}]}],"starts":[]}"#;
        let err = Board::from_json(text).unwrap_err().to_string();
        assert!(err.contains("u9") && err.contains("1 to 6"), "{err}");
        let text = r#"{"name":"x","segments":[{"from":"A","to":"B","blocks":[{"row":"a a a a","repeat":2}]}],
            "starts":[{"name":"1","from":"A","to":"B","rows":4}]}"#;
        let err = Board::from_json(text).unwrap_err().to_string();
        assert!(err.contains("start area"), "{err}");
        assert!(Board::from_json("{").is_err());
    }

    /// Found by the fuzz body `board` (issue #14): a repeat of 4294967296
    /// asked for 96 GiB at once and aborted the process.
    #[test]
    fn huge_segments_are_refused_before_they_are_made() {
        let text = r#"{"name":"x","segments":[{"from":"A","to":"B","blocks":[{"row":"a","repeat":4294967296}]}],"starts":[]}"#;
        let err = Board::from_json(text).unwrap_err().to_string();
        assert!(err.contains("repeat 4294967296") && err.contains("at most 65534 spaces"), "{err}");
        let text = r#"{"name":"x","segments":[{"from":"A","to":"B","blocks":[
            {"row":"a a a a","repeat":16000},{"row":"a a a a","repeat":1000}]}],"starts":[]}"#;
        let err = Board::from_json(text).unwrap_err().to_string();
        assert!(err.contains("segment AB") && err.contains("more than 65534 spaces"), "{err}");
        let text = r#"{"name":"x","segments":[{"from":"A","to":"B","blocks":[{"row":"a a a a","repeat":16383}]}],"starts":[]}"#;
        assert!(Board::from_json(text).is_ok(), "65532 spaces are allowed");
    }
}
