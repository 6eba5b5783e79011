//! The rulebook's worked examples, each on a purpose-built board (the
//! printed board's layout is not public), citing its section of the German
//! rulebook.

use crate::action::{Action, rider_index};
use crate::board::{Block, Cell, Surface};
use crate::cards::{ChanceCard, Energy};
use crate::course;
use crate::game::{PLACE_POINTS, Phase, Reifenbreite, Status, team_scores};
use crate::options::{EDITION, JerseyJudged, Level, Options, Rules};
use crate::setup::Setup;
use crate::track::{Sprint, Track};
use spieltisch_core::Telling;
use spieltisch_core::{FromSetup, Game, Turn};

const ASPHALT: Cell = Cell { surface: Surface::Asphalt, number: 0 };

fn cell(surface: Surface, number: u8) -> Cell {
    Cell { surface, number }
}

fn rows(n: usize) -> Block {
    Block::Straight(vec![vec![ASPHALT; 4]; n])
}

/// Space of row `row`, lane `lane` on a four-lane straight grid starting the track.
fn sp(row: u16, lane: u16) -> u16 {
    row * 4 + lane - 1
}

fn r(number: u8) -> u8 {
    rider_index(number).expect("rider number")
}

const BASIC: Rules = Rules {
    surfaces: false,
    sprints: false,
    jersey: false,
    chase_car: false,
    lead_exchange: false,
    jersey_judged: JerseyJudged::AtCrossing,
    edition: EDITION,
};
const ADVANCED: Rules = Rules { surfaces: true, ..BASIC };

/// Four teams, riders by number on their spaces, round `round`.
fn setup(track: Track, rules: Rules, round: u16, riders: &[(u8, u16)]) -> Setup {
    Setup::new(track, 4, rules, round, riders)
}

fn race(track: Track, rules: Rules, round: u16, riders: &[(u8, u16)]) -> Reifenbreite {
    Reifenbreite::from_setup(setup(track, rules, round, riders)).expect("a valid position")
}

fn grid(n: usize) -> Track {
    Track::from_blocks(&[rows(n)], 1, &[0])
}

/// Applies actions in notation through the checked `Game::apply`.
fn play(g: &mut Reifenbreite, actions: &[&str]) {
    for a in actions {
        let action: Action = a.parse().unwrap();
        Game::apply(g, &action).unwrap_or_else(|e| panic!("{a}: {e} in {:?}", g.phase()));
    }
}

fn space_of(g: &Reifenbreite, number: u8) -> u16 {
    g.riders()[r(number) as usize].space
}

fn mover(g: &Reifenbreite) -> Option<u8> {
    match g.phase() {
        Phase::Choose { rider, .. } | Phase::Dice { rider, .. } | Phase::Move { rider, .. } => {
            Some(crate::action::rider_number(rider))
        }
        _ => None,
    }
}

#[test]
fn figure_3_start_placement_one_rider_per_team_and_lane() {
    // 5.1, example to figure 3: rider 24, placed last, may only go into lane 4.
    let mut g = Reifenbreite::new(&Options { teams: 4, ..Options::default() }).unwrap();
    play(&mut g, &["first 2"]);
    // Start rows 0 (back) to 3 (front) of the start area: space = row * 4 + lane - 1.
    let order = [
        (21, sp(3, 3)),
        (31, sp(2, 1)),
        (41, sp(3, 2)),
        (51, sp(3, 1)),
        (22, sp(0, 1)),
        (32, sp(3, 4)),
        (42, sp(1, 1)),
        (52, sp(2, 2)),
        (23, sp(0, 2)),
        (33, sp(1, 2)),
        (43, sp(2, 4)),
        (53, sp(2, 3)),
    ];
    let order2 = [(34, sp(1, 3)), (44, sp(0, 3)), (54, sp(1, 4))];
    for (n, s) in order {
        play(&mut g, &[&format!("place {n} {s}")]);
    }
    // Team 2x's turn again: 24 is the last of the team.
    let legal = g.legal_vec();
    assert!(!legal.is_empty());
    for a in &legal {
        let Action::Place { rider, space } = *a else { panic!("{a}") };
        assert_eq!(rider, r(24));
        assert_eq!(g.track().space(space).lane, 4, "only lane 4 is left for 24");
    }
    play(&mut g, &["place 24 3"]);
    for (n, s) in order2 {
        play(&mut g, &[&format!("place {n} {s}")]);
    }
    // 5.3 / figure 4: rider 51 (front row, rightmost) moves first, with two dice
    // and no choice of cards in the start round.
    assert_eq!(g.phase(), Phase::Dice { rider: r(51), base: 0, dice: 2, breakaway: false, tow: false });
}

#[test]
fn one_rider_per_lane_holds_per_team_for_a_manager_of_two_teams() {
    // 5.1: "es dürfen jedoch nie 2 Fahrer aus einem Team in der gleichen Spur
    // stehen"; docs/rules/reifenbreite.md#several-teams-per-manager: the rule holds
    // per team, so a manager with two teams places eight riders in four lanes, two
    // teams' riders sharing a lane.
    let mut g = Reifenbreite::new(&Options { teams: 4, seats: Some(2), ..Options::default() }).unwrap();
    play(&mut g, &["first 2"]);
    // Manager 0 has teams 2x and 4x, manager 1 teams 3x and 5x.
    play(&mut g, &["place 21 0", "place 31 1", "place 41 4"]);
    let lane_of = |g: &Reifenbreite, n: u8| g.track().space(space_of(g, n)).lane;
    assert_eq!(g.turn(), Turn::Seat(1), "team 5x is manager 1's");
    assert_eq!(lane_of(&g, 41), lane_of(&g, 21), "41 shares lane 1 with 21 of the same manager");
    play(&mut g, &["place 51 5"]);
    assert_eq!(lane_of(&g, 51), lane_of(&g, 31));
    // But within one team the lane stays taken: 22 may not go into lane 1.
    let legal = g.legal_vec();
    assert!(legal.iter().all(|a| {
        let Action::Place { rider, space } = *a else { return false };
        rider != r(22) || g.track().space(space).lane != 1
    }));
    assert!(legal.iter().any(|a| matches!(*a, Action::Place { rider, .. } if rider == r(22))));
}

#[test]
fn placement_order_goes_round_the_teams() {
    // 5.1: the first placer, then his left neighbour, and so on, one rider each.
    let mut g = Reifenbreite::new(&Options { teams: 3, ..Options::default() }).unwrap();
    play(&mut g, &["first 3"]);
    assert_eq!(g.turn(), Turn::Seat(1));
    play(&mut g, &["place 31 0"]);
    assert_eq!(g.turn(), Turn::Seat(2));
    play(&mut g, &["place 41 1"]);
    assert_eq!(g.turn(), Turn::Seat(0));
}

#[test]
fn first_round_has_no_energy_cards_and_no_chance_cards() {
    // 6: energy cards only from the second round; 7: no chance card in the start round.
    let mut g = race(grid(20), BASIC, 1, &[(21, sp(2, 1))]);
    assert!(matches!(g.phase(), Phase::Dice { .. }), "no decision before the dice in round 1");
    play(&mut g, &["roll 7"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 7, .. }));
    // Round 2: cards may be chosen, and a 7 draws a chance card.
    let mut g = race(grid(20), BASIC, 2, &[(21, sp(2, 1))]);
    assert!(g.legal_vec().contains(&Action::Card(Energy::Own6)));
    play(&mut g, &["ride", "roll 7"]);
    assert!(matches!(g.phase(), Phase::ChanceDraw { .. }));
}

#[test]
fn card_and_die_totalling_7_draw_a_chance_card() {
    // 7: "Wer eine Energie-Karte eingesetzt und dann eine 1 oder 2 würfelt ..."
    let mut g = race(grid(20), BASIC, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["card 5", "ride", "roll 2"]);
    assert!(matches!(g.phase(), Phase::ChanceDraw { .. }));
    let mut g = race(grid(20), BASIC, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["card 6M", "ride", "roll 1"]);
    assert!(matches!(g.phase(), Phase::ChanceDraw { .. }));
}

#[test]
fn order_of_play_front_first_then_rightmost() {
    // 5.2: the front row first; side by side, the rightmost first.
    let g = race(grid(10), BASIC, 1, &[(21, sp(3, 2)), (31, sp(3, 1)), (41, sp(5, 4))]);
    assert_eq!(mover(&g), Some(41));
    let g = race(grid(10), BASIC, 1, &[(21, sp(3, 2)), (31, sp(3, 1))]);
    assert_eq!(mover(&g), Some(31));
}

#[test]
fn figure_4_shortest_path_and_moving_fewer_spaces() {
    // Figure 4 / 5.5: a rider may take any space within his roll, diagonals included.
    let mut g = race(grid(20), BASIC, 1, &[(51, sp(2, 1))]);
    play(&mut g, &["roll 7"]);
    let legal = g.legal_vec();
    assert!(legal.contains(&Action::To { space: sp(9, 1) }), "7 straight on");
    assert!(legal.contains(&Action::To { space: sp(9, 4) }), "diagonally to the inside on the way");
    assert!(legal.contains(&Action::To { space: sp(8, 1) }), "one space fewer (5.5)");
    assert!(!legal.contains(&Action::To { space: sp(10, 1) }), "never more than rolled");
}

#[test]
fn section_5_5_moving_fewer_spaces_to_draft_later() {
    // 5.5: 51 rolls 10 and could get beside 33, but stops directly behind him
    // (one space fewer) to draft him later; 32 and 42 draft 51.
    let riders = [(33, sp(12, 2)), (51, sp(3, 2)), (32, sp(2, 2)), (42, sp(1, 2))];
    let mut g =
        Reifenbreite::from_setup(Setup { moved: vec![33], ..setup(grid(30), BASIC, 1, &riders) }).unwrap();
    assert_eq!(mover(&g), Some(51));
    play(&mut g, &["roll 10"]);
    assert!(g.legal_vec().contains(&Action::To { space: sp(12, 1) }), "beside 33 with all 10");
    play(&mut g, &[&format!("to {}", sp(11, 2)), "draft", "draft"]);
    assert_eq!((space_of(&g, 32), space_of(&g, 42)), (sp(10, 2), sp(9, 2)));
}

