//! Courses (start area, route over the finish lines, sprints, finish) and the
//! track a course unrolls into: every space the race can use, in order, with
//! its forward moves, the space directly behind and the spaces beside it.
//!
//! # Course file
//!
//! ```json
//! { "name": "Paris–Roubaix", "start": "2", "via": ["C", "D"], "finish": "A",
//!   "sprints": [ { "at": "D", "points": [11, 8, 5] } ], "energy_rows": 1 }
//! ```
//!
//! `start` names a start area of the board; the start lies just before
//! `via[0]`; the race passes the lines of `via` in order and ends at
//! `finish`; a sprint names its line, and with `"pass": n` the n-th passing
//! where the route passes that line more than once. `energy_rows` is 1 on
//! short courses (section 4.3: only the upper seven energy cards) and 2
//! otherwise (the default). `board` may name a board file (default: the
//! built-in board): a path relative to the course file's folder, without
//! `..`, that stays inside that folder (so `"board": "board.json"` is the
//! file beside the course file, whatever the working directory).
//!
//! # Files are read at the edge
//!
//! The rules never read a file. A front end reads course and board files
//! ([`read_course_file`]; regular files of at most 1 MiB, see
//! [`spieltisch_core::data_file::read_data_file`]) into a [`Course`], which
//! carries the board in full; the options, and every record, carry that
//! content, and [`Course::track`] unrolls it without any I/O.

use crate::board::{Block, Board, BoardError, Cell, DEFAULT_BOARD};
use crate::movement::{MAX_STEPS, WINDOW};
use crate::track::OpenRoad;
// Defined beneath the movement's searches, which tabulate a track; named
// here too, where the crate's users have always found them.
pub use crate::track::{NONE, ROW, Space, Sprint, Track};
use serde::{Deserialize, Serialize};
use spieltisch_core::data_file::{read_data_file, resolve_in};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CourseFile {
    name: String,
    start: String,
    #[serde(default)]
    via: Vec<String>,
    finish: String,
    #[serde(default)]
    sprints: Vec<SprintFile>,
    #[serde(default = "two")]
    energy_rows: u8,
    #[serde(default)]
    board: Option<String>,
}

fn two() -> u8 {
    2
}

/// A sprint as course files and [`Course`] write it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct SprintFile {
    /// The line.
    pub at: String,
    /// Points for places 1–3.
    pub points: [u8; 3],
    /// Which passing of the line (1 = the first), for a route that passes
    /// it more than once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass: Option<u8>,
}

/// The built-in courses (section 13.2), by option value.
pub const BUILT_IN: [(&str, &str); 4] = [
    ("paris-roubaix", include_str!("../courses/paris-roubaix.json")),
    ("luettich", include_str!("../courses/luettich.json")),
    ("giro", include_str!("../courses/giro.json")),
    ("tour", include_str!("../courses/tour.json")),
];

/// A course as the options (and so every record) carry it: the fields of a
/// course file, with the board it is ridden on written out in full instead
/// of named. A race is rebuilt from its options alone, whatever files exist
/// where it is replayed, and a later edit of a built-in course or board
/// cannot change a race already written down.
///
/// Built from a built-in course ([`Course::built_in`], no file read) or, by
/// a front end only, from course and board files ([`read_course_file`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The built-in course's option value, or the course file's name
    /// without its folder.
    pub key: String,
    pub name: String,
    pub start: String,
    #[serde(default)]
    pub via: Vec<String>,
    pub finish: String,
    #[serde(default)]
    pub sprints: Vec<SprintFile>,
    #[serde(default = "two")]
    pub energy_rows: u8,
    /// The board, as its board file writes it (see [`crate::board`]).
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub board: serde_json::Value,
}

impl Course {
    /// The built-in course with option value `key`.
    pub fn built_in(key: &str) -> Option<Course> {
        let (key, text) = BUILT_IN.iter().find(|(k, _)| *k == key)?;
        let file: CourseFile = serde_json::from_str(text).ok()?;
        let board = serde_json::from_str(DEFAULT_BOARD).ok()?;
        Some(Course::of_file(key, file, board))
    }

