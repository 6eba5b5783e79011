//! `spieltisch games` with the Kuhn poker fixture registered.

#[path = "../../cli/tests/support/mod.rs"]
mod support;
use support::{check_entry, game_ids, games_json, ok, run};

#[test]
fn the_fixture_is_listed_and_known_after_the_games() {
    assert_eq!(game_ids(), ["six", "sechstage", "ausreisser", "reifenbreite", "kuhn"]);
    games_json().iter().for_each(check_entry);
    let bad = run(&["sim", "chess", "--games", "1"], "");
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown game 'chess'") && bad.stderr.contains("kuhn"), "{}", bad.stderr);
}

#[test]
fn games_text_names_each_game_in_both_languages() {
    let en = ok(&["games"], "").stdout;
    let de = ok(&["games", "--lang", "de"], "").stdout;
    assert!(en.contains("Kuhn poker") && de.contains("Kuhn-Poker"), "{en}\n{de}");
}