#[test]
fn figure_5a_thick_line_in_a_curve() {
    // 5.3, example to figure 5a: "Der Fahrer 51 will in der Kurve nach innen
    // schwenken, müßte dabei aber die dicke Linie überqueren, was NICHT
    // erlaubt ist. Dünne Linien dürfen normal überquert werden."
    let curve = Block::Curve(vec![vec![ASPHALT; 6], vec![ASPHALT; 5], vec![ASPHALT; 4], vec![ASPHALT; 3]]);
    let track = Track::from_blocks(&[rows(3), curve, rows(6)], 1, &[0, 0, 0]);
    let first_curve = 12u16; // lane 1 of the curve starts right after the 12 straight spaces
    let g = race(track.clone(), BASIC, 1, &[(51, sp(2, 1))]);
    let reach = g.reach_of(r(51), 3);
    let t = g.track();
    for &(s, _) in reach.as_slice() {
        assert_eq!(t.space(s).lane, 1, "inside the curve 51 stays in lane 1 (space {s})");
    }
    assert_eq!(reach.steps(first_curve), Some(1));
    // On the straight before the curve the thin lines are crossed: from two
    // rows further back 51 gets into lane 3, and so onto the inside.
    let g = race(track, BASIC, 1, &[(51, sp(0, 1))]);
    let reach = g.reach_of(r(51), 3);
    assert_eq!(reach.steps(sp(2, 3)), Some(2));
    assert!(reach.as_slice().iter().any(|&(s, _)| g.track().space(s).curve && g.track().space(s).lane == 3));
}

#[test]
fn figure_5b_diagonal_between_two_riders_and_blocked_road() {
    // Figure 5b: 41 slips diagonally between two riders.
    let g = race(grid(10), BASIC, 1, &[(41, sp(2, 1)), (21, sp(3, 1)), (31, sp(2, 2)), (32, sp(5, 3))]);
    assert_eq!(g.reach_of(r(41), 1).steps(sp(3, 2)), Some(1));
    // 5.3: the road blocked across its width: the move ends behind the riders.
    let g = race(
        grid(10),
        BASIC,
        1,
        &[(41, sp(2, 1)), (21, sp(4, 1)), (31, sp(4, 2)), (32, sp(4, 3)), (33, sp(4, 4))],
    );
    let reach = g.reach_of(r(41), 12);
    assert_eq!(reach.farthest(), 1);
}

#[test]
fn figure_6_drafting_chain() {
    // 5.4, examples to figure 6: 31 drafts 51, then 42 drafts 31.
    let start = [(51, sp(5, 1)), (31, sp(4, 1)), (42, sp(3, 1))];
    let mut g = race(grid(30), BASIC, 1, &start);
    assert_eq!(mover(&g), Some(51));
    play(&mut g, &["roll 8", &format!("to {}", sp(13, 1))]);
    assert_eq!(g.phase(), Phase::Draft { rider: r(31), from: sp(4, 1), to: sp(12, 1), steps: 8 });
    play(&mut g, &["draft"]);
    assert_eq!(space_of(&g, 31), sp(12, 1));
    assert!(matches!(g.phase(), Phase::Draft { rider, to, .. } if rider == r(42) && to == sp(11, 1)));
    play(&mut g, &["draft"]);
    assert_eq!(space_of(&g, 42), sp(11, 1));
    // If 31 does not draft, 42 cannot draft 51 either.
    let mut g = race(grid(30), BASIC, 1, &start);
    play(&mut g, &["roll 8", &format!("to {}", sp(13, 1)), "skip"]);
    assert_eq!(mover(&g), Some(31), "31 moves next in the normal order");
    assert!(matches!(g.phase(), Phase::Dice { .. }));
}

#[test]
fn drafting_impossible_when_the_space_behind_is_taken() {
    // 5.4: not when the space behind the leader is occupied.
    let mut g = race(grid(30), BASIC, 1, &[(51, sp(5, 1)), (31, sp(4, 1)), (22, sp(12, 1))]);
    play(&mut g, &["roll 8", &format!("to {}", sp(13, 1))]);
    assert!(!matches!(g.phase(), Phase::Draft { .. }));
}

#[test]
fn drafting_impossible_sideways() {
    // 5.4 / figure 7: a rider beside the leader's line is not behind him.
    let mut g = race(grid(30), BASIC, 1, &[(51, sp(5, 1)), (31, sp(4, 2))]);
    play(&mut g, &["roll 8", &format!("to {}", sp(13, 1))]);
    assert!(!matches!(g.phase(), Phase::Draft { .. }));
}

/// The situation of figure 7 (5.4) on a board of our own: six straight rows,
/// then a left-hand curve whose lanes 1 (outside) to 4 (inside) have 8, 7, 5
/// and 4 spaces, then straight rows again. The front row, 41 21 53 32 from
/// right to left, is the one the examples' order of play implies (41, then
/// 21, then 53, then 32); behind them the lines 22 54, 52 34 44 and 33 23.
/// 51, 31 and 42 are ahead in the curve and have moved this round.
fn figure_7() -> Reifenbreite {
    let lanes = [8, 7, 5, 4].map(|n| vec![ASPHALT; n]).to_vec();
    let track = Track::from_blocks(&[rows(6), Block::Curve(lanes), rows(10)], 1, &[0, 0, 0]);
    let riders = [
        (41, sp(4, 1)),
        (21, sp(4, 2)),
        (53, sp(4, 3)),
        (32, sp(4, 4)),
        (22, sp(3, 1)),
        (52, sp(3, 2)),
        (33, sp(3, 3)),
        (54, sp(2, 1)),
        (34, sp(2, 2)),
        (23, sp(2, 3)),
        (44, sp(1, 2)),
        (42, fig7_curve(4, 2)),
        (31, fig7_curve(4, 3)),
        (51, fig7_curve(4, 4)),
    ];
    Reifenbreite::from_setup(Setup { moved: vec![51, 31, 42], ..setup(track, BASIC, 2, &riders) }).unwrap()
}

/// Space `k` (from 1) of lane `lane` in the curve of [`figure_7`].
fn fig7_curve(lane: u16, k: u16) -> u16 {
    24 + [0, 8, 15, 20][lane as usize - 1] + k - 1
}

/// Lane `lane` of row `k` (from 0) after the curve of [`figure_7`].
fn fig7_after(k: u16, lane: u16) -> u16 {
    48 + 4 * k + lane - 1
}

/// Figure 7 up to 41's move to C, checked on the way.
fn figure_7_rider_41() -> Reifenbreite {
    let mut g = figure_7();
    let (c, d) = (fig7_after(1, 1), fig7_after(0, 1));
    assert_eq!(g.track().space(c).behind, d, "D is the space behind C");
    assert_eq!(mover(&g), Some(41));
    play(&mut g, &["ride", "roll 10"]);
    let reach = g.reach_of(r(41), 10);
    // "Fahrer 41 schwenkt nach innen und geht nach der Kurve wieder so weit
    // wie möglich nach rechts auf das Feld C (auf der Außenkurve hätte er nur
    // Feld D erreicht)". D, the first space after the curve in lane 1, is
    // only reached round the outside.
    assert_eq!(reach.steps(c), Some(10));
    assert_eq!(reach.steps(d), Some(10));
    assert_eq!(reach.steps(fig7_after(2, 1)), None, "C is as far as he gets on the right");
    play(&mut g, &[&format!("to {c}")]);
    g
}

#[test]
fn figure_7_rider_41_leaves_22_and_54_behind() {
    let g = figure_7_rider_41();
    let (d, e) = (fig7_after(0, 1), fig7_after(0, 2));
    // "die Fahrer 22 und 54 können sich nicht anhängen": 22 cannot reach D,
    // the space behind C, in 10 ...
    assert!(!matches!(g.phase(), Phase::Draft { .. }), "{:?}", g.phase());
    assert_eq!(g.reach_of(r(22), 10).steps(d), None);
    // "wenn 22 den gleichen Weg fährt wie 41, landet er auf Feld E" ...
    assert_eq!(g.reach_of(r(22), 10).steps(e), Some(10));
    assert!(g.track().space(d).beside.contains(&e));
    // "außen an der dicken Linie durch die Kurve ... bräuchte er 11 Felder".
    assert_eq!(g.reach_of(r(22), 12).steps(d), Some(11));
    // "Da sich 22 nicht anhängen kann, kann es auch 54 nicht": 21 is next.
    assert_eq!(mover(&g), Some(21));
}

/// Figure 7 up to 21's move to A.
fn figure_7_rider_21() -> Reifenbreite {
    let mut g = figure_7_rider_41();
    let (a, b) = (fig7_after(1, 4), fig7_after(0, 4));
    assert_eq!(g.track().space(a).behind, b, "B is the space behind A");
    assert_eq!(mover(&g), Some(21));
    play(&mut g, &["ride", "roll 12"]);
    // Over lane 3 of the curve and diagonally to the inside after it.
    assert_eq!(g.reach_of(r(21), 12).steps(a), Some(8));
    play(&mut g, &[&format!("to {a}")]);
    g
}

#[test]
fn figure_7_rider_21_on_a_stops_52_34_and_44() {
    // "Nr. 21 kann dies verhindern, indem er sich auf Feld A stellt. Welchen
    // Weg 52 auch wählt, es ist ihm nicht möglich, mit nur 12 Schritten auf
    // Punkt B hinter Fahrer 21 zu kommen."
    let g = figure_7_rider_21();
    let b = fig7_after(0, 4);
    assert!(!matches!(g.phase(), Phase::Draft { .. }), "{:?}", g.phase());
    let reach = g.reach_of(r(52), 12);
    assert_eq!(reach.steps(b), None);
    // "wählt er den gleichen Weg wie 21, müßte 52, um Punkt B zu erreichen,
    // ein Feld nach oben ziehen": that way ends on the space beside B.
    let beside_b = fig7_after(0, 3);
    assert!(g.track().space(b).beside.contains(&beside_b));
    assert_eq!(reach.steps(beside_b), Some(8));
    // "fährt er geradeaus, müßte er in der Kurve die dicke Linie überqueren":
    // B lies after lane 4 of the curve, which 52 cannot enter (53 and 32
    // stand where he would have to move into it), and no lane may be changed
    // inside the curve or on leaving it; neither the outside of the curve
    // nor his own lane leads to B. (The printed board has more: the way
    // through C, where 41 stands, and the outside, one space short. On our
    // board a rider can always pass beside C with the same number of
    // spaces, so those cannot be the reasons here.)
    // "Da sich die Fahrer 52, 34 und 44 nicht anhängen können, ist 53 an der
    // Reihe."
    assert_eq!(mover(&g), Some(53));
}

