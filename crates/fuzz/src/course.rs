//! Um Reifenbreite course files, unrolled into a track on a board
//! (`Track::from_json`).

use spieltisch_core::{FromSetup, Game, Turn, driver::random_action, rng_from_seed};
use spieltisch_reifenbreite::{
    Level, Options, Reifenbreite, Setup,
    action::rider_number,
    board::{Board, DEFAULT_BOARD},
    course::{NONE, Track},
};

/// How many random steps [`course`] plays on an accepted track.
const STEPS: usize = 400;

/// Reads the input as a course file on the built-in board, or, when it
/// holds a NUL byte, as a board file (before it) and a course file on that
/// board (after it).
///
/// Checks: a refusal says why; an accepted course unrolls into a track whose
/// spaces only lead forward to spaces of the track, whose neighbours beside
/// each other agree, whose start area comes first and whose route and
/// sprints are in order; it unrolls the same every time; and a race of two
/// teams under every rule (part III) plays on it by seeded random moves.
pub fn course(data: &[u8]) {
    let (board, course) = match data.iter().position(|&b| b == 0) {
        Some(i) => {
            let Ok(board) = Board::from_json(&String::from_utf8_lossy(&data[..i])) else { return };
            (board, &data[i + 1..])
        }
        None => (Board::from_json(DEFAULT_BOARD).expect("the built-in board loads"), data),
    };
    let text = String::from_utf8_lossy(course);
    let track = match Track::from_json("fuzz", &text, &board) {
        Ok(track) => track,
        Err(e) => {
            assert!(!e.is_empty(), "{text:?}: refused without a reason");
            return;
        }
    };
    check_track(&track, &text);
    assert!(
        Track::from_json("fuzz", &text, &board).as_ref() == Ok(&track),
        "{text:?} unrolls differently twice"
    );
    race(track, &String::from_utf8_lossy(data));
}

fn check_track(t: &Track, text: &str) {
    let n = t.spaces.len();
    assert!(n > 0 && n < usize::from(NONE), "{text:?}: a track of {n} spaces");
    for (name, len) in [
        ("next", t.next.len()),
        ("order", t.order.len()),
        ("behind", t.behind.len()),
        ("leg", t.leg.len()),
        ("cell", t.cell.len()),
    ] {
        assert_eq!(len, n, "{text:?}: the table {name} does not fit the spaces");
    }
    let to = |id: u16| usize::from(id);
    for (i, s) in t.spaces.iter().enumerate() {
        assert!((1..=4).contains(&s.lane), "{text:?}: space {i} in lane {}", s.lane);
        assert_eq!(t.next[i], s.next, "{text:?}: space {i}");
        assert_eq!((t.behind[i], t.leg[i], t.cell[i]), (s.behind, s.leg, s.cell), "{text:?}: space {i}");
        for &next in s.next.iter().filter(|&&m| m != NONE) {
            assert!(i < to(next) && to(next) < n, "{text:?}: space {i} leads to {next}");
        }
        assert!(s.behind == NONE || to(s.behind) < i, "{text:?}: space {i} has {} behind it", s.behind);
        for &b in &s.beside {
            assert!(to(b) < n && to(b) != i, "{text:?}: space {i} is beside {b}");
            assert!(
                t.spaces[to(b)].beside.contains(&(i as u16)),
                "{text:?}: {i} is beside {b}, not {b} beside {i}"
            );
        }
        assert!(s.leg <= t.finish_leg, "{text:?}: space {i} on leg {}", s.leg);
    }
    assert!(t.leg.windows(2).all(|w| w[0] <= w[1]), "{text:?}: legs out of order");
    assert!(!t.start.is_empty(), "{text:?}: no start area");
    for (j, &s) in t.start.iter().enumerate() {
        assert_eq!((to(s), t.leg[to(s)]), (j, 0), "{text:?}: the start area is not the first spaces");
    }
    assert!(
        t.lines.len() >= 2 && usize::from(t.finish_leg) == t.lines.len(),
        "{text:?}: route {:?}",
        t.lines
    );
    assert!(t.sprints.windows(2).all(|w| w[0].leg < w[1].leg), "{text:?}: sprints out of order");
    assert!(
        t.sprints.iter().all(|s| (2..t.finish_leg).contains(&s.leg)),
        "{text:?}: a sprint at the start or the finish"
    );
    assert!((1..=2).contains(&t.energy_rows), "{text:?}: energy rows {}", t.energy_rows);
}

/// Two teams of four on the first spaces of the start area, every rule of
/// part III in force, seeded random moves.
fn race(track: Track, text: &str) {
    let rules = Options { teams: 2, rules: Level::Pro, ..Options::default() }.resolve().expect("pro rules");
    let start = track.start.clone();
    if start.len() < 8 {
        return;
    }
    let riders: Vec<(u8, u16)> = (0..8u8).map(|r| (rider_number(r), start[usize::from(r)])).collect();
    let mut state = Reifenbreite::from_setup(Setup::new(track, 2, rules, 1, &riders))
        .expect("riders on the start spaces");
    let mut rng = rng_from_seed(0);
    for _ in 0..STEPS {
        match state.turn() {
            Turn::Over => {
                assert!(Game::outcome(&state).is_some(), "{text:?}: over without an outcome");
                return;
            }
            Turn::Seat(seat) => {
                assert!(seat < Game::seats(&state), "{text:?}: seat {seat} to move");
                assert!(!state.legal_vec().is_empty(), "{text:?}: seat {seat} has no legal action");
            }
            Turn::Chance => assert!(!state.chance_vec().is_empty(), "{text:?}: chance without outcomes"),
        }
        let Some(action) = random_action(&state, &mut rng) else { return };
        state.apply_unchecked(&action);
    }
}
