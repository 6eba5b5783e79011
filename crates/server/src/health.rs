//! `GET /api/health`: what an operator's monitor asks.

use crate::Shared;
use crate::error::ServerError;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The writer's queue and last error, the tables and connections open, the
/// bot search pool's queue and oldest wait, and how many addresses the rate
/// limiters track. 200 while storage works;
/// 503 (with the error's shape, `server.storage`) while it fails, that is
/// from a failed transaction until the next one succeeds.
pub(crate) async fn health(State(app): State<Shared>) -> Response {
    let storage = app.store.health();
    let mut body = json!({
        "ok": !storage.failing,
        "storage": storage,
        "tables": { "unfinished": app.gate.tables.open(), "held": app.table_count() },
        "connections": { "http": app.gate.connections.open(), "websockets": app.gate.websockets.open() },
        "bots": app.bots.stats(),
        "tracked_addresses": app.gate.tracked(),
    });
    if !storage.failing {
        return Json(body).into_response();
    }
    let message = storage.last_error.as_ref().map_or_else(String::new, |e| e.message.clone());
    body["error"] = ServerError::Storage(message).body();
    (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
}
