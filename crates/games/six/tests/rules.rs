//! The rules of Six, rule by rule. Comments quote the rulebook (the English
//! translation, its sections named in `docs/rules/six.md`) or name the
//! decision of `docs/rules/six.md` or `lib.rs` that a test pins.

mod common;

use common::SHUFFLE;
use spieltisch_core::Telling;
use spieltisch_core::{ActionError, FromSetup, Game, Turn};
use spieltisch_six::{Action, Cell, Colour, Formation, FormedSix, GameResult, Options, Phase, Setup, Six};

fn opts() -> Options {
    Options::default()
}

fn at(text: &str) -> Six {
    Six::from_setup(Setup::new(opts(), text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(six: &mut Six, moves: &[&str]) {
    for m in moves {
        let action = six.parse_action(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        six.apply(&action).unwrap_or_else(|e| panic!("{m}: {e}\n{}", six.position()));
    }
}

/// Cells written `q,r`, separated by spaces.
fn cell_list(text: &str) -> Vec<Cell> {
    text.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn legal(six: &Six) -> Vec<String> {
    six.legal_vec().iter().map(|a| a.to_string()).collect()
}

/// A second-round position whose field is one row (r = 0) from q = 0, the
/// colours given letter by letter (R red, B black, . empty).
fn row(colours: &str, turn: &str) -> String {
    let list = |c: char| {
        colours
            .chars()
            .enumerate()
            .filter(|&(_, x)| x == c)
            .map(|(q, _)| format!("{q},0"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("red={}; black={}; turn={turn}; round=2", list('R'), list('B'))
}

// ---- first round -------------------------------------------------------------

#[test]
fn first_move_has_exactly_three_cells() {
    // "the first stone placed may not be in direct contact with his colour
    // starting stone. Thus, red has the three possible positions illustrated"
    let six = Six::new(&opts()).unwrap();
    assert_eq!(legal(&six), ["place 2,-1", "place 2,0", "place 1,1"]);
    for a in six.legal_vec() {
        let cell = a.cell().unwrap();
        assert!(!cell.neighbours().contains(&Cell::new(0, 0)), "{cell} touches red's starting stone");
        assert!(cell.neighbours().contains(&Cell::new(1, 0)), "{cell} touches the field");
    }
    // A cell next to red's own starting stone is refused.
    let mut six = six;
    assert!(matches!(six.apply(&"place 0,1".parse().unwrap()), Err(ActionError::Illegal { .. })));
}

#[test]
fn placement_needs_edge_contact() {
    // "each player places one of their stones on the table with at least one
    // side touching one of the already-played pieces"
    let mut six = Six::new(&opts()).unwrap();
    play(&mut six, &["place 2,0"]);
    // Three stones in a row have ten empty neighbours; black may use any.
    let cells: Vec<Cell> = six.legal_vec().iter().map(|a| a.cell().unwrap()).collect();
    assert_eq!(cells.len(), 10);
    for c in &cells {
        assert!(six.board().touches_field(*c));
        assert!(!six.board().occupied(*c));
    }
    for bad in ["place 4,0", "place 0,0", "place 2,0", "place 1,-2"] {
        assert!(six.clone().apply(&bad.parse().unwrap()).is_err(), "{bad} was accepted");
    }
}

#[test]
fn supplies_run_down_and_the_second_round_follows_the_first() {
    // "Each player takes 20 pieces"; "If the players have placed all the
    // stones without either of them managing to create a Six, the game
    // continues to the second round."
    let mut seed = 0;
    let six = loop {
        let mut six = Six::new(&opts()).unwrap();
        let mut n = 0u64;
        while six.phase() == Phase::Place {
            let l = six.legal_vec();
            let pick = (seed * 7919 + n * 104_729) as usize % l.len();
            six.apply(&l[pick]).unwrap();
            n += 1;
        }
        if six.phase() == Phase::Lift {
            break six;
        }
        seed += 1;
    };
    assert_eq!((six.supply(0), six.supply(1)), (0, 0));
    assert_eq!((six.stones(Colour::Red), six.stones(Colour::Black)), (21, 21));
    assert_eq!(six.to_move(), 0, "the starter moves first in the second round too");
    assert!(six.second_round());
}

#[test]
fn four_players_partners_alternate_and_place_ten_each() {
    // "In the version for four players, players sitting opposite play
    // together as partners. The partners share the pieces of one colour.
    // Everyone gets 10 stones. The game is played in a clockwise directions."
    let options = Options { players: 4, ..opts() };
    for seed in 0..40u64 {
        let mut six = Six::new(&options).unwrap();
        assert_eq!(six.teams(), vec![0, 1, 0, 1]);
        let mut expected = 0;
        let mut k = seed;
        while six.phase() == Phase::Place {
            assert_eq!(six.turn(), Turn::Seat(expected), "clockwise order");
            let l = six.legal_vec();
            k = k.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = l[(k >> 33) as usize % l.len()];
            let before = six.stones(Colour::of_seat(expected));
            six.apply(&a).unwrap();
            assert_eq!(six.board().get(a.cell().unwrap()), Some(Colour::of_seat(expected)));
            assert_eq!(six.stones(Colour::of_seat(expected)), before + 1);
            expected = (expected + 1) % 4;
        }
        if six.phase() == Phase::Lift {
            assert_eq!((0..4).map(|s| six.supply(s)).collect::<Vec<_>>(), [0, 0, 0, 0]);
            assert_eq!(six.to_move(), 0);
            // Seat 2 lifts red stones, like seat 0.
            let mut six = six;
            let first = six.legal_vec()[0];
            six.apply(&first).unwrap();
            while six.to_move() == 0 {
                let a = six.legal_vec()[0];
                six.apply(&a).unwrap();
            }
            if six.to_move() == 1 {
                let a = six.legal_vec()[0];
                six.apply(&a).unwrap();
                while six.to_move() == 1 && !six.is_over() {
                    let a = six.legal_vec()[0];
                    six.apply(&a).unwrap();
                }
                if six.to_move() == 2 && six.phase() == Phase::Lift {
                    for a in six.legal_vec() {
                        assert_eq!(six.board().get(a.cell().unwrap()), Some(Colour::Red));
                    }
                }
            }
            return;
        }
        // A six in the first round: partners share the win.
        let outcome = six.outcome().unwrap();
        assert_eq!(outcome.ranks[0], outcome.ranks[2]);
        assert_eq!(outcome.ranks[1], outcome.ranks[3]);
        assert_ne!(outcome.ranks[0], outcome.ranks[1]);
    }
    panic!("no seed reached the second round");
}

// ---- sixes -------------------------------------------------------------------

/// Rotates axial offsets by 60° `k` times.
fn rotate(cells: &[(i32, i32)], k: usize) -> Vec<(i32, i32)> {
    cells
        .iter()
        .map(|&(mut q, mut r)| {
            for _ in 0..k {
                (q, r) = (-r, q + r);
            }
            (q, r)
        })
        .collect()
}

const LINE: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)];
const TRIANGLE: [(i32, i32); 6] = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)];
const RING: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

#[test]
fn every_formation_in_every_rotation_position_and_order() {
    // "The three winning formations ... triangle, circle and line. Each of
    // them is formed of six pieces". Every rotation, several places on the
    // grid (across the coordinate seam too), and each stone as the last one.
    for (shape, kind) in [(LINE, Formation::Line), (TRIANGLE, Formation::Triangle), (RING, Formation::Circle)]
    {
        let mut orientations = std::collections::BTreeSet::new();
        for k in 0..6 {
            let cells = rotate(&shape, k);
            let mut normal = cells.clone();
            normal.sort();
            let base = normal[0];
            orientations.insert(normal.iter().map(|&(q, r)| (q - base.0, r - base.1)).collect::<Vec<_>>());
            for (oq, or) in [(0, 0), (-7, 3), (29, -30), (-31, 31)] {
                let at = |(q, r): (i32, i32)| Cell::new(q + oq, r + or);
                for last in 0..6 {
                    let mut board = spieltisch_six::Board::default();
                    for (i, &c) in cells.iter().enumerate() {
                        if i != last {
                            board.set(Colour::Black, at(c));
                        }
                    }
                    assert_eq!(
                        board.six_through(Colour::Black, at(cells[last])),
                        Some(kind),
                        "{kind:?} rot {k}"
                    );
                    assert_eq!(board.six_through(Colour::Red, at(cells[last])), None, "colour matters");
                    // Five of six are not enough, wherever the gap is.
                    for gap in (0..6).filter(|&g| g != last) {
                        let mut short = board.clone();
                        short.clear(at(cells[gap]));
                        assert_eq!(short.six_through(Colour::Black, at(cells[last])), None);
                        // Nor does a stone of the other colour in the gap help.
                        short.set(Colour::Red, at(cells[gap]));
                        assert_eq!(short.six_through(Colour::Black, at(cells[last])), None);
                    }
                }
            }
        }
        let expected = match kind {
            Formation::Line => 3,     // the three axes
            Formation::Triangle => 2, // pointing up and pointing down
            Formation::Circle => 1,
        };
        assert_eq!(orientations.len(), expected, "{kind:?} orientations");
    }
}

#[test]
fn a_circle_counts_whatever_its_centre_holds() {
    // "A closed circle is always considered a winning formation, regardless
    // of whether it surrounds one of the the player's own pieces, an opposing
    // piece, or is empty."
    for centre in [None, Some(Colour::Red), Some(Colour::Black)] {
        let mut board = spieltisch_six::Board::default();
        for &(q, r) in &RING[1..] {
            board.set(Colour::Red, Cell::new(q + 3, r - 2));
        }
        if let Some(c) = centre {
            board.set(c, Cell::new(3, -2));
        }
        assert_eq!(board.six_through(Colour::Red, Cell::new(4, -2)), Some(Formation::Circle), "{centre:?}");
    }
}

#[test]
fn shapes_that_are_not_sixes() {
    let check = |cells: &[(i32, i32)]| {
        let mut board = spieltisch_six::Board::default();
        for &(q, r) in cells {
            board.set(Colour::Red, Cell::new(q, r));
        }
        cells.iter().all(|&(q, r)| board.six_through(Colour::Red, Cell::new(q, r)).is_none())
    };
    assert!(check(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1)]), "a bent line");
    assert!(check(&[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]), "a parallelogram");
    assert!(check(&[(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (1, 2)]), "a crooked triangle");
    assert!(check(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]), "five in a row");
    assert!(!check(&[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]), "seven in a row hold a line");
}

#[test]
fn placing_the_sixth_stone_wins_in_the_first_round() {
    // "The player who first succeeds in creating one of the six winning
    // formations in his own colour wins the game." The result names the
    // formation: its kind and its six cells, in reading order.
    let cases = [
        // Line on row -1, completed at either end.
        (
            "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1",
            "place 4,-1",
            Formation::Line,
            "-1,-1 0,-1 1,-1 2,-1 3,-1 4,-1",
        ),
        (
            "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1",
            "place -2,-1",
            Formation::Line,
            "-2,-1 -1,-1 0,-1 1,-1 2,-1 3,-1",
        ),
        // Triangle pointing down from row -1.
        (
            "red=0,0 -2,-1 -1,-1 0,-1 -2,0 -1,0; black=1,0 2,0 3,0 4,0 5,0 1,1",
            "place -2,1",
            Formation::Triangle,
            "-2,-1 -1,-1 0,-1 -2,0 -1,0 -2,1",
        ),
        // Circle around the empty cell -1,0 ...
        (
            "red=0,0 0,-1 -1,-1 -2,0 -2,1; black=1,0 2,0 3,0 4,0 5,0",
            "place -1,1",
            Formation::Circle,
            "-1,-1 0,-1 -2,0 0,0 -2,1 -1,1",
        ),
        // ... around a black stone ...
        (
            "red=0,0 0,-1 -1,-1 -2,0 -2,1; black=1,0 2,0 3,0 4,0 -1,0",
            "place -1,1",
            Formation::Circle,
            "-1,-1 0,-1 -2,0 0,0 -2,1 -1,1",
        ),
    ];
    for (stones, mv, kind, cells) in cases {
        let mut six = at(&format!("{stones}; turn=red; round=1"));
        play(&mut six, &[mv]);
        assert!(six.is_over(), "{stones} {mv}");
        let formation = FormedSix { kind, cells: cell_list(cells).try_into().unwrap() };
        assert_eq!(six.results(), [GameResult::Six { winner: Colour::Red, seat: 0, formation }]);
        let outcome = six.outcome().unwrap();
        assert_eq!(outcome.scores, vec![1.0, 0.0]);
        assert!(outcome.is_win(0));
    }
}

// ---- second round ------------------------------------------------------------

#[test]
fn lifting_may_take_any_own_stone_even_an_enclosed_one() {
    // "Each turn, a player removes one of the pieces of their colour from the
    // playing field and then places it in a new location. It is permitted to
    // remove a completely enclosed piece."
    let six =
        at("red=0,0 2,-1 -1,1 1,1 3,0 -2,0 -3,1; black=1,0 1,-1 0,-1 -1,0 0,1 2,0 4,0; turn=red; round=2");
    let lifts = legal(&six);
    assert_eq!(lifts.len(), 7, "every red stone: {lifts:?}");
    assert!(lifts.contains(&"lift 0,0".to_string()), "0,0 is enclosed");
    let mut six = six;
    play(&mut six, &["lift 0,0"]);
    assert_eq!(six.phase(), Phase::Replace { lifted: Cell::new(0, 0) });
    // "places it in a new location": the cell it left is not among them.
    assert!(!legal(&six).contains(&"place 0,0".to_string()));
    assert!(six.clone().apply(&"place 0,0".parse().unwrap()).is_err());
}

#[test]
fn the_smaller_part_is_captured_whatever_its_colours() {
    // "Tokens that are separated by the removal of another piece from the
    // main playing field are considered to be captured ... If the field is
    // divided by the removal of a piece into a larger and smaller group, the
    // smaller group is considered to be captured."
    let mut six = at(&row("RBRBRBRBRBRBRBRBRBRB", "red"));
    // Stones missing from a set-up position count as captured before.
    let before = (six.captured(Colour::Red), six.captured(Colour::Black));
    play(&mut six, &["lift 4,0"]);
    assert_eq!(six.phase(), Phase::Replace { lifted: Cell::new(4, 0) });
    for q in 0..4 {
        assert_eq!(six.board().get(Cell::new(q, 0)), None, "{q},0 captured");
    }
    assert_eq!((six.captured(Colour::Red), six.captured(Colour::Black)), (before.0 + 2, before.1 + 2));
    // "The removed piece is placed after the capture": next to what is left.
    let cells: Vec<String> = legal(&six);
    assert_eq!(cells.len(), 33);
    assert!(!cells.contains(&"place 3,0".to_string()), "3,0 no longer touches the field");
    play(&mut six, &["place 20,0"]);
    assert_eq!((six.stones(Colour::Red), six.stones(Colour::Black)), (8, 8));
    assert_eq!(six.turn(), Turn::Seat(1));
}

#[test]
fn equal_parts_the_mover_chooses() {
    // "If the field is divided into two equal groups, the player who made the
    // removal chooses which group is to be captured."
    let text = "red=-10,0 -8,0 -6,0 -4,0 -2,0 0,0 2,0 4,0 6,0 8,0 10,0; \
                black=-11,0 -9,0 -7,0 -5,0 -3,0 -1,0 1,0 3,0 5,0 7,0 9,0 11,0; turn=red; round=2";
    let mut six = at(text);
    play(&mut six, &["lift 0,0"]);
    assert_eq!(six.phase(), Phase::Keep { lifted: Cell::new(0, 0) });
    assert_eq!(legal(&six), ["keep -11,0", "keep 1,0"]);
    // Any stone of a part names it; "capture" names the part that goes.
    assert_eq!(six.parse_action("keep 7,0"), Ok(Action::Keep { cell: Cell::new(1, 0) }));
    assert_eq!(six.parse_action("capture -3,0"), Ok(Action::Keep { cell: Cell::new(1, 0) }));
    assert_eq!(six.parse_action("5,0"), Ok(Action::Keep { cell: Cell::new(1, 0) }));
    let mut other = six.clone();
    play(&mut six, &["keep 1,0"]);
    assert!((-11..0).all(|q| six.board().get(Cell::new(q, 0)).is_none()));
    assert_eq!((six.stones(Colour::Red), six.stones(Colour::Black)), (5, 6));
    play(&mut other, &["keep -11,0"]);
    assert!((1..=11).all(|q| other.board().get(Cell::new(q, 0)).is_none()));
    play(&mut six, &["place 0,1"]);
    assert!(!six.is_over(), "red has six stones again once the lifted stone is back");
}

/// Three arms from the red stone on 0,0: east, north-west and south-west,
/// colours alternating from black next to the centre.
fn three_arms(lengths: [i32; 3]) -> Six {
    let (mut red, mut black) = (vec!["0,0".to_string()], Vec::new());
    for (arm, (dq, dr)) in lengths.iter().zip([(1, 0), (0, -1), (-1, 1)]) {
        for k in 1..=*arm {
            let cell = format!("{},{}", dq * k, dr * k);
            if k % 2 == 1 { black.push(cell) } else { red.push(cell) }
        }
    }
    at(&format!("red={}; black={}; turn=red; round=2", red.join(" "), black.join(" ")))
}

#[test]
fn three_parts_the_largest_stays() {
    // docs/rules/six.md#second-round-and-captures: a field split into three
    // or more parts keeps the largest; the others are captured.
    let mut six = three_arms([13, 7, 5]);
    play(&mut six, &["lift 0,0"]);
    assert_eq!(six.phase(), Phase::Replace { lifted: Cell::new(0, 0) });
    assert_eq!(six.stones(Colour::Red) + six.stones(Colour::Black), 13);
    assert!((1..=13).all(|q| six.board().occupied(Cell::new(q, 0))));
}

#[test]
fn three_parts_the_mover_breaks_ties_for_largest() {
    // The same decision: the mover picks among parts tied for largest.
    let mut six = three_arms([11, 11, 11]);
    play(&mut six, &["lift 0,0"]);
    // Each part is named by its first stone in reading order.
    assert_eq!(legal(&six), ["keep 0,-11", "keep 1,0", "keep -1,1"]);
    play(&mut six, &["keep 0,-5"]);
    assert_eq!(six.stones(Colour::Red) + six.stones(Colour::Black), 11);
    assert!(six.board().occupied(Cell::new(0, -11)));
    // Two equal largest parts and a smaller one: the small one goes at once.
    let mut six = three_arms([11, 11, 3]);
    play(&mut six, &["lift 0,0"]);
    assert_eq!(legal(&six), ["keep 0,-11", "keep 1,0"]);
    assert!(!six.board().occupied(Cell::new(-1, 1)), "the short arm is captured already");
}

#[test]
fn fewer_than_six_stones_lose() {
    // "The game is over once a player has formed a six, or their opponent has
    // fewer than six pieces left in play"
    // Black is left with three: red wins.
    let mut six = at(&row("BBRBBRRBRRBRRBRR", "red"));
    play(&mut six, &["lift 5,0", "place 16,0"]);
    assert_eq!(six.results(), [GameResult::Starved { winner: Colour::Red }]);
    // The mover's own capture leaves red with four: red loses.
    let mut six = at(&row("RBRRBRBBRBBRB", "red"));
    play(&mut six, &["lift 3,0", "place 13,0"]);
    assert_eq!(six.results(), [GameResult::Starved { winner: Colour::Black }]);
    assert!(six.outcome().unwrap().is_win(1));
    // Both below six: a draw (decision in lib.rs).
    let mut six = at(&row("BRBBRRRBRBRBR", "red"));
    play(&mut six, &["lift 5,0", "place 13,0"]);
    assert_eq!(six.results(), [GameResult::BothStarved]);
    assert!(six.outcome().unwrap().is_draw());
}

#[test]
fn a_six_in_the_second_round_wins() {
    // Red moves its end stone to complete a line of six on row 1.
    let mut six = at("red=0,0 1,1 2,1 3,1 4,1 5,1 7,0; black=1,0 2,0 3,0 4,0 5,-1 6,0; turn=red; round=2");
    play(&mut six, &["lift 7,0", "place 6,1"]);
    let formation =
        FormedSix { kind: Formation::Line, cells: cell_list("1,1 2,1 3,1 4,1 5,1 6,1").try_into().unwrap() };
    assert_eq!(six.results(), [GameResult::Six { winner: Colour::Red, seat: 0, formation }]);
}

// ---- the basic variant -------------------------------------------------------

#[test]
fn basic_variant_forbids_splitting_the_field() {
    let basic = Options { split: false, ..opts() };
    let six = Six::from_setup(Setup::new(basic.clone(), row("RBRBRBRBRBRBRB", "red"))).unwrap();
    assert_eq!(legal(&six), ["lift 0,0"], "only the end stone keeps the row whole");
    assert!(six.clone().apply(&"lift 4,0".parse().unwrap()).is_err());
    // The same position with splitting allowed offers every red stone.
    assert_eq!(at(&row("RBRBRBRBRBRBRB", "red")).legal_vec().len(), 7);
    // When every own stone holds the field together, the mover passes.
    let mut six = Six::from_setup(Setup::new(basic, row("BRBRBRBRBRBRB", "red"))).unwrap();
    assert_eq!(legal(&six), ["pass"]);
    play(&mut six, &["pass"]);
    assert_eq!((six.turn(), six.moves()), (Turn::Seat(1), 1));
}

// ---- draws -------------------------------------------------------------------

#[test]
fn the_third_repetition_draws() {
    // docs/rules/six.md#draws: the same position a third time with the same
    // player to move is a draw.
    let mut six = at(&row("RBRBRBRBRBRBRB", "red"));
    assert_eq!(six.occurrences(), 1);
    play(&mut six, &SHUFFLE);
    assert_eq!(six.occurrences(), 2);
    assert!(!six.is_over());
    play(&mut six, &SHUFFLE[..6]);
    assert!(!six.is_over(), "black's position after its move occurs only twice so far");
    play(&mut six, &SHUFFLE[6..]);
    assert_eq!(six.results(), [GameResult::Repetition]);
    assert_eq!(six.outcome().unwrap().scores, vec![0.5, 0.5]);
    // With repetitions=2 the first return draws.
    let two = Options { repetitions: 2, ..opts() };
    let mut six = Six::from_setup(Setup::new(two, row("RBRBRBRBRBRBRB", "red"))).unwrap();
    play(&mut six, &SHUFFLE);
    assert_eq!(six.results(), [GameResult::Repetition]);
}

#[test]
fn a_shifted_field_repeats_only_with_repeat_shifted() {
    // Each side moves its stone from the left end of the row to the right
    // end: the field marches east, one cell per move, always the same shape.
    let march: Vec<String> =
        (0..8).flat_map(|q| [format!("lift {q},0"), format!("place {},0", q + 14)]).collect();
    let march: Vec<&str> = march.iter().map(String::as_str).collect();
    let exact = at(&row("RBRBRBRBRBRBRB", "red"));
    let mut six = exact.clone();
    play(&mut six, &march);
    assert!(!six.is_over(), "no cell-for-cell repetition");
    let shifted = Options { repeat_shifted: true, ..opts() };
    let mut six = Six::from_setup(Setup::new(shifted, row("RBRBRBRBRBRBRB", "red"))).unwrap();
    play(&mut six, &march[..4]);
    assert_eq!(six.occurrences(), 2);
    play(&mut six, &march[4..8]);
    assert_eq!(six.results(), [GameResult::Repetition]);
}

#[test]
fn the_move_limit_draws() {
    // docs/rules/six.md#draws: so is reaching the move limit (200
    // second-round moves by default, here 3) without a winner.
    let short = Options { move_limit: 3, ..opts() };
    let mut six = Six::from_setup(Setup::new(short, row("RBRBRBRBRBRBRB", "red"))).unwrap();
    play(&mut six, &SHUFFLE[..4]);
    assert_eq!(six.moves(), 2);
    play(&mut six, &SHUFFLE[4..6]);
    assert_eq!(six.results(), [GameResult::MoveLimit]);
    assert_eq!(Six::max_actions(&opts()), 40 + 3 * 200);
}

// ---- matches -----------------------------------------------------------------

#[test]
fn the_loser_begins_the_next_game() {
    // "The losing player begins the next game."
    let mut six = Six::new(&Options { games: 3, ..opts() }).unwrap();
    // Game 1: red builds a line on row -1 while black strays along row 1.
    play(
        &mut six,
        &[
            "place 2,-1",
            "place 0,1",
            "place 3,-1",
            "place -1,1",
            "place 4,-1",
            "place -2,1",
            "place 5,-1",
            "place -3,1",
            "place 6,-1",
            "place -4,1",
            "place 7,-1",
        ],
    );
    assert_eq!(six.results().len(), 1);
    assert_eq!(six.results()[0].winner(), Some(Colour::Red));
    // Game 2: black lost, so black begins, and its first stone may not touch
    // its own starting stone.
    assert_eq!((six.turn(), six.starter()), (Turn::Seat(1), 1));
    assert_eq!(six.stones(Colour::Red) + six.stones(Colour::Black), 2, "a fresh starting pair");
    assert_eq!(legal(&six), ["place 0,-1", "place -1,0", "place -1,1"]);
    play(
        &mut six,
        &[
            "place 0,-1",
            "place 2,0",
            "place 1,-1",
            "place 3,0",
            "place -1,-1",
            "place 4,0",
            "place -2,-1",
            "place 5,0",
            "place -3,-1",
            "place 6,0",
            "place -4,-1",
        ],
    );
    assert_eq!(six.results()[1].winner(), Some(Colour::Black), "black: -4..1 on row -1");
    assert_eq!((six.turn(), six.starter()), (Turn::Seat(0), 0), "red lost game 2 and begins game 3");
    assert!(!six.is_over());
    assert_eq!(six.game_number(), 3);
}

// ---- coordinates far from the start ------------------------------------------

/// The first round played as one row eastwards from the starting pair: red
/// on even `q`, black on odd, up to `41,0` (no colour has two in a row).
fn eastward_first_round(written: impl Fn(i32) -> i32) -> Vec<String> {
    (2..=41).map(|q| format!("place {},0", written(q))).collect()
}

#[test]
fn cells_beyond_32_are_listed_parsed_and_played_with_their_coordinates() {
    // The field drifts east (each second-round move lifts the westernmost
    // stone and puts it at the east end) far beyond where the torus the
    // board is stored on wraps (q = 32, and 64): legal list, notation,
    // play, position and view keep every cell's true coordinates.
    let mut six = Six::new(&opts()).unwrap();
    for (k, step) in eastward_first_round(|q| q).iter().enumerate() {
        let action = six.parse_action(step).unwrap();
        assert!(six.legal_vec().contains(&action), "{step} is listed");
        assert_eq!(action.to_string(), *step);
        six.apply(&action).unwrap_or_else(|e| panic!("{step}: {e}"));
        if k == 29 {
            // Red's stones end at 30,0, black's at 31,0: the cell east of
            // 31,0 is 32,0, never -32,0.
            let listed = legal(&six);
            assert!(listed.contains(&"place 32,0".to_string()), "{listed:?}");
            assert!(!listed.iter().any(|a| a.contains("-32")), "{listed:?}");
            assert!(matches!(
                six.clone().apply(&"place -32,0".parse().unwrap()),
                Err(ActionError::Illegal { .. })
            ));
        }
    }
    assert_eq!(six.phase(), Phase::Lift);
    for west in 0..120 {
        let east = west + 42;
        let lift = format!("lift {west},0");
        let place = format!("place {east},0");
        for step in [&lift, &place] {
            let action = six.parse_action(step).unwrap_or_else(|e| panic!("{step}: {e}"));
            assert_eq!(action.to_string(), *step);
            assert!(six.legal_vec().contains(&action), "{step} is listed: {:?}", legal(&six));
            if action == (Action::Place { cell: Cell::new(east, 0) }) {
                // The cell 64 to the west shares east's place on the torus
                // the board is stored on, but is far from the field.
                let alias = Action::Place { cell: Cell::new(east - 64, 0) };
                assert_eq!(six.parse_action(&alias.to_string()), Ok(alias));
                assert!(!six.legal_vec().contains(&alias));
                assert!(matches!(six.clone().apply(&alias), Err(ActionError::Illegal { .. })), "{alias}");
                let cells = six.legal_vec().iter().filter_map(|a| a.cell()).collect::<Vec<_>>();
                assert!(cells.iter().all(|c| six.board().touches_field(*c) && c.q() >= west), "{cells:?}");
            }
            six.apply(&action).unwrap_or_else(|e| panic!("{step}: {e}"));
        }
    }
    assert!(!six.is_over(), "{:?}", six.results());
    let position = six.position();
    assert!(position.starts_with("red=120,0 122,0"), "{position}");
    assert!(position.contains("161,0"), "{position}");
    let view = six.view(spieltisch_core::Viewer::Spectator);
    assert_eq!(view.stones.red.first(), Some(&Cell::new(120, 0)));
    assert_eq!(view.last.as_ref().and_then(|m| m.placed), Some(Cell::new(161, 0)));
    let written = serde_json::to_string(&six).unwrap();
    assert_eq!(serde_json::from_str::<Six>(&written).unwrap(), six, "a state far out reads back");
    let drawing = Six::describe_view(&view, &(), spieltisch_core::Lang::En);
    assert!(drawing.contains("159 160 161"), "{drawing}");
}

#[test]
fn records_before_format_4_read_their_cells_modulo_64() {
    // Format 3 wrote 32,0 as -32,0 and 41,0 as -23,0; its record replays
    // into the very game, which format 4 writes with true coordinates.
    let wrapped = |q: i32| if q >= 32 { q - 64 } else { q };
    let mut old = eastward_first_round(wrapped);
    old.extend(["lift 0,0", "place -22,0", "lift 1,0", "place -21,0"].map(String::from));
    let mut new = eastward_first_round(|q| q);
    new.extend(["lift 0,0", "place 42,0", "lift 1,0", "place 43,0"].map(String::from));
    let record = |format: u32, actions: &[String]| spieltisch_core::Record {
        format,
        game: "six".into(),
        options: serde_json::json!({}),
        seed: 0,
        actions: actions.to_vec(),
    };
    let played = record(4, &new).replay::<Six>().unwrap();
    let position = played.position();
    assert!(position.contains(" 42,0; black=") && position.contains(" 43,0; turn=red"), "{position}");
    for format in 1..=3 {
        let stored = record(format, &old);
        assert_eq!(stored.replay::<Six>().unwrap().board(), played.board(), "format {format}");
        let upgraded = stored.upgraded::<Six>().unwrap();
        assert_eq!(upgraded.format, spieltisch_core::Record::FORMAT);
        assert_eq!(upgraded.replay::<Six>().unwrap().board(), played.board());
    }
    assert!(record(4, &old).replay::<Six>().is_err(), "-32,0 is no cell next to the field");
}
