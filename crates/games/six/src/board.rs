//! The field: one bitboard per colour on the 64 × 64 torus, with the
//! questions the rules ask of it (where may a stone go, does a stone complete
//! a six, does lifting a stone split the field), and the frame that tells
//! the true cell each torus cell stands for.

use crate::cell::{Cell, DIRECTIONS, SIZE};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The two colours. Seats alternate colours: even seats red, odd seats black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    Red,
    Black,
}

impl Colour {
    /// Both colours, red first.
    pub const ALL: [Colour; 2] = [Colour::Red, Colour::Black];

    /// 0 for red, 1 for black (also the team number).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    /// The colour of `seat`: red for seats 0 and 2, black for 1 and 3.
    pub const fn of_seat(seat: usize) -> Colour {
        if seat & 1 == 0 { Colour::Red } else { Colour::Black }
    }
}

/// The three kinds of six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Six in a straight row along one of the three axes.
    Line,
    /// Rows of 3, 2 and 1, pointing either way.
    Triangle,
    /// The six cells around one centre cell, whatever the centre holds.
    Circle,
}

/// A six on the field: its kind and its six cells, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FormedSix {
    pub kind: Formation,
    pub cells: [Cell; 6],
}

/// The triangle with its point down (rows of 3, 2, 1 going south).
pub const TRIANGLE_DOWN: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)];
/// The triangle with its point up (rows of 3, 2, 1 going north).
pub const TRIANGLE_UP: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (1, -1), (2, -1), (2, -2)];
/// The ring of six around the centre `(0, 0)`.
pub const CIRCLE: [(i32, i32); 6] = DIRECTIONS;

/// The 18 cells within distance 2 of a cell, the cell itself left out: its
/// six neighbours first (in [`DIRECTIONS`] order), then the twelve beyond.
const ANNULUS: [(i32, i32); 18] = [
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
];

/// For each annulus cell, the annulus cells next to it (as an 18-bit mask).
const ANNULUS_ADJACENT: [u32; 18] = {
    let mut out = [0u32; 18];
    let mut i = 0;
    while i < 18 {
        let mut j = 0;
        while j < 18 {
            let (dq, dr) = (ANNULUS[j].0 - ANNULUS[i].0, ANNULUS[j].1 - ANNULUS[i].1);
            let mut d = 0;
            while d < 6 {
                if DIRECTIONS[d].0 == dq && DIRECTIONS[d].1 == dr {
                    out[i] |= 1 << j;
                }
                d += 1;
            }
            j += 1;
        }
        i += 1;
    }
    out
};

/// How far the window of [`Board::six_through`] reaches from its centre.
const REACH: usize = 5;
/// Its side: 11 columns (`dq = -5..=5`) by 11 rows (`dr = -5..=5`).
const SPAN: usize = 2 * REACH + 1;
const CENTRE: usize = REACH * SPAN + REACH;

/// The six shapes of a six, as offsets: the lines along the three axes,
/// the triangles pointing down and up, the circle.
const SHAPES: [[(i32, i32); 6]; 6] = [
    [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
    [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5)],
    [(0, 0), (1, -1), (2, -2), (3, -3), (4, -4), (5, -5)],
    TRIANGLE_DOWN,
    TRIANGLE_UP,
    CIRCLE,
];

/// The six neighbours of the centre of the window of [`Board::six_through`].
const CENTRE_NEIGHBOURS: u128 = {
    let mut mask = 0u128;
    let mut d = 0;
    while d < 6 {
        let dq = DIRECTIONS[d].0 + REACH as i32;
        let dr = DIRECTIONS[d].1 + REACH as i32;
        mask |= 1 << (dr as usize * SPAN + dq as usize);
        d += 1;
    }
    mask
};

/// The kind of the six `SIXES[i]`.
const fn kind_of(i: usize) -> Formation {
    match i {
        0..18 => Formation::Line,
        18..30 => Formation::Triangle,
        _ => Formation::Circle,
    }
}

