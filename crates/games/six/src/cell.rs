//! Cells of the hex grid and their notation.
//!
//! Cells use axial coordinates `(q, r)`: `q` grows to the east, `r` grows to
//! the south-east (each row is drawn half a cell further right than the one
//! above it, as on a Hex board). A cell is written `q,r`, e.g. `0,0`, `2,-1`.
//!
//! The grid is stored as a 64 × 64 torus (`q` and `r` modulo 64). The field
//! is always connected and holds at most 42 stones, so it never spans more
//! than 43 rows or columns (with the cells around it) and two cells of the
//! field or its border never share a torus cell. Coordinates are written in
//! `-32..=31`; should the field ever drift across that seam the numbers wrap
//! (31 is followed by -32), which changes nothing about the play.

use serde::{Deserialize, Deserializer, Serialize, Serializer, ser::SerializeStruct};
use spieltisch_core::ActionError;
use std::{fmt, str::FromStr};

/// Side length of the torus.
pub const SIZE: usize = 64;
const MASK: i32 = SIZE as i32 - 1;

/// One cell of the grid (a torus index `r * 64 + q`, both modulo 64).
/// Written by hand for TypeScript: its `Serialize` is written by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "{ q: number, r: number }"))]
pub struct Cell(u16);

/// The six directions, in order around a cell (each is adjacent to the next,
/// and the last to the first): east, north-east, north-west, west,
/// south-west, south-east.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

impl Cell {
    /// The cell at axial coordinates `(q, r)` (taken modulo 64).
    pub const fn new(q: i32, r: i32) -> Cell {
        Cell((((r & MASK) << 6) | (q & MASK)) as u16)
    }

    /// The cell with torus index `index` (below 4096).
    pub(crate) const fn from_index(index: usize) -> Cell {
        Cell(index as u16)
    }

    /// The torus index, `0..4096`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The row on the torus, `0..64`.
    pub(crate) const fn row(self) -> usize {
        (self.0 >> 6) as usize
    }

    /// The column on the torus, `0..64`.
    pub(crate) const fn col(self) -> u32 {
        (self.0 & 63) as u32
    }

    /// The axial `q` coordinate as written, in `-32..=31`.
    pub const fn q(self) -> i32 {
        (((self.0 & 63) as i32) ^ 32) - 32
    }

    /// The axial `r` coordinate as written, in `-32..=31`.
    pub const fn r(self) -> i32 {
        ((((self.0 >> 6) & 63) as i32) ^ 32) - 32
    }

    /// The cell `(dq, dr)` away.
    #[inline]
    pub const fn offset(self, dq: i32, dr: i32) -> Cell {
        // Torus arithmetic: the row and column wrap modulo 64 like q and r.
        Cell::new(self.col() as i32 + dq, self.row() as i32 + dr)
    }

    /// The six neighbours, in [`DIRECTIONS`] order.
    pub fn neighbours(self) -> [Cell; 6] {
        DIRECTIONS.map(|(dq, dr)| self.offset(dq, dr))
    }

    /// A key that sorts cells in reading order: by row (`r`), then by `q`.
    pub const fn reading_key(self) -> u16 {
        self.0 ^ 0x820
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q(), self.r())
    }
}

impl FromStr for Cell {
    type Err = ActionError;

    /// Reads `q,r` (spaces and surrounding parentheses allowed), each in `-32..=31`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let inner = s.trim().trim_start_matches('(').trim_end_matches(')');
        let (q, r) = inner.split_once(',').ok_or_else(|| {
            ActionError::parse(s, "a cell is written q,r with two whole numbers, e.g. 2,-1")
        })?;
        let coordinate = |t: &str, name: &str| -> Result<i32, ActionError> {
            let v: i32 = t
                .trim()
                .parse()
                .map_err(|_| ActionError::parse(s, format!("{name} must be a whole number, e.g. 2,-1")))?;
            if (-32..=31).contains(&v) {
                Ok(v)
            } else {
                Err(ActionError::parse(s, format!("{name} must lie in -32..=31")))
            }
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

/// Reads `{"q", "r"}` (each in `-32..=31`), and also the notation `"q,r"`,
/// in which states were written before views were designed data.
impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Axial {
            q: i32,
            r: i32,
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
        for q in -32..=31 {
            for r in [-32, -5, 0, 7, 31] {
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
        assert!("40,0".parse::<Cell>().is_err());
    }

    #[test]
    fn a_cell_is_an_object_on_the_wire() {
        let cell = Cell::new(-3, 31);
        let json = serde_json::to_value(cell).unwrap();
        assert_eq!(json, serde_json::json!({"q": -3, "r": 31}));
        assert_eq!(serde_json::from_value::<Cell>(json).unwrap(), cell);
        assert_eq!(serde_json::from_value::<Cell>(serde_json::json!("-3,31")).unwrap(), cell);
        for bad in [serde_json::json!({"q": 32, "r": 0}), serde_json::json!({"q": 1}), serde_json::json!("1")]
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
        let mut cells = [Cell::new(1, 0), Cell::new(-1, 1), Cell::new(0, -1), Cell::new(-1, 0)];
        cells.sort_by_key(|c| c.reading_key());
        let written: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        assert_eq!(written, ["0,-1", "-1,0", "1,0", "-1,1"]);
    }
}
