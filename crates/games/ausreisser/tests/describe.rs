//! The drawing of a view at a table: each rider called by the name of the
//! person (or bot) in its seat.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_ausreisser::{Ausreisser, Options, PhaseView};
use spieltisch_core::Telling;
use spieltisch_core::words::seat_by_number;
use spieltisch_core::{Game, Lang, Turn, Viewer, driver::random_action};

#[test]
fn the_drawing_calls_riders_by_the_names_given_through_a_whole_series() {
    let names = ["Hanna", "Bot: Medium", "Bot: Easy"].map(String::from);
    let mut game = Ausreisser::new(&Options { players: 3, special: true, stages: 1 }).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut choosing, mut over) = (false, false);
    loop {
        for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
            let view = game.view(viewer);
            for lang in [Lang::En, Lang::De] {
                let drawing = Ausreisser::describe_view_as(&view, &(), &names, lang);
                assert_eq!(seat_by_number(&drawing), None, "{drawing}");
                for name in &names {
                    assert!(drawing.contains(&format!("  {name} ")), "the riders' table: {drawing}");
                }
                match &view.phase {
                    PhaseView::Choose { seat, .. } => {
                        choosing = true;
                        assert!(drawing.contains(&format!(": {}\n", names[*seat])), "who draws: {drawing}");
                    }
                    PhaseView::Over { winners, .. } => {
                        over = true;
                        assert!(drawing.contains(&names[winners[0]]), "the winner: {drawing}");
                    }
                    _ => {}
                }
                assert_eq!(
                    Ausreisser::describe_view_as(&view, &(), &[], lang),
                    Ausreisser::describe_view(&view, &(), lang)
                );
            }
        }
        if game.turn() == Turn::Over {
            break;
        }
        let action = random_action(&game, &mut rng).expect("the series is not over");
        game.apply(&action).unwrap();
    }
    assert!(choosing && over, "the drawings of the first leader's draw and of the end were checked");
}
