//! Every rule statement and worked example of the rulebook (as its English
//! summary gives them, quoted in each test under the summary's section
//! headings) and every decision of `docs/rules/sechstage.md`, as a test.

use crate::{
    Action, LapsDown, Options, Points, Sechstage, Setup,
    cards::{Cards, GREEN_LARGE_FIELD, GREEN_SMALL_FIELD, GREY_DECK},
    game::{Phase, RaceResult},
};
use spieltisch_core::Telling;
use spieltisch_core::{
    ActionData, FromSetup, Game, OptionsError, Turn, Viewer,
    options::{options_from_pairs, options_to_json},
    seen_notation,
};

fn game(players: usize, races: usize) -> Sechstage {
    Sechstage::new(&Options { players, races, ..Default::default() }).unwrap()
}

/// The start of a series, to be changed and built into a position.
fn setup(players: usize, races: usize) -> Setup {
    game(players, races).to_setup()
}

/// The position `setup` describes, which must be a possible one.
fn build(setup: Setup) -> Sechstage {
    Sechstage::from_setup(setup).unwrap_or_else(|e| panic!("{e}"))
}

/// Changes the position of `g` (in the middle of a series).
fn edit(g: &mut Sechstage, change: impl FnOnce(&mut Setup)) {
    let mut setup = g.to_setup();
    change(&mut setup);
    *g = build(setup);
}

fn place(s: &mut Setup, seat: usize, pos: u8) {
    s.riders[seat].position = pos;
}

fn hand(values: &[u8]) -> Cards {
    let mut hand = [0; 8];
    for &v in values {
        hand[v as usize] += 1;
    }
    hand
}

fn give(s: &mut Setup, seat: usize, values: &[u8]) {
    s.riders[seat].hand = hand(values);
}

fn to_move(g: &mut Sechstage, seat: usize) {
    edit(g, |p| p.mover = Some(seat));
    assert_eq!(g.turn(), Turn::Seat(seat));
}

fn play(g: &mut Sechstage, value: u8) {
    g.apply(&Action::Play { value }).unwrap_or_else(|e| panic!("play {value}: {e}"));
}

/// Applies chance draws of the given values.
fn draw_all(g: &mut Sechstage, values: &[u8]) {
    for &v in values {
        assert_eq!(g.turn(), Turn::Chance);
        g.apply(&Action::Draw { value: v }).unwrap_or_else(|e| panic!("draw {v}: {e}"));
    }
}

// ---- Setup ----

#[test]
fn setup_green_hands_by_player_count() {
    // "For 3-5 players: four 1 and 2 cards, three 3 and 4 cards, two 5 cards, and one 7 card."
    for n in 3..=5 {
        let g = game(n, 1);
        assert!((0..n).all(|s| g.riders[s].hand == GREEN_SMALL_FIELD && g.riders[s].cards == 17));
    }
    // docs/rules/sechstage.md#green-hands: 6–8 players hold three each of 1–4, two 5s and one 7.
    for n in 6..=8 {
        let g = game(n, 1);
        assert!((0..n).all(|s| g.riders[s].hand == GREEN_LARGE_FIELD && g.riders[s].cards == 15));
    }
}

#[test]
fn setup_riders_start_behind_the_line_with_full_grey_piles() {
    // "Each player chooses a bicycle token and places it behind the start line";
    // "The grey deck is separated into cards 1–3 and cards 4–6."
    let g = game(4, 1);
    assert!((0..4).all(|s| g.position(s) == 0));
    assert_eq!(g.piles, GREY_DECK);
    assert_eq!(g.turn(), Turn::Seat(0));
}

#[test]
fn options_are_checked_with_clear_errors() {
    for players in [2, 9] {
        let err = Sechstage::new(&Options::with_players(players)).unwrap_err();
        assert!(matches!(err, OptionsError::Rule(ref m) if m.en.contains("3 to 8")), "{err}");
    }
    let err = Sechstage::new(&Options { races: 0, ..Default::default() }).unwrap_err();
    assert!(matches!(err, OptionsError::Rule(ref m) if m.en.contains("races")), "{err}");
    // The rules read no file: a name that is no built-in track is refused
    // as such, and the track itself comes as content.
    let named = serde_json::json!({ "track": "/nonexistent/track.json" });
    let err = spieltisch_core::options::options_from_json::<Sechstage>(&named).unwrap_err();
    assert!(err.to_string().contains("no built-in track"), "{err}");
}