    fn of_file(key: &str, file: CourseFile, board: serde_json::Value) -> Course {
        Course {
            key: key.to_string(),
            name: file.name,
            start: file.start,
            via: file.via,
            finish: file.finish,
            sprints: file.sprints,
            energy_rows: file.energy_rows,
            board,
        }
    }

    /// The track the course unrolls into, or why it cannot be ridden.
    /// Tracks are built once per course content and shared.
    pub fn track(&self) -> Result<Arc<Track>, String> {
        if let Some(track) =
            cache().lock().ok().and_then(|c| c.iter().find(|(k, _)| k == self).map(|(_, t)| t.clone()))
        {
            return Ok(track);
        }
        let board = Board::from_value(&self.board).map_err(|e| format!("course {}: board: {e}", self.key))?;
        let file = CourseFile {
            name: self.name.clone(),
            start: self.start.clone(),
            via: self.via.clone(),
            finish: self.finish.clone(),
            sprints: self.sprints.clone(),
            energy_rows: self.energy_rows,
            board: None,
        };
        let track =
            Arc::new(Track::build(&self.key, file, &board).map_err(|e| format!("course {}: {e}", self.key))?);
        if let Ok(mut c) = cache().lock() {
            if c.len() >= CACHED_TRACKS {
                c.remove(0);
            }
            c.push((self.clone(), track.clone()));
        }
        Ok(track)
    }
}

/// How many tracks [`Course::track`] keeps: the four built-in courses and a
/// few of the files in play.
const CACHED_TRACKS: usize = 16;

/// Courses with their tracks, the most recently built last.
type TrackCache = Mutex<Vec<(Course, Arc<Track>)>>;

fn cache() -> &'static TrackCache {
    static CACHE: OnceLock<TrackCache> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// The built-in courses named in a comma-separated list, in order (for a
/// stage race), or `None` if one is no built-in course.
pub fn built_in_list(keys: &str) -> Option<Vec<Course>> {
    keys.split(',').map(|key| Course::built_in(key.trim())).collect()
}

/// The track of the built-in course with option value `key`.
pub fn built_in_track(key: &str) -> Result<Arc<Track>, String> {
    Course::built_in(key).ok_or_else(|| format!("'{key}' is no built-in course"))?.track()
}

/// Reads a course file, and the board file it names, into a [`Course`]:
/// for front ends only (the rules never read files). `shown` is the name
/// the file was given by (errors name it, never `path`, which may be a
/// path of a server's machine); the course's key is its last part.
pub fn read_course_file(path: &Path, shown: &str) -> Result<Course, String> {
    let text = read_data_file(path).map_err(|e| format!("course file {shown}: {}", e.reason()))?;
    let file: CourseFile =
        serde_json::from_str(&text).map_err(|e| format!("course file {shown}: not a valid course: {e}"))?;
    let board = match &file.board {
        None => serde_json::from_str(DEFAULT_BOARD).map_err(|e| format!("built-in board: {e}"))?,
        Some(name) => {
            let board_path =
                board_path(path, name).map_err(|e| format!("course file {shown}: board file {name}: {e}"))?;
            let text = read_data_file(&board_path)
                .map_err(|e| format!("course file {shown}: board file {name}: {}", e.reason()))?;
            Board::from_json(&text).map_err(|e: BoardError| format!("board file {name}: {e}"))?;
            serde_json::from_str(&text).map_err(|e| format!("board file {name}: {e}"))?
        }
    };
    let key = Path::new(shown).file_stem().and_then(|s| s.to_str()).unwrap_or(shown);
    let course = Course::of_file(key, file, board);
    course.track().map_err(|e| format!("course file {shown}: {e}"))?;
    Ok(course)
}

/// Where a course file's `board` lies: relative to the course file's folder
/// (not the working directory), and inside it, so that a course file admitted
/// from a folder cannot name files outside that folder.
fn board_path(course: &Path, board: &str) -> Result<PathBuf, String> {
    let folder = match course.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let folder = folder.canonicalize().map_err(|e| e.to_string())?;
    resolve_in(&folder, board).map_err(|e| format!("{e}, here the course file's folder"))
}