/// Every six through the centre of the window, as window masks: the lines
/// (three axes, six positions each), then the triangles (two orientations),
/// then the circles. Six `i` is shape `i / 6` placed with its cell `i % 6`
/// on the centre.
const SIXES: [u128; 36] = {
    let shapes = SHAPES;
    let mut out = [0u128; 36];
    let mut s = 0;
    while s < 6 {
        let mut i = 0;
        while i < 6 {
            let mut mask = 0u128;
            let mut j = 0;
            while j < 6 {
                let dq = shapes[s][j].0 - shapes[s][i].0 + REACH as i32;
                let dr = shapes[s][j].1 - shapes[s][i].1 + REACH as i32;
                mask |= 1 << (dr as usize * SPAN + dq as usize);
                j += 1;
            }
            out[s * 6 + i] = mask;
            i += 1;
        }
        s += 1;
    }
    out
};

/// The stones on the table.
///
/// Stones lie on the 64 × 64 torus ([`Cell::index`]); the frame, 64 × 64
/// true coordinates from `(q0, r0)`, says which true cell each torus cell
/// stands for. It holds the field and every cell next to it: a stone put
/// on its edge moves it to centre the field again (the field spans at most
/// 43 rows and columns with its border, so it fits with room). Every cell
/// the board hands out (stones, where a stone may go) is a true cell.
#[derive(Clone)]
pub struct Board {
    rows: [[u64; SIZE]; 2],
    /// Bit `row` is set when the row holds a stone, so scans skip empty rows.
    used: u64,
    /// The true `q` of the frame's first column.
    q0: i32,
    /// The true `r` of the frame's first row.
    r0: i32,
}

impl Default for Board {
    /// An empty table, its frame `-32..=31` both ways around `0,0`.
    fn default() -> Self {
        Board { rows: [[0; SIZE]; 2], used: 0, q0: -(SIZE as i32) / 2, r0: -(SIZE as i32) / 2 }
    }
}

/// Boards are equal when they hold the same stones on the same true cells,
/// wherever their frames lie.
impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        // The same torus stones are the same true stones when one stone is
        // on the same true cell: the field is connected within both frames.
        self.rows == other.rows && self.used == other.used && self.stones().next() == other.stones().next()
    }
}

impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |c: Colour| self.cells(c).map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        write!(f, "Board {{ red: [{}], black: [{}] }}", list(Colour::Red), list(Colour::Black))
    }
}

/// Up to three parts of the field (connected groups of stones), as lists of
/// cells. Three is the most a lifted stone can leave behind: every part
/// touches the lifted cell in a run of neighbours, and six neighbours hold at
/// most three separate runs.
#[derive(Clone, Debug)]
pub struct Parts {
    cells: [Cell; 48],
    ends: [u8; 4],
    count: usize,
}

impl Parts {
    /// How many parts.
    pub fn len(&self) -> usize {
        self.count
    }

    /// True when there is no part at all.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The cells of part `i`.
    pub fn part(&self, i: usize) -> &[Cell] {
        &self.cells[self.ends[i] as usize..self.ends[i + 1] as usize]
    }

    /// The size of the largest part.
    pub fn largest(&self) -> usize {
        (0..self.count).map(|i| self.part(i).len()).max().unwrap_or(0)
    }

    /// The part holding `cell`, if any.
    pub fn find(&self, cell: Cell) -> Option<usize> {
        (0..self.count).find(|&i| self.part(i).contains(&cell))
    }

    /// The first cell of part `i` in reading order: the cell that names it.
    pub fn name(&self, i: usize) -> Cell {
        *self.part(i).iter().min_by_key(|c| c.reading_key()).expect("parts are never empty")
    }
}

