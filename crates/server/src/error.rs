//! One error type for the server, with one mapping to stable codes and HTTP statuses.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use spieltisch_catalog::{CatalogError, SeatError};
use spieltisch_core::{LoadError, OptionsError, Said};
use std::borrow::Cow;
use thiserror::Error;

/// How long a client should wait before asking for a replay again when
/// the server builds as many as it may.
pub const REPLAY_RETRY_SECONDS: u64 = 2;

#[derive(Debug, Error)]
pub enum ServerError {
    #[error("no table '{0}'")]
    UnknownTable(String),
    #[error("the action was sent against version {sent}, but the table is at version {current}: reload")]
    Stale { sent: usize, current: usize },
    #[error("spectators cannot act")]
    Spectator,
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("message too large (at most {0} bytes)")]
    TooLarge(usize),
    #[error("too many requests: try again in {0} s")]
    RateLimited(u64),
    #[error("the server holds too many unfinished tables (at most {0}); try again later")]
    Full(usize),
    #[error("this address holds too many unfinished tables (at most {0}): finish one first")]
    TooManyTables(usize),
    #[error("this address has too many connections open (at most {0})")]
    TooManyConnections(usize),
    #[error("the server has too many connections open (at most {0}); try again later")]
    Busy(usize),
    #[error("{0}")]
    Stalled(String),
    #[error("table '{0}' expired unfinished: nobody played at it for a long time")]
    Expired(String),
    #[error("too many replays are being built (at most {0} at once); try again in a moment")]
    ReplaysBusy(usize),
    #[error("the game is not over yet: replays open at the end")]
    NotFinished,
    #[error("the game is not over yet: a rematch follows its end")]
    NotOver,
    #[error("storage failed, nothing was changed: {0}")]
    Storage(String),
    #[error("this seat has already answered")]
    Answered,
    #[error("no such page or API route")]
    UnknownRoute,
    #[error("{0}")]
    NameInvalid(String),
    #[error("This seat is taken (seat {}): someone else sits there now", .0 + 1)]
    SeatTaken(usize),
    #[error("there is no person's seat {} at this table", .0 + 1)]
    NoSuchSeat(usize),
    #[error("this table is moving to another server node; try again in a moment")]
    Moving,
    /// A refusal of the table's owner, another node of the cluster: passed
    /// on as it was given.
    #[error("{}", .0.body.message)]
    Relayed(Refusal),
}

/// The codes a relayed refusal keeps as its own [`ServerError::code`] (its
/// body keeps whatever code it has).
const RELAYED_CODES: &[&str] = &[
    "action.stale",
    "action.answered",
    "action.illegal",
    "action.malformed",
    "seat.taken",
    "seat.invalid",
    "game.not_over",
    "table.stalled",
    "table.unknown",
    "server.storage",
    "request.invalid",
];

impl ServerError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            ServerError::UnknownTable(_) => "table.unknown",
            ServerError::Stale { .. } => "action.stale",
            ServerError::Spectator => "seat.spectator",
            ServerError::Catalog(e) => e.code(),
            ServerError::BadRequest(_) => "request.invalid",
            ServerError::TooLarge(_) => "message.too_large",
            ServerError::RateLimited(_) => "rate.limited",
            ServerError::Full(_) => "server.full",
            ServerError::TooManyTables(_) => "tables.too_many",
            ServerError::TooManyConnections(_) => "connections.too_many",
            ServerError::Busy(_) => "server.busy",
            ServerError::Stalled(_) => "table.stalled",
            ServerError::NotFinished => "replay.not_finished",
            ServerError::NotOver => "game.not_over",
            ServerError::Expired(_) => "table.expired",
            ServerError::ReplaysBusy(_) => "replay.busy",
            ServerError::Storage(_) => "server.storage",
            ServerError::Answered => "action.answered",
            ServerError::UnknownRoute => "route.unknown",
            ServerError::NameInvalid(_) => "name.invalid",
            ServerError::SeatTaken(_) => "seat.taken",
            ServerError::NoSuchSeat(_) => "seat.invalid",
            ServerError::Moving => "table.moving",
            ServerError::Relayed(refusal) => {
                let code: &str = &refusal.body.code;
                RELAYED_CODES.iter().find(|known| **known == code).copied().unwrap_or("relayed")
            }
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ServerError::Relayed(refusal) => {
                StatusCode::from_u16(refusal.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
            }
            ServerError::UnknownTable(_) | ServerError::UnknownRoute => StatusCode::NOT_FOUND,
            ServerError::Spectator => StatusCode::FORBIDDEN,
            ServerError::Stale { .. }
            | ServerError::NotFinished
            | ServerError::NotOver
            | ServerError::Answered
            | ServerError::SeatTaken(_) => StatusCode::CONFLICT,
            ServerError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ServerError::RateLimited(_)
            | ServerError::TooManyTables(_)
            | ServerError::TooManyConnections(_) => StatusCode::TOO_MANY_REQUESTS,
            ServerError::Expired(_) => StatusCode::GONE,
            ServerError::Full(_)
            | ServerError::Busy(_)
            | ServerError::ReplaysBusy(_)
            | ServerError::Moving => StatusCode::SERVICE_UNAVAILABLE,
            ServerError::Storage(_) | ServerError::Stalled(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ServerError::Catalog(CatalogError::Internal(_)) => StatusCode::INTERNAL_SERVER_ERROR,
            ServerError::Catalog(_)
            | ServerError::BadRequest(_)
            | ServerError::NameInvalid(_)
            | ServerError::NoSuchSeat(_) => StatusCode::BAD_REQUEST,
        }
    }

    /// The error as the JSON body every client receives: its code, a
    /// message in English, and what a client needs to say it in its own
    /// words: the numbers (`retry_after_seconds`, `limit`; for a seat spec
    /// beyond a cap also the parameter, `key`, and its `value`), the option
    /// an options error is about (`key`, and the `value` given), and why a
    /// combination of options cannot be played (`reason`, `{en, de}`).
    pub fn body(&self) -> ErrorBody {
        if let ServerError::Relayed(refusal) = self {
            return (*refusal.body).clone();
        }
        let mut body = ErrorBody::new(self.code(), self.to_string());
        match self {
            ServerError::RateLimited(seconds) => body.retry_after_seconds = Some(*seconds),
            ServerError::Full(limit)
            | ServerError::TooManyTables(limit)
            | ServerError::TooManyConnections(limit)
            | ServerError::Busy(limit)
            | ServerError::TooLarge(limit) => body.limit = Some(*limit as u64),
            ServerError::Moving => body.retry_after_seconds = Some(1),
            ServerError::ReplaysBusy(limit) => {
                body.limit = Some(*limit as u64);
                body.retry_after_seconds = Some(REPLAY_RETRY_SECONDS);
            }
            ServerError::Catalog(CatalogError::Seat(SeatError::TooExpensive {
                key, value, limit, ..
            })) => {
                body.key = Some((*key).to_string());
                body.value = Some(ErrorValue::Number(*value));
                body.limit = Some(*limit);
            }
            ServerError::Catalog(CatalogError::Options(e) | CatalogError::Load(LoadError::Options(e))) => {
                match e {
                    OptionsError::Unknown { key, .. } | OptionsError::Duplicate(key) => {
                        body.key = Some(key.clone())
                    }
                    OptionsError::Invalid { key, value, .. } | OptionsError::File { key, value, .. } => {
                        body.key = Some(key.clone());
                        body.value = Some(ErrorValue::Text(value.clone()));
                    }
                    OptionsError::Rule(reason) => body.reason = Some(reason.clone()),
                    OptionsError::Malformed(_) => {}
                }
            }
            _ => {}
        }
        body
    }
}

