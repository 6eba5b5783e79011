//! Prints the terminal drawing of a seeded random race every `step` actions:
//! `cargo run --example show -- [course] [rules] [step]`.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use spieltisch_core::Telling;
use spieltisch_core::{Game, Lang, Turn, Viewer, driver::random_action};
use spieltisch_reifenbreite::course::{Course, read_course_file};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let course = args.get(1).cloned().unwrap_or("tour".into());
    let rules = match args.get(2).map(String::as_str) {
        Some("basic") => Level::Basic,
        Some("advanced") => Level::Advanced,
        _ => Level::Pro,
    };
    let step: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(400);
    // A built-in course, or a course file (read here: the rules read no files).
    let course = match Course::built_in(&course) {
        Some(built_in) => built_in,
        None => read_course_file(std::path::Path::new(&course), &course).unwrap_or_else(|e| panic!("{e}")),
    };
    let options = Options { teams: 4, course: Some(course), rules, ..Options::default() };
    let mut g = Reifenbreite::new(&options).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut n = 0;
    while g.turn() != Turn::Over {
        if n % step == 0 {
            println!("{}", Reifenbreite::describe_view(&g.view(Viewer::Seat(0)), &g.static_of(), Lang::En));
        }
        let a = random_action(&g, &mut rng).expect("the game is not over");
        if n % step == 0 {
            println!("> {}\n", g.describe_action(&a, Lang::En));
        }
        g.apply_unchecked(&a);
        n += 1;
    }
    println!("{}", Reifenbreite::describe_view(&g.view(Viewer::Seat(0)), &g.static_of(), Lang::De));
}
