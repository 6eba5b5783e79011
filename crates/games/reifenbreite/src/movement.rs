//! Where a rider can get to: forward moves straight on or diagonally, never
//! across a thick line, never onto or through an occupied space (5.3). A
//! diagonal step between two riders is allowed (figure 5b): only the space
//! stepped onto must be free.
//!
//! [`reach`] searches step by step and lists every space with its number of
//! steps; it is the reference. The race uses [`reachable`] and [`steps_to`],
//! which give the same answers from a table of moves on an empty road and,
//! with riders in the way, a search a whole step at a time in bit masks (the
//! search runs about a thousand times a race, so its speed is the game's).

// Stored in the track beneath; named here too, beside the search that fills it.
pub use crate::track::OpenRoad;
use crate::track::{NONE, OPEN_STEPS, Track};

/// Forward moves always lead to higher space numbers, so a window of numbers
/// above the mover's space is enough to mark visited spaces; spaces beyond it
/// are out of reach of any move (at most [`MAX_STEPS`] steps), which
/// `Track::from_json` makes sure of.
pub(crate) const WINDOW: usize = 16 * 64;

/// The most steps a move takes (the race caps a move's amount at 24).
pub(crate) const MAX_STEPS: usize = 24;
const WORDS: usize = WINDOW / 64;

/// The most spaces a search lists; no real move comes near it.
const MAX_ITEMS: usize = 100;

/// A set of spaces as bits over the window of numbers above a rider's space.
type Bits = [u64; WORDS];

/// The spaces of `bits` in ascending order.
fn spaces(bits: &[u64], from: u16) -> impl Iterator<Item = u16> + '_ {
    bits.iter().enumerate().flat_map(move |(w, &word)| {
        let mut b = word;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros();
            b &= b - 1;
            Some(from + (w as u16) * 64 + i as u16)
        })
    })
}

fn contains(bits: &[u64], from: u16, space: u16) -> bool {
    let off = (space as usize).wrapping_sub(from as usize);
    off < bits.len() * 64 && bits[off / 64] & (1 << (off % 64)) != 0
}

/// The spaces a rider can reach, each with its shortest number of steps.
#[derive(Debug)]
pub struct Reach {
    from: u16,
    items: [(u16, u8); MAX_ITEMS],
    len: usize,
    /// The reachable spaces as bits over the numbers above `from`.
    reached: Bits,
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
        spaces(&self.reached, self.from)
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
    let mut r = Reach { from, items: [(0, 0); MAX_ITEMS], len: 0, reached: [0; WORDS] };
    // Occupied spaces count as visited from the start.
    let mut seen = [0u64; WORDS];
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

/// The 128 bits of `words` from bit `from` on (bit `i`: bit `from + i`);
/// bits past the end read as 0.
#[inline]
pub fn window(words: &[u64], from: u16) -> u128 {
    let (w, b) = (from as usize / 64, from % 64);
    let word = |i: usize| words.get(i).copied().unwrap_or(0);
    let (w0, w1, w2) = (word(w), word(w + 1), word(w + 2));
    // `x << (64 - b)` in two shifts, so that `b = 0` needs no test.
    let low = w0 >> b | (w1 << 1) << (63 - b);
    let high = w1 >> b | (w2 << 1) << (63 - b);
    low as u128 | (high as u128) << 64
}

/// The spaces riders take up, as the searches ask about them.
pub trait Occupied {
    /// The riders among the 128 numbers above `from`, as bits (bit `i`:
    /// space `from + i`).
    fn near(&self, from: u16) -> u128;
    /// Every space taken (for the step-by-step search).
    fn spaces(&self) -> Vec<u16>;
}

impl Occupied for [u16] {
    fn near(&self, from: u16) -> u128 {
        let (mut low, mut high) = (0u64, 0u64);
        for &o in self {
            // Without branches; the mover's own space is bit 0, never
            // reached.
            let off = (o as u32).wrapping_sub(from as u32);
            low |= ((off < 64) as u64) << (off % 64);
            high |= ((off.wrapping_sub(64) < 64) as u64) << (off % 64);
        }
        low as u128 | (high as u128) << 64
    }

    fn spaces(&self) -> Vec<u16> {
        self.to_vec()
    }
}

impl OpenRoad {
    /// The table of a track, from the step-by-step search.
    pub fn new(track: &Track) -> Self {
        let table: Vec<Option<[u128; OPEN_STEPS]>> = (0..track.next.len() as u16)
            .map(|from| {
                let r = reach(track, from, OPEN_STEPS as u8, &[]);
                let mut within = [0u128; OPEN_STEPS];
                for &(s, d) in r.as_slice() {
                    let off = (s - from) as u32;
                    if off >= 128 {
                        return None;
                    }
                    for w in &mut within[d as usize - 1..] {
                        *w |= 1 << off;
                    }
                }
                // A full list may have left spaces out.
                (r.as_slice().len() < MAX_ITEMS).then_some(within)
            })
            .collect();
        OpenRoad {
            covered: table.iter().map(Option::is_some).collect(),
            within: table.into_iter().map(Option::unwrap_or_default).collect(),
        }
    }