#[test]
fn a_track_file_is_loaded_and_validated() {
    let dir = std::env::temp_dir().join(format!("sechstage-track-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("short.json");
    std::fs::write(&good, r#"{"name":"short","length":40,"sprints":[20],"fahrerwechsel":[10],"sturz":[30]}"#)
        .unwrap();
    let track = crate::read_track_file(&good, "short.json").unwrap();
    let g = Sechstage::new(&Options { track: track.clone(), ..Default::default() }).unwrap();
    assert_eq!(g.track().length(), 40);
    // The options carry the track itself: the file may go.
    std::fs::remove_file(&good).unwrap();
    let json = spieltisch_core::options::options_to_json::<Sechstage>(g.options());
    let read = spieltisch_core::options::options_from_json::<Sechstage>(&json).unwrap();
    assert_eq!(read.track, track);
    let missing = crate::read_track_file(&good, "short.json").unwrap_err();
    assert!(missing.contains("cannot read track file 'short.json'"), "{missing}");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, r#"{"name":"bad","length":40,"sprints":[],"fahrerwechsel":[10],"sturz":[10]}"#)
        .unwrap();
    let err = crate::read_track_file(&bad, "bad.json").unwrap_err();
    assert!(err.contains("space 10 is listed twice"), "{err}");
    // Content is checked as the file is: an invalid track in the options is refused.
    let mut invalid = json.clone();
    invalid["track"]["sturz"] = serde_json::json!([10]);
    invalid["track"]["fahrerwechsel"] = serde_json::json!([10]);
    assert!(spieltisch_core::options::options_from_json::<Sechstage>(&invalid).is_err());
    std::fs::remove_dir_all(&dir).ok();
}

// ---- Gameplay and slipstream ----

#[test]
fn any_card_in_hand_may_be_played() {
    // "The active player can play any card in their hand, and moves their token forward the number of spaces indicated."
    let g = game(4, 1);
    let legal: Vec<Action> = g.legal_vec();
    assert_eq!(legal, [1, 2, 3, 4, 5, 7].map(|value| Action::Play { value }));
    let mut g = g;
    play(&mut g, 7);
    assert_eq!(g.position(0), 7);
    assert_eq!(g.riders[0].hand[7], 0);
    assert_eq!(
        g.legal_vec(),
        [1, 2, 3, 4, 5, 7].map(|value| Action::Play { value }),
        "seat 1 still holds its 7"
    );
    assert!(g.clone().apply(&Action::Play { value: 6 }).is_err(), "no green 6 exists");
}

#[test]
fn play_moves_clockwise_around_the_table() {
    // "Each race is one lap, with play moving clockwise around the table."
    let mut g = game(3, 1);
    for expected in [0, 1, 2, 0, 1] {
        assert_eq!(g.turn(), Turn::Seat(expected));
        play(&mut g, 1);
    }
}

#[test]
fn unoccupied_space_gives_no_bonus() {
    // "on an unoccupied space, there is no slipstreaming bonus and the player's turn ends."
    let mut p = setup(4, 1);
    place(&mut p, 1, 10);
    let mut g = build(p);
    play(&mut g, 4);
    assert_eq!(g.position(0), 4);
    assert_eq!(g.turn(), Turn::Seat(1));
}

#[test]
fn one_rider_doubles_two_riders_triple() {
    // "on a space already occupied by one bicycle, the token's move is doubled";
    // "on a space already occupied by two cyclists, its movement is tripled".
    let mut p = setup(4, 1);
    place(&mut p, 1, 3);
    let mut g = build(p);
    play(&mut g, 3);
    assert_eq!(g.position(0), 6);
    let mut p = setup(4, 1);
    place(&mut p, 1, 3);
    place(&mut p, 2, 3);
    let mut g = build(p);
    play(&mut g, 3);
    assert_eq!(g.position(0), 9);
}

#[test]
fn four_card_onto_three_riders_moves_sixteen() {
    // "Example: A player plays a 4-card and lands on a space with three other riders. Due to
    // slipstreaming, the token moves an extra 12 spaces (4 spaces x 3 cyclists) in addition to its
    // original move of 4 spaces, for a total movement of 16 spaces."
    let mut p = setup(4, 1);
    for s in 1..4 {
        place(&mut p, s, 14);
    }
    place(&mut p, 0, 10);
    let mut g = build(p);
    let mv = g.preview(0, 4);
    assert_eq!((mv.landing, mv.drafted, mv.bonus, mv.to), (14, 3, 12, 26));
    play(&mut g, 4);
    assert_eq!(g.position(0), 26, "moved 16 spaces from 10");
}

#[test]
fn no_second_bonus() {
    // "The slipstreaming bonus only happens the first time the token ends its move. If the token is
    // able to move bonus spaces due to slipstreaming and lands on another space with one or more
    // cyclists, it does not get another bonus move."
    let mut p = setup(4, 1);
    place(&mut p, 1, 5);
    place(&mut p, 2, 10);
    place(&mut p, 3, 10);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(g.position(0), 10, "5 + 5×1, and nothing for the two riders on 10");
}

#[test]
fn no_bonus_on_fahrerwechsel() {
    // "Slipstreaming is not allowed on either of these spaces." (Fahrerwechsel on 30)
    let mut p = setup(4, 1);
    place(&mut p, 0, 25);
    place(&mut p, 1, 30);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(g.position(0), 30);
    assert_eq!(g.turn(), Turn::Chance, "the driver change happens instead");
}

#[test]
fn no_bonus_on_sturz() {
    // "Slipstreaming is not allowed on either of these spaces." (Sturz on 60)
    let mut p = setup(4, 1);
    place(&mut p, 0, 57);
    place(&mut p, 1, 60);
    place(&mut p, 2, 60);
    let mut g = build(p);
    play(&mut g, 3);
    assert_eq!(g.position(0), 60);
    assert!(g.riders[0].skip);
}

// ---- Special spaces ----

#[test]
fn fahrerwechsel_discards_green_and_draws_four_and_seven_with_five_players() {
    // "the player discards all of their green cards and draws four cards from the grey 4–6 deck,
    // and six cards from the grey 1–3 deck. (If there are 3–5 players, the player draws seven
    // cards from the grey 1–3 deck.)"
    let mut p = setup(5, 1);
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!((g.riders[0].cards, g.riders[0].changed), (0, true), "green cards gone");
    // The 4–6 pile first, then the 1–3 pile.
    let outcomes = g.chance_vec();
    assert_eq!(
        outcomes,
        vec![
            (Action::Draw { value: 4 }, 11),
            (Action::Draw { value: 5 }, 11),
            (Action::Draw { value: 6 }, 10)
        ]
    );
    assert!(g.clone().apply(&Action::Draw { value: 1 }).is_err());
    draw_all(&mut g, &[4, 6, 6, 5]);
    assert_eq!(
        g.chance_vec(),
        vec![
            (Action::Draw { value: 1 }, 16),
            (Action::Draw { value: 2 }, 16),
            (Action::Draw { value: 3 }, 16)
        ]
    );
    draw_all(&mut g, &[1, 1, 2, 3, 3, 3, 2]);
    assert_eq!(g.turn(), Turn::Seat(1), "the driver change is over after 4 + 7 cards");
    assert_eq!(g.riders[0].hand, [0, 2, 2, 3, 1, 1, 2, 0]);
    assert_eq!(g.riders[0].cards, 11);
    assert_eq!((g.piles[1], g.piles[6]), (14, 8));
}

#[test]
fn fahrerwechsel_draws_four_and_six_with_six_to_eight_players() {
    // "...draws four cards from the grey 4–6 deck, and six cards from the grey 1–3 deck."
    let mut p = setup(8, 1);
    place(&mut p, 0, 26);
    let mut g = build(p);
    play(&mut g, 4);
    draw_all(&mut g, &[4, 4, 4, 4, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.riders[0].cards, 10);
    // The grey cards are played like any other.
    to_move(&mut g, 0);
    assert_eq!(g.legal_vec(), vec![Action::Play { value: 1 }, Action::Play { value: 4 }]);
}

#[test]
fn fahrerwechsel_after_a_slipstream_bonus() {
    // docs/rules/sechstage.md#driver-change-after-a-bonus: a bonus that ends on Fahrerwechsel triggers it.
    // 24 + 3 = 27 (one rider) + 3 = 30.
    let mut p = setup(4, 1);
    place(&mut p, 0, 24);
    place(&mut p, 1, 27);
    let mut g = build(p);
    play(&mut g, 3);
    assert_eq!(g.position(0), 30);
    assert_eq!(g.turn(), Turn::Chance);
    assert!(g.riders[0].changed);
}

#[test]
fn grey_piles_are_not_reshuffled_draw_what_is_left() {
    // docs/rules/sechstage.md#empty-piles-are-not-reshuffled: a rider draws what is left.
    let mut p = setup(4, 1);
    p.piles = [0, 0, 1, 1, 0, 1, 0, 0];
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(g.chance_vec(), vec![(Action::Draw { value: 5 }, 1)]);
    draw_all(&mut g, &[5, 2, 3]);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!(g.riders[0].hand, [0, 0, 1, 1, 0, 1, 0, 0]);
    // With both piles empty the change draws nothing at all.
    let mut p = setup(4, 1);
    p.piles = [0; 8];
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(g.turn(), Turn::Seat(1));
    assert_eq!((g.riders[0].cards, g.riders[0].changed), (0, true));
}

#[test]
fn sturz_misses_the_next_turn() {
    // "If a player lands on the "Sturz" ("Fall") space, the rider has fallen from their bike and the
    // player loses their next turn."
    let mut p = setup(3, 1);
    place(&mut p, 0, 55);
    let mut g = build(p);
    play(&mut g, 5);
    assert!(g.riders[0].skip);
    play(&mut g, 1); // seat 1
    play(&mut g, 1); // seat 2
    assert_eq!(g.turn(), Turn::Seat(1), "seat 0 misses its turn");
    assert!(!g.riders[0].skip);
    play(&mut g, 1);
    play(&mut g, 1);
    assert_eq!(g.turn(), Turn::Seat(0), "and plays again the round after");
}

#[test]
fn sturz_after_a_slipstream_bonus() {
    // docs/rules/sechstage.md#fall-after-a-bonus: a bonus that ends on Sturz costs the next turn too.
    let mut p = setup(4, 1);
    place(&mut p, 0, 50);
    place(&mut p, 1, 55);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(g.position(0), 60);
    assert!(g.riders[0].skip);
}

// ---- Race points ----

#[test]
fn sprint_points_five_three_two_one_in_crossing_order() {
    // "The first four riders to cross the two sprint lines score 5, 3, 2, and 1 point respectively."
    // Five riders cross the line after 27 one after the other, each landing alone.
    let moves = [(24, 4, 28), (22, 7, 29), (24, 7, 31), (25, 7, 32), (26, 7, 33)];
    let mut setup = setup(5, 1);
    for (s, &(from, _, _)) in moves.iter().enumerate() {
        place(&mut setup, s, from);
    }
    let mut g = build(setup);
    for (s, &(_, card, to)) in moves.iter().enumerate() {
        assert_eq!(g.turn(), Turn::Seat(s));
        play(&mut g, card);
        assert_eq!(g.position(s), to);
    }
    assert_eq!(g.sprint_crossed[0], 5);
    let points: Vec<Points> = (0..5).map(|s| g.riders[s].points).collect();
    assert_eq!(points, [5, 3, 2, 1, 0].map(Points::whole));
}

#[test]
fn landing_on_the_space_before_the_line_does_not_cross_it() {
    // docs/rules/sechstage.md#track: the sprint lines lie after spaces 27 and 54.
    let mut p = setup(4, 1);
    place(&mut p, 0, 23);
    let mut g = build(p);
    play(&mut g, 4);
    assert_eq!((g.position(0), g.riders[0].points), (27, Points::ZERO));
    to_move(&mut g, 0);
    play(&mut g, 1);
    assert_eq!(g.riders[0].points, Points::whole(5));
}

#[test]
fn one_move_can_cross_both_sprint_lines() {
    // Decision 3: the whole move counts, bonus included: 26 + 7 = 33 (four riders there) + 28 = 61,
    // across the lines after 27 and 54.
    let mut p = setup(5, 1);
    place(&mut p, 0, 26);
    for s in 1..5 {
        place(&mut p, s, 33);
    }
    let mut g = build(p);
    play(&mut g, 7);
    assert_eq!(g.position(0), 61);
    assert_eq!(g.riders[0].points, Points::whole(10), "5 at each line");
}

#[test]
fn finish_points_ten_six_four_two_in_crossing_order() {
    // "The first rider to cross the finish line scores 10 points ... The second player scores 6
    // points, third scores 4 points and the fourth scores 2 points."
    let mut p = setup(5, 1);
    for s in 0..5 {
        place(&mut p, s, 75 + s as u8);
        give(&mut p, s, &[7]);
    }
    let mut g = build(p);
    // All five cross in one round: seat 0 first (the others each get their one more turn).
    for _ in 0..5 {
        play(&mut g, 7);
    }
    assert_eq!(g.phase, Phase::Over);
    let result = &g.race_results()[0];
    assert_eq!(result.finish_order, vec![0, 1, 2, 3, 4]);
    assert_eq!(result.points, [10, 6, 4, 2, 0].map(Points::whole));
    assert_eq!(result.laps_down, vec![0; 5]);
}

#[test]
fn after_the_first_finisher_everyone_else_has_exactly_one_more_turn() {
    // "The first rider to cross the finish line scores 10 points, and the other players have one
    // more turn to try to cross the finish line."
    // docs/rules/sechstage.md#last-turns-after-the-first-finisher: in the normal order of play, and then the
    // race ends.
    let mut p = setup(4, 2);
    p.mover = Some(2);
    place(&mut p, 2, 78);
    let mut g = build(p);
    play(&mut g, 3);
    assert!(g.riders[2].finished);
    // Seats 3, 0 and 1 each get one turn, in that order; seat 3's has begun.
    assert_eq!(g.turn(), Turn::Seat(3));
    assert_eq!(g.last_turns, Some(0b0011), "seats 0 and 1 still due");
    play(&mut g, 1);
    assert_eq!(g.turn(), Turn::Seat(0));
    edit(&mut g, |p| place(p, 0, 76));
    play(&mut g, 5);
    assert!(g.riders[0].finished, "seat 0 crosses second");
    assert_eq!(g.turn(), Turn::Seat(1));
    play(&mut g, 2);
    // The race is over: the second race has begun.
    assert_eq!(g.race(), 1);
    let r = &g.race_results()[0];
    assert_eq!(r.finish_order, vec![2, 0]);
    assert_eq!(r.points[2], Points::whole(10));
    assert_eq!(r.points[0], Points::whole(6));
}

#[test]
fn a_fallen_rider_loses_the_one_more_turn() {
    // Decision 5: "the player loses their next turn" even when it is the last one.
    let mut p = setup(3, 1);
    place(&mut p, 1, 55);
    place(&mut p, 0, 78);
    let mut g = build(p);
    play(&mut g, 3); // seat 0 finishes
    assert_eq!(g.turn(), Turn::Seat(1));
    edit(&mut g, |p| p.riders[2].falls = true);
    play(&mut g, 5); // seat 1 falls on 60; seat 2 misses its last turn
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.race_results()[0].positions, vec![81, 60, 0]);
}

#[test]
fn missing_finish_points_go_to_the_closest_riders_shared_exactly() {
    // "If four riders do not cross the finish line, the riders closest to the finish line score the
    // points, dividing them equally if there is a tie." One finisher; seats 1 and 2 tie for second
    // and third: (6 + 4) / 2 = 5 each; seat 3 is fourth: 2; seat 4 nothing.
    let mut p = setup(5, 1);
    for (s, pos) in [(1, 70), (2, 70), (3, 65), (4, 40)] {
        place(&mut p, s, pos);
    }
    place(&mut p, 0, 77);
    for s in 1..5 {
        give(&mut p, s, &[]);
    }
    give(&mut p, 0, &[7]);
    let mut g = build(p);
    play(&mut g, 7);
    let r = &g.race_results()[0];
    assert_eq!(r.points, [10, 5, 5, 2, 0].map(Points::whole));
}

#[test]
fn tied_points_are_fractions_never_rounded() {
    // "dividing them equally if there is a tie"; docs/rules/sechstage.md#points-for-riders-short-of-the-line:
    // shares are exact fractions, never rounded. Nobody crosses in these races: the places go by
    // distance to the line.
    let mut p = setup(4, 1);
    for (s, pos) in [(0, 50), (1, 50), (2, 50), (3, 40)] {
        place(&mut p, s, pos);
        give(&mut p, s, &[]);
    }
    give(&mut p, 0, &[1]);
    place(&mut p, 0, 49);
    let mut g = build(p);
    play(&mut g, 1); // 49 + 1 lands on two riders: + 2 = 52, and nobody has a card left
    let r = &g.race_results()[0];
    // Seat 0 is alone closest: 10; seats 1 and 2 share 6 + 4; seat 3 gets 2.
    assert_eq!(r.positions, vec![52, 50, 50, 40]);
    assert_eq!(r.points, [10, 5, 5, 2].map(Points::whole));

    let mut p = setup(4, 1);
    for (s, pos) in [(0, 49), (1, 50), (2, 50), (3, 50)] {
        place(&mut p, s, pos);
        give(&mut p, s, &[]);
    }
    give(&mut p, 0, &[5]);
    let mut g = build(p);
    play(&mut g, 5); // 54: alone, first; the three on 50 share 6 + 4 + 2 = 4 each
    let r = &g.race_results()[0];
    assert_eq!(r.points, [10, 4, 4, 4].map(Points::whole));

    let mut p = setup(5, 1);
    for (s, pos) in [(0, 30), (1, 50), (2, 50), (3, 50), (4, 10)] {
        place(&mut p, s, pos);
        give(&mut p, s, &[]);
    }
    give(&mut p, 0, &[1]);
    let mut g = build(p);
    play(&mut g, 1); // 31: the three on 50 share 10 + 6 + 4 = 20/3 each
    let r = &g.race_results()[0];
    assert_eq!(r.points[1], Points::share(20, 3));
    assert_eq!(r.points[1].to_string(), "6 2/3");
    assert_eq!(r.points[0], Points::whole(2));
    assert_eq!(r.points[4], Points::ZERO);
    let total: Points = r.points.iter().copied().sum();
    assert_eq!(total, Points::whole(22), "exactly all finishing points are given out");
}

/// Ends a 6-rider race with seat 0 playing from 78 onto the line, and the
/// others standing where `short` says (spaces short of the 81-space line),
/// without cards; gives the race's laps down.
fn laps_in_a_race(reading: LapsDown, short: [u8; 5]) -> Vec<u8> {
    let mut setup =
        Sechstage::new(&Options { players: 6, races: 1, laps_down: reading, ..Default::default() })
            .unwrap()
            .to_setup();
    for (s, &d) in (1..6).zip(&short) {
        place(&mut setup, s, 81 - d);
        give(&mut setup, s, &[]);
    }
    place(&mut setup, 0, 78);
    give(&mut setup, 0, &[3]);
    let mut g = build(setup);
    play(&mut g, 3);
    assert_eq!(g.phase, Phase::Over);
    g.race_results()[0].laps_down.clone()
}

#[test]
fn laps_down_one_per_full_four_spaces_at_most_five_by_default() {
    // "any rider who has not crossed the finish line is judged to be a lap down for every four spaces
    // their token is from the finish line, to a maximum of five laps down."
    // docs/rules/sechstage.md#laps-down: by default one lap per *full* four spaces (3 short: none; 4–7 short:
    // one; at most five).
    assert_eq!(Options::default().laps_down, LapsDown::FullFour);
    let full = LapsDown::FullFour;
    assert_eq!([0, 3, 4, 7, 8, 19, 20, 30, 81].map(|d| full.laps(d)), [0, 0, 1, 1, 2, 4, 5, 5, 5]);
    assert_eq!(laps_in_a_race(full, [3, 4, 7, 19, 30]), vec![0, 0, 1, 1, 4, 5]);
}

#[test]
fn laps_down_one_per_four_spaces_or_part_of_four_as_an_option() {
    // The same sentence; docs/rules/sechstage.md#laps-down: the option counts one lap per four spaces *or
    // part of four*, so at least one for every rider short of the line.
    let part = LapsDown::PartOfFour;
    assert_eq!(
        [0, 1, 3, 4, 5, 8, 9, 20, 21, 30, 81].map(|d| part.laps(d)),
        [0, 1, 1, 1, 2, 2, 3, 5, 5, 5, 5]
    );
    assert_eq!(laps_in_a_race(part, [3, 4, 5, 21, 30]), vec![0, 1, 1, 2, 5, 5]);
}

#[test]
fn laps_down_is_an_option_with_two_readings() {
    let read = |pairs: &[&str]| options_from_pairs::<Sechstage>(pairs).map(|o| o.laps_down);
    assert_eq!(read(&[]), Ok(LapsDown::FullFour));
    assert_eq!(read(&["laps_down=full_four"]), Ok(LapsDown::FullFour));
    assert_eq!(read(&["laps_down=part_of_four"]), Ok(LapsDown::PartOfFour));
    let err = read(&["laps_down=part"]).unwrap_err();
    assert!(matches!(err, OptionsError::Invalid { ref key, .. } if key == "laps_down"), "{err}");
    assert!(err.to_string().contains("full_four, part_of_four"), "{err}");
    // Records write the reading out, so a saved game keeps it whatever the default becomes.
    let json = options_to_json::<Sechstage>(&Options::default());
    assert_eq!(json["laps_down"], "full_four");
}

// ---- Riders without cards, end of a race ----

#[test]
fn riders_without_cards_pass() {
    // docs/rules/sechstage.md#riders-without-cards: a rider with no cards left passes.
    let mut p = setup(3, 1);
    give(&mut p, 1, &[]);
    let mut g = build(p);
    play(&mut g, 1);
    assert_eq!(g.turn(), Turn::Seat(2), "seat 1 passes");
    play(&mut g, 1);
    assert_eq!(g.turn(), Turn::Seat(0));
}

#[test]
fn the_race_ends_when_no_rider_can_move() {
    // docs/rules/sechstage.md#riders-without-cards: the race also ends when no rider can move.
    let mut p = setup(3, 2);
    give(&mut p, 0, &[2]);
    give(&mut p, 1, &[]);
    give(&mut p, 2, &[1]);
    let mut g = build(p);
    play(&mut g, 2);
    assert_eq!(g.turn(), Turn::Seat(2));
    play(&mut g, 1);
    assert_eq!(g.race(), 1, "over without a finisher; the next race began");
    let r = &g.race_results()[0];
    assert_eq!(r.positions, vec![2, 0, 1]);
    assert!(r.finish_order.is_empty());
    assert_eq!(r.points, [10, 4, 6].map(Points::whole));
    assert_eq!(r.laps_down, vec![5; 3]);
}

// ---- Series ----

fn result(points: &[i64], laps: &[u8]) -> RaceResult {
    let n = points.len();
    RaceResult {
        order: (0..n).collect(),
        positions: vec![0; n],
        finish_order: vec![],
        points: points.iter().map(|&p| Points::whole(p)).collect(),
        laps_down: laps.to_vec(),
        placing: (0..n).collect(),
    }
}

#[test]
fn series_winner_has_fewest_laps_down_and_points_break_ties() {
    // "At the end of the set number of races, the player with the least number of laps down is the
    // winner. If there is a tie in laps down, the player with the most race points wins."
    let mut p = setup(4, 2);
    p.history = vec![result(&[20, 5, 3, 0], &[0, 1, 2, 0]), result(&[0, 9, 2, 20], &[3, 0, 0, 1])];
    p.mover = None;
    let mut g = build(p);
    // Laps: 3, 1, 2, 1. Points: 20, 14, 5, 20. Seat 3 beats seat 1 on points.
    let o = g.outcome().unwrap();
    assert_eq!(o.ranks, vec![4, 2, 3, 1]);
    assert_eq!(o.scores, vec![20.0, 14.0, 5.0, 20.0]);
    // Equal laps and points share a rank.
    edit(&mut g, |p| p.history[1].points[1] = Points::whole(15));
    assert_eq!(g.outcome().unwrap().ranks, vec![4, 1, 3, 1]);
}

#[test]
fn a_played_series_ends_after_the_set_number_of_races() {
    // "Players decide how many races will be run."
    let mut g = game(3, 2);
    for race in 0..2 {
        assert_eq!(g.race(), race);
        let mover = g.mover().unwrap();
        edit(&mut g, |p| {
            for s in 0..3 {
                give(p, s, &[]);
            }
            give(p, mover, &[1]);
        });
        play(&mut g, 1);
    }
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.race_results().len(), 2);
    assert_eq!(g.total_laps_down(), vec![10, 10, 10]);
}

#[test]
fn starting_player_rotates_clockwise() {
    // docs/rules/sechstage.md#starting-player: the starting player rotates clockwise from race to race.
    let mut g = game(4, 5);
    for race in 0..5 {
        assert_eq!(g.turn(), Turn::Seat(race % 4), "race {race}");
        let expected: Vec<u8> = (0..4).map(|i| ((race + i) % 4) as u8).collect();
        assert_eq!(&g.order[..4], &expected[..]);
        edit(&mut g, |p| {
            for s in 0..4 {
                give(p, s, &[]);
            }
            give(p, race % 4, &[1]);
        });
        play(&mut g, 1);
    }
    assert!(g.is_over());
}

#[test]
fn balancing_rule_reverses_the_last_placings() {
    // "players can change the order of player after each race by inverting the victory placement
    // from the previous race, with the last-place player going first, second last going second,
    // etc., and the first-place player going last."
    let mut p = Sechstage::new(&Options { players: 4, races: 2, balancing: true, ..Default::default() })
        .unwrap()
        .to_setup();
    // Seat 2 finishes first, seat 0 second; seat 3 (at 70) beats seat 1 (at 60).
    p.mover = Some(2);
    place(&mut p, 2, 78);
    place(&mut p, 3, 70);
    place(&mut p, 1, 60);
    give(&mut p, 3, &[]);
    give(&mut p, 1, &[]);
    let mut g = build(p);
    play(&mut g, 3);
    edit(&mut g, |p| place(p, 0, 78));
    play(&mut g, 3);
    let r = &g.race_results()[0];
    assert_eq!(r.placing, vec![2, 0, 3, 1]);
    assert_eq!(&g.order[..4], &[1, 3, 0, 2]);
    assert_eq!(g.turn(), Turn::Seat(1), "the last-placed rider starts");
}

#[test]
fn balancing_ties_keep_the_turn_order() {
    // Decision 8: riders level on distance and points are placed by their turn in that race.
    let mut p = Sechstage::new(&Options { players: 3, races: 2, balancing: true, ..Default::default() })
        .unwrap()
        .to_setup();
    for seat in 0..3 {
        give(&mut p, seat, &[]);
    }
    give(&mut p, 0, &[1]);
    let mut g = build(p);
    play(&mut g, 1);
    // Seat 0 at 1 ahead; seats 1 and 2 at 0 with 6 + 4 shared: seat 1 took its turn first.
    assert_eq!(g.race_results()[0].placing, vec![0, 1, 2]);
    assert_eq!(&g.order[..3], &[2, 1, 0]);
}

// ---- Hidden information ----

#[test]
fn grey_hands_are_secret_and_green_hands_are_shown_as_sizes() {
    // docs/rules/sechstage.md#hidden-hands: each hand is seen by its own seat only; the others see its size.
    let mut p = setup(4, 1);
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    draw_all(&mut g, &[4, 5, 6, 6, 1, 2, 3, 1, 2, 3, 3]);
    let own = g.view(Viewer::Seat(0));
    assert_eq!(own.riders[0].hand, Some(crate::cards::listed(&[0, 2, 2, 3, 1, 1, 2, 0])));
    assert_eq!(own.known_hand(0), Some([0, 2, 2, 3, 1, 1, 2, 0]));
    for viewer in [Viewer::Seat(1), Viewer::Spectator] {
        let v = g.view(viewer);
        assert_eq!(v.riders[0].hand, None);
        assert_eq!(v.riders[0].cards, 11);
        assert_eq!(v.known_hand(0), None, "grey cards of another seat are unknown");
    }
    // Another seat's draws are redacted in its log.
    let mut p = setup(4, 1);
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    assert_eq!(seen_notation(&g, &Action::Draw { value: 6 }, Viewer::Seat(0)), "draw 6");
    assert_eq!(seen_notation(&g, &Action::Draw { value: 6 }, Viewer::Seat(1)), "draw ?");
    assert_eq!(seen_notation(&g, &Action::Draw { value: 6 }, Viewer::Spectator), "draw ?");
    // As data too: the drawing seat observes the card, everyone else the kind alone.
    let draw = Action::Draw { value: 6 };
    let own = serde_json::json!({ "kind": "draw", "params": { "value": 6 } });
    assert_eq!(serde_json::to_value(ActionData::observed(&g, &draw, Viewer::Seat(0))).unwrap(), own);
    for viewer in [Viewer::Seat(1), Viewer::Spectator] {
        let observed = ActionData::observed(&g, &draw, viewer);
        assert_eq!(
            serde_json::to_value(observed).unwrap(),
            serde_json::json!({ "kind": "draw", "params": {} })
        );
    }
}

#[test]
fn resampling_keeps_what_the_seat_saw() {
    let mut p = setup(4, 1);
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    draw_all(&mut g, &[4, 5, 6, 6, 1, 2, 3, 1, 2, 3, 3]);
    to_move(&mut g, 0);
    play(&mut g, 6);
    let view = g.view(Viewer::Seat(1));
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let mut differs = false;
    for _ in 0..20 {
        let world = Sechstage::resample(&view, &Sechstage::static_part(g.options()), 1, &mut rng);
        assert_eq!(world.view(Viewer::Seat(1)), view);
        assert_eq!(world.riders[0].cards, 10);
        // Seat 0 played its 6, which came from the 4–6 pile: three more 4–6 cards are held.
        let high: u8 = world.riders[0].hand[4..7].iter().sum();
        assert_eq!(high, 3);
        assert_eq!(world.piles[6] + world.riders[0].hand[6], 9);
        differs |= world.riders[0].hand != g.riders[0].hand;
    }
    assert!(differs, "the grey cards are re-dealt");
}

#[test]
fn a_second_driver_change_keeps_the_grey_cards() {
    // Decision 9 on a custom track with two Fahrerwechsel spaces: "discard all of their green cards"
    // leaves grey cards alone, and the draws come on top.
    let file = crate::TrackFile {
        name: "two changes".into(),
        description: String::new(),
        length: 40,
        sprints: vec![20],
        fahrerwechsel: vec![10, 15],
        sturz: vec![],
    };
    let track = crate::Track::try_from(file).unwrap();
    let mut p =
        Sechstage::new(&Options { players: 3, races: 1, track, ..Default::default() }).unwrap().to_setup();
    place(&mut p, 0, 5);
    let mut g = build(p);
    play(&mut g, 5);
    draw_all(&mut g, &[4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1]);
    to_move(&mut g, 0);
    play(&mut g, 4);
    assert_eq!(g.position(0), 14);
    to_move(&mut g, 0);
    play(&mut g, 1);
    assert_eq!(g.position(0), 15);
    assert_eq!(g.turn(), Turn::Chance);
    assert_eq!(g.riders[0].cards, 9, "the grey cards stay");
    // A draw in words names the pile, not the card.
    let words = |a| g.describe_action(&a, spieltisch_core::Lang::En);
    assert_eq!(words(Action::Draw { value: 4 }), words(Action::Draw { value: 6 }));
    draw_all(&mut g, &[6, 6, 6, 6, 2, 2, 2, 2, 2, 2, 2]);
    assert_eq!(g.riders[0].hand, [0, 6, 7, 0, 3, 0, 4, 0]);
    assert_eq!((g.riders[0].drawn_low, g.riders[0].drawn_high), (14, 8));
}

#[test]
fn views_do_not_change_when_only_another_seats_secret_changes() {
    let mut p = setup(4, 1);
    place(&mut p, 0, 25);
    let mut g = build(p);
    play(&mut g, 5);
    draw_all(&mut g, &[4, 5, 6, 6, 1, 2, 3, 1, 2, 3, 3]);
    // Another world: seat 0 drew a 4 instead of a 6 (the piles make up the difference).
    let mut other = g.clone();
    edit(&mut other, |p| {
        p.riders[0].hand[6] -= 1;
        p.riders[0].hand[4] += 1;
        p.piles[6] += 1;
        p.piles[4] -= 1;
    });
    for viewer in [Viewer::Seat(1), Viewer::Seat(2), Viewer::Seat(3), Viewer::Spectator] {
        assert_eq!(g.view(viewer), other.view(viewer), "{viewer}");
    }
    assert_ne!(g.view(Viewer::Seat(0)), other.view(Viewer::Seat(0)));
}

#[test]
fn riders_are_counted_on_long_tracks_too() {
    // Positions above 127 (tracks up to 200 spaces) must count like any other.
    let file = crate::TrackFile {
        name: "long".into(),
        description: String::new(),
        length: 200,
        sprints: vec![100],
        fahrerwechsel: vec![],
        sturz: vec![],
    };
    let track = crate::Track::try_from(file).unwrap();
    let mut p =
        Sechstage::new(&Options { players: 8, races: 1, track, ..Default::default() }).unwrap().to_setup();
    for (seat, position) in [150, 150, 200, 0, 149, 151, 150, 22].into_iter().enumerate() {
        place(&mut p, seat, position);
    }
    // The rider at 200 is across the line: the others still have their last turn.
    p.finish_order = vec![2];
    p.last_turns = Some(vec![1, 3, 4, 5, 6, 7]);
    let g = build(p);
    assert_eq!(g.riders_at(150), 3);
    assert_eq!(g.riders_at(149), 1);
    assert_eq!(g.riders_at(199), 0);
    assert_eq!(g.riders_at(22), 1);
}
