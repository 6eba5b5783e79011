//! Reading choices from the front of a fuzz input, and reaching a state in
//! play from them.

use serde_json::{Map, Value};
use spieltisch_catalog::ids;
use spieltisch_core::{Game, driver::random_action, options::options_from_json, rng_from_seed};
use std::borrow::Cow;

/// The bytes of a fuzz input, read from the front. Reading past the end
/// gives zeros, so every input is a valid one.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Input { data }
    }

    /// The next byte (0 past the end).
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes, big-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_be_bytes([self.byte(), self.byte()])
    }

    /// A game id of the catalog, chosen by the next byte.
    pub fn game(&mut self) -> &'static str {
        let ids = ids();
        ids[usize::from(self.byte()) % ids.len()]
    }

    /// The bytes not read yet.
    pub fn rest(self) -> &'a [u8] {
        self.data
    }

    /// The bytes not read yet as text (invalid UTF-8 replaced, so that every
    /// input reaches the parsers).
    pub fn text(self) -> Cow<'a, str> {
        String::from_utf8_lossy(self.data)
    }
}

/// The byte that [`Input::game`] reads as `id`.
///
/// # Panics
/// If `id` is no game of the catalog.
pub fn game_byte(id: &str) -> u8 {
    ids().iter().position(|&g| g == id).expect("a game of the catalog") as u8
}

/// Options of `G` chosen by one byte per option of its schema, in schema
/// order: a byte divisible by 4 leaves the option out, any other picks a
/// value of its kind (a whole number in range, a truth value, or one of its
/// named choices; never a file). Options the game refuses fall back to the
/// defaults. The schema is read in its JSON form, as clients see it.
pub fn pick_options<G: Game>(input: &mut Input) -> G::Options {
    let mut given = Map::new();
    for spec in G::info().options {
        let byte = input.byte();
        if byte.is_multiple_of(4) {
            continue;
        }
        let pick = i64::from(byte / 4);
        let schema = serde_json::to_value(&spec).unwrap_or_default();
        let value = match schema["type"].as_str() {
            Some("int") => {
                let (min, max) = (schema["min"].as_i64().unwrap_or(0), schema["max"].as_i64().unwrap_or(0));
                let span = max.saturating_sub(min).saturating_add(1).max(1);
                Value::from(min.saturating_add(pick % span))
            }
            Some("bool") => Value::Bool(pick % 2 == 1),
            _ => match schema["choices"].as_array() {
                Some(choices) if !choices.is_empty() => {
                    choices[pick as usize % choices.len()]["value"].clone()
                }
                _ => continue,
            },
        };
        given.insert(spec.key.to_string(), value);
    }
    let options = options_from_json::<G>(&Value::Object(given)).unwrap_or_default();
    match G::new(&options) {
        Ok(_) => options,
        Err(_) => G::Options::default(),
    }
}

/// A state of `G` reached by seeded random play: options by
/// [`pick_options`], then two bytes of seed and one byte that counts the
/// random steps (four per unit, so up to 1,020), chance outcomes drawn by
/// their weights.
///
/// # Panics
/// If the game cannot start with its default options (a bug of the game).
pub fn reach<G: Game>(input: &mut Input) -> G {
    let options = pick_options::<G>(input);
    let mut state = G::new(&options).expect("a game starts with options that it accepted before");
    let seed = input.u16();
    let steps = usize::from(input.byte()) * 4;
    let mut rng = rng_from_seed(u64::from(seed));
    for _ in 0..steps {
        let Some(action) = random_action(&state, &mut rng) else { break };
        state.apply_unchecked(&action);
    }
    state
}
