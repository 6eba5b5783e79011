//! What people see: the board drawing and actions in words, in both languages.

use spieltisch_core::Telling;
use spieltisch_core::words::seat_by_number;
use spieltisch_core::{FromSetup, Game, Lang, Viewer};
use spieltisch_six::{Options, Setup, Six};

#[test]
fn the_start_is_drawn_with_labels_in_both_languages() {
    let six = Six::new(&Options::default()).unwrap();
    let view = six.view(Viewer::Seat(1));
    let en = Six::describe_view(&view, &(), Lang::En);
    let de = Six::describe_view(&view, &(), Lang::De);
    let expected_en = "\
First round: red (seat 1) to move: place a stone from your supply.
Supply: seat 1 (red) 20, seat 2 (black) 20
   q    0   1   2
  -1              .
   0        R   B   .
   1              .
   q            0   1   2
rows r on the left, columns q above and below (they run diagonally down to the right); cell = q,r
R = red, B = black, . = where a stone may go
";
    assert_eq!(en, expected_en);
    // Seats are counted from 1 in words, and a seat is a "Spieler" in German.
    assert!(de.contains("Erste Runde: Rot (Spieler 1) ist am Zug"), "{de}");
    assert!(de.contains("Vorrat: Spieler 1 (Rot) 20, Spieler 2 (Schwarz) 20"), "{de}");
    assert!(de.contains("R   S"), "black is S (Schwarz) in German: {de}");
}

#[test]
fn a_field_across_the_storage_seam_is_drawn_in_one_piece_with_its_coordinates() {
    // The board is stored on a torus that wraps after q = 31; the drawing
    // shows true coordinates, 32 after 31.
    let text = "red=30,0 32,0 34,0; black=31,0 33,0 35,0; turn=red; round=1";
    let six = Six::from_setup(Setup::new(Options::default(), text)).unwrap();
    let drawing = Six::describe_view(&six.view(Viewer::Spectator), &(), Lang::En);
    assert!(drawing.contains("R   B   R   B   R   B"), "{drawing}");
    assert!(drawing.contains("31  32"), "{drawing}");
    assert!(!drawing.contains("-3"), "{drawing}");
}

#[test]
fn actions_are_described_in_both_languages() {
    let six = Six::from_setup(Setup::new(
        Options::default(),
        "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1",
    ))
    .unwrap();
    let win = "place 4,-1".parse().unwrap();
    assert_eq!(six.describe_action(&win, Lang::En), "place a stone on 4,-1 and form a line");
    assert_eq!(six.describe_action(&win, Lang::De), "einen Stein auf 4,-1 setzen und eine Linie bilden");
}

#[test]
fn the_drawing_calls_seats_by_the_names_given() {
    let names = ["Hanna".to_string(), "Bot: Medium".to_string()];
    let first = Six::new(&Options::default()).unwrap();
    let second = Six::from_setup(Setup::new(
        Options::default(),
        "red=0,0 1,1 2,1 3,1 4,1 5,1 7,0; black=1,0 2,0 3,0 4,0 5,-1 6,0; turn=red; round=2",
    ))
    .unwrap();
    for six in [&first, &second] {
        for lang in [Lang::En, Lang::De] {
            let view = six.view(Viewer::Seat(0));
            let drawing = Six::describe_view_as(&view, &(), &names, lang);
            assert_eq!(seat_by_number(&drawing), None, "{drawing}");
            assert!(drawing.contains("(Hanna)"), "{drawing}");
            // Without names the drawing is the game's own.
            assert_eq!(Six::describe_view_as(&view, &(), &[], lang), Six::describe_view(&view, &(), lang));
        }
    }
    let drawing = Six::describe_view_as(&first.view(Viewer::Seat(0)), &(), &names, Lang::En);
    assert!(drawing.contains("red (Hanna) to move"), "{drawing}");
    assert!(drawing.contains("Supply: Hanna (red) 20, Bot: Medium (black) 20"), "{drawing}");
    let drawing = Six::describe_view_as(&first.view(Viewer::Seat(0)), &(), &names, Lang::De);
    assert!(drawing.contains("Rot (Hanna) ist am Zug"), "{drawing}");
}