impl Board {
    /// The colour on `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Colour> {
        if self.has(Colour::Red, cell) {
            Some(Colour::Red)
        } else if self.has(Colour::Black, cell) {
            Some(Colour::Black)
        } else {
            None
        }
    }

    /// True when `cell` holds a stone of `colour`.
    #[inline]
    pub fn has(&self, colour: Colour, cell: Cell) -> bool {
        self.rows[colour.index()][cell.row()] >> cell.col() & 1 != 0
    }

    /// True when `cell` holds a stone.
    #[inline]
    pub fn occupied(&self, cell: Cell) -> bool {
        self.occupied_row(cell.row()) >> cell.col() & 1 != 0
    }

    #[inline]
    fn occupied_row(&self, row: usize) -> u64 {
        self.rows[0][row] | self.rows[1][row]
    }

    /// Puts a stone of `colour` on the empty `cell`. The cell must touch
    /// the field, or be within its span, so that the field stays within 62
    /// rows and columns (a connected field of 42 stones spans at most 42).
    #[inline]
    pub fn set(&mut self, colour: Colour, cell: Cell) {
        let edge = SIZE as i32 - 1;
        let (dq, dr) = (cell.q() - self.q0, cell.r() - self.r0);
        if dq <= 0 || dq >= edge || dr <= 0 || dr >= edge {
            self.centre_frame(cell);
        }
        self.rows[colour.index()][cell.row()] |= 1 << cell.col();
        self.used |= 1 << cell.row();
    }

    /// Moves the frame so that the field and `cell` lie in its middle.
    #[cold]
    fn centre_frame(&mut self, cell: Cell) {
        let (mut q_min, mut q_max, mut r_min, mut r_max) = (cell.q(), cell.q(), cell.r(), cell.r());
        for stone in self.stones() {
            (q_min, q_max) = (q_min.min(stone.q()), q_max.max(stone.q()));
            (r_min, r_max) = (r_min.min(stone.r()), r_max.max(stone.r()));
        }
        let half = SIZE as i32 / 2;
        self.q0 = (q_min + q_max).div_euclid(2) - half;
        self.r0 = (r_min + r_max).div_euclid(2) - half;
    }

    /// True when `cell` is the true cell the frame places its torus cell
    /// at: every cell of the field and next to it is.
    #[inline]
    pub fn in_frame(&self, cell: Cell) -> bool {
        let size = SIZE as i32;
        (0..size).contains(&(cell.q() - self.q0)) && (0..size).contains(&(cell.r() - self.r0))
    }

    /// The cell of the frame on the torus cell of `cell`: for a cell whose
    /// coordinates were written modulo 64 (records before format 4), the
    /// true cell it names.
    pub fn in_frame_copy(&self, cell: Cell) -> Cell {
        let mask = SIZE as i32 - 1;
        Cell::new(self.q0 + ((cell.q() - self.q0) & mask), self.r0 + ((cell.r() - self.r0) & mask))
    }

    /// True when the true cell `cell` holds a stone of `colour`.
    pub fn holds(&self, colour: Colour, cell: Cell) -> bool {
        self.in_frame(cell) && self.has(colour, cell)
    }

    /// Takes whatever stone lies on `cell` off the table.
    #[inline]
    pub fn clear(&mut self, cell: Cell) {
        let bit = !(1u64 << cell.col());
        self.rows[0][cell.row()] &= bit;
        self.rows[1][cell.row()] &= bit;
        if self.occupied_row(cell.row()) == 0 {
            self.used &= !(1 << cell.row());
        }
    }

    /// How many stones of `colour` lie on the table.
    pub fn count(&self, colour: Colour) -> usize {
        self.rows[colour.index()].iter().map(|r| r.count_ones() as usize).sum()
    }

    /// The stones of `colour` in reading order.
    pub fn cells(&self, colour: Colour) -> impl Iterator<Item = Cell> + '_ {
        let rows = &self.rows[colour.index()];
        reading_order(self.q0, self.r0, self.used, move |row| rows[row])
    }

    /// Calls `f` with each stone of `colour`, in reading order.
    #[inline]
    pub fn for_each_cell(&self, colour: Colour, mut f: impl FnMut(Cell)) {
        self.cell_rows(colour, |cells| cells.for_each(&mut f));
    }

    /// Calls `f` with the stones of `colour` row by row, in reading order.
    #[inline]
    pub fn cell_rows(&self, colour: Colour, f: impl FnMut(RowCells)) {
        self.cell_rows_but(colour, &[0; SIZE], f);
    }

    /// Like [`Board::cell_rows`], leaving out the cells marked in `left_out`
    /// (bit `col` of entry `row`, as [`Board::cut_cells`] marks them): a
    /// whole row is masked at once.
    #[inline]
    pub fn cell_rows_but(&self, colour: Colour, left_out: &[u64; SIZE], mut f: impl FnMut(RowCells)) {
        let rows = &self.rows[colour.index()];
        each_row(self.used, self.r0, |row, r| {
            let bits = rows[row] & !left_out[row];
            if bits != 0 {
                f(RowCells::new(self.q0, r, bits))
            }
        });
    }

    /// All stones in reading order.
    pub fn stones(&self) -> impl Iterator<Item = Cell> + '_ {
        reading_order(self.q0, self.r0, self.used, move |row| self.occupied_row(row))
    }

    /// The empty cells touching a stone, in reading order. When `shunned` is
    /// given, cells touching a stone of that colour are left out (the first
    /// move of a game).
    pub fn frontier(&self, shunned: Option<Colour>) -> impl Iterator<Item = Cell> + '_ {
        let mut cells = Vec::with_capacity(64);
        self.for_each_frontier(shunned, |c| cells.push(c));
        cells.into_iter()
    }

    /// Calls `f` with each cell of [`Board::frontier`], in reading order.
    #[inline]
    pub fn for_each_frontier(&self, shunned: Option<Colour>, mut f: impl FnMut(Cell)) {
        self.frontier_rows(shunned, |cells| cells.for_each(&mut f));
    }

    /// Calls `f` with the cells of [`Board::frontier`] row by row, in reading order.
    #[inline]
    pub fn frontier_rows(&self, shunned: Option<Colour>, mut f: impl FnMut(RowCells)) {
        let occupied = |row: usize| self.rows[0][row] | self.rows[1][row];
        let near_used = self.used | self.used.rotate_left(1) | self.used.rotate_right(1);
        each_row(near_used, self.r0, |row, r| {
            let (above, below) = ((row + SIZE - 1) % SIZE, (row + 1) % SIZE);
            let here = occupied(row);
            let mut near = spread(occupied(above), here, occupied(below)) & !here;
            if let Some(c) = shunned {
                let own = &self.rows[c.index()];
                near &= !spread(own[above], own[row], own[below]);
            }
            if near != 0 {
                f(RowCells::new(self.q0, r, near));
            }
        });
    }

    /// A hash of the stones that ignores where the field lies: each stone is
    /// keyed by its place relative to the corner of the field's bounding
    /// rows and columns. The field must be connected, so that its rows and
    /// its columns are each one unbroken run on the torus.
    pub fn shape_hash(&self) -> u64 {
        let first = |mask: u64| (mask & !mask.rotate_left(1)).trailing_zeros() as i32;
        let columns = (0..SIZE).fold(0u64, |m, row| m | self.occupied_row(row));
        let (top, left) = (first(self.used), first(columns));
        let mut hash = 0;
        for colour in Colour::ALL {
            self.for_each_cell(colour, |c| {
                let (q, r) = ((c.col() as i32 - left) & MASK, (c.row() as i32 - top) & MASK);
                hash ^= zobrist(colour, Cell::new(q, r));
            });
        }
        hash
    }

    /// True when `cell` touches a stone.
    pub fn touches_field(&self, cell: Cell) -> bool {
        cell.neighbours().iter().any(|&n| self.occupied(n))
    }

    /// The six that a stone of `colour` on `cell` is part of, if any. The
    /// stone itself need not be on the board: `cell` counts as `colour`.
    #[inline]
    pub fn six_through(&self, colour: Colour, cell: Cell) -> Option<Formation> {
        self.six_index(colour, cell).map(kind_of)
    }

    /// Like [`Board::six_through`], with the six's cells: the first six in
    /// the order lines, triangles, circles when the stone completes several.
    pub fn formed_six(&self, colour: Colour, cell: Cell) -> Option<FormedSix> {
        let i = self.six_index(colour, cell)?;
        let (shape, anchor) = (SHAPES[i / 6], SHAPES[i / 6][i % 6]);
        let mut cells = shape.map(|(dq, dr)| cell.offset(dq - anchor.0, dr - anchor.1));
        cells.sort_by_key(|c| c.reading_key());
        Some(FormedSix { kind: kind_of(i), cells })
    }

    /// The index in `SIXES` of the first six through `cell`.
    #[inline]
    fn six_index(&self, colour: Colour, cell: Cell) -> Option<usize> {
        // The stones of `colour` within 5 steps along both axes, as one
        // 121-bit window, tested against every six through its centre.
        let rows = &self.rows[colour.index()];
        let shift = (cell.col() + 64 - REACH as u32) % 64;
        let mut window: u128 = 1 << CENTRE;
        for k in 0..SPAN {
            let row = (cell.row() + SIZE - REACH + k) % SIZE;
            let bits = rows[row].rotate_right(shift) & ((1 << SPAN) - 1);
            window |= u128::from(bits) << (k * SPAN);
        }
        // Every six is connected, so one through the centre holds a
        // neighbour of it: a stone with no stone of its colour next to it
        // (often the case) completes none, and the 36 tests are spared.
        if window & CENTRE_NEIGHBOURS == 0 || window.count_ones() < 6 {
            return None;
        }
        SIXES.iter().position(|&six| window & six == six)
    }

    /// The first six of `colour` anywhere on the board (for checking set-up
    /// positions; play checks only around the stone just placed).
    pub fn any_six(&self, colour: Colour) -> Option<(Cell, Formation)> {
        self.cells(colour).find_map(|c| self.six_through(colour, c).map(|f| (c, f)))
    }

    /// How many separate groups of stones the neighbours of `cell` form when
    /// walking around it. Lifting a stone whose neighbours form one group (or
    /// none) can never split the field.
    pub fn neighbour_groups(&self, cell: Cell) -> u32 {
        let mut ring = 0u32;
        for (i, n) in cell.neighbours().iter().enumerate() {
            if self.occupied(*n) {
                ring |= 1 << i;
            }
        }
        let before = ((ring << 1) | (ring >> 5)) & 0x3f;
        (ring & !before).count_ones().max(u32::from(ring != 0))
    }

    /// True when the stones next to `cell` are joined to each other by stones
    /// within two steps of `cell` (not through `cell` itself). Then lifting the
    /// stone on `cell` cannot split the field; when false, it may or may not.
    pub fn joined_nearby(&self, cell: Cell) -> bool {
        let mut stones = 0u32;
        for (i, &(dq, dr)) in ANNULUS.iter().enumerate() {
            if self.occupied(cell.offset(dq, dr)) {
                stones |= 1 << i;
            }
        }
        let neighbours = stones & 0x3f;
        if neighbours == 0 {
            return true;
        }
        let mut reach = neighbours & neighbours.wrapping_neg();
        loop {
            let mut grown = reach;
            let mut bits = reach;
            while bits != 0 {
                grown |= ANNULUS_ADJACENT[bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
            grown &= stones;
            if grown == reach {
                return reach & neighbours == neighbours;
            }
            reach = grown;
        }
    }

    /// The parts of the field that meet at `cell`, as if `cell` were empty:
    /// every group of stones connected to a neighbour of `cell` without
    /// passing through it. For a connected field with the stone on `cell`
    /// lifted, these are all its parts.
    pub fn parts_around(&self, cell: Cell) -> Parts {
        let mut work = [0u64; SIZE];
        each_row(self.used, self.r0, |row, _| work[row] = self.occupied_row(row));
        work[cell.row()] &= !(1 << cell.col());
        let mut parts = Parts { cells: [cell; 48], ends: [0; 4], count: 0 };
        let mut len = 0usize;
        for seed in cell.neighbours() {
            if work[seed.row()] >> seed.col() & 1 == 0 {
                continue;
            }
            work[seed.row()] &= !(1 << seed.col());
            let start = len;
            parts.cells[len] = seed;
            len += 1;
            let mut next = start;
            while next < len {
                let at = parts.cells[next];
                next += 1;
                for n in at.neighbours() {
                    if work[n.row()] >> n.col() & 1 != 0 {
                        work[n.row()] &= !(1 << n.col());
                        parts.cells[len] = n;
                        len += 1;
                    }
                }
            }
            parts.count += 1;
            parts.ends[parts.count] = len as u8;
        }
        parts
    }

    /// The stones whose lifting would split the field (its articulation
    /// points), as one bit per cell: bit `col` of entry `row`. One depth-first
    /// search over the whole field (Hopcroft–Tarjan), for the basic variant,
    /// which must know this for every stone of the mover.
    pub fn cut_cells(&self) -> [u64; SIZE] {
        const NONE: u8 = u8::MAX;
        let mut cut = [0u64; SIZE];
        let mut index = [NONE; SIZE * SIZE];
        let mut cells = [Cell::new(0, 0); 48];
        let mut n = 0;
        for c in self.stones() {
            if n == cells.len() {
                return cut;
            }
            index[c.index()] = n as u8;
            cells[n] = c;
            n += 1;
        }
        if n < 3 {
            return cut;
        }
        let mut disc = [0u8; 48];
        let mut low = [0u8; 48];
        let mut parent = [NONE; 48];
        let mut next_dir = [0u8; 48];
        let mut stack = [0u8; 48];
        let mut depth = 1;
        let mut time = 1u8;
        disc[0] = time;
        low[0] = time;
        let mut root_children = 0;
        while depth > 0 {
            let u = stack[depth - 1] as usize;
            if next_dir[u] < 6 {
                let (dq, dr) = DIRECTIONS[next_dir[u] as usize];
                next_dir[u] += 1;
                let v = index[cells[u].offset(dq, dr).index()];
                if v == NONE {
                    continue;
                }
                let v = v as usize;
                if disc[v] == 0 {
                    time += 1;
                    disc[v] = time;
                    low[v] = time;
                    parent[v] = u as u8;
                    stack[depth] = v as u8;
                    depth += 1;
                    if u == 0 {
                        root_children += 1;
                    }
                } else if parent[u] as usize != v {
                    low[u] = low[u].min(disc[v]);
                }
            } else {
                depth -= 1;
                let p = parent[u];
                if p != NONE {
                    let p = p as usize;
                    low[p] = low[p].min(low[u]);
                    if p != 0 && low[u] >= disc[p] {
                        cut[cells[p].row()] |= 1 << cells[p].col();
                    }
                }
            }
        }
        if root_children >= 2 {
            cut[cells[0].row()] |= 1 << cells[0].col();
        }
        cut
    }

    /// True when the stones form one connected group (or there are none).
    pub fn is_connected(&self) -> bool {
        let Some(first) = self.stones().next() else { return true };
        let total = self.count(Colour::Red) + self.count(Colour::Black);
        let mut seen = vec![first];
        let mut next = 0;
        while next < seen.len() {
            let at = seen[next];
            next += 1;
            for n in at.neighbours() {
                if self.occupied(n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len() == total
    }

    /// The stones not in any of `parts` (used to check that the parts around a
    /// cell are the whole field).
    pub fn outside(&self, parts: &Parts) -> usize {
        let total = self.count(Colour::Red) + self.count(Colour::Black);
        total - (0..parts.len()).map(|i| parts.part(i).len()).sum::<usize>()
    }
}

/// The cells of a row that touch a set cell of the row itself (`here`) or of
/// the rows above (`up`) and below (`down`).
#[inline]
fn spread(up: u64, here: u64, down: u64) -> u64 {
    here.rotate_left(1) | here.rotate_right(1) | up | up.rotate_right(1) | down | down.rotate_left(1)
}

const MASK: i32 = SIZE as i32 - 1;

/// Calls `f` with the rows whose bits are set in `rows`, in reading order
/// within the frame whose first row is `r0`: each as its torus row and its
/// true `r`.
#[inline]
fn each_row(rows: u64, r0: i32, mut f: impl FnMut(usize, i32)) {
    let first = (r0 & MASK) as u32;
    let mut bits = rows.rotate_right(first);
    while bits != 0 {
        let j = bits.trailing_zeros();
        bits &= bits - 1;
        f(((first + j) & MASK as u32) as usize, r0 + j as i32);
    }
}

/// The cells of one row given by a bit mask, from the smallest `q` of the
/// frame to the largest.
#[derive(Clone, Debug)]
pub struct RowCells {
    /// The row's cell in the frame's first column.
    first: Cell,
    /// Bit `j` stands for the cell `j` east of `first`.
    bits: u64,
}

impl RowCells {
    /// The cells of row `r` set in `bits` (by torus column), in a frame
    /// whose first column is `q0`.
    #[inline]
    fn new(q0: i32, r: i32, bits: u64) -> Self {
        RowCells { first: Cell::new(q0, r), bits: bits.rotate_right((q0 & MASK) as u32) }
    }

    /// Leaves `cell` out (if it is in this row).
    #[inline]
    pub fn without(mut self, cell: Cell) -> Self {
        if cell.r() == self.first.r() {
            self.bits &= !(1u64 << ((cell.q() - self.first.q()) & MASK));
        }
        self
    }
}

impl Iterator for RowCells {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.bits == 0 {
            return None;
        }
        let j = self.bits.trailing_zeros();
        self.bits &= self.bits - 1;
        Some(self.first.east(j))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for RowCells {}

/// Calls up the set bits of the rows in `used` in reading order, as true
/// cells of the frame from `(q0, r0)`: rows from `r0` down, each from `q0`
/// eastwards. Rows outside `used` must be empty: they are skipped unread.
fn reading_order(q0: i32, r0: i32, used: u64, row_bits: impl Fn(usize) -> u64) -> impl Iterator<Item = Cell> {
    let first = (r0 & MASK) as u32;
    let mut rows = used.rotate_right(first);
    let steps = std::iter::from_fn(move || {
        let j = (rows != 0).then(|| rows.trailing_zeros())?;
        rows &= rows - 1;
        Some(j)
    });
    steps.flat_map(move |j| {
        let r = r0 + j as i32;
        RowCells::new(q0, r, row_bits((r & MASK) as usize))
    })
}

/// The Zobrist key of a stone of `colour` on `cell` (a fixed pseudo-random
/// number, so hashes are the same in every build and every run). Keyed by
/// the true cell: a field 64 cells away is another position.
#[inline]
pub fn zobrist(colour: Colour, cell: Cell) -> u64 {
    let (q, r) = (u64::from(cell.q() as u16), u64::from(cell.r() as u16));
    splitmix(((colour.index() as u64) << 32 | q << 16 | r) ^ 0x5158_0000_0000_0000)
}

/// The Zobrist key of `seat` being the one to move.
#[inline]
pub fn zobrist_turn(seat: usize) -> u64 {
    splitmix(0x7a7a_0000 + seat as u64)
}

#[inline]
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(red: &[(i32, i32)], black: &[(i32, i32)]) -> Board {
        let mut b = Board::default();
        for &(q, r) in red {
            b.set(Colour::Red, Cell::new(q, r));
        }
        for &(q, r) in black {
            b.set(Colour::Black, Cell::new(q, r));
        }
        b
    }

    #[test]
    fn frontier_of_one_stone_is_its_six_neighbours() {
        let b = board(&[(0, 0)], &[]);
        let f: Vec<Cell> = b.frontier(None).collect();
        assert_eq!(f.len(), 6);
        for n in Cell::new(0, 0).neighbours() {
            assert!(f.contains(&n));
        }
    }

    #[test]
    fn frontier_works_across_the_torus_seam() {
        let b = board(&[(31, 31)], &[(32, 31)]);
        let f: Vec<Cell> = b.frontier(None).collect();
        assert_eq!(f.len(), 8, "two touching stones have eight empty neighbours");
        assert!(f.contains(&Cell::new(33, 31)));
        assert!(f.contains(&Cell::new(32, 32)));
        assert!(f.contains(&Cell::new(31, 30)));
        let stones: Vec<Cell> = b.stones().collect();
        assert_eq!(stones, [Cell::new(31, 31), Cell::new(32, 31)], "true cells in reading order");
    }

    #[test]
    fn the_frame_follows_the_field_and_hands_out_true_cells() {
        // A line of stones eastwards from 0,0 to 100,0 and the same going
        // north-west: every stone and frontier cell keeps its coordinates.
        let mut b = Board::default();
        for q in 0..=100 {
            b.set(Colour::Red, Cell::new(q, -q / 2));
            if q > 40 {
                b.clear(Cell::new(q - 41, -(q - 41) / 2));
            }
            let stones: Vec<Cell> = b.stones().collect();
            let first = (q - 40).max(0);
            let expected: Vec<Cell> = (first..=q).rev().map(|k| Cell::new(k, -k / 2)).collect();
            let mut expected = expected;
            expected.sort_by_key(|c| c.reading_key());
            assert_eq!(stones, expected, "after {q}");
            for c in b.frontier(None) {
                assert!(c.neighbours().iter().any(|n| stones.contains(n)), "{c} touches the field");
            }
        }
        assert_eq!(b.in_frame_copy(Cell::new(100 - 64, -50)), Cell::new(100, -50));
        assert!(b.holds(Colour::Red, Cell::new(100, -50)) && !b.holds(Colour::Red, Cell::new(36, -50)));
        let mut again = Board::default();
        for c in b.stones() {
            again.set(Colour::Red, c);
        }
        assert_eq!(again, b, "the same stones, wherever the frame lies");
        let mut shifted = Board::default();
        for c in b.stones() {
            shifted.set(Colour::Red, c.offset(64, 0));
        }
        assert_ne!(shifted, b, "a field 64 cells away is another field");
    }

    #[test]
    fn neighbour_groups_count_arcs_around_a_cell() {
        let c = (0, 0);
        assert_eq!(board(&[], &[]).neighbour_groups(Cell::new(c.0, c.1)), 0);
        assert_eq!(board(&[(1, 0), (1, -1)], &[]).neighbour_groups(Cell::new(0, 0)), 1);
        assert_eq!(board(&[(1, 0), (-1, 0)], &[]).neighbour_groups(Cell::new(0, 0)), 2);
        assert_eq!(board(&[(1, 0), (0, -1), (-1, 1)], &[]).neighbour_groups(Cell::new(0, 0)), 3);
        let full: Vec<(i32, i32)> = DIRECTIONS.to_vec();
        assert_eq!(board(&full, &[]).neighbour_groups(Cell::new(0, 0)), 1);
        // East and south-east are adjacent around the ring (last and first).
        assert_eq!(board(&[(1, 0), (0, 1)], &[]).neighbour_groups(Cell::new(0, 0)), 1);
    }

    #[test]
    fn joined_nearby_agrees_with_a_full_search() {
        // Every pattern of stones within two steps of the centre: when the
        // local test says "joined", the full search must find one part.
        let centre = Cell::new(0, 0);
        for pattern in 0u32..(1 << 18) {
            let mut b = Board::default();
            for (i, &(dq, dr)) in ANNULUS.iter().enumerate() {
                if pattern >> i & 1 == 1 {
                    b.set(Colour::Red, centre.offset(dq, dr));
                }
            }
            if pattern & 0x3f != 0 && b.joined_nearby(centre) {
                assert_eq!(b.parts_around(centre).len(), 1, "pattern {pattern:#x}");
            }
            if pattern % 97 == 0 && b.parts_around(centre).len() <= 1 && pattern & 0x3f != 0 {
                // Within the annulus alone, one part means joined nearby.
                assert!(b.joined_nearby(centre), "pattern {pattern:#x}");
            }
        }
    }

    #[test]
    fn cut_cells_are_the_stones_that_split_the_field() {
        // Random connected fields: the search agrees with lifting each stone.
        let mut seed = 12345u64;
        for _ in 0..300 {
            let mut b = board(&[(0, 0)], &[]);
            let target = 3 + (seed % 30) as usize;
            while b.count(Colour::Red) + b.count(Colour::Black) < target {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let f: Vec<Cell> = b.frontier(None).collect();
                let c = f[(seed >> 33) as usize % f.len()];
                b.set(if seed >> 20 & 1 == 0 { Colour::Red } else { Colour::Black }, c);
            }
            let cut = b.cut_cells();
            for c in b.stones() {
                let splits = b.parts_around(c).len() > 1;
                assert_eq!(cut[c.row()] >> c.col() & 1 == 1, splits, "{c} in {b:?}");
            }
        }
    }

    #[test]
    fn parts_around_a_gap() {
        // A line -2..=2 on row 0 with the middle missing: two parts of two.
        let b = board(&[(-2, 0), (-1, 0)], &[(1, 0), (2, 0)]);
        let parts = b.parts_around(Cell::new(0, 0));
        assert_eq!(parts.len(), 2);
        assert_eq!(parts.part(0).len(), 2);
        // Parts are found walking around the cell from the east.
        assert_eq!(parts.name(0), Cell::new(1, 0));
        assert_eq!(parts.name(1), Cell::new(-2, 0));
        assert_eq!(b.outside(&parts), 0);
    }
}
