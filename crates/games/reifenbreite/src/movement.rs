//! Where a rider can get to: forward moves straight on or diagonally, never
//! across a thick line, never onto or through an occupied space (5.3). A
//! diagonal step between two riders is allowed (figure 5b): only the space
//! stepped onto must be free.
//!
//! [`reach`] searches step by step and lists every space with its number of
//! steps; it is the reference. The race uses [`reachable`] and [`steps_to`],
//! which find the same spaces a whole step at a time with bit masks (the
//! search runs about a thousand times a race, so its speed is the game's).

use crate::course::{NONE, Track};

/// Forward moves always lead to higher space numbers, so a window of numbers
/// above the mover's space is enough to mark visited spaces; spaces beyond it
/// are out of reach of any move (at most 24 steps).
const WINDOW: usize = 16 * 64;
const WORDS: usize = WINDOW / 64;

/// The most spaces a search lists; no real move comes near it.
const MAX_ITEMS: usize = 100;

/// A set of spaces as bits over the window of numbers above a rider's space.
type Bits = [u64; WORDS];

/// The spaces of `bits` in ascending order.
fn spaces(bits: &Bits, from: u16) -> impl Iterator<Item = u16> + '_ {
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

fn contains(bits: &Bits, from: u16, space: u16) -> bool {
    let off = (space as usize).wrapping_sub(from as usize);
    off < WINDOW && bits[off / 64] & (1 << (off % 64)) != 0
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

/// The most steps the open-road table covers: every real move (12 from
/// dice, cards or a tow, plus 4 downhill).
const OPEN_STEPS: usize = 16;

/// Where a rider gets to on an empty road, per space: `[d - 1]` are the
/// spaces reachable in at most `d` steps, as bits over the 128 numbers above
/// the space. Riders elsewhere change nothing, so most searches are a look-up
/// (about half of all moves have no rider in the way). `None` where a move
/// could leave those 128 numbers.
#[derive(Clone, Default, PartialEq)]
pub struct OpenRoad(Vec<Option<[u128; OPEN_STEPS]>>);

impl std::fmt::Debug for OpenRoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpenRoad({} spaces)", self.0.len())
    }
}

impl OpenRoad {
    /// The table of a track, from the step-by-step search.
    pub fn new(track: &Track) -> Self {
        let table = (0..track.next.len() as u16)
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
        OpenRoad(table)
    }

    /// The spaces within `max` steps of `from` if the table covers the move
    /// and none of `occupied` is among them: then the road is as good as
    /// empty.
    fn clear_road(&self, from: u16, max: u8, occupied: &[u16]) -> Option<&[u128]> {
        let max = max as usize;
        if max == 0 || max > OPEN_STEPS {
            return None;
        }
        let within = &self.0.get(from as usize)?.as_ref()?[..max];
        let mut riders = 0u128;
        for &o in occupied {
            // Without branches; the mover's own space is bit 0, never reached.
            let off = (o as u32).wrapping_sub(from as u32);
            riders |= ((off < 128) as u128) << (off % 128);
        }
        (riders & within[max - 1] == 0).then_some(within)
    }
}

/// The spaces a rider can reach, as a set with those at the largest number
/// of steps: what the destinations of a move need (5.5, 8).
#[derive(Debug)]
pub struct Reachable {
    from: u16,
    reached: Bits,
    /// The spaces `far` steps away.
    farthest: Bits,
    far: u8,
}

impl Reachable {
    /// The reachable spaces in course order (ascending space numbers).
    pub fn sorted(&self) -> impl Iterator<Item = u16> + '_ {
        spaces(&self.reached, self.from)
    }

    /// The largest number of steps of any reachable space (0 if none).
    pub fn farthest(&self) -> u8 {
        self.far
    }

    /// True when `space` is reachable and as far as any reachable space.
    pub fn is_farthest(&self, space: u16) -> bool {
        contains(&self.farthest, self.from, space)
    }
}

impl From<Reach> for Reachable {
    fn from(r: Reach) -> Self {
        let far = r.farthest();
        let mut farthest = [0; WORDS];
        for &(s, d) in r.as_slice() {
            if d == far {
                let off = (s - r.from) as usize;
                farthest[off / 64] |= 1 << (off % 64);
            }
        }
        Reachable { from: r.from, reached: r.reached, farthest, far }
    }
}

/// The breadth-first search of [`reach`], one whole step at a time: the
/// spaces first reached with `d` steps are a bit set, and the next step's
/// set is the union of their moves ([`Track::moves`]) not seen before.
struct Search<'a> {
    moves: &'a [u64],
    from: u16,
    occupied: Bits,
    reached: Bits,
    /// The spaces reached with the latest step; words `lo..=hi` hold them.
    frontier: Bits,
    lo: usize,
    hi: usize,
    /// The last word of `reached` with a space.
    top: usize,
}

impl<'a> Search<'a> {
    fn new(moves: &'a [u64], from: u16, occupied: &[u16]) -> Self {
        // Without branches: spaces behind the mover or beyond the window go
        // to a spare last word (the mover's own space to bit 0, which no
        // move enters).
        let mut occ = [0u64; WORDS + 1];
        for &o in occupied {
            let off = (o as usize).wrapping_sub(from as usize);
            occ[(off / 64).min(WORDS)] |= 1 << (off % 64);
        }
        let occ: Bits = occ[..WORDS].try_into().unwrap_or([0; WORDS]);
        let mut frontier = [0; WORDS];
        frontier[0] = 1; // the mover's own space
        Search { moves, from, occupied: occ, reached: [0; WORDS], frontier, lo: 0, hi: 0, top: 0 }
    }