struct Builder {
    spaces: Vec<Space>,
    exit: [u16; 4],
    exit_curve: bool,
    pos: u32,
}

impl Builder {
    fn link(&mut self, from: u16, to: u16) {
        let (fl, tl) = (self.spaces[from as usize].lane, self.spaces[to as usize].lane);
        let k = if tl == fl {
            0
        } else if tl == fl + 1 {
            1
        } else {
            2
        };
        self.spaces[from as usize].next[k] = to;
    }

    fn space(&mut self, lane: u8, pos: u32, cell: Cell, leg: u8, curve: bool) -> u16 {
        self.spaces.push(Space {
            lane,
            pos,
            cell,
            next: [NONE; 3],
            behind: NONE,
            beside: Vec::new(),
            leg,
            curve,
        });
        (self.spaces.len() - 1) as u16
    }

    fn row(&mut self, row: &[Cell], leg: u8) {
        self.pos += ROW;
        let ids: Vec<u16> =
            row.iter().enumerate().map(|(l, c)| self.space(l as u8 + 1, self.pos, *c, leg, false)).collect();
        for (l, &id) in ids.iter().enumerate() {
            let exit = self.exit;
            for (pl, &prev) in exit.iter().enumerate() {
                if prev == NONE {
                    continue;
                }
                let close = pl.abs_diff(l) <= 1;
                if pl == l || (close && !self.exit_curve) {
                    self.link(prev, id);
                }
            }
            self.spaces[id as usize].behind = self.exit[l];
            if l > 0 {
                self.spaces[id as usize].beside.push(ids[l - 1]);
            }
            if l + 1 < ids.len() {
                self.spaces[id as usize].beside.push(ids[l + 1]);
            }
        }
        self.exit = [NONE; 4];
        self.exit[..ids.len()].copy_from_slice(&ids);
        self.exit_curve = false;
    }

    fn curve(&mut self, lanes: &[Vec<Cell>], leg: u8) {
        let measure = lanes.iter().map(|l| l.len()).max().unwrap_or(1) as u32;
        let base = self.pos;
        let mut all: Vec<Vec<u16>> = Vec::new();
        for (l, cells) in lanes.iter().enumerate() {
            let len = cells.len() as u32;
            let mut prev = self.exit[l];
            let mut ids = Vec::new();
            for (j, c) in cells.iter().enumerate() {
                // In 64 bits: a long lane of a custom board overflows 32.
                let pos = base + (u64::from(ROW * measure) * (j as u64 + 1) / u64::from(len)) as u32;
                let id = self.space(l as u8 + 1, pos, *c, leg, true);
                if prev != NONE {
                    self.link(prev, id);
                }
                self.spaces[id as usize].behind = prev;
                prev = id;
                ids.push(id);
            }
            all.push(ids);
        }
        // Beside: spaces of neighbouring lanes whose stretches of the
        // common measure overlap.
        for l in 0..all.len().saturating_sub(1) {
            for &a in &all[l] {
                for &b in &all[l + 1] {
                    let (a1, b1) = (self.spaces[a as usize].pos, self.spaces[b as usize].pos);
                    let la = ROW * measure / lanes[l].len() as u32;
                    let lb = ROW * measure / lanes[l + 1].len() as u32;
                    let (a0, b0) = (a1.saturating_sub(la), b1.saturating_sub(lb));
                    if a0 < b1 && b0 < a1 {
                        self.spaces[a as usize].beside.push(b);
                        self.spaces[b as usize].beside.push(a);
                    }
                }
            }
        }
        self.exit = [NONE; 4];
        for (l, ids) in all.iter().enumerate() {
            self.exit[l] = *ids.last().unwrap_or(&NONE);
        }
        self.exit_curve = true;
        self.pos = base + ROW * measure;
    }

    fn block(&mut self, block: &Block, leg: u8) {
        match block {
            Block::Straight(rows) => rows.iter().for_each(|r| self.row(r, leg)),
            Block::Curve(lanes) => self.curve(lanes, leg),
        }
    }
}

