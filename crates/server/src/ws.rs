//! The WebSocket of one viewer at one table.
//!
//! Client → server, one JSON object per text message:
//! `{"type":"act","version":N,"action":"..."}`, `{"type":"lang","lang":"de"}`,
//! `{"type":"ping"}`. Server → client: a `state` snapshot on connect and after
//! every change, `{"type":"error","code":...,"message":...}` for anything
//! refused, `{"type":"pong"}`.

use crate::error::ServerError;
use crate::table::{Detail, Table};
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::json;
use spieltisch_core::Viewer;
use std::sync::Arc;
use std::time::Instant;

/// The largest message a client may send.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// How many messages a connection may send: a burst, refilled at a rate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RateLimit {
    pub burst: f64,
    pub per_second: f64,
}

impl Default for RateLimit {
    /// Generous for a person clicking, tight for a flood.
    fn default() -> Self {
        RateLimit { burst: 30.0, per_second: 15.0 }
    }
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Act { version: Option<usize>, action: String },
    Lang { lang: String },
    Ping,
}

struct Bucket {
    limit: RateLimit,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.limit.per_second)
            .min(self.limit.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error_text(e: &ServerError) -> String {
    json!({ "type": "error", "code": e.code(), "message": e.to_string() }).to_string()
}

pub async fn serve_socket(
    socket: WebSocket,
    table: Arc<Table>,
    viewer: Viewer,
    mut detail: Detail,
    limit: RateLimit,
) {
    let (mut sink, mut stream) = socket.split();
    let mut updates = table.subscribe();
    let mut bucket = Bucket { limit, tokens: limit.burst, last: Instant::now() };
    let send_state = |detail: Detail| {
        let table = Arc::clone(&table);
        async move {
            match table.snapshot(viewer, detail).await {
                Ok(s) => serde_json::to_string(&s)
                    .unwrap_or_else(|e| error_text(&ServerError::BadRequest(e.to_string()))),
                Err(e) => error_text(&e),
            }
        }
    };
    updates.mark_unchanged();
    if sink.send(Message::Text(send_state(detail).await.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ServerError::BadRequest("send JSON text messages".into());
                        if sink.send(Message::Text(error_text(&e).into())).await.is_err() { break }
                        continue;
                    }
                    Some(Ok(_)) => continue,
                };
                let reply = if !bucket.take() {
                    Some(error_text(&ServerError::RateLimited))
                } else {
                    handle(&table, viewer, &mut detail, text.as_str()).await
                };
                let reply = match reply {
                    Some(r) => r,
                    None => continue,
                };
                if sink.send(Message::Text(reply.into())).await.is_err() {
                    break;
                }
            }
            changed = updates.changed() => {
                if changed.is_err() {
                    break;
                }
                updates.mark_unchanged();
                if sink.send(Message::Text(send_state(detail).await.into())).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// Handles one client message; returns the direct reply, if any (a
/// successful action is answered by the state broadcast).
async fn handle(table: &Arc<Table>, viewer: Viewer, detail: &mut Detail, text: &str) -> Option<String> {
    let message: ClientMessage = match serde_json::from_str(text) {
        Ok(m) => m,
        Err(e) => return Some(error_text(&ServerError::BadRequest(format!("malformed message: {e}")))),
    };
    match message {
        ClientMessage::Ping => Some(json!({ "type": "pong" }).to_string()),
        ClientMessage::Lang { lang: l } => match l.parse() {
            Ok(l) => {
                detail.lang = l;
                Some(
                    table
                        .snapshot(viewer, *detail)
                        .await
                        .map_or_else(|e| error_text(&e), |s| serde_json::to_string(&s).unwrap_or_default()),
                )
            }
            Err(e) => Some(error_text(&ServerError::BadRequest(e))),
        },
        ClientMessage::Act { version, action } => {
            let Viewer::Seat(seat) = viewer else {
                return Some(error_text(&ServerError::Spectator));
            };
            match table.act(seat, version, &action).await {
                Ok(_) => None,
                Err(e) => Some(error_text(&e)),
            }
        }
    }
}