#[test]
fn figure_7_rider_53_and_33_declining() {
    let mut g = figure_7_rider_21();
    play(&mut g, &["ride", "roll 5"]);
    // "Dieser würfelt eine "5"; damit könnte er einfach geradeaus fahren."
    assert!(g.legal_vec().contains(&Action::To { space: fig7_curve(3, 4) }));
    // "Nr. 53 stellt sich stattdessen auf das Feld hinter Nr. 42."
    let behind_42 = g.track().space(space_of(&g, 42)).behind;
    assert_eq!(behind_42, fig7_curve(4, 1));
    play(&mut g, &[&format!("to {behind_42}")]);
    // "Nr. 33 beschließt, sich nicht anzuhängen ... und dadurch kann sich
    // auch 23 nicht anhängen. Nun ist Nr. 32 an der Reihe."
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(33)), "{:?}", g.phase());
    play(&mut g, &["skip"]);
    assert_eq!(mover(&g), Some(32));
    assert!(!g.has_moved(r(33)) && !g.has_moved(r(23)), "both move later in the normal order");
    // "Er hofft, daß Nr. 51 Glück beim Würfeln hat, daß sich dann die Fahrer
    // 31 und 42 anhängen und er mitfahren könnte": the four as they now
    // stand, in a later round in which 51 rolls 9.
    let track = g.track().clone();
    let line = [51, 31, 42, 53].map(|n| (n, space_of(&g, n)));
    let mut next = race(track, BASIC, 3, &line);
    assert_eq!(mover(&next), Some(51));
    play(&mut next, &["ride", "roll 9", &format!("to {}", fig7_after(8, 4)), "draft", "draft"]);
    assert!(matches!(next.phase(), Phase::Draft { rider, .. } if rider == r(53)), "{:?}", next.phase());
    play(&mut next, &["draft"]);
    assert_eq!(space_of(&next, 53), fig7_after(5, 4));
}

#[test]
fn figure_9_energy_cards_and_breakaways() {
    // 6.1, example A: "Fahrer 21 ist zurückgeblieben. Er setzt deshalb 1
    // Energie-Karte ein (z.B. 6 Punkte) und würfelt einmal (4 Augen). Er darf
    // jetzt also 6+4=10 Felder vorwärts ziehen und steht dann hinter Fahrer
    // 22 ... An ihn kann er sich jetzt ausgezeichnet anhängen, wenn 22 an der
    // Reihe ist." 22, ahead, has moved this round.
    let riders = [(22, sp(13, 1)), (21, sp(2, 1))];
    let mut g =
        Reifenbreite::from_setup(Setup { moved: vec![22], ..setup(grid(30), BASIC, 2, &riders) }).unwrap();
    play(&mut g, &["card 6M", "ride"]);
    assert!(matches!(g.phase(), Phase::Dice { dice: 1, base: 6, .. }));
    play(&mut g, &["roll 4"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 10, .. }));
    play(&mut g, &[&format!("to {}", sp(12, 1))]);
    assert_eq!(g.round(), 3);
    ride_no_skip(&mut g, 22, 5, sp(18, 1));
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(21)), "{:?}", g.phase());
    // Example B: "Fahrer 54 setzt 2 Energie-Karten ein (z.B. 5+6=11 Punkte);
    // ... kündigt er keinen Ausbruchsversuch an; mit großer
    // Wahrscheinlichkeit werden ihm 41 und 31 im Windschatten folgen und er
    // kann dann 52 und 51 ebenfalls mitziehen." Two cards, no dice.
    let line = [(54, sp(5, 1)), (41, sp(4, 1)), (31, sp(3, 1)), (52, sp(2, 1)), (51, sp(1, 1))];
    let mut g = race(grid(30), BASIC, 2, &line);
    play(&mut g, &["card 5", "card J6M", "ride"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 11, breakaway: false, .. }));
    play(&mut g, &[&format!("to {}", sp(16, 1))]);
    for (n, row) in [(41, 15), (31, 14), (52, 13), (51, 12)] {
        assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(n)), "{n}: {:?}", g.phase());
        play(&mut g, &["draft"]);
        assert_eq!(space_of(&g, n), sp(row, 1));
    }
    // Example C: "Fahrer 32 setzt 1 Energie-Karte ein und kündigt an: "Ich
    // reiße aus!". Dann würfelt er mit 1 Würfel ... ohne daß ihm jemand im
    // Windschatten folgen darf".
    let mut g = race(grid(30), BASIC, 2, &[(32, sp(5, 1)), (41, sp(4, 1))]);
    assert!(!g.legal_vec().contains(&Action::Break {}), "a breakaway needs a card");
    play(&mut g, &["card 6M", "break"]);
    assert!(matches!(g.phase(), Phase::Dice { dice: 1, base: 6, breakaway: true, .. }));
    play(&mut g, &["roll 3", &format!("to {}", sp(14, 1))]);
    assert!(!matches!(g.phase(), Phase::Draft { .. }));
    assert_eq!(mover(&g), Some(41));
    // docs/rules/reifenbreite.md#energy-cards: the second rider holds one 6M (row
    // 1) and one 5 (row 2); 32 has spent the 6M and kept the 5.
    assert_eq!((g.energy(1)[2], g.energy(1)[3]), (0, 1), "32-6M spent, 32-5 left");
}

#[test]
fn energy_cards_rider_22_holds_a_6m_and_a_5() {
    // 4.3: "Jeder Teamchef erhält die 14 Energie-Karten"; "Werden nur kurze
    // Strecken gefahren, wie zum Beispiel "Paris - Roubaix" oder "Lüttich -
    // Bastenaken - Lüttich", so darf jeder Teamchef nur die 7 oberen Energie-Karten
    // verwenden." docs/rules/reifenbreite.md#energy-cards: row 2 holds 22-5 where
    // row 1 holds 22-6M, so on long courses rider 22 holds one 6M and one 5.
    let deck = |course: &str, edition: u8| {
        let options =
            Options { course: crate::course::Course::built_in(course), edition, ..Options::default() };
        Reifenbreite::new(&options).unwrap().energy(0)
    };
    use crate::cards::ENERGY_ROWS;
    let both: [u8; 8] = std::array::from_fn(|k| ENERGY_ROWS[0][k] + ENERGY_ROWS[1][k]);
    for course in ["tour", "giro"] {
        assert_eq!(deck(course, EDITION), both, "{course}");
        assert_eq!(deck(course, EDITION)[2..4], [1, 1], "{course}: 22-6M and 22-5");
        // Records of edition 1 were played with row 2 a copy of row 1.
        assert_eq!(deck(course, 1)[2..4], [2, 0], "{course}, edition 1: two 22-6M");
    }
    for course in ["paris-roubaix", "luettich"] {
        assert_eq!(deck(course, EDITION), ENERGY_ROWS[0], "{course}");
        assert_eq!(deck(course, 1), ENERGY_ROWS[0], "{course}, edition 1");
    }
    // 22 plays his 6M and his 5 together; no second 6M of his own.
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1))]);
    play(&mut g, &["card 6M"]);
    assert!(!g.legal_vec().contains(&Action::Card(Energy::Own6)), "one 22-6M only");
    play(&mut g, &["card 5", "ride"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 11, .. }));
    let mut old = race(grid(30), Rules { edition: 1, ..BASIC }, 2, &[(22, sp(2, 1))]);
    assert!(!old.legal_vec().contains(&Action::Card(Energy::Own5)), "edition 1: no 22-5");
    play(&mut old, &["card 6M", "card 6M", "ride"]);
    assert!(matches!(old.phase(), Phase::Move { amount: 12, .. }));
}

#[test]
fn at_most_two_energy_cards() {
    // 6: at most two cards for a rider; with two cards no dice.
    let mut g = race(grid(30), BASIC, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["card 6M", "card 6M"]);
    assert!(!g.legal_vec().iter().any(|a| matches!(a, Action::Card(_))));
    play(&mut g, &["ride"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 12, .. }));
}

#[test]
fn figure_10_mass_fall() {
    // 7.1, example to figure 10: "Fahrer 31 verursacht einen Massensturz!"
    // Figure columns 1–7 (front to back) are rows 7–1 here; the figure's top
    // line is lane 1, the right-hand side in the direction of travel.
    let at = |col: u16, lane: u16| sp(8 - col, lane);
    let riders = [
        (51, at(1, 1)),
        (41, at(2, 1)),
        (31, at(2, 2)),
        (21, at(2, 3)),
        (52, at(3, 2)),
        (34, at(4, 2)),
        (42, at(5, 2)),
        (33, at(5, 1)),
        (32, at(5, 4)),
        (54, at(6, 1)),
        (53, at(6, 3)),
        (23, at(7, 3)),
    ];
    // The figure shows nobody as moved: 31 draws the card with 51 and 41
    // still waiting to ride, so whether they escape depends on where they
    // stand alone.
    let mut g =
        Reifenbreite::from_setup(Setup { mover: Some(31), ..setup(grid(12), BASIC, 2, &riders) }).unwrap();
    play(&mut g, &["ride", "roll 7", "chance fall"]);
    let fallen: Vec<u8> = riders.iter().map(|&(n, _)| n).filter(|&n| g.has_moved(r(n))).collect();
    // "Dadurch stürzen folgende Fahrer: 21, 52, 34, 42, 33 und 54 (weil eine der
    // Seiten ihres Feldes an das Feld des gestürzten Fahrers grenzt)": 21 beside 31
    // on his left, 52 behind 31, 34 behind 52, 42 behind 34, 33 right of the
    // falling follower 42, 54 behind 33. docs/rules/reifenbreite.md#mass-fall: a
    // rider left of the causer at his height (21) counts as behind him, so the row
    // behind the causer runs through him.
    assert_eq!(fallen, [31, 21, 52, 34, 42, 33, 54]);
    // "Die Fahrer 51 und 41 reißen aus, weil sie vor 31 auf der Strecke
    // sind": 51 is ahead of him; 41 is right beside him, and the rider right
    // of the one who caused the fall has a lead on him. They do not fall:
    // 51 rides next, and 41 can follow him in his slipstream.
    assert_eq!(mover(&g), Some(51));
    play(&mut g, &["ride", "roll 4", &format!("to {}", sp(11, 1))]);
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(41)), "{:?}", g.phase());
    play(&mut g, &["draft"]);
    assert_eq!(space_of(&g, 41), sp(10, 1));
    // "Die Nr. 32, 53 und 23 bleiben verschont, weil sie nicht an ein Feld
    // eines gestürzten Fahrers grenzen": 32 is two lanes from 42, 53 touches
    // 42 only at a corner, 23 is behind 53. They ride this round.
    for n in [32, 53, 23] {
        assert!(!g.has_moved(r(n)), "{n} is spared");
    }
    assert_eq!(mover(&g), Some(32));
}

#[test]
fn fallen_riders_are_right_of_a_follower_but_not_of_the_causer() {
    // 7.1: the rider right of the causer escapes; right of a falling follower falls.
    let mut g = race(grid(12), BASIC, 2, &[(31, sp(6, 2)), (41, sp(6, 1)), (52, sp(5, 2)), (53, sp(5, 1))]);
    let fallen = g.mass_fall(r(31));
    assert!(fallen.contains(&r(52)) && fallen.contains(&r(53)) && !fallen.contains(&r(41)));
}

