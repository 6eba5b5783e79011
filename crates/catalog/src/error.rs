//! The one error type of the catalog, with stable codes.

use crate::SeatError;
use spieltisch_core::{ActionError, LoadError, OptionsError};
use thiserror::Error;

/// Why the catalog could not do what was asked. Every variant has a stable
/// machine-readable [`CatalogError::code`], the same ones the engine protocol
/// and the server send to clients.
#[derive(Debug, Error)]
pub enum CatalogError {
    #[error("unknown game '{id}' (known games: {known})")]
    UnknownGame { id: String, known: String },
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    Action(#[from] ActionError),
    #[error(transparent)]
    Seat(#[from] SeatError),
    #[error("seat {seat} does not exist (this game has seats 0 to {last})")]
    NoSuchSeat { seat: usize, last: usize },
    #[error("it is no seat's turn (the game is over or waiting for chance)")]
    NoSeatToMove,
    /// The options refused the number of seats named, which set one of
    /// them (`players`, `teams`).
    #[error("the seats name {named} seats, but {source}")]
    SeatsSetOptions {
        named: usize,
        #[source]
        source: Box<CatalogError>,
    },
    #[error("{game} with these options has {seats} seats, but {named} seats are named")]
    SeatCount { game: &'static str, seats: usize, named: usize },
    #[error("internal error: {0}")]
    Internal(String),
}

impl CatalogError {
    /// A stable machine-readable code, e.g. `game.unknown` or `action.illegal`.
    pub fn code(&self) -> &'static str {
        match self {
            CatalogError::UnknownGame { .. } => "game.unknown",
            CatalogError::Options(e) => e.code(),
            CatalogError::Load(e) => e.code(),
            CatalogError::Action(e) => e.code(),
            CatalogError::Seat(e) => e.code(),
            CatalogError::NoSuchSeat { .. } => "seat.invalid",
            CatalogError::NoSeatToMove => "seat.none_to_move",
            CatalogError::SeatsSetOptions { source, .. } => source.code(),
            CatalogError::SeatCount { .. } => "options.invalid",
            CatalogError::Internal(_) => "internal",
        }
    }
}
