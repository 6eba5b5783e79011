//! Golden drawings of seeded races: the board around the riders, the order
//! of play, the energy cards, and the score sheet at the end.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::Telling;
use spieltisch_core::words::seat_by_number;
use spieltisch_core::{Game, Lang, Turn, Viewer, driver::random_action};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn random_race(options: &Options, seed: u64, steps: usize) -> Reifenbreite {
    let mut g = Reifenbreite::new(options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut n = 0;
    while g.turn() != Turn::Over && n < steps {
        let a = random_action(&g, &mut rng).expect("the game is not over");
        g.apply_unchecked(&a);
        n += 1;
    }
    g
}

#[test]
fn drawing_mid_race() {
    let options = Options {
        teams: 4,
        course: spieltisch_reifenbreite::course::Course::built_in("paris-roubaix"),
        rules: Level::Advanced,
        ..Options::default()
    };
    let g = random_race(&options, 3, 400);
    let en = Reifenbreite::describe_view(&g.view(Viewer::Seat(0)), &g.static_of(), Lang::En);
    let de = Reifenbreite::describe_view(&g.view(Viewer::Spectator), &g.static_of(), Lang::De);
    assert!(en.contains("lane 1") && en.contains("still to move") && en.contains("team 2x"));
    assert!(de.contains("Spur 1") && de.contains("noch zu ziehen"));
    insta::assert_snapshot!("mid_race_en", en);
    insta::assert_snapshot!("mid_race_de", de);
}

#[test]
fn score_sheet_at_the_end() {
    let options = Options {
        teams: 3,
        course: spieltisch_reifenbreite::course::Course::built_in("tour"),
        rules: Level::Pro,
        ..Options::default()
    };
    let g = random_race(&options, 8, usize::MAX);
    let text = Reifenbreite::describe_view(&g.view(Viewer::Spectator), &g.static_of(), Lang::En);
    assert!(text.contains("Score sheet") && text.contains("sprint B"));
    insta::assert_snapshot!("final_sheet", text);
}

#[test]
fn the_drawing_calls_each_manager_by_the_name_given() {
    let options = Options { teams: 2, ..Options::default() };
    let names = ["Hanna", "Bot: Medium"].map(String::from);
    let g = random_race(&options, 3, 60);
    for (lang, manager) in [(Lang::En, "manager"), (Lang::De, "Teamchef")] {
        let view = g.view(Viewer::Seat(0));
        let drawing = Reifenbreite::describe_view_as(&view, &g.static_of(), &names, lang);
        assert_eq!(seat_by_number(&drawing), None, "{drawing}");
        assert!(drawing.contains(&format!("({manager} Hanna, ")), "{drawing}");
        assert!(drawing.contains(&format!("({manager} Bot: Medium)")), "{drawing}");
        assert!(
            !drawing.contains(&format!("{manager} 1")) && !drawing.contains(&format!("{manager} 2")),
            "{drawing}"
        );
        let own = Reifenbreite::describe_view(&view, &g.static_of(), lang);
        assert!(own.contains(&format!("({manager} 1, ")), "{own}");
        assert_eq!(Reifenbreite::describe_view_as(&view, &g.static_of(), &[], lang), own);
    }
}