/// Figure 11 (8): the line lies between rows 16 and 17. Front to back: 31,
/// 43, 52, 24 in lane 1; 33 beside 31 in lane 3; 21, 41, 53 in lane 2 and
/// 22, 44, 23 in lane 3 behind them.
fn figure_11(cards: bool) -> Reifenbreite {
    let track = Track::from_blocks(&[rows(17), rows(12)], 1, &[0, 1]);
    let riders = [
        (31, sp(10, 1)),
        (43, sp(9, 1)),
        (52, sp(8, 1)),
        (24, sp(7, 1)),
        (33, sp(10, 3)),
        (21, sp(9, 2)),
        (41, sp(8, 2)),
        (53, sp(7, 2)),
        (22, sp(9, 3)),
        (44, sp(8, 3)),
        (23, sp(7, 3)),
    ];
    if cards {
        return race(track, BASIC, 2, &riders);
    }
    // "Fahrer 31 hat jedoch keine Energie-Karte mehr": nor has his team.
    let dealt = crate::cards::energy_deck(track.energy_rows, EDITION);
    let energy = Some(vec![dealt, [0; 8], dealt, dealt]);
    Reifenbreite::from_setup(Setup { energy, mover: Some(31), ..setup(track, BASIC, 2, &riders) }).unwrap()
}

/// Plays rider `n`'s turn on the dice (he must be the one to move): `roll`,
/// then to `to`; a slipstream offered after it is declined.
fn ride(g: &mut Reifenbreite, n: u8, roll: u8, to: u16) {
    ride_no_skip(g, n, roll, to);
    if matches!(g.phase(), Phase::Draft { .. }) {
        play(g, &["skip"]);
    }
}

#[test]
fn figure_11_crossing_the_finish_line() {
    // 8, example 11: "Besitzt der Fahrer noch eine Energie-Karte, kann er
    // ausbrechen und dadurch alleine über die Ziellinie fahren ... Links
    // neben ihm steht nämlich sein Teamkamerad Nr. 33, der dann an der Reihe
    // ist".
    let mut g = figure_11(true);
    play(&mut g, &["card 6M", "break", "roll 3", &format!("to {}", sp(19, 1))]);
    assert_eq!(mover(&g), Some(33), "nobody follows a breakaway");
    // "Fahrer 31 hat jedoch keine Energie-Karte mehr und würfelt 9; er
    // erreicht damit das dritte Feld nach dem Ziel."
    let mut g = figure_11(false);
    assert!(matches!(g.phase(), Phase::Dice { rider, .. } if rider == r(31)), "no card, no breakaway");
    play(&mut g, &["roll 9"]);
    let legal = g.legal_vec();
    assert!(legal.contains(&Action::To { space: sp(19, 1) }), "the full 9 over the line");
    assert!(!legal.contains(&Action::To { space: sp(18, 1) }), "no shorter move over the line");
    assert!(!legal.contains(&Action::To { space: sp(17, 1) }), "no shorter move over the line");
    assert!(legal.contains(&Action::To { space: sp(16, 1) }), "stopping before the line is a shorter move");
    // "Natürlich folgen die Fahrer 43, 52 und 24 im Windschatten. Allerdings
    // kommt Fahrer 24 damit nicht über die Ziellinie."
    play(&mut g, &[&format!("to {}", sp(19, 1)), "draft", "draft", "draft"]);
    assert_eq!(space_of(&g, 24), sp(16, 1));
    assert_eq!(g.finish_order(), &[r(31), r(43), r(52)]);
    assert_eq!(g.riders()[r(24) as usize].status, Status::Road);
    // "Danach ist Fahrer 33 an der Reihe. Er würfelt 5 und es erscheint
    // logisch, daß er geradewegs auf das Ziel losfährt und sich auf Feld B
    // stellt. Besser wäre es jedoch, wenn er auf Feld A geht." A is the
    // space behind 24, B the one straight ahead of 33.
    let (a, b) = (sp(15, 1), sp(15, 3));
    assert_eq!(g.track().space(space_of(&g, 24)).behind, a);
    assert_eq!(mover(&g), Some(33));
    let mut on_b = g.clone();
    for (g, field) in [(&mut g, a), (&mut on_b, b)] {
        ride(g, 33, 5, field);
        // The others of the figure ride one row on, short of the line.
        for (n, row, lane) in [(21, 10, 2), (22, 10, 3), (41, 9, 2), (44, 9, 3), (53, 8, 2), (23, 8, 3)] {
            ride(g, n, 2, sp(row, lane));
        }
        assert_eq!(g.round(), 3);
        // "Wenn 24 in der nächsten Runde (als der am weitesten rechts
        // stehende Fahrer) zuerst würfeln darf ..."
        ride_no_skip(g, 24, 3, sp(19, 1));
    }
    // "... kann sich 33 von Feld A aus sofort anhängen, erreicht so
    // vielleicht das Ziel und erhält damit als Fünfter immerhin 30 Punkte."
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(33)), "{:?}", g.phase());
    play(&mut g, &["draft"]);
    assert_eq!(g.finish_order(), &[r(31), r(43), r(52), r(24), r(33)]);
    assert_eq!(g.stage_points()[r(33) as usize], 30);
    // From B he cannot follow 24.
    assert!(!matches!(on_b.phase(), Phase::Draft { .. }), "{:?}", on_b.phase());
    assert_eq!(on_b.finish_order(), &[r(31), r(43), r(52), r(24)]);
}

/// As [`ride`], but leaves a slipstream offer open.
fn ride_no_skip(g: &mut Reifenbreite, n: u8, roll: u8, to: u16) {
    assert_eq!(mover(g), Some(n), "{:?}", g.phase());
    if matches!(g.phase(), Phase::Choose { .. }) {
        play(g, &["ride"]);
    }
    play(g, &[&format!("roll {roll}"), &format!("to {to}")]);
}

#[test]
fn figure_12_drafting_needs_the_same_surface() {
    // 9.1, example to figure 12: cobbles from row 7 on. 51 and 33 in lane 1,
    // 41, 32, 23 and, a space further back, 44 in lane 2. "Fahrer 51 würfelt
    // "8"; 33 kann sich nicht an ihn anhängen, denn er steht auf Asphalt
    // ..., während 51 auf Kopfsteinpflaster ... steht."
    let mut road = vec![vec![ASPHALT; 4]; 7];
    road.extend(vec![vec![cell(Surface::Cobbles, 1); 4]; 20]);
    let track = Track::from_blocks(&[Block::Straight(road)], 1, &[0]);
    let riders =
        [(51, sp(7, 1)), (33, sp(6, 1)), (41, sp(5, 2)), (32, sp(4, 2)), (23, sp(3, 2)), (44, sp(1, 2))];
    let mut g = race(track, ADVANCED, 2, &riders);
    assert_eq!(mover(&g), Some(51));
    play(&mut g, &["ride", "roll 8"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 7, .. }), "8 less the cobbles' 1");
    play(&mut g, &[&format!("to {}", sp(14, 1))]);
    assert!(!matches!(g.phase(), Phase::Draft { .. }), "33 on asphalt cannot draft 51 on cobbles");
    // 33, ahead of 41, rides in the normal order.
    ride(&mut g, 33, 3, sp(9, 1));
    assert_eq!(mover(&g), Some(41));
    // "Fahrer 41 würfelt eine "9"; 32 und 23 können sich anhängen, denn sie
    // stehen auf der gleichen Straßenfarbe." (Asphalt, as 41.)
    play(&mut g, &["ride", "roll 9", &format!("to {}", sp(14, 2))]);
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(32)));
    play(&mut g, &["draft"]);
    assert!(matches!(g.phase(), Phase::Draft { rider, .. } if rider == r(23)));
    play(&mut g, &["draft"]);
    // "Fahrer 44 kann sich nicht anhängen, denn er steht mit einem Feld
    // Abstand nicht mehr in der ununterbrochenen Reihe."
    assert!(!matches!(g.phase(), Phase::Draft { .. }), "{:?}", g.phase());
    assert_eq!(mover(&g), Some(44));
}

#[test]
fn section_9_surface_numbers() {
    // 9.2: climb 3, roll 6: 3 spaces. 9.3: descent 4, roll 6: 10. 9.4: cobbles 3, roll 5: 2.
    for (surface, number, roll, amount) in
        [(Surface::Climb, 3, 6, 3), (Surface::Descent, 4, 6, 10), (Surface::Cobbles, 3, 5, 2)]
    {
        let track = Track::from_blocks(&[Block::Straight(vec![vec![cell(surface, number); 4]; 20])], 1, &[0]);
        let mut g = race(track, ADVANCED, 2, &[(21, sp(2, 1))]);
        play(&mut g, &["ride", &format!("roll {roll}")]);
        assert!(matches!(g.phase(), Phase::Move { amount: a, .. } if a == amount), "{surface:?}");
    }
    // Basic rules: surfaces do not count.
    let track = Track::from_blocks(&[Block::Straight(vec![vec![cell(Surface::Climb, 3); 4]; 20])], 1, &[0]);
    let mut g = race(track, BASIC, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["ride", "roll 6"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 6, .. }));
}

#[test]
fn figure_13_dismounting_and_returning() {
    // 9.2, example to figure 13: 43 on a climb 6 rolls 6: speed 0, he dismounts
    // and returns to his space when all riders have moved.
    let track = Track::from_blocks(&[Block::Straight(vec![vec![cell(Surface::Climb, 6); 4]; 20])], 1, &[0]);
    let mut g = race(track.clone(), ADVANCED, 2, &[(43, sp(5, 2)), (21, sp(3, 2))]);
    play(&mut g, &["ride", "roll 6"]);
    assert_eq!(g.riders()[r(43) as usize].status, Status::Dismounted);
    assert_eq!(mover(&g), Some(21));
    // 21 rides onto 43's space; 43 must come back beside it.
    play(&mut g, &["ride", "roll 8", &format!("to {}", sp(5, 2))]);
    assert_eq!(g.round(), 3);
    assert_eq!(g.riders()[r(43) as usize].status, Status::Road);
    assert_eq!(space_of(&g, 43), sp(5, 1), "the nearest free space beside, rightmost first");
    // The whole row taken: one row back.
    let riders =
        [(43, sp(5, 2)), (21, sp(3, 2)), (31, sp(5, 1)), (32, sp(5, 3)), (33, sp(5, 4)), (34, sp(1, 1))];
    let moved = vec![31, 32, 33, 34];
    let mut g = Reifenbreite::from_setup(Setup { moved, ..setup(track, ADVANCED, 2, &riders) }).unwrap();
    play(&mut g, &["ride", "roll 6"]);
    play(&mut g, &["ride", "roll 8", &format!("to {}", sp(5, 2))]);
    assert_eq!(space_of(&g, 43), sp(4, 2));
}

