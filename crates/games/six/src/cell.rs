//! Cells of the hex grid and their notation.
//!
//! Cells use axial coordinates `(q, r)`: `q` grows to the east, `r` grows to
//! the south-east (each row is drawn half a cell further right than the one
//! above it, as on a Hex board). A cell is written `q,r`, e.g. `0,0`, `2,-1`,
//! always with its true coordinates, however far the field drifts.
//!
//! The board stores cells on a 64 × 64 torus (`q` and `r` modulo 64,
//! [`Cell::index`]): the field is always connected and holds at most 42
//! stones, so with the cells around it it never spans more than 43 rows or
//! columns, and no two cells of it share a torus cell. The board keeps a
//! frame of 64 × 64 true coordinates around the field ([`crate::Board`]) to
//! tell which true cell a torus cell stands for.
//!
//! How far can the field drift? A stone always goes next to the field, so
//! the field's easternmost `q` grows by at most one per move (and likewise
//! every other edge): a game of 40 placements and at most 5,000
//! second-round moves keeps every cell within 5,042 of `0,0`. Coordinates
//! are `i16`; the notation reads any in `-32768..=32767`.
//!
//! Records before format 4 wrote coordinates modulo 64 in `-32..=31` (`31`
//! was followed by `-32`); [`crate::Options::wrapped_cells`] reads them so.

use serde::{Deserialize, Deserializer, Serialize, Serializer, ser::SerializeStruct};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

/// Side length of the torus.
pub const SIZE: usize = 64;
const MASK: i32 = SIZE as i32 - 1;

/// One cell of the grid, by its true axial coordinates.
/// Written by hand for TypeScript: its `Serialize` is written by hand.
/// Cells order as they are read: by row (`r`), then by `q`.
// (Not in the doc comment above, which the TypeScript declarations copy.)
// Packed in one `u32`: `q` in the high 16 bits and `r` in the low 16, each
// as the bits of an `i16`. Playouts list the cells of a row at every step;
// packed so, the cells of a row are one addition apart (see `Cell::east`),
// and an action naming a cell is 8 bytes, a size the machine indexes directly.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "{ q: number, r: number }"))]
pub struct Cell(u32);

/// The six directions, in order around a cell (each is adjacent to the next,
/// and the last to the first): east, north-east, north-west, west,
/// south-west, south-east.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The bits of `q` in a packed cell.
const Q_BITS: u32 = 0xffff_0000;

impl Cell {
    /// The cell at axial coordinates `(q, r)`, each in `-32768..=32767`.
    pub const fn new(q: i32, r: i32) -> Cell {
        Cell(((q as u16 as u32) << 16) | r as u16 as u32)
    }

    /// The torus index, `0..4096`: `r` modulo 64 times 64 plus `q` modulo 64.
    #[inline]
    pub const fn index(self) -> usize {
        (self.row() << 6) | self.col() as usize
    }

    /// The row on the torus, `0..64`.
    #[inline]
    pub(crate) const fn row(self) -> usize {
        // The low bits of an i16's bits are those of its value modulo 64.
        (self.0 & MASK as u32) as usize
    }

    /// The column on the torus, `0..64`.
    #[inline]
    pub(crate) const fn col(self) -> u32 {
        (self.0 >> 16) & MASK as u32
    }

    /// The axial `q` coordinate.
    #[inline]
    pub const fn q(self) -> i32 {
        self.0 as i32 >> 16
    }

    /// The axial `r` coordinate.
    #[inline]
    pub const fn r(self) -> i32 {
        self.0 as u16 as i16 as i32
    }

    /// The cell `(dq, dr)` away.
    #[inline]
    pub const fn offset(self, dq: i32, dr: i32) -> Cell {
        // Each half adds on its own, as `Cell::new(q + dq, r + dr)` would.
        let q = (self.0 & Q_BITS).wrapping_add((dq as u32) << 16);
        let r = self.0.wrapping_add(dr as u32) & !Q_BITS;
        Cell(q | r)
    }

    /// The cell `steps` east: `self.offset(steps, 0)` in one addition, as
    /// `q`'s carry leaves the top.
    #[inline]
    pub(crate) const fn east(self, steps: u32) -> Cell {
        Cell(self.0.wrapping_add(steps << 16))
    }

    /// The six neighbours, in [`DIRECTIONS`] order.
    #[inline]
    pub fn neighbours(self) -> [Cell; 6] {
        DIRECTIONS.map(|(dq, dr)| self.offset(dq, dr))
    }

    /// A key that sorts cells in reading order: by row (`r`), then by `q`.
    #[inline]
    pub const fn reading_key(self) -> i32 {
        (self.r() << 16) + self.q()
    }
}

/// Reading order, as [`Cell::reading_key`] sorts.
impl Ord for Cell {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // `r` into the high half, and both halves offset by 2^15 so that
        // their bits order as their values: one unsigned comparison.
        let key = |c: &Cell| c.0.rotate_left(16) ^ 0x8000_8000;
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for Cell {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({},{})", self.q(), self.r())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q(), self.r())
    }
}

impl FromStr for Cell {
    type Err = ActionError;

