//! Actions in notation: every game's `Action: FromStr`, on its own and
//! applied through the checked `Game::apply` in a state in play.

use crate::input::{Input, reach};
use spieltisch_catalog::{CatalogGame, GameVisitor, with_game};
use spieltisch_core::{ActionError, Game, Lang, Turn, Viewer};

/// Reads an action of the game chosen by the first byte from the rest.
///
/// Checks: text that does not parse gives [`ActionError::Parse`] with a
/// reason; an action that parses prints as notation that reads back to the
/// same action (`a.to_string().parse() == Ok(a)`), prints the same the second
/// time, and reads back from its JSON form too.
pub fn action_notation(data: &[u8]) {
    let mut input = Input::new(data);
    let game = input.game();
    let text = input.text();
    with_game(game, Notation(&text)).expect("a game of the catalog");
}

struct Notation<'a>(&'a str);

impl GameVisitor for Notation<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        parse_checked::<G>(self.0, false, |text| text.parse());
    }
}

/// Parses `text` with `parse` and checks the error or the round trip. A
/// reading `in_play` may also say that the game is over (Six reads a bare
/// cell as the step its phase asks for).
fn parse_checked<G: Game>(
    text: &str,
    in_play: bool,
    parse: impl FnOnce(&str) -> Result<G::Action, ActionError>,
) -> Option<G::Action> {
    let id = G::info().id;
    match parse(text) {
        Ok(action) => {
            let printed = action.to_string();
            assert_eq!(
                printed.parse::<G::Action>().as_ref(),
                Ok(&action),
                "{id}: {text:?} reads as {action:?}, which prints as {printed:?}, which does not read back"
            );
            let json = serde_json::to_value(&action).expect("an action has a JSON form");
            let back: Result<G::Action, _> = serde_json::from_value(json.clone());
            assert_eq!(back.ok().as_ref(), Some(&action), "{id}: {action:?} does not read back from {json}");
            Some(action)
        }
        Err(ActionError::Parse { reason, .. }) => {
            assert!(!reason.is_empty(), "{id}: {text:?} is refused without a reason");
            None
        }
        Err(ActionError::GameOver) if in_play => None,
        Err(other) => panic!("{id}: reading {text:?} failed with {other:?}, which is no parse error"),
    }
}

/// Reaches a state of the game chosen by the first byte by seeded random
/// play ([`reach`]), then reads an action from the rest of the input as
/// `Game::parse_action` does (surrounding white space ignored) and applies it
/// through the checked `Game::apply`.
///
/// Checks, beyond [`action_notation`]'s: the action is accepted exactly when
/// it is among the legal actions of the seat to move (or the chance outcomes
/// at a chance node), a refusal is `action.illegal` or `game.over` and leaves
/// the state unchanged, a seat that is not to move is refused with
/// `seat.not_your_turn`, and the action can be described in words and
/// redacted for every viewer before it is applied.
pub fn action_in_play(data: &[u8]) {
    let mut input = Input::new(data);
    let game = input.game();
    with_game(game, InPlay(input)).expect("a game of the catalog");
}

struct InPlay<'a>(Input<'a>);

impl GameVisitor for InPlay<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let mut input = self.0;
        let state: G = reach(&mut input);
        let text = input.text();
        let Some(action) = parse_checked::<G>(&text, true, |text| state.parse_action(text)) else { return };
        let id = G::info().id;
        for lang in [Lang::En, Lang::De] {
            let _ = state.describe_action(&action, lang);
        }
        for seat in 0..state.seats() {
            let _ = spieltisch_core::seen_notation(&state, &action, Viewer::Seat(seat));
        }
        let _ = spieltisch_core::seen_notation(&state, &action, Viewer::Spectator);

        let listed = match state.turn() {
            Turn::Over => false,
            Turn::Seat(_) => state.legal_vec().contains(&action),
            Turn::Chance => state.chance_vec().iter().any(|(a, _)| *a == action),
        };
        if let Turn::Seat(seat) = state.turn() {
            for other in (0..state.seats()).filter(|&s| s != seat) {
                let mut copy = state.clone();
                assert_eq!(
                    copy.apply_as(other, &action),
                    Err(ActionError::NotYourTurn { seat: other }),
                    "{id}: seat {other} played {action} out of turn"
                );
                assert_eq!(copy, state, "{id}: a refused action changed the state");
            }
        }
        let mut after = state.clone();
        match after.apply(&action) {
            Ok(()) => {
                assert!(listed, "{id}: {action} was applied, but it is not listed in {:?}", state.turn());
                let _ = after.turn();
                let _ = after.legal_vec();
            }
            Err(e) => {
                assert!(!listed, "{id}: {action} is listed, but apply refused it: {e}");
                assert!(
                    matches!(e.code(), "action.illegal" | "game.over"),
                    "{id}: {action} was refused with {e:?}"
                );
                assert_eq!(after, state, "{id}: the refused {action} changed the state");
            }
        }
    }
}