#[test]
fn figure_13_several_riders_return_in_the_order_they_dismounted() {
    // 9.2, example to figure 13: "Müssen mehrere Fahrer neben die Straße
    // gestellt werden, die dann nebeneinander stehen, werden sie in der
    // gleichen Reihenfolge wieder auf die Straße gestellt, in der sie von
    // ihrem Rad absteigen mußten". 43 (lane 1) rides before 31 (lane 2)
    // beside him, so 43 gets off first, though 31 comes first by number.
    let track = Track::from_blocks(&[Block::Straight(vec![vec![cell(Surface::Climb, 6); 4]; 20])], 1, &[0]);
    let riders = [(43, sp(5, 1)), (31, sp(5, 2)), (21, sp(3, 1)), (22, sp(3, 2))];
    let mut g = race(track, ADVANCED, 2, &riders);
    assert_eq!(mover(&g), Some(43));
    play(&mut g, &["ride", "roll 6"]);
    assert_eq!(mover(&g), Some(31));
    play(&mut g, &["ride", "roll 5"]);
    assert_eq!(g.riders()[r(43) as usize].status, Status::Dismounted);
    assert_eq!(g.riders()[r(31) as usize].status, Status::Dismounted);
    // 21 and 22 take both their spaces (8 less the climb's 6: 2 spaces).
    ride(&mut g, 21, 8, sp(5, 1));
    ride(&mut g, 22, 8, sp(5, 2));
    assert_eq!(g.round(), 3);
    // "Es kann vorkommen, daß inzwischen Plätze von anderen Fahrern besetzt
    // wurden": 43 comes back first and takes the nearest free space of his
    // row, lane 3; 31 finds that taken too and gets lane 4. (In the other
    // order 31 would have had lane 3 and 43 lane 4.)
    assert_eq!(g.riders()[r(43) as usize].status, Status::Road);
    assert_eq!(g.riders()[r(31) as usize].status, Status::Road);
    assert_eq!((space_of(&g, 43), space_of(&g, 31)), (sp(5, 3), sp(5, 4)));
}

#[test]
fn section_10_energy_cards_by_surface() {
    // 10: no card with the mountain sign on a climb; one card only on cobbles.
    let climb = Track::from_blocks(&[Block::Straight(vec![vec![cell(Surface::Climb, 2); 4]; 20])], 1, &[0]);
    let g = race(climb, ADVANCED, 2, &[(21, sp(2, 1))]);
    let legal = g.legal_vec();
    assert!(legal.contains(&Action::Card(Energy::Own5)) && legal.contains(&Action::Card(Energy::Joker5)));
    assert!(!legal.contains(&Action::Card(Energy::Own6)) && !legal.contains(&Action::Card(Energy::Joker6)));
    let cobbles =
        Track::from_blocks(&[Block::Straight(vec![vec![cell(Surface::Cobbles, 2); 4]; 20])], 1, &[0]);
    let mut g = race(cobbles, ADVANCED, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["card 6M"]);
    assert!(!g.legal_vec().iter().any(|a| matches!(a, Action::Card(_))));
}

#[test]
fn chance_cards_give_and_take_energy() {
    // 7: a card is always the affected rider's; else a joker; else none. "Muß ein
    // Fahrer eine Karte abgeben, hat aber keine mehr, so darf man einen Joker
    // abgeben. Ist auch kein Joker vorhanden, wird keine Karte abgegeben." 22 holds
    // 22-6M and 22-5 (docs/rules/reifenbreite.md#energy-cards): he hands in the 6M,
    // then the 5, then the jokers in row order.
    let dealt = crate::cards::energy_deck(2, EDITION);
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1))]);
    // 22's turn again, with the cards his team holds now and a full pile:
    // a 7 and the chance card (a rider without cards has nothing to choose
    // and rolls at once).
    let seven = |g: &mut Reifenbreite, card: &str| {
        let energy = Some((0..4).map(|team| g.energy(team)).collect());
        *g = Reifenbreite::from_setup(Setup { energy, ..setup(grid(30), BASIC, 2, &[(22, sp(2, 1))]) })
            .unwrap();
        if g.legal_vec().contains(&Action::Ride {}) {
            play(g, &["ride"]);
        }
        play(g, &["roll 7", &format!("chance {card}")]);
    };
    let mut expected = dealt;
    for kind in [2, 3, 6, 6, 7, 7] {
        seven(&mut g, "bonk");
        expected[kind] -= 1;
        assert_eq!(g.energy(0), expected, "22 hands in kind {kind}");
    }
    seven(&mut g, "bonk");
    assert_eq!(g.energy(0), expected, "nothing left to hand in");
    // A feeding station gives back his own spent cards first, the 6 first,
    // then the jokers.
    for kind in [2, 3, 6, 6, 7, 7] {
        seven(&mut g, "feed");
        expected[kind] += 1;
        assert_eq!(g.energy(0), expected, "22 gets back kind {kind}");
    }
    assert_eq!(g.energy(0), dealt);
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1))]);
    play(&mut g, &["ride", "roll 7", "chance feed"]);
    assert_eq!(g.energy(0), dealt, "nothing spent, nothing given back");
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1))]);
    play(&mut g, &["ride", "roll 7", "chance headwind3"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 4, .. }));
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1))]);
    play(&mut g, &["ride", "roll 7", "chance puncture"]);
    assert_eq!(space_of(&g, 22), sp(2, 1), "no move");
    assert_eq!(g.round(), 3, "his turn is over, and with it the round");
}

#[test]
fn chance_pile_is_drawn_without_replacement() {
    let mut g = race(grid(30), BASIC, 2, &[(22, sp(2, 1)), (21, sp(1, 1))]);
    play(&mut g, &["ride", "roll 7", "chance chain"]);
    assert!(!g.chance_vec().is_empty() || g.phase() != Phase::ChanceDraw { rider: r(21), breakaway: false });
    play(&mut g, &["ride", "roll 7"]);
    let chain = g.chance_vec().into_iter().find(|(a, _)| *a == Action::Chance { card: ChanceCard::Chain });
    assert!(chain.is_none(), "the only chain card is out of the pile");
    let falls = g.chance_vec().into_iter().find(|(a, _)| *a == Action::Chance { card: ChanceCard::Fall });
    assert_eq!(falls.map(|(_, w)| w), Some(4));
}

#[test]
fn section_18_score_sheet() {
    // 18: the printed score sheet; team I totals 47+20+26+18 = 111 (printed 171).
    let finish = [31, 43, 51, 42, 33, 21, 23, 53, 52, 22, 24, 41, 32, 54, 44, 34];
    let sprints: [(&[u8], [u16; 3]); 3] =
        [(&[21, 33, 42], [11, 8, 5]), (&[42, 51, 43], [7, 5, 3]), (&[43, 31, 51], [5, 4, 2])];
    let jersey = [(21, 8), (42, 16)];
    let mut points = vec![0u16; 16];
    for (place, &n) in finish.iter().enumerate() {
        points[r(n) as usize] += PLACE_POINTS[place];
    }
    for (riders, pts) in sprints {
        for (i, &n) in riders.iter().enumerate() {
            points[r(n) as usize] += pts[i];
        }
    }
    for (n, p) in jersey {
        points[r(n) as usize] += p;
    }
    let sheet = [(21, 47), (31, 54), (41, 16), (51, 42), (42, 60), (43, 48), (33, 38)];
    for (n, total) in sheet {
        assert_eq!(points[r(n) as usize], total, "rider {n}");
    }
    assert_eq!(team_scores(&[points], 4), vec![111, 114, 134, 100]);
}

/// A rider and where he is: `(number, row, lane)`.
type Spot = (u8, u16, u16);

/// The race behind the score sheet of 18, on [`sheet_track`]: where each of
/// the six riders at the front is at the end of each round, in the order
/// they ride. Sprint 1 (round 2): 21, 33, 42 over B; 21 wears the jersey
/// for rounds 3–6. Sprint 2 (round 7): 42, 51, 43 over C; 42 takes the
/// jersey and wears it for rounds 8–15. Sprint 3 (round 11): 43, 31, 51 over
/// E. Round 16: 31, 43, 51, 42, 33 and 21 finish.
const SHEET_LEADERS: [(u16, [Spot; 6]); 15] = [
    (2, [(21, 6, 1), (33, 6, 2), (42, 6, 3), (31, 5, 3), (51, 5, 4), (43, 4, 4)]),
    (3, [(21, 7, 1), (33, 7, 2), (42, 9, 3), (31, 6, 3), (51, 8, 4), (43, 7, 4)]),
    (4, [(42, 11, 3), (51, 10, 4), (21, 8, 1), (33, 8, 2), (43, 9, 4), (31, 7, 3)]),
    (5, [(42, 13, 3), (51, 12, 4), (43, 11, 4), (21, 9, 1), (33, 9, 2), (31, 8, 3)]),
    (6, [(42, 15, 3), (51, 14, 4), (43, 13, 4), (21, 10, 1), (33, 10, 2), (31, 9, 3)]),
    (7, [(42, 16, 3), (51, 16, 4), (43, 16, 2), (21, 11, 1), (33, 11, 2), (31, 10, 3)]),
    (8, [(43, 19, 2), (42, 18, 3), (51, 18, 4), (21, 13, 1), (33, 14, 2), (31, 16, 3)]),
    (9, [(43, 22, 2), (42, 20, 3), (51, 21, 4), (31, 21, 1), (33, 16, 2), (21, 14, 1)]),
    (10, [(43, 25, 2), (31, 24, 1), (51, 23, 4), (42, 22, 3), (33, 18, 2), (21, 16, 1)]),
    (11, [(43, 27, 2), (31, 27, 1), (51, 26, 4), (42, 24, 3), (33, 20, 2), (21, 18, 1)]),
    (12, [(31, 30, 1), (43, 29, 2), (51, 28, 3), (42, 26, 4), (33, 23, 1), (21, 21, 2)]),
    (13, [(31, 33, 1), (43, 32, 2), (51, 31, 3), (42, 29, 4), (33, 26, 1), (21, 24, 2)]),
    (14, [(31, 36, 1), (43, 35, 2), (51, 34, 3), (42, 32, 4), (33, 29, 1), (21, 28, 2)]),
    (15, [(31, 39, 1), (43, 38, 2), (51, 37, 3), (42, 36, 4), (33, 35, 1), (21, 34, 2)]),
    (16, [(31, 41, 1), (43, 42, 2), (51, 43, 3), (42, 44, 4), (33, 45, 1), (21, 46, 2)]),
];