    /// For a move the table covers: the spaces within 1, 2, … `max` steps
    /// of `from` on an empty road, and the riders among the 128 numbers
    /// above it (bits as in the table).
    fn near<O: Occupied + ?Sized>(&self, from: u16, max: u8, occupied: &O) -> Option<(&[u128], u128)> {
        let max = max as usize;
        if max == 0 || max > OPEN_STEPS {
            return None;
        }
        if !*self.covered.get(from as usize)? {
            return None;
        }
        let within = &self.within[from as usize][..max];
        Some((within, occupied.near(from)))
    }
}

/// The search of [`reach`] for a move the open-road table covers but riders
/// stand in the way: a step at a time over the 128 numbers above the mover's
/// space, all in registers. No path of at most [`OPEN_STEPS`] steps leaves
/// those numbers, riders or not, and the table lists fewer spaces than
/// `reach` can.
struct NearSearch<'a> {
    /// The moves of the 128 spaces from `from` on ([`Track::moves`]).
    moves: &'a [u64; 128],
    /// Riders and the spaces reached so far.
    blocked: u128,
    /// The spaces first reached with the latest step.
    frontier: u128,
}

/// The moves of the 128 spaces from `from` on ([`Track::moves`]).
#[inline]
fn moves_from(track: &Track, from: u16) -> Option<&[u64; 128]> {
    track.moves.as_ref()?.get(from as usize..from as usize + 128)?.try_into().ok()
}

impl<'a> NearSearch<'a> {
    /// The search from `from`, already `steps` steps on: as far as the
    /// nearest rider is not within reach, the road is as good as empty and
    /// the table (`within`) says where the search got to.
    #[inline]
    fn new(moves: &'a [u64; 128], within: &[u128], riders: u128) -> (Self, u8) {
        let steps = within.iter().take_while(|&&w| w & riders == 0).count();
        let (reached, frontier) = match steps {
            0 => (0, 1),
            1 => (within[0], within[0]),
            d => (within[d - 1], within[d - 1] & !within[d - 2]),
        };
        let search = NearSearch { moves, blocked: riders | reached | 1, frontier };
        (search, steps as u8)
    }

    /// One more step; the new spaces (none: the frontier is kept).
    #[inline]
    fn step(&mut self) -> u128 {
        // In two 64-bit halves: shifts of whole 128-bit numbers by a
        // variable amount cost several instructions each.
        let (mut low, mut high) = (0u64, 0u64);
        let mut bits = self.frontier as u64;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            let m = self.moves[b as usize % 64];
            low |= m << b;
            // `m >> (64 - b)` in two shifts, so that `b = 0` needs no test.
            high |= (m >> 1) >> (63 - b);
        }
        let mut bits = (self.frontier >> 64) as u64;
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            high |= self.moves[64 + b as usize % 64] << b;
        }
        let next = (low as u128 | (high as u128) << 64) & !self.blocked;
        self.blocked |= next;
        if next != 0 {
            self.frontier = next;
        }
        next
    }
}

/// The spaces a rider can reach, as a set with those at the largest number
/// of steps: what the destinations of a move need (5.5, 8).
#[derive(Debug)]
pub enum Reachable {
    /// Within the 128 numbers above `from`: bits as in [`OpenRoad`].
    Near { from: u16, reached: [u64; 2], farthest: [u64; 2], far: u8 },
    /// A move the open-road table does not cover (on a custom board with
    /// huge curves), searched step by step.
    Listed(Box<Reach>),
}

fn words(bits: u128) -> [u64; 2] {
    [bits as u64, (bits >> 64) as u64]
}

fn join(words: [u64; 2]) -> u128 {
    words[0] as u128 | (words[1] as u128) << 64
}

impl Reachable {
    /// The reachable spaces in course order (ascending space numbers).
    pub fn sorted(&self) -> impl Iterator<Item = u16> + '_ {
        match self {
            Reachable::Near { from, reached, .. } => spaces(reached, *from),
            Reachable::Listed(r) => spaces(&r.reached, r.from),
        }
    }

    /// The largest number of steps of any reachable space (0 if none).
    pub fn farthest(&self) -> u8 {
        match self {
            Reachable::Near { far, .. } => *far,
            Reachable::Listed(r) => r.farthest(),
        }
    }

    /// For a move within 128 spaces: its first space, the reachable spaces
    /// and the farthest of them, as bits.
    pub fn near(&self) -> Option<(u16, u128, u128)> {
        match self {
            Reachable::Near { from, reached, farthest, .. } => Some((*from, join(*reached), join(*farthest))),
            Reachable::Listed(_) => None,
        }
    }

    /// True when `space` is reachable and as far as any reachable space.
    pub fn is_farthest(&self, space: u16) -> bool {
        match self {
            Reachable::Near { from, farthest, .. } => contains(farthest, *from, space),
            Reachable::Listed(r) => r.steps(space).is_some_and(|d| d == r.farthest()),
        }
    }
}

