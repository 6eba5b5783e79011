//! Six positions in text (a `spieltisch_six::Setup` read by
//! `FromSetup::from_setup`), the set-up format of the tactics suites.

use spieltisch_core::{FromSetup, Game, Turn, driver::random_action, rng_from_seed};
use spieltisch_six::{Options, Setup, Six};

/// How many random steps [`six_position`] plays from an accepted position.
const STEPS: usize = 64;

/// Reads a Six position from the text after the first byte, which chooses
/// two players (even) or four (odd).
///
/// Checks: a refusal says why; an accepted position writes back
/// (`Six::position`) as text that reads to the same state, reads back from
/// its JSON, and can be played on by seeded random moves.
pub fn six_position(data: &[u8]) {
    let mut input = crate::Input::new(data);
    let players = if input.byte().is_multiple_of(2) { 2 } else { 4 };
    let options = Options { players, ..Options::default() };
    let text = input.text();
    let six = match Six::from_setup(Setup::new(options.clone(), &*text)) {
        Ok(six) => six,
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{text:?}: refused without a reason");
            return;
        }
    };
    let written = six.position();
    assert_eq!(
        Six::from_setup(Setup::new(options, written.as_str())).as_ref(),
        Ok(&six),
        "{text:?} reads as a position written {written:?}, which does not read back"
    );
    let json = serde_json::to_value(&six).expect("a state has a JSON form");
    let back: Result<Six, _> = serde_json::from_value(json.clone());
    assert!(back.as_ref().ok() == Some(&six), "{text:?}: its JSON {json} does not read back: {back:?}");
    let mut six = six;
    let mut rng = rng_from_seed(0);
    for _ in 0..STEPS {
        match six.turn() {
            Turn::Over => {
                assert!(six.outcome().is_some(), "{text:?}: over without an outcome");
                return;
            }
            Turn::Seat(seat) => {
                assert!(!six.legal_vec().is_empty(), "{text:?}: seat {seat} has no legal action")
            }
            Turn::Chance => panic!("{text:?}: Six has no chance"),
        }
        let Some(action) = random_action(&six, &mut rng) else { return };
        six.apply(&action).expect("a listed action is applied");
    }
}
