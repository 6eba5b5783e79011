//! Where a rider can get to: forward moves straight on or diagonally, never
//! across a thick line, never onto or through an occupied space (5.3). A
//! diagonal step between two riders is allowed (figure 5b): only the space
//! stepped onto must be free.

use crate::course::{NONE, Track};

/// The spaces a rider can reach, each with its shortest number of steps.
#[derive(Debug)]
pub struct Reach {
    from: u16,
    items: [(u16, u8); 100],
    len: usize,
    /// The reachable spaces as bits over the numbers above `from`.
    reached: [u64; 16],
}

impl Reach {
    pub fn as_slice(&self) -> &[(u16, u8)] {
        &self.items[..self.len]
    }

    /// The shortest number of steps to `space`, if reachable.
    pub fn steps(&self, space: u16) -> Option<u8> {
        self.as_slice().iter().find(|(s, _)| *s == space).map(|(_, d)| *d)
    }

    /// The reachable spaces in course order (ascending space numbers).
    pub fn sorted(&self) -> impl Iterator<Item = u16> + '_ {
        self.reached.iter().enumerate().flat_map(move |(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                if b == 0 {
                    return None;
                }
                let i = b.trailing_zeros();
                b &= b - 1;
                Some(self.from + (w as u16) * 64 + i as u16)
            })
        })
    }

    /// The largest number of steps of any reachable space (0 if none).
    pub fn farthest(&self) -> u8 {
        self.as_slice().iter().map(|(_, d)| *d).max().unwrap_or(0)
    }
}

/// Breadth-first search from `from` over at most `max` steps, avoiding the
/// spaces in `occupied` (the mover's own space may be listed: it is only
/// left, never entered).
pub fn reach(track: &Track, from: u16, max: u8, occupied: &[u16]) -> Reach {
    let mut r = Reach { from, items: [(0, 0); 100], len: 0, reached: [0; 16] };
    // Forward moves always lead to higher space numbers, so a window of
    // numbers above `from` is enough to mark visited spaces; occupied spaces
    // count as visited from the start.
    const WINDOW: usize = 16 * 64;
    let mut seen = [0u64; 16];
    for &o in occupied {
        if o > from && ((o - from) as usize) < WINDOW {
            let off = (o - from) as usize;
            seen[off / 64] |= 1 << (off % 64);
        }
    }
    let next = &track.next;
    let (mut lo, mut hi) = (0, 0);
    for d in 1..=max {
        let before = r.len;
        let sources = if d == 1 { 0..1 } else { lo..hi };
        for i in sources {
            let s = if d == 1 { from } else { r.items[i].0 };
            for &n in &next[s as usize] {
                if n == NONE {
                    continue;
                }
                let off = (n - from) as usize;
                if off >= WINDOW || seen[off / 64] & (1 << (off % 64)) != 0 || r.len == r.items.len() {
                    continue;
                }
                seen[off / 64] |= 1 << (off % 64);
                r.reached[off / 64] |= 1 << (off % 64);
                r.items[r.len] = (n, d);
                r.len += 1;
            }
        }
        if r.len == before {
            break;
        }
        (lo, hi) = (before, r.len);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Block, Cell, Surface};

    fn a() -> Cell {
        Cell { surface: Surface::Asphalt, number: 0 }
    }

    /// `rows` straight rows of `lanes` lanes; space id = row * lanes + lane - 1.
    fn grid(rows: usize, lanes: usize) -> Track {
        Track::from_blocks(&[Block::Straight(vec![vec![a(); lanes]; rows])], 1, &[0])
    }

    #[test]
    fn straight_and_diagonal_moves() {
        let t = grid(6, 4);
        let r = reach(&t, 1, 2, &[]); // row 0, lane 2
        assert_eq!(r.steps(5), Some(1)); // straight
        assert_eq!(r.steps(4), Some(1)); // diagonal right
        assert_eq!(r.steps(6), Some(1)); // diagonal left
        assert_eq!(r.steps(7), None); // two lanes across in one step is not a move
        assert_eq!(r.steps(11), Some(2));
        assert_eq!(r.steps(2), None, "never sideways (5.3)");
        let sorted: Vec<u16> = r.sorted().collect();
        assert!(sorted.windows(2).all(|w| w[0] < w[1]) && sorted.len() == r.as_slice().len());
    }

    #[test]
    fn blocked_road_ends_the_move_behind_the_riders() {
        // Section 5.3: a road blocked across its whole width.
        let t = grid(6, 2);
        let r = reach(&t, 0, 6, &[4, 5]);
        assert_eq!(r.farthest(), 1);
        assert!(r.steps(6).is_none() && r.steps(8).is_none());
    }

    #[test]
    fn diagonal_between_two_riders() {
        // Figure 5b: rider 41 slips diagonally between two riders.
        let t = grid(4, 2);
        // Rider at row 0 lane 1 (space 0); riders on row 1 lane 1 (2) and row 0 lane 2 (1).
        let r = reach(&t, 0, 1, &[2, 1]);
        assert_eq!(r.steps(3), Some(1));
    }
}
