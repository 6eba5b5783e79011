//! Perft: the number of action sequences of each length from the start.
//!
//! The pinned counts are checked two ways: by the engine, and by a plain
//! recount below that knows only the rulebook (a set of cells, edge contact,
//! and the first move kept off the mover's own starting stone).
//!
//! - depth 1 = 3: red's first stone may not touch red's starting stone on
//!   0,0, which leaves 2,-1, 2,0 and 1,1 ("red has the three possible
//!   positions illustrated").
//! - depth 2 = 3 × 10 = 30: each of those cells touches black's starting
//!   stone only, so the three stones form a chain (straight for 2,0, bent for
//!   2,-1 and 1,1) with no two ends touching, and such a chain has 10 empty
//!   neighbours (only a closed triangle of three would have 9). Black may
//!   use any of them.
//! - depth 3 = 348 and depth 4 = 4568: the sums of the empty neighbours of
//!   every field of 4 (then 5) stones reached, as the recount finds them; no
//!   six is possible that early.

use spieltisch_core::Game;
use spieltisch_six::{Options, Six};
use std::collections::HashSet;

fn perft(six: &Six, depth: usize) -> u64 {
    if depth == 0 || six.is_over() {
        return 1;
    }
    six.legal_vec()
        .iter()
        .map(|a| {
            let mut next = six.clone();
            next.apply_unchecked(a);
            perft(&next, depth - 1)
        })
        .sum()
}

type Cell = (i32, i32);

fn neighbours((q, r): Cell) -> [Cell; 6] {
    [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]
}

/// The recount: `red` and `black` on the table, `first` while nothing is placed.
fn recount(red: &mut HashSet<Cell>, black: &mut HashSet<Cell>, red_to_move: bool, depth: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    let first = red.len() + black.len() == 2;
    let occupied: HashSet<Cell> = red.union(black).copied().collect();
    let mut targets: Vec<Cell> = occupied
        .iter()
        .flat_map(|&c| neighbours(c))
        .filter(|c| !occupied.contains(c))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    if first {
        let own = if red_to_move { &*red } else { &*black };
        targets.retain(|&c| !neighbours(c).iter().any(|n| own.contains(n)));
    }
    let mut total = 0;
    for c in targets {
        let mover = if red_to_move { &mut *red } else { &mut *black };
        mover.insert(c);
        total += recount(red, black, !red_to_move, depth - 1);
        let mover = if red_to_move { &mut *red } else { &mut *black };
        mover.remove(&c);
    }
    total
}

#[test]
fn perft_from_the_start() {
    let six = Six::new(&Options::default()).unwrap();
    let pinned = [3, 30, 348, 4568];
    for (depth, &expected) in pinned.iter().enumerate().map(|(i, e)| (i + 1, e)) {
        assert_eq!(perft(&six, depth), expected, "engine, depth {depth}");
        let mut red = HashSet::from([(0, 0)]);
        let mut black = HashSet::from([(1, 0)]);
        assert_eq!(recount(&mut red, &mut black, true, depth), expected, "recount, depth {depth}");
    }
}

#[test]
fn perft_is_the_same_for_four_players() {
    // The seats differ, the cells do not.
    let six = Six::new(&Options { players: 4, ..Options::default() }).unwrap();
    assert_eq!(perft(&six, 3), 348);
}
