//! Game states and views as JSON.

use crate::input::Input;
use spieltisch_catalog::{CatalogGame, GameVisitor, with_game};
use spieltisch_core::{Turn, Viewer, driver::random_action, rng_from_seed};

/// The games whose states are validated as they are read (the rest are read
/// only inside a saved session, which is checked against its record: see
/// [`crate::session`]).
const VALIDATED: &[&str] = &["six"];

/// How many random steps [`state_json`] plays from a validated state.
const STEPS: usize = 64;

/// Reads a state of the game chosen by the first byte from the JSON after it.
///
/// Checks: a state that reads comes back unchanged from its own JSON; a
/// state of a game that validates what it reads (Six) is one that can be
/// played on: its views, legal actions and chance outcomes can be made, and
/// seeded random play goes on from it.
pub fn state_json(data: &[u8]) {
    let mut input = Input::new(data);
    let game = input.game();
    with_game(game, State(input.rest())).expect("a game of the catalog");
}

struct State<'a>(&'a [u8]);

impl GameVisitor for State<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let Ok(state) = serde_json::from_slice::<G>(self.0) else { return };
        let id = G::info().id;
        let json = serde_json::to_value(&state).expect("a state has a JSON form");
        match serde_json::from_value::<G>(json.clone()) {
            Ok(back) => assert!(back == state, "{id}: {json} reads back as another state"),
            Err(e) => panic!("{id}: {json} does not read back: {e}"),
        }
        if !VALIDATED.contains(&id) {
            return;
        }
        let mut state = state;
        let mut rng = rng_from_seed(0);
        for _ in 0..STEPS {
            for seat in 0..state.seats() {
                let _ = state.view(Viewer::Seat(seat));
            }
            let _ = state.view(Viewer::Spectator);
            match state.turn() {
                Turn::Over => {
                    assert!(state.outcome().is_some(), "{id}: {json}: over without an outcome");
                    return;
                }
                Turn::Seat(seat) => {
                    assert!(seat < state.seats(), "{id}: {json}: seat {seat} to move");
                    assert!(!state.legal_vec().is_empty(), "{id}: {json}: seat {seat} has no legal action");
                }
                Turn::Chance => {
                    assert!(!state.chance_vec().is_empty(), "{id}: {json}: chance without outcomes")
                }
            }
            let Some(action) = random_action(&state, &mut rng) else { return };
            state.apply(&action).expect("a listed action is applied");
        }
    }
}

/// Reads a view of the game chosen by the first byte from the JSON after it.
///
/// Checks: a view that reads comes back unchanged from its own JSON.
pub fn view_json(data: &[u8]) {
    let mut input = Input::new(data);
    let game = input.game();
    with_game(game, ViewJson(input.rest())).expect("a game of the catalog");
}

struct ViewJson<'a>(&'a [u8]);

impl GameVisitor for ViewJson<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let Ok(view) = serde_json::from_slice::<G::View>(self.0) else { return };
        let id = G::info().id;
        let json = serde_json::to_value(&view).expect("a view has a JSON form");
        match serde_json::from_value::<G::View>(json.clone()) {
            Ok(back) => assert!(back == view, "{id}: {json} reads back as another view"),
            Err(e) => panic!("{id}: {json} does not read back: {e}"),
        }
    }
}