/// Checks that no move leads further than the searches of the movement look
/// ([`WINDOW`] space numbers ahead): only a curve whose lanes differ in
/// length by hundreds of spaces comes near it, since a curve numbers its
/// lanes one after the other.
fn within_reach(spaces: &[Space]) -> Result<(), String> {
    // far[i]: the highest space number reachable from i in the steps so far.
    let mut far: Vec<usize> = (0..spaces.len()).collect();
    for _ in 0..MAX_STEPS {
        far = spaces
            .iter()
            .enumerate()
            .map(|(i, s)| s.next.iter().filter(|&&n| n != NONE).map(|&n| far[n as usize]).fold(i, usize::max))
            .collect();
    }
    match (0..spaces.len()).find(|&i| far[i] - i >= WINDOW) {
        Some(i) => Err(format!(
            "a move from space {i} (lane {}) can reach space {}, but moves reach at most {} spaces further on: a curve's lanes differ too much in length",
            spaces[i].lane,
            far[i],
            WINDOW - 1
        )),
        None => Ok(()),
    }
}

/// The forward moves of every space as bit masks (see [`Track::moves`]).
fn move_masks(spaces: &[Space]) -> Option<Vec<u64>> {
    // 128 spaces without moves after the last, so that the 128 above any
    // space can be read without a check.
    let mut masks = vec![0u64; spaces.len() + 128];
    for (i, s) in spaces.iter().enumerate() {
        for &n in s.next.iter().filter(|&&n| n != NONE) {
            let jump = (n as usize).checked_sub(i).filter(|&j| (1..64).contains(&j))?;
            masks[i] |= 1 << jump;
        }
    }
    Some(masks)
}

impl Track {
    /// Builds a track from course-file text on `board`.
    pub fn from_json(key: &str, text: &str, board: &Board) -> Result<Track, String> {
        let file: CourseFile = serde_json::from_str(text).map_err(|e| format!("not a valid course: {e}"))?;
        Track::build(key, file, board)
    }