    /// One more step. False (and the frontier kept) when it reaches no new
    /// space.
    fn step(&mut self) -> bool {
        // The moves of a space at bit `b` of word `w` land in words `w` and
        // `w + 1`; both are gathered in registers, word by word. Moves past
        // the window's end are dropped, as in `reach`.
        let top = (self.hi + 1).min(WORDS - 1);
        let mut next = [0u64; WORDS];
        let (mut carry, mut lo, mut hi) = (0u64, WORDS, 0);
        for (w, new) in next.iter_mut().enumerate().take(top + 1).skip(self.lo) {
            let (mut here, mut above) = (carry, 0u64);
            let mut bits = self.frontier[w];
            while bits != 0 {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                let m = self.moves[self.from as usize + w * 64 + b as usize];
                here |= m << b;
                // `m >> (64 - b)` in two shifts, so that `b = 0` needs no test.
                above |= (m >> 1) >> (63 - b);
            }
            *new = here & !(self.occupied[w] | self.reached[w]);
            if *new != 0 {
                lo = lo.min(w);
                hi = w;
            }
            carry = above;
        }
        if lo == WORDS {
            return false;
        }
        // Only the words from `lo` to `top` can have changed.
        for (reached, new) in self.reached.iter_mut().zip(&next).take(top + 1).skip(self.lo) {
            *reached |= new;
        }
        self.frontier[self.lo..=top].copy_from_slice(&next[self.lo..=top]);
        self.top = self.top.max(hi);
        (self.lo, self.hi) = (lo, hi);
        true
    }

    /// True when `reach` would have stopped listing spaces before it found
    /// all these; its answer is then taken as it is.
    fn overflowed(&self) -> bool {
        self.reached[..=self.top].iter().map(|w| w.count_ones() as usize).sum::<usize>() > MAX_ITEMS
    }
}

/// The spaces reachable from `from` in at most `max` steps avoiding
/// `occupied`: the same as [`reach`], faster.
pub fn reachable(track: &Track, from: u16, max: u8, occupied: &[u16]) -> Reachable {
    if let Some(within) = track.open_road.clear_road(from, max, occupied) {
        let far = (1..=within.len()).rev().find(|&d| within[d - 1] != if d > 1 { within[d - 2] } else { 0 });
        let mut r =
            Reachable { from, reached: [0; WORDS], farthest: [0; WORDS], far: far.unwrap_or(0) as u8 };
        let all = within[within.len() - 1];
        (r.reached[0], r.reached[1]) = (all as u64, (all >> 64) as u64);
        if let Some(far) = far {
            let last = within[far - 1] & !if far > 1 { within[far - 2] } else { 0 };
            (r.farthest[0], r.farthest[1]) = (last as u64, (last >> 64) as u64);
        }
        return r;
    }
    let Some(moves) = &track.moves else { return reach(track, from, max, occupied).into() };
    let mut search = Search::new(moves, from, occupied);
    let mut far = 0;
    for d in 1..=max {
        if !search.step() {
            break;
        }
        far = d;
    }
    // Listing stops for good once full, so checking at the end is enough.
    if search.overflowed() {
        return reach(track, from, max, occupied).into();
    }
    let farthest = if far == 0 { [0; WORDS] } else { search.frontier };
    Reachable { from, reached: search.reached, farthest, far }
}

/// The shortest number of steps from `from` to `target` within `max`
/// avoiding `occupied`: the same as `reach(..).steps(target)`, faster.
pub fn steps_to(track: &Track, from: u16, max: u8, occupied: &[u16], target: u16) -> Option<u8> {
    if let Some(within) = track.open_road.clear_road(from, max, occupied) {
        let off = (target as u32).wrapping_sub(from as u32);
        return (off < 128)
            .then(|| within.iter().position(|w| w & 1 << off != 0))
            .flatten()
            .map(|i| i as u8 + 1);
    }
    let Some(moves) = &track.moves else { return reach(track, from, max, occupied).steps(target) };
    if target <= from || (target - from) as usize >= WINDOW {
        return None;
    }
    let mut search = Search::new(moves, from, occupied);
    for d in 1..=max {
        if !search.step() {
            return None;
        }
        if contains(&search.frontier, from, target) {
            // `reach` may have stopped listing before it got here.
            return if search.overflowed() {
                reach(track, from, max, occupied).steps(target)
            } else {
                Some(d)
            };
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
        let fast = reachable(&t, end_of_lane_1, 3, &[]);
        assert!(fast.sorted().eq(reach(&t, end_of_lane_1, 3, &[]).sorted()));
        assert_eq!(fast.farthest(), 3);
        assert_eq!(steps_to(&t, end_of_lane_1, 3, &[], 8 + 280), Some(1));
    }

    /// The fast searches give the step-by-step search's answers on every
    /// built-in course, from many spaces, among many riders.
    #[test]
    fn whole_step_search_agrees_with_step_by_step() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for (key, _) in crate::course::BUILT_IN {
            let t = crate::course::load(key).unwrap();
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
                let fast = reachable(&t, from, max, &occupied);
                assert!(fast.sorted().eq(slow.sorted()), "{key} from {from} max {max}");
                assert_eq!(fast.farthest(), slow.farthest());
                for s in from..(from + 120).min(n) {
                    let d = slow.steps(s);
                    assert_eq!(fast.is_farthest(s), d.is_some() && d == Some(slow.farthest()));
                    assert_eq!(steps_to(&t, from, max, &occupied, s), d, "{key} {from}->{s} max {max}");
                }
            }
        }
    }
}