/// An error as every client receives it (`ServerError::body`): a stable
/// code, a message in English, and the numbers and names a client needs
/// to word it itself, each present only where the error has it. The keys
/// are in alphabetical order, the order the body has always had on the
/// wire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorBody {
    /// Stable and machine-readable (the list is in docs/api.md).
    pub code: Cow<'static, str>,
    /// The option (or a bot's parameter) the error is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<u64>,
    /// In English; a client words the error from its code and the fields
    /// beside it.
    pub message: String,
    /// Why a combination of options cannot be played (its keys in
    /// alphabetical order, as they have always been written).
    #[serde(default, skip_serializing_if = "Option::is_none", serialize_with = "crate::sorted_keys::sorted")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reason: Option<Said>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub retry_after_seconds: Option<u64>,
    /// The HTTP status, in the refusals the web framework makes by itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub status: Option<u16>,
    /// `"error"` on the table's WebSocket, where every message says what
    /// it is; absent from an HTTP reply.
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub message_type: Option<ErrorType>,
    /// The value given for `key`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub value: Option<ErrorValue>,
}

impl ErrorBody {
    /// An error with its code and message, and nothing more.
    pub fn new(code: impl Into<Cow<'static, str>>, message: String) -> Self {
        ErrorBody {
            code: code.into(),
            key: None,
            limit: None,
            message,
            reason: None,
            retry_after_seconds: None,
            status: None,
            message_type: None,
            value: None,
        }
    }
}

/// The `type` of an error that is a message of the table's WebSocket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorType {
    Error,
}

/// The value an error names: a bot's parameter is a number, an option's
/// value the text given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum ErrorValue {
    Number(u64),
    Text(String),
}

/// Every refusal as an HTTP reply: `{"error": {...}, "ok": false}`.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ErrorReply {
    pub error: ErrorBody,
    #[cfg_attr(feature = "ts", ts(type = "false"))]
    pub ok: bool,
}

impl IntoResponse for ServerError {
    fn into_response(self) -> Response {
        let mut response =
            (self.status(), axum::Json(ErrorReply { error: self.body(), ok: false })).into_response();
        let retry = match self {
            ServerError::RateLimited(seconds) => Some(seconds),
            ServerError::ReplaysBusy(_) => Some(REPLAY_RETRY_SECONDS),
            _ => None,
        };
        if let Some(seconds) = retry {
            response.headers_mut().insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// A refusal as clients read it: the error's status and body.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Refusal {
    pub status: u16,
    /// Boxed: a refusal passed on is rare, and every result that may hold
    /// a server error stays small.
    pub body: Box<ErrorBody>,
}

impl From<&ServerError> for Refusal {
    fn from(e: &ServerError) -> Self {
        Refusal { status: e.status().as_u16(), body: Box::new(e.body()) }
    }
}