/// The other ten riders, front row first, lanes 1–4, in the order of the
/// sheet's places 7–16: they ride in a block a row a round, then 12 rows a
/// round, and finish in rounds 18 and 19 in that order.
const SHEET_FIELD: [u8; 10] = [23, 53, 52, 22, 24, 41, 32, 54, 44, 34];

/// Lines B, C and E at rows 6, 16 and 26 with the points of 13.2's sprints;
/// the finish at row 40.
fn sheet_track() -> Track {
    let mut t = Track::from_blocks(&[rows(6), rows(10), rows(10), rows(14), rows(20)], 1, &[0, 1, 2, 3, 4]);
    t.sprints = vec![
        Sprint { line: 'B', leg: 1, points: [11, 8, 5] },
        Sprint { line: 'C', leg: 2, points: [7, 5, 3] },
        Sprint { line: 'E', leg: 3, points: [5, 4, 2] },
    ];
    t
}

#[test]
fn section_18_score_sheet_from_a_race() {
    // 18: the score sheet, produced by a race played through the checked
    // `Game::apply`: every line crossed and every jersey round scored by
    // the riders' own moves.
    let rules = Rules { sprints: true, jersey: true, ..ADVANCED };
    let mut riders: Vec<(u8, u16)> =
        vec![(21, sp(5, 1)), (33, sp(5, 2)), (42, sp(5, 3)), (31, sp(4, 3)), (51, sp(4, 4)), (43, sp(3, 4))];
    for (i, &n) in SHEET_FIELD.iter().enumerate() {
        riders.push((n, sp(2 - i as u16 / 4, i as u16 % 4 + 1)));
    }
    let mut g = race(sheet_track(), rules, 2, &riders);
    while g.turn() != Turn::Over {
        let n = mover(&g).unwrap_or_else(|| panic!("{:?}", g.phase()));
        let round = g.round();
        let planned = SHEET_LEADERS
            .iter()
            .find(|(t, _)| *t == round)
            .and_then(|(_, plan)| plan.iter().find(|p| p.0 == n));
        let to = match planned {
            Some(&(_, row, lane)) => sp(row, lane),
            None => {
                let start =
                    riders.iter().find(|(m, _)| *m == n).map(|&(_, s)| s).expect("a rider of the race");
                let rows_on = match round {
                    ..=16 => round - 1,
                    17 => 27,
                    18 => 39,
                    _ => 41,
                };
                start + 4 * rows_on
            }
        };
        let steps = g
            .reach_of(r(n), 12)
            .steps(to)
            .unwrap_or_else(|| panic!("{n} cannot reach {to} in round {round}"));
        // Over the finish the whole roll is ridden (8); elsewhere the roll
        // may be more than the move (5.5), and never the 7 of a chance card.
        let over = g.track().leg[to as usize] == g.track().finish_leg;
        let roll = if over { steps } else { steps.max(2) + u8::from(steps == 7) };
        assert_ne!(roll, 7, "{n} in round {round}");
        ride(&mut g, n, roll, to);
    }
    assert_eq!(g.sprint_results, [[r(21), r(33), r(42)], [r(42), r(51), r(43)], [r(43), r(31), r(51)]]);
    // "III X 2": four further rounds for 21, eight for 42.
    assert_eq!([21, 42].map(|n| g.jersey_points[r(n) as usize]), [8, 16]);
    // The sheet's column "Sprints + Gelbes Trikot".
    let column = [(31, 4), (43, 8), (51, 7), (42, 28), (33, 8), (21, 19)];
    for (n, p) in column {
        assert_eq!(g.sprint_points[r(n) as usize] + g.jersey_points[r(n) as usize], p, "rider {n}");
    }
    let finish = [31, 43, 51, 42, 33, 21, 23, 53, 52, 22, 24, 41, 32, 54, 44, 34].map(r);
    assert_eq!(g.finish_order(), finish);
    let points = g.stage_points();
    let sheet = [(31, 54), (43, 48), (51, 42), (42, 60), (33, 38), (21, 47), (23, 26), (41, 16), (34, 8)];
    for (n, total) in sheet {
        assert_eq!(points[r(n) as usize], total, "rider {n}");
    }
    assert_eq!(g.team_scores(), vec![111, 114, 134, 100]);
}

#[test]
fn section_17_stage_race_bonus() {
    // 17: rider 41 scores 18, 55, 40, 22, 26 = 161; his team 46, 68, 92, 66, 47 = 319.
    let rider = [18u16, 55, 40, 22, 26];
    let team = [46u16, 68, 92, 66, 47];
    let results: Vec<Vec<u16>> = (0..5)
        .map(|s| {
            let mut p = vec![0; 16];
            p[r(41) as usize] = rider[s];
            p[r(42) as usize] = team[s] - rider[s];
            p
        })
        .collect();
    assert_eq!(team_scores(&results, 4)[2], 5 * 161 + 319);
    assert_eq!(team_scores(&results, 4)[2], 1124);
}

fn sprint_track() -> Track {
    let mut t = Track::from_blocks(&[rows(4), rows(6), rows(6), rows(6), rows(10)], 1, &[0, 1, 2, 3, 4]);
    t.sprints = vec![
        Sprint { line: 'B', leg: 1, points: [11, 8, 5] },
        Sprint { line: 'C', leg: 2, points: [7, 5, 3] },
        Sprint { line: 'E', leg: 3, points: [5, 4, 2] },
    ];
    t
}

/// Plays whole turns on the dice: `(rider, roll, row, lane)` each, in the
/// order of play, declining every slipstream.
fn rides(g: &mut Reifenbreite, turns: &[(u8, u8, u16, u16)]) {
    for &(n, roll, row, lane) in turns {
        ride(g, n, roll, sp(row, lane));
    }
}

#[test]
fn section_15_1_yellow_jersey() {
    // 15.1, with the score sheet of 18: sprint lines B (row 4), C (row 10)
    // and E (row 16), crossed by the riders' own moves.
    let rules = Rules { sprints: true, jersey: true, ..ADVANCED };
    let riders = [(21, sp(3, 1)), (33, sp(3, 2)), (42, sp(3, 3)), (51, sp(2, 1)), (43, sp(2, 2))];
    let mut g = race(sprint_track(), rules, 2, &riders);
    // "Fahrer 21 gewinnt den ersten Sprint. Er erhält das Gelbe Trikot und
    // die angegebenen 11 Punkte." 33 and 42 follow him over the line.
    rides(&mut g, &[(21, 2, 4, 1)]);
    assert_eq!(g.jersey.map(|(h, _)| h), Some(r(21)));
    rides(&mut g, &[(33, 2, 4, 2), (42, 2, 4, 3), (51, 2, 3, 1), (43, 2, 3, 2)]);
    assert_eq!(g.sprint_results[0], [r(21), r(33), r(42)]);
    assert_eq!([21, 33, 42].map(|n| g.sprint_points[r(n) as usize]), [11, 8, 5]);
    // "Für jede weitere Runde, in der dieser Fahrer das Gelbe Trikot hält,
    // bekommt er 2 Punkte": not for the round he took it in, 2 for the next.
    assert_eq!((g.round(), g.jersey_points[r(21) as usize]), (3, 0));
    rides(&mut g, &[(21, 2, 5, 1), (33, 2, 5, 2), (42, 2, 5, 3), (51, 2, 4, 1), (43, 2, 4, 2)]);
    assert_eq!((g.round(), g.jersey_points[r(21) as usize]), (4, 2));
    // "Den zweiten Sprint gewinnt Fahrer 42. Er erhält dafür 7 Punkte. Im
    // ersten Sprint hat 42 bereits 5 Punkte (3. Platz) gewonnen, er hat damit
    // ein Punktekonto von 12 Punkten. Da Fahrer 21 nur 11 Punkte hat ...,
    // erhält Fahrer 42 jetzt das Gelbe Trikot."
    rides(&mut g, &[(21, 2, 6, 1), (33, 2, 6, 2), (42, 6, 11, 3)]);
    assert_eq!(g.sprint_points[r(42) as usize], 12);
    assert_eq!(g.jersey.map(|(h, _)| h), Some(r(42)));
    // 51 and 43 complete the second sprint as on the sheet: 42, 51, 43.
    rides(&mut g, &[(51, 8, 12, 1), (43, 8, 12, 2)]);
    assert_eq!(g.sprint_results[1], [r(42), r(51), r(43)]);
    assert_eq!(g.jersey.map(|(h, _)| h), Some(r(42)), "5 and 3 points take nothing from 42");
    // Two further rounds in the jersey: 4 points for 42; 21 keeps his 2.
    for round in 0..2 {
        let row = |r: u16| r + round;
        rides(
            &mut g,
            &[
                (51, 2, row(13), 1),
                (43, 2, row(13), 2),
                (42, 2, row(12), 3),
                (21, 2, row(7), 1),
                (33, 2, row(7), 2),
            ],
        );
    }
    assert_eq!(g.round(), 7);
    assert_eq!([21, 42].map(|n| g.jersey_points[r(n) as usize]), [2, 4]);
}

/// The professional rules of 15.1, with the jersey judged `judged`.
fn jersey_rules(judged: JerseyJudged) -> Rules {
    Rules { sprints: true, jersey: true, jersey_judged: judged, ..ADVANCED }
}

/// The first sprint (line B at row 4) in round 2: 21 wins it and takes the
/// jersey (11 points), `second` is second (8), `third` third (5).
fn after_sprint_b(track: Track, judged: JerseyJudged, second: u8, third: u8) -> Reifenbreite {
    let riders = [(21, sp(3, 1)), (second, sp(3, 2)), (third, sp(3, 3))];
    let mut g = race(track, jersey_rules(judged), 2, &riders);
    rides(&mut g, &[(21, 2, 4, 1), (second, 2, 4, 2), (third, 2, 4, 3)]);
    assert_eq!(g.round(), 3);
    assert_eq!(g.jersey, Some((r(21), 2)), "the first sprint's winner takes it as he crosses");
    g
}

fn wearer(g: &Reifenbreite) -> Option<u8> {
    g.jersey.map(|(h, _)| crate::action::rider_number(h))
}

fn jersey_points(g: &Reifenbreite, numbers: &[u8]) -> Vec<u16> {
    numbers.iter().map(|&n| g.jersey_points[r(n) as usize]).collect()
}

