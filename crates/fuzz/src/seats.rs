//! Seat specs (`human`, `mcts:iters=2000:threads=2`, lists with commas).

use spieltisch_catalog::{CatalogGame, GameVisitor, SeatSpec, parse_seats, with_game};

/// Reads the input as one seat spec and as a comma-separated list of them,
/// for the game chosen by the first byte.
///
/// Checks: a refusal has a stable `seat.*` code and a message; a spec that
/// reads prints as text that reads back to it; a list that reads has one
/// spec per comma-separated item and prints back as itself; a spec validates
/// exactly when the game can build its bot (none for `human`), and a search
/// bot is built for the searching kinds only.
pub fn seat_spec(data: &[u8]) {
    let mut input = crate::Input::new(data);
    let game = input.game();
    let text = input.text();
    with_game(game, Seats(&text)).expect("a game of the catalog");
}

struct Seats<'a>(&'a str);

impl GameVisitor for Seats<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let text = self.0;
        match text.parse::<SeatSpec>() {
            Ok(spec) => check_spec::<G>(&spec, text),
            Err(e) => assert_refusal(&e, text),
        }
        match parse_seats(text) {
            Ok(list) => {
                assert_eq!(list.len(), text.split(',').count(), "{text:?}: one spec per item");
                let printed = list.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
                assert_eq!(parse_seats(&printed).as_ref(), Ok(&list), "{text:?} printed as {printed:?}");
                for spec in &list {
                    check_spec::<G>(spec, text);
                }
            }
            Err(e) => assert_refusal(&e, text),
        }
    }
}

fn assert_refusal(e: &spieltisch_catalog::SeatError, text: &str) {
    assert!(
        matches!(e.code(), "seat.malformed" | "seat.unknown" | "seat.bad_param"),
        "{text:?}: {e:?} has no seat code"
    );
    assert!(!e.to_string().is_empty(), "{text:?}: refused without a message");
}

fn check_spec<G: CatalogGame>(spec: &SeatSpec, text: &str) {
    let printed = spec.to_string();
    assert_eq!(printed.parse::<SeatSpec>().as_ref(), Ok(spec), "{text:?} printed as {printed:?}");
    assert_eq!(printed.parse::<SeatSpec>().map(|s| s.to_string()), Ok(printed.clone()));
    match (spec.validate(), spec.bot::<G>()) {
        (Ok(()), Ok(bot)) => {
            assert_eq!(bot.is_none(), spec.is_human(), "{printed}: a bot for every seat but human")
        }
        (Err(a), Err(b)) => {
            assert_refusal(&a, text);
            assert_eq!(a, b, "{printed}: validate and bot disagree on why");
        }
        (valid, bot) => panic!(
            "{printed}: validate says {valid:?} but building the bot says {:?}",
            bot.map(|b| b.is_some())
        ),
    }
    let search_kind = |kind: &str| matches!(kind, "mcts" | "ismcts");
    let searches = search_kind(spec.kind())
        || G::level(spec.kind())
            .and_then(|l| l.parse::<SeatSpec>().ok())
            .is_some_and(|l| search_kind(l.kind()));
    let search = spec.search_bot::<G>();
    if spec.validate().is_ok() {
        assert_eq!(search.is_ok(), searches, "{printed}: a search bot exactly for the searching kinds");
    } else {
        assert!(search.is_err(), "{printed}: an invalid spec built a search bot");
    }
}