    fn build(key: &str, file: CourseFile, board: &Board) -> Result<Track, String> {
        let line = |s: &str| match s {
            "A" | "B" | "C" | "D" | "E" => Ok(s.chars().next().unwrap_or('A')),
            _ => Err(format!("'{s}' is not a finish line (A-E)")),
        };
        let mut lines = file.via.iter().map(|s| line(s)).collect::<Result<Vec<_>, _>>()?;
        lines.push(line(&file.finish)?);
        let start = board
            .start(&file.start)
            .ok_or_else(|| format!("the board has no start area '{}'", file.start))?;
        if start.to != lines[0] {
            return Err(format!(
                "start area {} lies before line {}, but the route begins at line {}",
                start.name, start.to, lines[0]
            ));
        }
        if lines.len() < 2 {
            // The line just after the start would be the finish: a race of
            // no road at all.
            return Err(format!(
                "the route ends at line {}, right after the start: name the lines it passes in \"via\"",
                lines[0]
            ));
        }
        if lines.len() > usize::from(u8::MAX) {
            // Legs count the lines behind a space in a byte.
            return Err(format!(
                "the route passes {} lines; a course may pass at most {}",
                lines.len(),
                u8::MAX
            ));
        }
        if !(1..=2).contains(&file.energy_rows) {
            return Err("energy_rows must be 1 or 2".into());
        }
        let mut b = Builder { spaces: Vec::new(), exit: [NONE; 4], exit_curve: false, pos: 0 };
        // The start area: the last rows of the start segment.
        let seg = board.segment(start.from, start.to).ok_or("start segment missing")?;
        let mut rows: Vec<&Vec<Cell>> = Vec::new();
        for block in seg.blocks.iter().rev() {
            if let Block::Straight(r) = block {
                for row in r.iter().rev() {
                    if rows.len() < start.rows {
                        rows.push(row);
                    }
                }
            }
            if rows.len() >= start.rows {
                break;
            }
        }
        rows.reverse();
        for row in rows {
            b.row(row, 0);
        }
        let start_spaces: Vec<u16> = (0..b.spaces.len() as u16).collect();
        for (k, pair) in lines.windows(2).enumerate() {
            let seg = board
                .segment(pair[0], pair[1])
                .ok_or_else(|| format!("the board has no road from {} to {}", pair[0], pair[1]))?;
            for block in &seg.blocks {
                b.block(block, k as u8 + 1);
            }
            // Checked as the track grows, so a long route of long segments
            // is refused before it fills the memory.
            if b.spaces.len() >= NONE as usize {
                return Err("course too long".into());
            }
        }
        let n = lines.len() as u8;
        let runout = board
            .segment_from(*lines.last().unwrap_or(&'A'))
            .ok_or("the board has no road after the finish line (needed to ride out)")?;
        for block in &runout.blocks {
            b.block(block, n);
        }
        // Every space but those of the last row must lead on.
        let last = b.spaces.iter().map(|s| s.pos).max().unwrap_or(0);
        if let Some(dead) = b.spaces.iter().find(|s| s.next.iter().all(|&n| n == NONE) && s.pos < last) {
            let line =
                if dead.leg == 0 { file.start.clone() } else { lines[dead.leg as usize - 1].to_string() };
            return Err(format!(
                "dead end: lane {} at {} rows after line {line} has no space to move on to (a curve must not end where its lane ends)",
                dead.lane,
                dead.pos / ROW
            ));
        }
        if b.spaces.len() >= NONE as usize {
            return Err("course too long".into());
        }
        within_reach(&b.spaces)?;
        let mut sprints: Vec<Sprint> = Vec::new();
        for s in &file.sprints {
            let at = line(&s.at)?;
            // The passings of the line before the finish, in route order.
            let passings: Vec<usize> = (0..lines.len() - 1).filter(|&i| lines[i] == at).collect();
            let i = match (passings.as_slice(), s.pass) {
                ([], _) => {
                    return Err(format!(
                        "sprint at {at}: the route does not pass that line before the finish"
                    ));
                }
                ([i], None) => *i,
                (_, None) => {
                    return Err(format!(
                        "sprint at {at}: the route passes that line {} times; say which with \"pass\" (1 = the first)",
                        passings.len()
                    ));
                }
                (_, Some(n)) => *passings.get((n as usize).wrapping_sub(1)).ok_or_else(|| {
                    format!("sprint at {at}, pass {n}: the route passes that line {} time(s)", passings.len())
                })?,
            };
            if i == 0 {
                return Err(format!("sprint at {at}: that line is crossed right after the start"));
            }
            let leg = i as u8 + 1;
            if sprints.iter().any(|other| other.leg == leg) {
                return Err(format!("sprint at {at}: two sprints at the same passing of a line"));
            }
            sprints.push(Sprint { line: at, leg, points: s.points });
        }
        sprints.sort_by_key(|s| s.leg);
        Ok(Track {
            key: key.to_string(),
            name: file.name,
            spaces: b.spaces,
            start: start_spaces,
            lines,
            finish_leg: n,
            sprints,
            energy_rows: file.energy_rows,
            ..Track::default()
        }
        .with_tables())
    }

    /// Builds a track straight from blocks, for purpose-built boards (the
    /// rulebook's figures): `legs[i]` is the number of route lines behind
    /// block `i`; the highest leg is past the finish. The start area is the
    /// spaces of the first `start_rows` rows.
    pub fn from_blocks(blocks: &[Block], start_rows: usize, legs: &[u8]) -> Track {
        let mut b = Builder { spaces: Vec::new(), exit: [NONE; 4], exit_curve: false, pos: 0 };
        for (i, block) in blocks.iter().enumerate() {
            b.block(block, legs.get(i).copied().unwrap_or(0));
        }
        let start: Vec<u16> = (0..b.spaces.len() as u16)
            .filter(|&i| b.spaces[i as usize].pos <= ROW * start_rows as u32)
            .collect();
        let finish_leg = legs.iter().copied().max().unwrap_or(0).max(1);
        Track {
            key: "test".into(),
            name: "test".into(),
            spaces: b.spaces,
            start,
            lines: vec!['A'; finish_leg as usize],
            finish_leg,
            sprints: Vec::new(),
            energy_rows: 2,
            ..Track::default()
        }
        .with_tables()
    }

