//! [`Records`]: how a game reads records written by older versions of the
//! project.

use super::Game;

/// What a game does for records of older formats (`docs/records.md`):
/// both methods are provided, and a game whose rules' reading never changed
/// overrides neither (`impl Records for MyGame {}`). The keys of readings
/// that only records carry are declared with the options
/// ([`crate::DeclaredOptions::RECORD_KEYS`]).
pub trait Records: Game {
    /// Rewrites the options of a record of an older `format` so that they
    /// mean what they meant when it was written: a key that did not exist
    /// then gets the reading of its time. Default: nothing changed.
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        let _ = (format, options);
    }

    /// While replaying a record of an older `format`: an action that this
    /// state asks for but that the format did not write down (it is applied
    /// and written into the upgraded record). Default: none.
    fn implied_action(&self, format: u32) -> Option<Self::Action> {
        let _ = format;
        None
    }
}
