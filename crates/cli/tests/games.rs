//! `spieltisch games`.

mod support;
use support::{ok, run};

#[test]
fn games_json_lists_every_game_with_names_seats_and_options() {
    let out = ok(&["games", "--json"], "");
    assert_eq!(out.stdout.lines().count(), 1, "one JSON object on one line");
    let json: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let games = json["games"].as_array().unwrap();
    assert!(games.iter().any(|g| g["id"] == "kuhn"), "the test build registers the fixture");
    for game in games {
        assert!(game["name"]["en"].is_string() && game["name"]["de"].is_string(), "{game}");
        let (min, max) = (game["min_seats"].as_u64().unwrap(), game["max_seats"].as_u64().unwrap());
        assert!(1 <= min && min <= max, "{game}");
        assert!(game["hidden_information"].is_boolean());
        for option in game["options"].as_array().unwrap() {
            for key in ["key", "type", "default"] {
                assert!(option[key].is_string(), "{key} in {option}");
            }
            assert!(option["help"]["en"].is_string() && option["help"]["de"].is_string());
        }
    }
}

#[test]
fn games_text_names_each_game_in_both_languages() {
    let en = ok(&["games"], "").stdout;
    let de = ok(&["games", "--lang", "de"], "").stdout;
    assert!(en.contains("Kuhn poker") && de.contains("Kuhn-Poker"), "{en}\n{de}");
}

#[test]
fn bad_arguments_fail_with_exit_code_2_and_one_line() {
    let bad = run(&["sim", "chess", "--games", "1"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown game 'chess'") && bad.stderr.contains("kuhn"), "{}", bad.stderr);
    assert_eq!(bad.stderr.lines().count(), 1);
    assert_eq!(run(&["games", "--lang", "fr"], "").code, 2);
    assert_eq!(run(&["dance"], "").code, 2);
}