    /// Reads `q,r` (spaces and surrounding parentheses allowed), each in `-32768..=32767`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let inner = s.trim().trim_start_matches('(').trim_end_matches(')');
        let (q, r) = inner.split_once(',').ok_or_else(|| {
            ActionError::parse(s, "a cell is written q,r with two whole numbers, e.g. 2,-1")
        })?;
        let coordinate = |t: &str, name: &str| -> Result<i32, ActionError> {
            let v: i64 = t
                .trim()
                .parse()
                .map_err(|_| ActionError::parse(s, format!("{name} must be a whole number, e.g. 2,-1")))?;
            i16::try_from(v)
                .map(i32::from)
                .map_err(|_| ActionError::parse(s, format!("{name} must lie in -32768..=32767")))
        };
        Ok(Cell::new(coordinate(q, "q")?, coordinate(r, "r")?))
    }
}

/// A cell on the wire is `{"q": 2, "r": -1}`, as in actions' data and views.
impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("Cell", 2)?;
        fields.serialize_field("q", &self.q())?;
        fields.serialize_field("r", &self.r())?;
        fields.end()
    }
}

/// Reads `{"q", "r"}` (each in `-32768..=32767`), and also the notation `"q,r"`,
/// in which states were written before views were designed data.
impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Axial {
            q: i64,
            r: i64,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Written {
            Axial(Axial),
            Notation(String),
        }
        let cell = match Written::deserialize(deserializer)? {
            Written::Axial(Axial { q, r }) => format!("{q},{r}").parse(),
            Written::Notation(text) => text.parse(),
        };
        cell.map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip_through_notation() {
        for q in (-40..=40).chain([-32768, -5042, 5042, 32767]) {
            for r in [-32768, -33, -32, -5, 0, 7, 31, 32, 64, 32767] {
                let cell = Cell::new(q, r);
                assert_eq!((cell.q(), cell.r()), (q, r));
                assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            }
        }
    }

    #[test]
    fn notation_is_forgiving_about_spaces_but_not_about_numbers() {
        assert_eq!(" ( 2 , -1 ) ".parse::<Cell>(), Ok(Cell::new(2, -1)));
        assert!("2".parse::<Cell>().is_err());
        assert!("2,x".parse::<Cell>().is_err());
        assert_eq!("40,-64".parse::<Cell>(), Ok(Cell::new(40, -64)), "no coordinate wraps");
        assert!("32768,0".parse::<Cell>().is_err());
        assert!("0,-32769".parse::<Cell>().is_err());
    }

    #[test]
    fn a_cell_is_an_object_on_the_wire() {
        let cell = Cell::new(-3, 31);
        let json = serde_json::to_value(cell).unwrap();
        assert_eq!(json, serde_json::json!({"q": -3, "r": 31}));
        assert_eq!(serde_json::from_value::<Cell>(json).unwrap(), cell);
        assert_eq!(serde_json::from_value::<Cell>(serde_json::json!("-3,31")).unwrap(), cell);
        let far = Cell::new(32, -100);
        assert_eq!(serde_json::to_value(far).unwrap(), serde_json::json!({"q": 32, "r": -100}));
        for bad in
            [serde_json::json!({"q": 32768, "r": 0}), serde_json::json!({"q": 1}), serde_json::json!("1")]
        {
            assert!(serde_json::from_value::<Cell>(bad.clone()).is_err(), "{bad}");
        }
    }

    #[test]
    fn neighbours_in_order_touch_each_other() {
        let c = Cell::new(3, -2);
        let n = c.neighbours();
        for i in 0..6 {
            assert!(n[(i + 1) % 6].neighbours().contains(&n[i]), "direction {i} and the next are adjacent");
            assert!(n[i].neighbours().contains(&c));
        }
    }

    #[test]
    fn reading_order_is_row_then_column() {
        let mut cells =
            [Cell::new(1, 0), Cell::new(-1, 1), Cell::new(0, -1), Cell::new(-1, 0), Cell::new(-40, 0)];
        cells.sort_by_key(|c| c.reading_key());
        let written: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(written, ["0,-1", "-40,0", "-1,0", "1,0", "-1,1"]);
        let mut sorted = cells;
        sorted.sort();
        assert_eq!(sorted, cells, "cells order as they are read");
    }

    #[test]
    fn packed_arithmetic_agrees_with_the_coordinates() {
        // Offsets and order work on the packed bits: they must give what
        // the coordinates say, wrapping in i16 at the far edges as `new` does.
        let edges = [-32768, -32767, -5042, -33, -1, 0, 1, 31, 5042, 32766, 32767];
        let cells: Vec<Cell> =
            edges.iter().flat_map(|&q| edges.iter().map(move |&r| Cell::new(q, r))).collect();
        for &c in &cells {
            for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1), (63, 0), (-64, 5)] {
                assert_eq!(c.offset(dq, dr), Cell::new(c.q() + dq, c.r() + dr), "{c:?} + ({dq}, {dr})");
            }
            for steps in [0, 1, 2, 63] {
                assert_eq!(c.east(steps), c.offset(steps as i32, 0), "{c:?} east {steps}");
            }
            for &d in &cells {
                assert_eq!(c.cmp(&d), (c.r(), c.q()).cmp(&(d.r(), d.q())), "{c:?} against {d:?}");
            }
        }
        assert_eq!(std::mem::size_of::<crate::Action>(), 8, "an action stays one machine word");
    }

    #[test]
    fn cells_64_apart_share_a_torus_cell_but_are_different_cells() {
        let (east, west) = (Cell::new(32, 0), Cell::new(-32, 0));
        assert_eq!(east.index(), west.index());
        assert_ne!(east, west);
        assert_eq!(Cell::new(31, 0).neighbours()[0], east);
    }
}