#[test]
fn section_15_1_jersey_judged_at_round_end_counts_the_wearers_points() {
    // 15.1: "Gewinnt den nächsten Sprint aber ein anderer Fahrer, so berechnet der
    // Rennleiter, welcher Fahrer jetzt die meisten Punkte hat: Gewertet werden nur
    // die Punkte, die ein Fahrer bei den "Sprints" erzielt."
    // docs/rules/reifenbreite.md#when-the-jersey-changes: by default the moment the
    // new winner crosses (the literal "jetzt"); with the option, at the end of that
    // round, so that a wearer who crosses second, right behind the challenger,
    // counts with those points.
    for judged in [JerseyJudged::AtCrossing, JerseyJudged::RoundEnd] {
        let mut g = after_sprint_b(sprint_track(), judged, 33, 42);
        rides(&mut g, &[(21, 3, 7, 1), (33, 2, 5, 2), (42, 5, 9, 3)]);
        assert_eq!(jersey_points(&g, &[21]), [2], "round 3 in the jersey");
        // Round 4: 42 wins sprint C, 7 points: 12 against 21's 11.
        rides(&mut g, &[(42, 2, 10, 3)]);
        assert_eq!(g.sprint_points[r(42) as usize], 12);
        match judged {
            JerseyJudged::AtCrossing => assert_eq!(wearer(&g), Some(42), "judged now: 12 > 11"),
            JerseyJudged::RoundEnd => {
                assert_eq!(wearer(&g), Some(21), "judged when the round ends");
                assert_eq!(g.jersey_pending, [r(42)]);
            }
        }
        // 21 crosses second right behind him: 5 points, 16.
        rides(&mut g, &[(21, 3, 10, 1), (33, 2, 6, 2)]);
        assert_eq!((g.round(), g.sprint_points[r(21) as usize]), (5, 16));
        match judged {
            // The new wearer took it in round 4: nobody scores for it.
            JerseyJudged::AtCrossing => {
                assert_eq!((wearer(&g), jersey_points(&g, &[21, 42])), (Some(42), vec![2, 0]))
            }
            // 12 is not the most: 21 keeps it, and wore it through round 4.
            JerseyJudged::RoundEnd => {
                assert_eq!((wearer(&g), jersey_points(&g, &[21, 42])), (Some(21), vec![4, 0]));
                assert!(g.jersey_pending.is_empty());
            }
        }
    }
}

#[test]
fn section_15_1_jersey_judged_at_round_end_changes_after_the_rounds_points() {
    // 15.1: "Ist dies der neue Fahrer, so wird er ... gegen seinen Fahrer mit dem
    // Gelben Trikot ausgetauscht." and "Für jede weitere Runde, in der dieser
    // Fahrer das Gelbe Trikot hält, bekommt er 2 Punkte".
    // docs/rules/reifenbreite.md#when-the-jersey-changes, option round_end: the
    // round's 2 points go to the rider who wore the jersey through it; the new
    // wearer scores from the next round on.
    let mut g = after_sprint_b(sprint_track(), JerseyJudged::RoundEnd, 33, 42);
    rides(&mut g, &[(21, 3, 7, 1), (33, 2, 5, 2), (42, 5, 9, 3)]);
    rides(&mut g, &[(42, 2, 10, 3), (21, 2, 9, 1)]);
    let en = Reifenbreite::describe_view(
        &g.view(spieltisch_core::Viewer::Spectator),
        &g.static_of(),
        spieltisch_core::Lang::En,
    );
    assert!(en.contains("yellow jersey: 21 (judged at the end of the round: 42)"), "{en}");
    rides(&mut g, &[(33, 2, 6, 2)]);
    assert_eq!(g.round(), 5);
    assert_eq!(g.jersey, Some((r(42), 4)), "12 is the most: 42 takes it as round 4 ends");
    assert_eq!(jersey_points(&g, &[21, 42]), [4, 0]);
    rides(&mut g, &[(42, 2, 11, 3), (21, 2, 10, 1), (33, 2, 7, 2)]);
    assert_eq!(jersey_points(&g, &[21, 42]), [4, 2]);
}

#[test]
fn section_15_1_jersey_judged_at_round_end_a_tie_keeps_the_wearer() {
    // 15.1: "so berechnet der Rennleiter, welcher Fahrer jetzt die meisten Punkte
    // hat ... Ist dies der neue Fahrer":
    // docs/rules/reifenbreite.md#when-the-jersey-changes: a tie keeps the holder.
    // Sprint C pays 7, 1, 0 here: 42 wins it (12), 21 is second right behind (12).
    // Judged at the crossing, 42's 12 beat 21's 11.
    for (judged, expected) in [(JerseyJudged::AtCrossing, 42), (JerseyJudged::RoundEnd, 21)] {
        let mut g = after_sprint_b(sprint_track_with_c([7, 1, 0]), judged, 33, 42);
        rides(&mut g, &[(21, 3, 7, 1), (33, 2, 5, 2), (42, 5, 9, 3)]);
        rides(&mut g, &[(42, 2, 10, 3), (21, 3, 10, 1), (33, 2, 6, 2)]);
        assert_eq!([21, 42].map(|n| g.sprint_points[r(n) as usize]), [12, 12]);
        assert_eq!(wearer(&g), Some(expected), "{judged:?}");
    }
    // Only the sprint's new winner can take it: with 7, 5, 0 for sprint C,
    // 33 (8 from sprint B) is second at C behind 42 and has the most, 13,
    // but he did not win the sprint, and 42's 12 is not the most: 21 keeps
    // it.
    let mut g = after_sprint_b(sprint_track_with_c([7, 5, 0]), JerseyJudged::RoundEnd, 33, 42);
    rides(&mut g, &[(21, 2, 5, 1), (33, 4, 8, 2), (42, 5, 9, 3)]);
    rides(&mut g, &[(42, 2, 10, 3), (33, 3, 10, 2), (21, 2, 6, 1)]);
    assert_eq!(g.sprint_results[1], [r(42), r(33)]);
    assert_eq!([21, 33, 42].map(|n| g.sprint_points[r(n) as usize]), [11, 13, 12]);
    assert_eq!(wearer(&g), Some(21));
}

/// [`sprint_track`] with other points for sprint C.
fn sprint_track_with_c(points: [u8; 3]) -> Track {
    let mut track = sprint_track();
    track.sprints[1].points = points;
    track
}

#[test]
fn jersey_judged_at_round_end_two_sprints_in_one_round() {
    // Our decision (crate documentation, "Two sprints won in one round"), under
    // docs/rules/reifenbreite.md#when-the-jersey-changes, option round_end: each
    // sprint's new winner is judged once when the round ends, in the order the
    // sprints were won, with all the round's points. 15.1: "Ist dies der neue
    // Fahrer". 42 wins sprint C (12 in all); 43 is second at C and wins E in the
    // same move (8 + 5 + 5 = 18).
    let mut g = after_sprint_b(sprint_track(), JerseyJudged::RoundEnd, 43, 42);
    rides(&mut g, &[(21, 2, 5, 1), (43, 4, 8, 2), (42, 5, 9, 3)]);
    rides(&mut g, &[(42, 2, 10, 3), (43, 9, 17, 2)]);
    assert_eq!((g.sprint_results[1].clone(), g.sprint_results[2].clone()), (vec![r(42), r(43)], vec![r(43)]));
    assert_eq!(g.jersey_pending, [r(42), r(43)], "in the order the sprints were won");
    assert_eq!(wearer(&g), Some(21));
    rides(&mut g, &[(21, 2, 7, 1)]);
    assert_eq!(g.round(), 5);
    // 42's 12 is not the most; 43's 18 is: 43 takes it, and 21 scored round 4.
    assert_eq!(g.jersey, Some((r(43), 4)));
    assert_eq!(jersey_points(&g, &[21, 42, 43]), [4, 0, 0]);
    // One rider wins both sprints in one move: judged once, he takes it.
    let mut g = after_sprint_b(sprint_track(), JerseyJudged::RoundEnd, 43, 42);
    rides(&mut g, &[(21, 2, 5, 1), (43, 4, 8, 2), (42, 2, 5, 3)]);
    rides(&mut g, &[(43, 9, 17, 2)]);
    assert_eq!(g.jersey_pending, [r(43), r(43)]);
    rides(&mut g, &[(21, 2, 6, 1), (42, 2, 6, 3)]);
    assert_eq!(g.jersey, Some((r(43), 4)));
    assert!(g.jersey_pending.is_empty());
}

#[test]
fn jersey_only_with_more_than_one_sprint() {
    // 15: the jersey is at stake only with more than one sprint.
    let rules = Rules { sprints: true, jersey: true, ..ADVANCED };
    let mut t = sprint_track();
    t.sprints.truncate(1);
    let mut g = race(t, rules, 2, &[(21, sp(0, 1))]);
    play(&mut g, &["ride", "roll 5", &format!("to {}", sp(5, 1))]);
    assert_eq!(g.sprint_points[r(21) as usize], 11);
    assert_eq!(g.jersey, None);
}

#[test]
fn section_14_chase_car_and_photo_cards() {
    let rules = Rules { chase_car: true, ..BASIC };
    let mut g = race(grid(40), rules, 1, &[(21, sp(2, 1)), (22, sp(0, 1))]);
    // One die + 6 and one photo card.
    play(&mut g, &["tow", "roll 3", "photo 5"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 9, .. }));
    assert_eq!(g.photos[r(21) as usize], vec![5]);
    // The photo numbers are hidden from every viewer until the end.
    let view = g.view(spieltisch_core::Viewer::Seat(0));
    assert_eq!(view.riders[r(21) as usize].photos, vec![None]);
    assert_eq!(
        spieltisch_core::seen_notation(&g, &Action::Photo { value: 5 }, spieltisch_core::Viewer::Seat(0)),
        "photo ?"
    );
    // A flat 12 with two photo cards; at most four tows.
    let tows = vec![(21, 3)];
    let mut g =
        Reifenbreite::from_setup(Setup { tows, ..setup(grid(40), rules, 1, &[(21, sp(2, 1))]) }).unwrap();
    play(&mut g, &["tow12", "photo 1", "photo 1"]);
    assert!(matches!(g.phase(), Phase::Move { amount: 12, .. }));
    play(&mut g, &[&format!("to {}", sp(14, 1))]);
    assert_eq!((g.round(), mover(&g)), (2, Some(21)));
    let legal = g.legal_vec();
    assert!(legal.contains(&Action::Ride {}) && !legal.contains(&Action::Tow {}), "four tows at most");
    // The race director's two cards disqualify: 21, alone, wins the race.
    ride_to_the_line(&mut g);
    assert_eq!(g.finish_order(), [r(21)]);
    let mut other_cards = g.clone();
    play(&mut g, &["director 1", "director 4"]);
    assert_eq!(g.results[0][r(21) as usize], 0);
    play(&mut other_cards, &["director 2", "director 4"]);
    assert_eq!(other_cards.results[0][r(21) as usize], 50);
}

