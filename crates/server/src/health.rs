//! `GET /api/health`: what an operator's monitor asks.

use crate::Shared;
use crate::bot_pool::LaneStats;
use crate::error::{ErrorBody, ServerError};
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The reply of `GET /api/health` (docs/api.md). Every object's keys are
/// in alphabetical order, the order this reply has always had on the wire.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HealthReply<'a> {
    /// The search pool every search bot's decision runs on.
    pub bots: BotPoolHealth,
    pub connections: ConnectionCounts,
    /// While storage fails: the error, `server.storage`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub error: Option<ErrorBody>,
    pub ok: bool,
    pub storage: StorageHealth<'a>,
    pub tables: TableCounts,
    /// Addresses the rate limiters hold a state for.
    pub tracked_addresses: usize,
}

/// The bot pool's search lane, and its quick lane beside it.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotPoolHealth {
    pub oldest_wait_ms: u64,
    pub queue: usize,
    /// The lane of the bots that do not search.
    pub quick: LaneHealth,
    pub running: usize,
    pub threads: usize,
}

/// One lane of the bot pool: its threads, the decisions waiting and
/// running, and how long the oldest waiting one has waited.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LaneHealth {
    pub oldest_wait_ms: u64,
    pub queue: usize,
    pub running: usize,
    pub threads: usize,
}

impl From<LaneStats> for LaneHealth {
    fn from(lane: LaneStats) -> Self {
        LaneHealth {
            oldest_wait_ms: lane.oldest_wait_ms,
            queue: lane.queue,
            running: lane.running,
            threads: lane.threads,
        }
    }
}

/// Open HTTP connections and WebSockets.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConnectionCounts {
    pub http: usize,
    pub websockets: usize,
}

/// The database writer's queue and its last error.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StorageHealth<'a> {
    /// Whether the last transaction failed (and none has succeeded since).
    pub failing: bool,
    /// The last storage error (kept after recovery), or `null`.
    pub last_error: Option<StorageFaultShown<'a>>,
    /// Commands waiting for the database writer.
    pub queue: usize,
}

/// A storage error and when it happened.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StorageFaultShown<'a> {
    /// Seconds since 1970.
    pub at: u64,
    pub message: &'a str,
}

/// The tables in memory now, and the unfinished ones counted against the cap.
#[derive(Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableCounts {
    pub held: usize,
    pub unfinished: usize,
}

/// The writer's queue and last error, the tables and connections open, the
/// bot search pool's queue and oldest wait, and how many addresses the rate
/// limiters track. 200 while storage works;
/// 503 (with the error's shape, `server.storage`) while it fails, that is
/// from a failed transaction until the next one succeeds.
pub(crate) async fn health(State(app): State<Shared>) -> Response {
    let storage = app.store.health();
    let bots = app.bots.stats();
    let mut reply = HealthReply {
        bots: BotPoolHealth {
            oldest_wait_ms: bots.search.oldest_wait_ms,
            queue: bots.search.queue,
            quick: bots.quick.into(),
            running: bots.search.running,
            threads: bots.search.threads,
        },
        connections: ConnectionCounts {
            http: app.gate.connections.open(),
            websockets: app.gate.websockets.open(),
        },
        error: None,
        ok: !storage.failing,
        storage: StorageHealth {
            failing: storage.failing,
            last_error: storage
                .last_error
                .as_ref()
                .map(|e| StorageFaultShown { at: e.at, message: &e.message }),
            queue: storage.queue,
        },
        tables: TableCounts { held: app.table_count(), unfinished: app.gate.tables.open() },
        tracked_addresses: app.gate.tracked(),
    };
    if !storage.failing {
        return Json(reply).into_response();
    }
    let message = storage.last_error.as_ref().map_or_else(String::new, |e| e.message.clone());
    reply.error = Some(ServerError::Storage(message).body());
    (StatusCode::SERVICE_UNAVAILABLE, Json(reply)).into_response()
}
