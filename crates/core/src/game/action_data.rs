//! An action as data ([`ActionData`]): what front ends read of a move.

use super::{Game, seen_plainly};
use crate::Viewer;
use serde::Serialize;

/// An action as data: what kind of action it is and its typed parameters
/// (documented per game in `docs/api.md`), so that front ends pick actions
/// by what they do and never read notation. Distinct legal actions have
/// distinct data (the conformance suite checks it).
///
/// A game's [`Game::Action`] is itself this data: its `Serialize` writes
/// it, and [`ActionData::of`] reads it back as kind and parameters.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActionData {
    /// The kind, a snake_case word: `place`, `play`, `roll`, …
    pub kind: String,
    /// The parameters, a JSON object (empty for an action without any):
    /// cells as `{"q", "r"}`, riders by their printed numbers, cards by
    /// their values.
    pub params: serde_json::Value,
}

impl ActionData {
    /// An action without parameters.
    pub fn bare(kind: &str) -> Self {
        ActionData { kind: kind.into(), params: serde_json::Value::Object(serde_json::Map::new()) }
    }

    /// An action with parameters (`params` must be a JSON object).
    pub fn with(kind: &str, params: serde_json::Value) -> Self {
        debug_assert!(params.is_object(), "the parameters of {kind} are no object");
        ActionData { kind: kind.into(), params }
    }

    /// An action from its typed data: an enum written with
    /// `#[serde(tag = "kind", content = "params")]` whose variants have named
    /// fields (`Pass {}` for none: serde writes a unit variant without
    /// `params`), so that the type that writes the wire is also the one the
    /// front end's TypeScript declarations come from.
    ///
    /// # Panics
    /// If `typed` is not written in that shape (a mistake in the game's code,
    /// never in its input).
    pub fn of(typed: &impl Serialize) -> Self {
        let written = serde_json::to_value(typed).ok();
        let (kind, params) = match written {
            Some(serde_json::Value::Object(mut map)) => (map.remove("kind"), map.remove("params")),
            _ => (None, None),
        };
        match (kind, params) {
            (Some(serde_json::Value::String(kind)), Some(params)) if params.is_object() => {
                ActionData { kind, params }
            }
            _ => panic!("typed action data is written as {{\"kind\", \"params\": {{…}}}}"),
        }
    }

    /// [`ActionData::of`] as a message writes it: the kind, and the
    /// parameters as JSON text, without building a JSON tree of either (a
    /// table writes the data of every legal action in every update).
    ///
    /// # Panics
    /// As [`ActionData::of`].
    pub fn written(typed: &impl Serialize) -> (String, Box<serde_json::value::RawValue>) {
        #[derive(serde::Deserialize)]
        struct Split<'a> {
            #[serde(borrow)]
            kind: std::borrow::Cow<'a, str>,
            #[serde(borrow)]
            params: &'a serde_json::value::RawValue,
        }
        let text = serde_json::to_string(typed).ok();
        match text.as_deref().map(serde_json::from_str::<Split>) {
            Some(Ok(Split { kind, params })) if params.get().starts_with('{') => {
                (kind.into_owned(), params.to_owned())
            }
            _ => panic!("typed action data is written as {{\"kind\", \"params\": {{…}}}}"),
        }
    }

    /// What `viewer` observes of `action`, played in `before`, as data: the
    /// action's data ([`Game::action_data`]) when the viewer sees it as it
    /// is written ([`Game::sight`] is [`super::Sight::Plainly`]), else its kind
    /// alone, so that another seat's `draw 6` is
    /// `{"kind": "draw", "params": {}}`. Whatever tells a viewer of a move as
    /// data goes through here ([`crate::Plain`], the log's events of such
    /// games); the conformance suite checks that two actions a viewer
    /// observes alike give the same data.
    pub fn observed<G: Game>(before: &G, action: &G::Action, viewer: Viewer) -> ActionData {
        let data = G::action_data(action);
        if seen_plainly(before, action, viewer) { data } else { ActionData::bare(&data.kind) }
    }
}

#[cfg(test)]
mod tests {
    use super::ActionData;
    use serde::Serialize;
    use serde_json::json;

    #[derive(Serialize)]
    #[serde(tag = "kind", content = "params", rename_all = "snake_case")]
    enum Typed {
        PlaceStone { cell: u8 },
        Pass {},
    }

    #[test]
    fn typed_action_data_is_written_as_kind_and_params() {
        let place = ActionData::of(&Typed::PlaceStone { cell: 3 });
        assert_eq!((place.kind.as_str(), place.params), ("place_stone", json!({ "cell": 3 })));
        assert_eq!(ActionData::of(&Typed::Pass {}), ActionData::bare("pass"));
    }

    #[test]
    fn written_data_is_the_data_as_text() {
        let (kind, params) = ActionData::written(&Typed::PlaceStone { cell: 3 });
        assert_eq!((kind.as_str(), params.get()), ("place_stone", r#"{"cell":3}"#));
        let (kind, params) = ActionData::written(&Typed::Pass {});
        assert_eq!((kind.as_str(), params.get()), ("pass", "{}"));
    }

    #[test]
    #[should_panic(expected = "kind")]
    fn data_in_another_shape_is_a_mistake_in_the_game() {
        ActionData::of(&json!({ "kind": "pass" }));
    }

    /// Why a variant without parameters is written `Pass {}`: serde writes a
    /// unit variant without `params`.
    #[test]
    fn a_unit_variant_has_no_params() {
        #[derive(Serialize)]
        #[serde(tag = "kind", content = "params", rename_all = "snake_case")]
        enum Unit {
            Pass,
        }
        assert_eq!(serde_json::to_value(Unit::Pass).unwrap(), json!({ "kind": "pass" }));
        assert_eq!(serde_json::to_value(Typed::Pass {}).unwrap(), json!({ "kind": "pass", "params": {} }));
    }
}