    /// Derives everything kept apart from `spaces` for fast searches: the
    /// one place that does, for every way a track is built.
    fn with_tables(mut self) -> Self {
        self.next = self.spaces.iter().map(|s| s.next).collect();
        self.moves = move_masks(&self.spaces);
        self.order = self.spaces.iter().map(|s| s.pos * 8 + (7 - s.lane as u32)).collect();
        self.behind = self.spaces.iter().map(|s| s.behind).collect();
        self.leg = self.spaces.iter().map(|s| s.leg).collect();
        // The furthest space of each leg, then of every leg up to it.
        let legs = self.leg.iter().copied().max().map_or(0, usize::from);
        self.line_ends = vec![0; if self.spaces.is_empty() { 0 } else { legs + 1 }];
        for space in &self.spaces {
            let end = &mut self.line_ends[usize::from(space.leg)];
            *end = (*end).max(space.pos);
        }
        for k in 1..self.line_ends.len() {
            self.line_ends[k] = self.line_ends[k].max(self.line_ends[k - 1]);
        }
        self.cell = self.spaces.iter().map(|s| s.cell).collect();
        self.open_road = OpenRoad::new(&self);
        self.past_finish = vec![0; self.leg.len() / 64 + 3];
        for (i, &leg) in self.leg.iter().enumerate() {
            if leg >= self.finish_leg {
                self.past_finish[i / 64] |= 1 << (i % 64);
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn built_in_courses_build() {
        for (key, _) in BUILT_IN {
            let t = built_in_track(key).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.start.len(), 16, "{key}: start area of 4 rows × 4 lanes");
            // Every forward move goes to a later space (the track is a DAG in index order).
            for (i, s) in t.spaces.iter().enumerate() {
                for &n in &s.next {
                    assert!(n == NONE || n as usize > i, "{key}: space {i} links back");
                }
            }
        }
        assert_eq!(built_in_track("tour").unwrap().sprints.len(), 3);
        assert_eq!(built_in_track("paris-roubaix").unwrap().energy_rows, 1);
        assert!(built_in_track("nowhere").is_err());
    }

    /// The lines' places kept apart are where the spaces put them: the
    /// furthest space of any leg up to the line's, for every line and past
    /// the last.
    #[test]
    fn each_line_lies_at_the_end_of_the_road_before_it() {
        for (key, _) in BUILT_IN {
            let t = built_in_track(key).unwrap();
            for k in 0..usize::from(t.finish_leg) + 3 {
                let end =
                    t.spaces.iter().filter(|s| usize::from(s.leg) <= k).map(|s| s.pos).max().unwrap_or(0);
                assert_eq!(t.line_at(k), end, "{key}: line {k}");
            }
        }
        assert_eq!(Track::default().line_at(0), 0, "no road, no line");
    }

    /// A route may pass a line more than once (a circuit ridden twice); a
    /// sprint there names its passing.
    #[test]
    fn sprints_name_the_passing_of_a_line_passed_twice() {
        let board = Board::from_json(DEFAULT_BOARD).unwrap();
        let course = |sprints: &str| {
            let text = format!(
                r#"{{"name":"twice","start":"1","via":["A","B","C","D","A","B"],"finish":"C","sprints":[{sprints}]}}"#
            );
            Track::from_json("twice", &text, &board)
        };
        let legs = |t: Track| t.sprints.iter().map(|s| (s.line, s.leg)).collect::<Vec<_>>();
        // Lines in route order: A B C D A B C; a sprint's leg is its index + 1.
        assert_eq!(legs(course(r#"{"at":"D","points":[11,8,5]}"#).unwrap()), [('D', 4)]);
        assert_eq!(legs(course(r#"{"at":"B","points":[11,8,5],"pass":2}"#).unwrap()), [('B', 6)]);
        assert_eq!(
            legs(
                course(r#"{"at":"B","points":[11,8,5],"pass":2},{"at":"B","points":[5,4,2],"pass":1}"#)
                    .unwrap()
            ),
            [('B', 2), ('B', 6)]
        );
        assert_eq!(legs(course(r#"{"at":"A","points":[7,5,3],"pass":2}"#).unwrap()), [('A', 5)]);
        let err = |sprints: &str| course(sprints).unwrap_err();
        assert!(err(r#"{"at":"B","points":[11,8,5]}"#).contains("2 times"));
        assert!(err(r#"{"at":"B","points":[11,8,5],"pass":3}"#).contains("pass 3"));
        assert!(err(r#"{"at":"B","points":[11,8,5],"pass":0}"#).contains("pass 0"));
        assert!(err(r#"{"at":"A","points":[7,5,3],"pass":1}"#).contains("right after the start"));
        assert!(err(r#"{"at":"E","points":[7,5,3]}"#).contains("does not pass"));
        assert!(
            err(r#"{"at":"D","points":[7,5,3]},{"at":"D","points":[5,4,2],"pass":1}"#)
                .contains("two sprints")
        );
    }

    /// Found by the fuzz body `course` (issue #14): a route of 300 lines
    /// overflowed the byte that counts the lines behind a space.
    #[test]
    fn routes_of_more_lines_than_a_byte_counts_are_refused() {
        let board = Board::from_json(DEFAULT_BOARD).unwrap();
        let via: Vec<&str> = (0..300).map(|i| ["A", "B", "C", "D"][i % 4]).collect();
        let text = serde_json::json!({"name": "x", "start": "1", "via": via, "finish": "A"}).to_string();
        let err = Track::from_json("x", &text, &board).unwrap_err();
        assert!(err.contains("301 lines") && err.contains("at most 255"), "{err}");
    }

    /// A course from C over A back to C whose only curve has a lane 1 of
    /// `spaces` spaces and lanes 2–4 of one.
    fn over_one_curve(spaces: usize) -> Result<Track, String> {
        let lane = vec!["a"; spaces].join(" ");
        let text = serde_json::json!({"name": "x", "segments": [
            {"from": "C", "to": "A", "blocks": [{"row": "a a a a", "repeat": 4}]},
            {"from": "A", "to": "C", "blocks": [{"row": "a a a a", "repeat": 2},
                {"curve": [lane, "a", "a", "a"]}, {"row": "a a a a", "repeat": 2}]}],
            "starts": [{"name": "1", "from": "C", "to": "A", "rows": 4}]})
        .to_string();
        let board = Board::from_json(&text).unwrap();
        Track::from_json("x", r#"{"name":"x","start":"1","via":["A","C"],"finish":"A"}"#, &board)
    }

    /// Found by the fuzz body `course` (issue #14): a curve lane of 20,000
    /// spaces overflowed the measure of its spaces before the track could
    /// be refused.
    #[test]
    fn long_curves_are_refused_without_overflow() {
        let err = over_one_curve(20_000).unwrap_err();
        assert!(err.contains("a curve's lanes differ too much"), "{err}");
    }

    /// Found by the fuzz body `course` (issue #14): on a curve whose lane 1
    /// has 1,200 spaces and the others one, a rider before the curve in
    /// lane 2 had no legal move (its way on lay beyond the numbers the
    /// movement searches), and the race stood still.
    #[test]
    fn curves_too_long_for_the_search_are_refused() {
        let err = over_one_curve(1_200).unwrap_err();
        assert!(err.contains("a curve's lanes differ too much"), "{err}");
        assert!(over_one_curve(300).is_ok(), "a lane of 300 spaces is still searched");
    }

    #[test]
    fn dead_ends_are_rejected() {
        let text = r#"{"name":"x","segments":[
            {"from":"C","to":"A","blocks":[{"row":"a a a a","repeat":4}]},
            {"from":"A","to":"C","blocks":[{"row":"a a a a","repeat":4},{"curve":["a a","a a","a a","a a"]},{"row":"a a a","repeat":3}]}],
            "starts":[{"name":"1","from":"C","to":"A","rows":4}]}"#;
        let board = Board::from_json(text).unwrap();
        let err = Track::from_json("x", r#"{"name":"x","start":"1","via":["A"],"finish":"C"}"#, &board)
            .unwrap_err();
        assert!(err.contains("dead end") && err.contains("lane 4"), "{err}");
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("reifenbreite-course-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Tests run in the crate's folder, never in the temporary one: the board
    /// must be found beside the course file, not in the working directory.
    #[test]
    fn board_is_found_beside_the_course_file() {
        let dir = temp_dir("beside");
        std::fs::create_dir_all(dir.join("boards")).unwrap();
        std::fs::write(dir.join("boards/mine.json"), DEFAULT_BOARD).unwrap();
        let course =
            r#"{"name":"Mine","start":"1","via":["A","B","C","E"],"finish":"A","board":"boards/mine.json"}"#;
        std::fs::write(dir.join("course.json"), course).unwrap();
        assert!(!Path::new("boards/mine.json").exists(), "the working directory must differ");
        let path = dir.join("course.json");
        let course = read_course_file(&path, "course.json").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(course.key, "course");
        let track = course.track().unwrap();
        assert_eq!(track.name, "Mine");
        assert_eq!(track.key, "course");
        // The content stands on its own: the files may go.
        std::fs::remove_dir_all(&dir).unwrap();
        let again: Course = serde_json::from_value(serde_json::to_value(&course).unwrap()).unwrap();
        assert_eq!(again, course);
        assert_eq!(again.track().unwrap().spaces, track.spaces);
    }

    #[test]
    fn board_may_not_leave_the_course_folder() {
        let dir = temp_dir("leave");
        std::fs::create_dir_all(dir.join("courses")).unwrap();
        std::fs::write(dir.join("board.json"), DEFAULT_BOARD).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.join("board.json"), dir.join("courses/link.json")).unwrap();
        let outside = dir.join("board.json");
        let mut boards = vec!["../board.json".to_string(), outside.to_str().unwrap().to_string()];
        if cfg!(unix) {
            boards.push("link.json".into());
        }
        for board in boards {
            let course = serde_json::json!({"name":"x","start":"1","via":["A","B","C","E"],"finish":"A","board":board});
            let path = dir.join("courses/course.json");
            std::fs::write(&path, course.to_string()).unwrap();
            let err = read_course_file(&path, "course.json").unwrap_err();
            assert!(err.contains("board file") && err.contains(&board), "{board}: {err}");
            assert!(err.contains("folder"), "{board}: {err}");
        }
    }

    #[test]
    fn unreadable_course_files_are_refused() {
        if Path::new("/dev/zero").exists() {
            let err = read_course_file(Path::new("/dev/zero"), "zero").unwrap_err();
            assert!(err.contains("not a regular file"), "{err}");
        }
        let dir = temp_dir("huge");
        let path = dir.join("huge.json");
        std::fs::write(&path, vec![b' '; 2 << 20]).unwrap();
        let err = read_course_file(&path, "huge.json").unwrap_err();
        assert!(err.contains("too large"), "{err}");
        assert!(!err.contains(dir.to_str().unwrap()), "errors name the file as it was given: {err}");
        let err = read_course_file(&dir.join("nowhere.json"), "nowhere.json").unwrap_err();
        assert!(err.contains("nowhere.json") && !err.contains(dir.to_str().unwrap()), "{err}");
    }

    #[test]
    fn bad_route_is_explained() {
        let board = Board::from_json(DEFAULT_BOARD).unwrap();
        let err = Track::from_json("x", r#"{"name":"x","start":"1","via":["A","D"],"finish":"C"}"#, &board)
            .unwrap_err();
        assert!(err.contains("from A to D"), "{err}");
        let err = Track::from_json("x", r#"{"name":"x","start":"2","via":["A"],"finish":"B"}"#, &board)
            .unwrap_err();
        assert!(err.contains("begins at line A"), "{err}");
        let err = Track::from_json("x", r#"{"name":"x","start":"1","finish":"A"}"#, &board).unwrap_err();
        assert!(err.contains("right after the start"), "{err}");
    }
}