/// The spaces reachable from `from` in at most `max` steps avoiding
/// `occupied`: the same as [`reach`], faster.
#[inline]
pub fn reachable<O: Occupied + ?Sized>(track: &Track, from: u16, max: u8, occupied: &O) -> Reachable {
    let Some((within, riders)) = track.open_road.near(from, max, occupied) else {
        return Reachable::Listed(Box::new(reach(track, from, max, &occupied.spaces())));
    };
    let (reached, farthest, far) = if riders & within[within.len() - 1] == 0 {
        // Nobody in the way: the road is as good as empty.
        let step = |d: usize| within[d - 1] & !if d > 1 { within[d - 2] } else { 0 };
        match (1..=within.len()).rev().find(|&d| step(d) != 0) {
            Some(d) => (within[d - 1], step(d), d as u8),
            None => (0, 0, 0),
        }
    } else if let Some(moves) = moves_from(track, from) {
        let (mut search, steps) = NearSearch::new(moves, within, riders);
        let mut far = steps;
        for d in steps + 1..=max {
            if search.step() == 0 {
                break;
            }
            far = d;
        }
        (search.blocked & !riders & !1, if far == 0 { 0 } else { search.frontier }, far)
    } else {
        return Reachable::Listed(Box::new(reach(track, from, max, &occupied.spaces())));
    };
    Reachable::Near { from, reached: words(reached), farthest: words(farthest), far }
}

/// The shortest number of steps from `from` to `target` within `max`
/// avoiding `occupied`: the same as `reach(..).steps(target)`, faster.
#[inline]
pub fn steps_to<O: Occupied + ?Sized>(
    track: &Track,
    from: u16,
    max: u8,
    occupied: &O,
    target: u16,
) -> Option<u8> {
    let near = track.open_road.near(from, max, occupied);
    let (Some((within, riders)), Some(moves)) = (near, moves_from(track, from)) else {
        return reach(track, from, max, &occupied.spaces()).steps(target);
    };
    let off = (target as u32).wrapping_sub(from as u32);
    if off >= 128 || within[within.len() - 1] & 1 << off == 0 {
        return None;
    }
    if riders & within[within.len() - 1] == 0 {
        // Nobody in the way: the road is as good as empty.
        return within.iter().position(|w| w & 1 << off != 0).map(|i| i as u8 + 1);
    }
    let (mut search, steps) = NearSearch::new(moves, within, riders);
    if let Some(d) = within[..steps as usize].iter().position(|w| w & 1 << off != 0) {
        return Some(d as u8 + 1);
    }
    for d in steps + 1..=max {
        let new = search.step();
        if new & 1 << off != 0 {
            return Some(d);
        }
        if new == 0 {
            return None;
        }
    }
    None
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

    #[test]
    fn huge_curves_fall_back_to_the_step_by_step_search() {
        // Leaving lane 1 of a curve of 70 spaces a lane jumps over 200 numbers.
        let curve = Block::Curve(vec![vec![a(); 70]; 4]);
        let t = Track::from_blocks(
            &[Block::Straight(vec![vec![a(); 4]; 2]), curve, Block::Straight(vec![vec![a(); 4]; 4])],
            1,
            &[0],
        );
        assert!(t.moves.is_none());
        let end_of_lane_1 = 8 + 69;
        let fast = reachable(&t, end_of_lane_1, 3, &[][..]);
        assert!(fast.sorted().eq(reach(&t, end_of_lane_1, 3, &[]).sorted()));
        assert_eq!(fast.farthest(), 3);
        assert_eq!(steps_to(&t, end_of_lane_1, 3, &[][..], 8 + 280), Some(1));
    }

    /// The fast searches give the step-by-step search's answers on every
    /// built-in course, from many spaces, among many riders.
    #[test]
    fn whole_step_search_agrees_with_step_by_step() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (key, _) in crate::course::BUILT_IN {
            let t = crate::course::built_in_track(key).unwrap();
            assert!(t.moves.is_some(), "{key}: every move fits the bit masks");
            let n = t.spaces.len() as u16;
            for _ in 0..3000 {
                let from = rng.random_range(0..n);
                let max = rng.random_range(1..=24);
                // Riders crowd the road ahead, as in a bunch, or spread out,
                // leaving it open.
                let riders = rng.random_range(0..16);
                let spread = if rng.random_bool(0.5) { 40 } else { 400 };
                let occupied: Vec<u16> =
                    (0..riders).map(|_| (from + rng.random_range(0..spread)).min(n - 1)).collect();
                let slow = reach(&t, from, max, &occupied);
                let fast = reachable(&t, from, max, occupied.as_slice());
                assert!(fast.sorted().eq(slow.sorted()), "{key} from {from} max {max}");
                assert_eq!(fast.farthest(), slow.farthest());
                for s in from..(from + 120).min(n) {
                    let d = slow.steps(s);
                    assert_eq!(fast.is_farthest(s), d.is_some() && d == Some(slow.farthest()));
                    assert_eq!(
                        steps_to(&t, from, max, occupied.as_slice(), s),
                        d,
                        "{key} {from}->{s} max {max}"
                    );
                }
            }
        }
    }
}
