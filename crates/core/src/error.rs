//! Errors from applying, parsing and replaying actions, and from setting
//! up positions.

use thiserror::Error;

/// Why an action was not accepted. "Cannot parse" and "parses but is illegal
/// here" are kept apart.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("cannot read '{input}' as an action: {reason}")]
    Parse { input: String, reason: String },
    #[error("'{action}' is not legal now: {reason}")]
    Illegal { action: String, reason: String },
    #[error("the game is over")]
    GameOver,
    #[error("it is not seat {seat}'s turn")]
    NotYourTurn { seat: usize },
}

impl ActionError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ActionError::Parse { .. } => "action.parse",
            ActionError::Illegal { .. } => "action.illegal",
            ActionError::GameOver => "game.over",
            ActionError::NotYourTurn { .. } => "seat.not_your_turn",
        }
    }

    /// A parse error with a reason.
    pub fn parse(input: &str, reason: impl Into<String>) -> Self {
        ActionError::Parse { input: input.to_string(), reason: reason.into() }
    }
}

/// Why a record or a saved state could not be loaded.
#[derive(Debug, Error)]
pub enum LoadError {
    #[error("record is for game '{found}', not '{expected}'")]
    WrongGame { expected: String, found: String },
    #[error(transparent)]
    Options(#[from] crate::OptionsError),
    #[error("action {index} ('{action}'): {source}")]
    Action { index: usize, action: String, source: ActionError },
    #[error("malformed JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("invalid state: {0}")]
    Invalid(String),
    #[error("record format {found} is not known to this build (it reads formats 1 to {supported})")]
    Format { found: u32, supported: u32 },
}

impl LoadError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            LoadError::WrongGame { .. } => "record.wrong_game",
            LoadError::Options(e) => e.code(),
            LoadError::Action { .. } => "record.bad_action",
            LoadError::Json(_) => "json.malformed",
            LoadError::Io(_) => "io",
            LoadError::Invalid(_) => "state.invalid",
            LoadError::Format { .. } => "record.format",
        }
    }
}

/// Why a position set up by hand was not accepted ([`crate::FromSetup`]).
///
/// One error for every game: a test, a fuzz target or an analysis learns
/// what is wrong with a setup the same way whichever game it sets up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A position given as text does not follow the game's format.
    #[error("cannot read the position: {0}")]
    Parse(String),
    /// The setup holds something the rules cannot work with (two stones on
    /// one cell, a rider off the track, a game already decided); the reason
    /// names it.
    #[error("impossible position: {0}")]
    Invalid(String),
    /// The options are not valid.
    #[error(transparent)]
    Options(#[from] crate::OptionsError),
}

impl PositionError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            PositionError::Parse(_) => "position.parse",
            PositionError::Invalid(_) => "position.invalid",
            PositionError::Options(e) => e.code(),
        }
    }
}
