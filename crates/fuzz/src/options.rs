//! Game options: `key=value` pairs of a command line, JSON objects of the
//! engine protocol and records, and single values checked by the schema.

use crate::input::Input;
use serde_json::{Map, Value};
use spieltisch_catalog::{CatalogGame, GameVisitor, with_game};
use spieltisch_core::{
    Game, OptionsError,
    options::{options_from_json, options_from_pairs, options_from_record_json, options_to_json},
};

/// Reads options of the game chosen by the first byte. The second byte
/// chooses how: `key=value` lines (as `--option` gives them), a JSON object
/// (as the engine's `new` and a record give them), or one value of the option
/// that the third byte picks (as `OptionSpec::parse_value` reads it).
///
/// Checks: options that are accepted come back unchanged from the JSON a
/// record stores them as; the game either starts with them, keeping them as
/// given, or refuses them with an `options.*` code; a value the schema reads
/// passes the schema's check of JSON values and is never refused as unknown
/// or invalid when given alone; every refusal has an `options.*` code.
pub fn options(data: &[u8]) {
    let mut input = Input::new(data);
    let game = input.game();
    with_game(game, Options(input)).expect("a game of the catalog");
}

struct Options<'a>(Input<'a>);

impl GameVisitor for Options<'_> {
    type Output = ();
    fn visit<G: CatalogGame>(self) {
        let mut input = self.0;
        match input.byte() % 3 {
            0 => {
                let text = input.text();
                let pairs: Vec<&str> = text.lines().collect();
                check_options::<G>(options_from_pairs::<G>(&pairs), &text, false);
            }
            1 => {
                let Ok(json) = serde_json::from_slice::<Value>(input.rest()) else { return };
                check_options::<G>(options_from_json::<G>(&json), &json, false);
                check_options::<G>(options_from_record_json::<G>(&json), &json, true);
            }
            _ => {
                let specs = G::info().options;
                if specs.is_empty() {
                    return;
                }
                let spec = &specs[usize::from(input.byte()) % specs.len()];
                let raw = input.text();
                check_value::<G>(spec, &raw);
            }
        }
    }
}

fn check_options<G: Game>(
    result: Result<G::Options, OptionsError>,
    given: &dyn std::fmt::Debug,
    record: bool,
) {
    let id = G::info().id;
    let options = match result {
        Ok(options) => options,
        Err(e) => {
            assert_code(&e, given);
            return;
        }
    };
    let json = options_to_json::<G>(&options);
    assert_eq!(
        options_from_record_json::<G>(&json).as_ref(),
        Ok(&options),
        "{id}: {given:?} gave {options:?}, which a record stores as {json}, which does not read back"
    );
    if !record {
        assert_eq!(options_from_json::<G>(&json).as_ref(), Ok(&options), "{id}: {json} does not read back");
    }
    // The game may say in its own options what the given ones left to it
    // (the course ridden, as content): those build the same game again,
    // and a second time hold still.
    match G::new(&options) {
        Ok(state) => {
            let held = state.options();
            let again =
                G::new(held).unwrap_or_else(|e| panic!("{id}: its own options {held:?} are refused: {e}"));
            assert_eq!(again, state, "{id}: the game's own options for {given:?} build another game");
            assert_eq!(again.options(), held, "{id}: the game changed its own options for {given:?}");
        }
        Err(e) => assert_code(&e, given),
    }
}

fn check_value<G: Game>(spec: &spieltisch_core::OptionSpec, raw: &str) {
    let id = G::info().id;
    let key = spec.key;
    match spec.parse_value(raw) {
        Ok(value) => {
            assert_eq!(
                spec.check_value(&value),
                Ok(()),
                "{id}: {key}={raw:?} reads as {value}, which its check refuses"
            );
            let mut object = Map::new();
            object.insert(key.to_string(), value.clone());
            if let Err(e) = options_from_json::<G>(&Value::Object(object)) {
                assert!(
                    matches!(e, OptionsError::Rule(_)),
                    "{id}: {key}={value} alone was refused as {e:?} although its kind reads it"
                );
            }
        }
        Err(e) => {
            assert_code(&e, &raw);
            assert!(
                spec.check_value(&Value::from(raw)).is_err(),
                "{id}: {key}: the check takes the string {raw:?} that the reader refused ({e})"
            );
        }
    }
}

fn assert_code(e: &OptionsError, given: &dyn std::fmt::Debug) {
    assert!(e.code().starts_with("options."), "{given:?}: {e:?} has no options code");
    assert!(!e.to_string().is_empty(), "{given:?}: refused without a message");
}
