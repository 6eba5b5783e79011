//! The terminal drawing of views, in English and German (golden snapshots
//! produced by this crate from seeded random races and read by eye).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::Telling;
use spieltisch_core::words::seat_by_number;
use spieltisch_core::{Game, Lang, Turn, Viewer, driver::random_action};
use spieltisch_sechstage::{Options, Sechstage};

/// Plays random moves from `seed` until `stop` says so (or the end).
fn random_until(options: &Options, seed: u64, stop: impl Fn(&Sechstage) -> bool) -> Sechstage {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Sechstage::new(options).unwrap();
    while !game.is_over() && !stop(&game) {
        let action = random_action(&game, &mut rng).expect("the game is not over");
        game.apply(&action).unwrap();
    }
    game
}

#[test]
fn mid_race_view_of_the_seat_to_move() {
    let options = Options { players: 5, races: 3, ..Default::default() };
    // Into the second race, when some rider has passed the first sprint line.
    let game = random_until(&options, 5, |g| {
        g.race() == 1 && (0..5).any(|s| g.position(s) > 40) && matches!(g.turn(), Turn::Seat(_))
    });
    let Turn::Seat(seat) = game.turn() else { panic!("a seat to move") };
    let view = game.view(Viewer::Seat(seat));
    let en = Sechstage::describe_view(&view, &Sechstage::static_part(game.options()), Lang::En);
    let de = Sechstage::describe_view(&view, &Sechstage::static_part(game.options()), Lang::De);
    assert!(en.contains("hand:") && de.contains("Hand:"), "the seat sees its own hand");
    assert_eq!(en.matches("hand:").count(), 1, "and no other");
    insta::assert_snapshot!("mid_race_en", en);
    insta::assert_snapshot!("mid_race_de", de);
}

#[test]
fn final_view_shows_the_score_sheet() {
    let options = Options { players: 3, races: 2, ..Default::default() };
    let game = random_until(&options, 9, |_| false);
    let view = game.view(Viewer::Spectator);
    let en = Sechstage::describe_view(&view, &Sechstage::static_part(game.options()), Lang::En);
    assert!(en.contains("The series is over.") && en.contains("total"));
    assert!(!en.contains("hand:"), "a spectator sees no hand");
    insta::assert_snapshot!("final_en", en);
    insta::assert_snapshot!(
        "final_de",
        Sechstage::describe_view(&view, &Sechstage::static_part(game.options()), Lang::De)
    );
}

#[test]
fn actions_in_words() {
    let mut game = Sechstage::new(&Options::default()).unwrap();
    game.apply(&"play 3".parse().unwrap()).unwrap();
    let words = game.describe_action(&"play 3".parse().unwrap(), Lang::En);
    // Seats are counted from 1 in words: seat 1 of the wire is the second.
    assert_eq!(words, "Seat 2 (B) plays 3: 0 → 3, slipstream 3×1 = +3 → 6");
    let worte = game.describe_action(&"play 3".parse().unwrap(), Lang::De);
    assert_eq!(worte, "Spieler 2 (B) spielt 3: 0 → 3, Windschatten 3×1 = +3 → 6");
    // At a table, the seat is called as the log calls it.
    let names = ["Hanna", "Jonas", "Bot: Easy 1", "Bot: Easy 2"].map(String::from);
    let named = game.describe_action_as(&"play 3".parse().unwrap(), &names, Lang::En);
    assert_eq!(named, "Jonas plays 3: 0 → 3, slipstream 3×1 = +3 → 6");
}

#[test]
fn the_drawing_calls_seats_by_the_names_given() {
    let options = Options { players: 3, races: 1, ..Default::default() };
    let names = ["Hanna", "Bot: Medium 1", "Bot: Medium 2"].map(String::from);
    let game = random_until(&options, 5, |g| g.turn() == Turn::Seat(1) && g.position(0) > 10);
    let fixed = Sechstage::static_part(game.options());
    for lang in [Lang::En, Lang::De] {
        let view = game.view(Viewer::Seat(0));
        let drawing = Sechstage::describe_view_as(&view, &fixed, &names, lang);
        assert_eq!(seat_by_number(&drawing), None, "{drawing}");
        assert!(drawing.starts_with("6-Tage Rennen"), "{drawing}");
        assert!(drawing.contains("Bot: Medium 1 (B): "), "the seat to move: {drawing}");
        assert!(drawing.contains("> Bot: Medium 1 (B) "), "the riders' table: {drawing}");
        assert!(drawing.contains("  Hanna (A)  "), "{drawing}");
        assert!(drawing.contains("  Bot: Medium 2 (C) "), "{drawing}");
        assert_eq!(
            Sechstage::describe_view_as(&view, &fixed, &[], lang),
            Sechstage::describe_view(&view, &fixed, lang)
        );
    }
}
