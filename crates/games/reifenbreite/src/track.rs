//! The track a course unrolls into ([`crate::course`] builds it): every
//! space the race can use, in order, with its forward moves, the space
//! directly behind and the spaces beside it, and the tables kept apart from
//! the spaces for fast searches.

use crate::board::Cell;

/// No space (an absent neighbour).
pub const NONE: u16 = u16::MAX;

/// Measure units per straight row (divisible by every curve length we use).
pub const ROW: u32 = 60;

/// One space of a track.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// 1 = rightmost lane in the direction of travel.
    pub lane: u8,
    /// Distance along the course in measure units ([`ROW`] per straight row);
    /// a curve's lanes are spread over one common measure.
    pub pos: u32,
    pub cell: Cell,
    /// Forward moves: straight on, diagonally to the left (lane + 1),
    /// diagonally to the right (lane − 1); [`NONE`] where impossible.
    pub next: [u16; 3],
    /// The space directly behind in the same lane.
    pub behind: u16,
    /// Spaces sharing a side with this one in the neighbouring lanes.
    pub beside: Vec<u16>,
    /// How many lines of the route lie behind this space.
    pub leg: u8,
    /// True inside a curve (thick lines between the lanes).
    pub curve: bool,
}

/// A sprint: its line's index in the route and the points for places 1–3.
#[derive(Clone, Debug, PartialEq)]
pub struct Sprint {
    pub line: char,
    /// Crossed when a rider reaches a space with `leg >= self.leg`.
    pub leg: u8,
    pub points: [u8; 3],
}

/// A course unrolled into its spaces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Track {
    pub key: String,
    pub name: String,
    pub spaces: Vec<Space>,
    /// `spaces[i].next`, kept apart for fast searches.
    pub next: Vec<[u16; 3]>,
    /// The forward moves of each space as bits over the numbers above it
    /// (bit `j`: space `i + j`), for searches that move whole sets of
    /// spaces at once, followed by 128 zeros; `None` when a move jumps 64 or
    /// more space numbers (only a huge curve of a custom board does), and the
    /// searches go step by step.
    pub moves: Option<Vec<u64>>,
    /// Where a rider gets to from each space on an empty road.
    pub open_road: OpenRoad,
    /// The spaces past the finish line, as bits (two spare words at the end).
    pub past_finish: Vec<u64>,
    /// The order of play of each space: larger is earlier (further ahead,
    /// then further right).
    pub order: Vec<u32>,
    /// `spaces[i].behind`, `.leg` and `.cell`, kept apart for speed.
    pub behind: Vec<u16>,
    pub leg: Vec<u8>,
    pub cell: Vec<Cell>,
    /// The start area's spaces.
    pub start: Vec<u16>,
    /// The lines of the route, the finish last.
    pub lines: Vec<char>,
    /// [`Track::line_at`] of every leg, kept apart: a rider's place in
    /// words asks for it, and the text view names every rider's place.
    pub line_ends: Vec<u32>,
    pub finish_leg: u8,
    pub sprints: Vec<Sprint>,
    pub energy_rows: u8,
}

impl Track {
    #[inline]
    pub fn space(&self, id: u16) -> &Space {
        &self.spaces[id as usize]
    }

    /// The measure where line `k` of the route lies: the end of the road
    /// before it (a space is past the line when its `pos` is greater).
    pub fn line_at(&self, k: usize) -> u32 {
        self.line_ends.get(k).or(self.line_ends.last()).copied().unwrap_or(0)
    }
}

/// The most steps the open-road table covers: every real move (12 from
/// dice, cards or a tow, plus 4 downhill).
pub(crate) const OPEN_STEPS: usize = 16;

/// Where a rider gets to on an empty road, per space: `[d - 1]` are the
/// spaces reachable in at most `d` steps, as bits over the 128 numbers above
/// the space. Riders elsewhere change nothing, so most searches are a look-up
/// (about half of all moves have no rider in the way). `None` where a move
/// could leave those 128 numbers.
#[derive(Clone, Default, PartialEq)]
pub struct OpenRoad {
    pub(crate) within: Vec<[u128; OPEN_STEPS]>,
    /// Whether the table covers moves from a space, apart from the table
    /// so that asking costs no read of it.
    pub(crate) covered: Vec<bool>,
}

impl std::fmt::Debug for OpenRoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpenRoad({} spaces)", self.within.len())
    }
}
