//! Keys in alphabetical order, for the replies that have always been
//! written so. The replies were once written as JSON values, whose keys
//! serde_json keeps in alphabetical order; the structs that write them now
//! declare their fields in that order, and the parts whose own types
//! declare theirs in another order (a text in both languages, a game's
//! entry, a reply with a flattened part) are written through [`sorted`].

use serde::{Serialize, Serializer};

/// Writes `value` with the keys of its objects in alphabetical order, at
/// every depth, as a JSON value writes them: for the parts of a reply
/// whose own types declare their fields in another order (a text in both
/// languages declares `en` before `de`; a game's entry in the list of games).
pub fn sorted<T: Serialize, S: Serializer>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    use serde::ser::Error as _;
    serde_json::to_value(value).map_err(S::Error::custom)?.serialize(serializer)
}

/// A reply written with the keys of its objects in alphabetical order at
/// every depth ([`sorted`]), for a reply that has a part whose keys are
/// not known before it is written (`flatten`ed).
#[derive(Debug)]
pub struct Sorted<T>(pub T);

impl<T: Serialize> Serialize for Sorted<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        sorted(&self.0, serializer)
    }
}
