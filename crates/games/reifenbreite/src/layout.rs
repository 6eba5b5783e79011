//! The course as front ends draw it: every space of the track with its lane,
//! its place along the course and its surface, the start area, the lines of
//! the route and the sprints.
//!
//! The table's static part ([`crate::Fixed`]) carries the layout of each
//! stage, so a client can draw any course (built-in or loaded from a file)
//! without knowing the board, and gets it once per table. It shares the
//! track (an `Arc`); the drawing is written out only when serialized:
//!
//! ```json
//! { "key": "tour", "name": "Tour de France",
//!   "title": { "en": "Tour de France", "de": "Tour de France" }, "row": 60,
//!   "spaces": "1/60/a 2/60/a 3/60/a 4/60/a … 1/1540/u4/c …",
//!   "start": 16,
//!   "lines": [ { "line": "A", "at": 240 }, … ],
//!   "sprints": [ { "line": "B", "leg": 2, "points": [11, 8, 5] } ] }
//! ```
//!
//! - `title` is a printed course's name in both languages (absent for a
//!   course loaded from a file, which has only its `name`).
//! - `spaces` lists the spaces in track order (the numbers of `to 123` and
//!   `place 21 7`), separated by blanks, each as `lane/pos/cell`: lane 1 is
//!   the rightmost in the direction of travel; `pos` is the distance along
//!   the course in measure units (`row` per straight row; a curve spreads its
//!   lanes over one common measure, each space ending at its `pos`); `cell`
//!   is a board-file token (`a`, `c1`–`c4`, `u1`–`u6`, `d1`–`d4`). A fourth
//!   part `c` marks a space inside a curve (thick lines between its lanes).
//! - The first `start` spaces are the start area.
//! - `lines` are the lines of the route in order, the finish last; `at` is
//!   the measure where each lies (a space is past the line when its `pos` is
//!   greater).
//! - `sprints` name their line, its place in `lines` (`leg` − 1) and the
//!   points for places 1–3.

use crate::track::{ROW, Track};
use serde::{Serialize, Serializer};
use std::fmt::Write;
use std::sync::Arc;

/// The layout of one track (serialized as described in the module docs;
/// a view reads it back from the race's course).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(as = "Drawn"))]
pub struct Layout(pub Arc<Track>);

/// A layout as it is written (the module docs): the drawing is made only
/// when a layout is serialized.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Layout"))]
pub struct Drawn {
    key: String,
    name: String,
    /// A printed course's name in both languages (Liège–Bastogne–Liège is
    /// Lüttich–Bastenaken–Lüttich in German); a course file has one name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    title: Option<spieltisch_core::Text>,
    /// Measure units per straight row.
    row: u32,
    /// Every space as `lane/pos/cell[/c]`, separated by blanks.
    spaces: String,
    /// How many spaces make the start area.
    start: usize,
    lines: Vec<Line>,
    sprints: Vec<SprintLine>,
}

impl PartialEq for Layout {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.key == other.0.key
    }
}

/// A line of the route and the measure where it lies.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Line {
    line: char,
    at: u32,
}

/// A sprint: its line, its place in the lines (`leg` − 1) and the points
/// for places 1–3.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SprintLine {
    line: char,
    leg: u8,
    points: [u8; 3],
}

impl Layout {
    /// The spaces as `lane/pos/cell[/c]` tokens.
    pub fn spaces(&self) -> String {
        let mut out = String::with_capacity(self.0.spaces.len() * 9);
        for (i, s) in self.0.spaces.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            let _ = write!(out, "{}/{}/{}", s.lane, s.pos, s.cell);
            if s.curve {
                out.push_str("/c");
            }
        }
        out
    }

    /// Each line of the route and the measure where it lies: the end of the
    /// road before it.
    fn lines(&self) -> Vec<Line> {
        let t = &self.0;
        t.lines.iter().enumerate().map(|(k, &line)| Line { line, at: t.line_at(k) }).collect()
    }
}

impl Layout {
    fn drawn(&self) -> Drawn {
        let t = &self.0;
        Drawn {
            key: t.key.clone(),
            name: t.name.clone(),
            title: crate::options::course_title(&t.key),
            row: ROW,
            spaces: self.spaces(),
            start: t.start.len(),
            lines: self.lines(),
            sprints: t
                .sprints
                .iter()
                .map(|sp| SprintLine { line: sp.line, leg: sp.leg, points: sp.points })
                .collect(),
        }
    }
}

impl Serialize for Layout {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.drawn().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::built_in_track;

    #[test]
    fn layout_lists_every_space_in_track_order() {
        let t = built_in_track("tour").unwrap();
        let layout = Layout(t.clone());
        let json = serde_json::to_value(&layout).unwrap();
        let spaces: Vec<&str> = json["spaces"].as_str().unwrap().split(' ').collect();
        assert_eq!(spaces.len(), t.spaces.len());
        assert_eq!(spaces[0], "1/60/a", "the start area's first row, lane 1");
        assert_eq!(json["start"], 16);
        for (token, s) in spaces.iter().zip(&t.spaces) {
            let parts: Vec<&str> = token.split('/').collect();
            assert_eq!(parts[0].parse::<u8>().unwrap(), s.lane);
            assert_eq!(parts[1].parse::<u32>().unwrap(), s.pos);
            assert_eq!(parts[2], s.cell.to_string());
            assert_eq!(parts.get(3) == Some(&"c"), s.curve);
        }
        // Tour de France: A, B, C, E, finish A; a space is past a line exactly
        // when its measure lies beyond it.
        let lines = json["lines"].as_array().unwrap();
        let names: String = lines.iter().map(|l| l["line"].as_str().unwrap()).collect();
        assert_eq!(names, "ABCEA");
        for s in &t.spaces {
            let passed = lines.iter().filter(|l| s.pos as u64 > l["at"].as_u64().unwrap()).count();
            assert_eq!(passed, s.leg as usize, "space at {} lane {}", s.pos, s.lane);
        }
        assert_eq!(json["sprints"][0]["line"], "B");
        assert_eq!(json["sprints"][0]["points"][0], 11);
    }
}