/// Plays on with the highest roll and the farthest space until the race
/// director draws his photo cards (no chance card, no slipstream).
fn ride_to_the_line(g: &mut Reifenbreite) {
    while g.phase() != Phase::Director {
        let action = match g.phase() {
            Phase::Choose { .. } => Action::Ride {},
            Phase::Dice { .. } => g.chance_vec().last().expect("a roll").0,
            Phase::Move { .. } => *g.legal_vec().last().expect("a space"),
            phase => panic!("{phase:?}"),
        };
        Game::apply(g, &action).unwrap();
    }
}

/// One straight of `surface` with `number` on every space.
fn road_of(surface: Surface, number: u8) -> Track {
    Track::from_blocks(&[Block::Straight(vec![vec![cell(surface, number); 4]; 30])], 1, &[0])
}

#[test]
fn section_14_a_tow_moves_its_number_whatever_the_surface() {
    // 14: "Wer sich mitziehen lassen will, würfelt mit einem Würfel und addiert
    // dazu sechs Augen - die Summe ist seine Zugweite." and "Der Fahrer zieht 12
    // Felder vor, ohne zu würfeln." docs/rules/reifenbreite.md#tows: the car pulls,
    // so a tow moves exactly its number whatever the surface: never shortened by a
    // climb or cobbles, never lengthened by a descent, and it never dismounts the
    // rider.
    let rules = Rules { chase_car: true, ..ADVANCED };
    for (surface, number) in [(Surface::Climb, 6), (Surface::Cobbles, 4), (Surface::Descent, 4)] {
        let mut g = race(road_of(surface, number), rules, 2, &[(21, sp(2, 1))]);
        play(&mut g, &["tow", "roll 1", "photo 3"]);
        assert_eq!(g.phase(), Phase::Move { rider: r(21), amount: 7, breakaway: false }, "{surface:?}");
        assert_eq!(g.riders()[r(21) as usize].status, Status::Road, "{surface:?}");
        let mut g = race(road_of(surface, number), rules, 2, &[(21, sp(2, 1))]);
        play(&mut g, &["tow12", "photo 3", "photo 4"]);
        assert_eq!(g.phase(), Phase::Move { rider: r(21), amount: 12, breakaway: false }, "{surface:?}");
        // The same 7 under his own power counts the surface (9.2-9.4):
        // "Ein Fahrer, der von einem ockerfarbenen Feld abfährt, darf die
        // darauf genannte Zahl zu seiner gewürfelten Zahl addieren."
        let mut g = race(road_of(surface, number), rules, 2, &[(21, sp(2, 1))]);
        play(&mut g, &["card 5", "ride", "roll 2", "chance photo", "photo 3"]);
        let own = if surface == Surface::Descent { 7 + number } else { 7 - number };
        assert_eq!(g.phase(), Phase::Move { rider: r(21), amount: own, breakaway: false }, "{surface:?}");
    }
}

#[test]
fn edition_1_tows_count_the_surface() {
    // Records of edition 1 (docs/rules/reifenbreite.md#tows changed in 2026-11)
    // were played with tows shortened by a climb or cobbles and lengthened
    // by a descent, as any move of the rider's own: they replay so.
    let rules = Rules { chase_car: true, edition: 1, ..ADVANCED };
    for (surface, number, amount) in
        [(Surface::Climb, 6, 1), (Surface::Cobbles, 4, 3), (Surface::Descent, 4, 11)]
    {
        let mut g = race(road_of(surface, number), rules, 2, &[(21, sp(2, 1))]);
        play(&mut g, &["tow", "roll 1", "photo 3"]);
        assert_eq!(g.phase(), Phase::Move { rider: r(21), amount, breakaway: false }, "{surface:?}");
    }
    let mut g = race(road_of(Surface::Climb, 6), rules, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["tow12", "photo 3", "photo 4"]);
    assert_eq!(g.phase(), Phase::Move { rider: r(21), amount: 6, breakaway: false });
}

#[test]
fn section_16_lead_exchange() {
    // 16, example 14: 51 leads 21 and 41; 21 refuses, 41 accepts and moves first.
    let rules = Rules { lead_exchange: true, ..BASIC };
    let mut g = race(grid(30), rules, 2, &[(51, sp(9, 1)), (21, sp(8, 1)), (41, sp(7, 1)), (32, sp(2, 1))]);
    assert_eq!(mover(&g), Some(51));
    play(&mut g, &["ask"]);
    assert_eq!(g.phase(), Phase::Proposal { leader: r(51), asked: r(21) });
    assert_eq!(g.turn(), Turn::Seat(0));
    play(&mut g, &["refuse", "ask"]);
    assert_eq!(g.phase(), Phase::Proposal { leader: r(51), asked: r(41) });
    play(&mut g, &["accept"]);
    assert_eq!(space_of(&g, 41), sp(9, 1));
    assert_eq!(space_of(&g, 51), sp(7, 1));
    assert_eq!(mover(&g), Some(41));
    assert!(!g.legal_vec().contains(&Action::Ask {}), "once per round");
}

#[test]
fn descriptions_in_both_languages() {
    let rules = Rules { lead_exchange: true, ..BASIC };
    let mut g = race(grid(30), rules, 2, &[(51, sp(9, 1)), (21, sp(8, 1))]);
    play(&mut g, &["ask"]);
    let en = Reifenbreite::describe_view(
        &g.view(spieltisch_core::Viewer::Seat(0)),
        &g.static_of(),
        spieltisch_core::Lang::En,
    );
    let de = Reifenbreite::describe_view(
        &g.view(spieltisch_core::Viewer::Seat(0)),
        &g.static_of(),
        spieltisch_core::Lang::De,
    );
    assert!(en.contains("51 offers the lead to 21"), "{en}");
    assert!(de.contains("51 bietet 21 die Führung an"), "{de}");
    assert_eq!(g.describe_action(&Action::Accept {}, spieltisch_core::Lang::De), "21 übernimmt die Führung");
    let mut g = race(grid(30), BASIC, 2, &[(21, sp(2, 1))]);
    play(&mut g, &["ride", "roll 5"]);
    assert_eq!(
        g.describe_action(&Action::To { space: sp(7, 2) }, spieltisch_core::Lang::En),
        "21 to lane 2, 23 rows before A (5 rows ahead)",
        "the grid's 30 rows end at its only line, A"
    );
    assert_eq!(
        g.describe_action(&Action::Chance { card: ChanceCard::Headwind1 }, spieltisch_core::Lang::De),
        "Gegenwind: 1 Feld weniger ziehen."
    );
}

#[test]
fn options_are_checked() {
    let bad = |o: Options| Reifenbreite::new(&o).unwrap_err().to_string();
    assert!(bad(Options { teams: 5, ..Options::default() }).contains("teams"));
    assert!(bad(Options { teams: 2, seats: Some(3), ..Options::default() }).contains("seats"));
    assert!(
        bad(Options { sprints: Some(false), jersey: Some(true), ..Options::default() }).contains("jersey")
    );
    let named = |course: &str| {
        spieltisch_core::options::options_from_json::<Reifenbreite>(&serde_json::json!({ "course": course }))
            .unwrap_err()
            .to_string()
    };
    let err = named("nowhere.json");
    assert!(err.contains("nowhere.json") && err.contains("paris-roubaix"), "{err}");
    let broken =
        crate::course::Course { start: "9".into(), ..crate::course::Course::built_in("tour").unwrap() };
    assert!(bad(Options { course: Some(broken), ..Options::default() }).contains("no start area '9'"));
    assert!(
        bad(Options {
            course: crate::course::Course::built_in("tour"),
            stages: crate::course::built_in_list("giro"),
            ..Options::default()
        })
        .contains("either")
    );
    let pro = Options { rules: Level::Pro, ..Options::default() }.resolve().unwrap();
    assert!(pro.surfaces && pro.sprints && pro.jersey && pro.chase_car && pro.lead_exchange);
    assert!(course::built_in_track("tour").is_ok());
}

fn random_to_end(g: &mut Reifenbreite, seed: u64) {
    use rand::SeedableRng;
    use spieltisch_core::driver::random_action;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while g.turn() != Turn::Over {
        let a = random_action(&*g, &mut rng).expect("the game is not over");
        g.apply_unchecked(&a);
    }
}

#[test]
fn stage_race_scores_with_the_bonus() {
    // 17: one game is the whole stage race; the result is stages × best rider + team total.
    let options = Options {
        teams: 2,
        stages: crate::course::built_in_list("paris-roubaix,luettich"),
        ..Options::default()
    };
    let mut g = Reifenbreite::new(&options).unwrap();
    random_to_end(&mut g, 4);
    assert_eq!(g.results.len(), 2);
    let outcome = g.outcome().unwrap();
    for team in 0..2usize {
        let rider = |r: usize| g.results.iter().map(|s| s[r] as u32).sum::<u32>();
        let total: u32 = (team * 4..team * 4 + 4).map(rider).sum();
        let best = (team * 4..team * 4 + 4).map(rider).max().unwrap();
        assert_eq!(outcome.scores[team], (2 * best + total) as f64);
    }
}

#[test]
fn a_manager_of_several_teams_scores_their_sum() {
    // Teams 2x and 4x belong to manager 1, teams 3x and 5x to manager 2.
    let options = Options { teams: 4, seats: Some(2), ..Options::default() };
    let mut g = Reifenbreite::new(&options).unwrap();
    assert_eq!(g.seats(), 2);
    random_to_end(&mut g, 9);
    let teams = g.team_scores();
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, vec![(teams[0] + teams[2]) as f64, (teams[1] + teams[3]) as f64]);
    // The 16 places hand out 50 + 40 + ... + 8 = 404 points in all.
    assert_eq!(teams.iter().sum::<u32>(), PLACE_POINTS.iter().map(|&p| p as u32).sum::<u32>());
}

#[test]
fn a_random_tour_race_with_professional_rules_ends() {
    // The speed benchmark's race: four teams on the Tour de France course,
    // every rule on, played at random by the core's playout loop.
    let options = Options {
        teams: 4,
        course: crate::course::Course::built_in("tour"),
        rules: Level::Pro,
        ..Options::default()
    };
    let initial = Reifenbreite::new(&options).unwrap();
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let mut playouts = spieltisch_core::driver::RandomPlayouts::new();
    for _ in 0..2 {
        let mut race = initial.clone();
        let done = playouts.play(&mut race, &mut rng);
        assert!(race.is_over() && done.actions > 1000, "{done:?}");
        assert!(done.decisions < done.actions);
    }
}
