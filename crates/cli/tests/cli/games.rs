//! `spieltisch games`.

use crate::support::{check_entry, games_json, ok, run};

/// The games of the product, in the order the binary lists them.
const GAMES: [&str; 4] = ["six", "sechstage", "ausreisser", "reifenbreite"];

#[test]
fn games_json_lists_every_game_with_names_seats_and_options() {
    let games = games_json();
    let ids: Vec<&str> = games.iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, GAMES);
    games.iter().for_each(check_entry);
}

#[test]
fn games_text_names_each_game_in_both_languages() {
    let en = ok(&["games"], "").stdout;
    let de = ok(&["games", "--lang", "de"], "").stdout;
    for game in games_json() {
        let (name_en, name_de) = (game["name"]["en"].as_str().unwrap(), game["name"]["de"].as_str().unwrap());
        assert!(en.contains(&format!("{name_en} (seats ")), "{name_en} in\n{en}");
        assert!(de.contains(&format!("{name_de} (Spieler ")), "{name_de} in\n{de}");
    }
}

#[test]
fn bad_arguments_fail_with_exit_code_2_and_one_line() {
    let bad = run(&["sim", "chess", "--games", "1"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown game 'chess'"), "{}", bad.stderr);
    assert!(bad.stderr.contains(&format!("(known games: {})", GAMES.join(", "))), "{}", bad.stderr);
    assert_eq!(bad.stderr.lines().count(), 1);
    assert_eq!(run(&["games", "--lang", "fr"], "").code, 2);
    assert_eq!(run(&["dance"], "").code, 2);
}

#[test]
fn games_text_shows_labels_defaults_and_what_each_choice_means() {
    let en = ok(&["games"], "").stdout;
    assert!(en.contains("    seats=2..4  (default: follows teams)  Managers: "), "{en}");
    assert!(en.contains("    sprints=true|false  (default auto)  Sprints: "), "{en}");
    assert!(en.contains("(default none)  Stage race: "), "{en}");
    assert!(en.contains("    rules=basic|advanced|pro  (default basic)  Rules: "), "{en}");
    assert!(en.contains("        pro            Professional: part III"), "{en}");
    let de = ok(&["games", "--lang", "de"], "").stdout;
    assert!(de.contains("(Standard: folgt teams)  Teamchefs: "), "{de}");
    assert!(de.contains("        luettich       Lüttich–Bastenaken–Lüttich: "), "{de}");
}
