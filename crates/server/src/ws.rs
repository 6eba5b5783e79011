//! The WebSocket of one viewer at one table.
//!
//! Client → server, one JSON object per text message:
//! `{"type":"act","version":N,"action":"..."}`, `{"type":"lang","lang":"de"}`,
//! `{"type":"auto_pass","on":true}` (pass every Steigung window at once),
//! `{"type":"sync"}`, `{"type":"ping"}`. Server → client: a `state` snapshot
//! on connect (and when asked with `lang` or `sync`), then an `update` after
//! every change (what changed since the version the client had),
//! a fresh `state` snapshot whenever someone takes a seat (names change),
//! `{"type":"error","code":...,"message":...}` for anything refused (and
//! `table.stalled` when the table cannot store its moves for now),
//! `{"type":"pong"}`.
//!
//! The server pings every connection; one from which nothing at all (not
//! even the pong that every WebSocket client sends by itself) has come for
//! the idle time is closed (1001), and so is one that does not take what
//! the server sends within that time.

use crate::error::{ErrorBody, ErrorType, ServerError};
use crate::limits::{Slot, seconds};
use crate::table::{Detail, Table};
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use serde::Deserialize;
use spieltisch_core::Viewer;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant as Clock;

/// The largest message a client may send.
pub const MAX_MESSAGE: usize = 16 * 1024;
/// The largest message the transport reads at all. Anything between this
/// and [`MAX_MESSAGE`] is read only to answer `message.too_large` and close
/// the connection with a close frame; anything larger drops the connection.
pub const MAX_READ: usize = 4 * MAX_MESSAGE;
/// How many messages a connection may send: a burst, refilled at a rate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub burst: u32,
    pub per_second: u32,
}

impl Default for RateLimit {
    /// Generous for a person clicking, tight for a flood.
    fn default() -> Self {
        RateLimit { burst: 30, per_second: 15 }
    }
}

impl RateLimit {
    /// No limit worth the name (benchmarks).
    pub const LIFTED: RateLimit = RateLimit { burst: 1_000_000, per_second: 1_000_000 };

    /// The connection's own limiter (GCRA, as the limits per address).
    fn limiter(self) -> Limiter {
        let nonzero = |n: u32| std::num::NonZeroU32::new(n.max(1)).unwrap_or(std::num::NonZeroU32::MIN);
        let quota = governor::Quota::per_second(nonzero(self.per_second)).allow_burst(nonzero(self.burst));
        Limiter::direct_with_clock(quota, RuntimeClock)
    }
}

/// The async runtime's clock: a connection's limiter keeps the time its
/// pings and idle timer keep (on a test's paused clock too).
#[derive(Clone, Copy, Debug, Default)]
struct RuntimeClock;

impl governor::clock::Clock for RuntimeClock {
    type Instant = std::time::Instant;
    fn now(&self) -> std::time::Instant {
        Clock::now().into_std()
    }
}

type Limiter = governor::RateLimiter<
    governor::state::NotKeyed,
    governor::state::InMemoryState,
    RuntimeClock,
    governor::middleware::NoOpMiddleware<std::time::Instant>,
>;

/// How a connection is kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SocketSettings {
    pub rate: RateLimit,
    /// How often the server pings.
    pub ping_every: Duration,
    /// How long the client may stay silent (or leave what is sent unread)
    /// before the connection is closed.
    pub idle_after: Duration,
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
enum ClientMessage {
    Act { version: Option<usize>, action: String },
    AutoPass { on: bool },
    Lang { lang: String },
    Sync,
    Ping,
}

/// A message the server sends on the table's WebSocket: a snapshot, an
/// update, a refusal (an error's body, typed `error`) or the answer to a
/// ping. Each is written from its own type, the pong as a fixed text
/// ([`Pong`]); this names them together for TypeScript.
#[cfg(feature = "ts")]
#[derive(Debug, ts_rs::TS)]
#[ts(untagged)]
pub enum ServerMessage {
    State(crate::table::Snapshot),
    Update(crate::table::Update),
    Error(ErrorBody),
    Pong(Pong),
}

/// The answer to a ping: `{"type":"pong"}`, a fixed text.
#[cfg(feature = "ts")]
#[derive(Debug, ts_rs::TS)]
pub struct Pong {
    #[ts(rename = "type", type = "\"pong\"")]
    pub kind: (),
}

/// A refusal as a message of the WebSocket: the error's body, typed `error`.
fn error_text(e: &ServerError) -> Utf8Bytes {
    let message = ErrorBody { message_type: Some(ErrorType::Error), ..e.body() };
    // Every key of the body is a string: writing it cannot fail.
    serde_json::to_string(&message).unwrap_or_default().into()
}

/// One connection: what it sees, and the version its client has.
struct Connection {
    table: Arc<Table>,
    viewer: Viewer,
    detail: Detail,
    /// The version of the last snapshot or update sent.
    sent: usize,
}

impl Connection {
    /// A whole snapshot, after which updates continue from its version.
    async fn snapshot(&mut self) -> Utf8Bytes {
        match self.table.snapshot_frame(self.viewer, self.detail).await {
            Ok((version, frame)) => {
                self.sent = version;
                frame
            }
            Err(e) => error_text(&e),
        }
    }

    /// What changed since the last message sent, if anything did.
    async fn update(&mut self) -> Option<Utf8Bytes> {
        match self.table.update_frame(self.viewer, self.detail, self.sent).await {
            Ok(Some((version, frame))) => {
                self.sent = version;
                Some(frame)
            }
            Ok(None) => None,
            Err(e) => Some(error_text(&e)),
        }
    }

    /// Handles one client message; returns the direct reply, if any (a
    /// successful action is answered by the update every connection gets).
    async fn handle(&mut self, text: &str) -> Option<Utf8Bytes> {
        let message: ClientMessage = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => return Some(error_text(&ServerError::BadRequest(format!("malformed message: {e}")))),
        };
        match message {
            ClientMessage::Ping => Some(Utf8Bytes::from_static(r#"{"type":"pong"}"#)),
            ClientMessage::Lang { lang } => match lang.parse() {
                Ok(lang) => {
                    self.detail.lang = lang;
                    Some(self.snapshot().await)
                }
                Err(e) => Some(error_text(&ServerError::BadRequest(e))),
            },
            ClientMessage::Sync => Some(self.snapshot().await),
            ClientMessage::Act { version, action } => {
                let Viewer::Seat(seat) = self.viewer else {
                    return Some(error_text(&ServerError::Spectator));
                };
                match self.table.act(seat, version, &action).await {
                    // An answer held until everyone in a Steigung window has
                    // answered changes only this seat's own messages.
                    Ok(now) if now == self.sent => Some(self.snapshot().await),
                    Ok(_) => None,
                    Err(e) => Some(error_text(&e)),
                }
            }
            ClientMessage::AutoPass { on } => {
                let Viewer::Seat(seat) = self.viewer else {
                    return Some(error_text(&ServerError::Spectator));
                };
                match self.table.set_auto_pass(seat, on).await {
                    Ok(()) => Some(self.snapshot().await),
                    Err(e) => Some(error_text(&e)),
                }
            }
        }
    }
}

/// Serves one connection until it closes; `slot` is its place among the
/// open WebSockets, given back when it ends.
pub async fn serve_socket(
    mut socket: WebSocket,
    table: Arc<Table>,
    viewer: Viewer,
    detail: Detail,
    settings: SocketSettings,
    slot: Slot,
) {
    let mut updates = table.subscribe();
    let limiter = settings.rate.limiter();
    table.connected(viewer, true).await;
    let mut conn = Connection { table, viewer, detail, sent: 0 };
    talk(&mut socket, &mut conn, &mut updates, &limiter, settings).await;
    conn.table.connected(viewer, false).await;
    drop(slot);
}

/// Sends one message, unless the client has not taken what was sent
/// before within `patience`; false when the connection is done.
async fn send(socket: &mut WebSocket, message: Message, patience: Duration) -> bool {
    matches!(tokio::time::timeout(patience, socket.send(message)).await, Ok(Ok(())))
}

/// How long a connection the server closes waits for the client's close
/// frame (the closing handshake), reading and dropping anything else.
const CLOSING: Duration = Duration::from_secs(5);

/// Closes the connection: sends `frame`, then waits (at most [`CLOSING`])
/// for the client's close frame, so that the client reads the reason
/// before the connection is gone.
async fn close(socket: &mut WebSocket, frame: CloseFrame, patience: Duration) {
    if !send(socket, Message::Close(Some(frame)), patience).await {
        return;
    }
    let deadline = Clock::now() + CLOSING;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline, socket.recv()).await {
        if matches!(message, Message::Close(_)) {
            break;
        }
    }
}

/// Serves one connection until it closes.
async fn talk(
    socket: &mut WebSocket,
    conn: &mut Connection,
    updates: &mut tokio::sync::watch::Receiver<usize>,
    limiter: &Limiter,
    settings: SocketSettings,
) {
    let patience = settings.idle_after;
    let mut stalls = conn.table.stalls();
    stalls.mark_unchanged();
    let mut seating = conn.table.seating_changes();
    seating.mark_unchanged();
    // Marked before the snapshot is taken: a change after it wakes us, and
    // the update then starts from the snapshot's version, so nothing is missed.
    updates.mark_unchanged();
    let first = conn.snapshot().await;
    if !send(socket, Message::Text(first), patience).await {
        return;
    }
    let mut pings = tokio::time::interval_at(Clock::now() + settings.ping_every, settings.ping_every);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut heard = Clock::now();
    loop {
        // Receiving is cancel-safe, so one socket serves both branches
        // without splitting it (and locking its halves on every message).
        let reply = tokio::select! {
            incoming = socket.recv() => {
                heard = Clock::now();
                match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                    Some(Ok(Message::Text(text))) if text.len() > MAX_MESSAGE => {
                        let refusal = error_text(&ServerError::TooLarge(MAX_MESSAGE));
                        send(socket, Message::Text(refusal), patience).await;
                        let frame = CloseFrame { code: close_code::SIZE, reason: "message too large".into() };
                        close(socket, frame, patience).await;
                        break;
                    }
                    Some(Ok(Message::Text(text))) => {
                        match limiter.check() {
                            Ok(()) => conn.handle(text.as_str()).await,
                            Err(not_until) => {
                                let wait = not_until.wait_time_from(Clock::now().into_std());
                                Some(error_text(&ServerError::RateLimited(seconds(wait))))
                            }
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        Some(error_text(&ServerError::BadRequest("send JSON text messages".into())))
                    }
                    Some(Ok(_)) => None,
                }
            },
            changed = updates.changed() => {
                if changed.is_err() {
                    break;
                }
                updates.mark_unchanged();
                conn.update().await
            }
            changed = seating.changed() => {
                if changed.is_err() {
                    break;
                }
                seating.mark_unchanged();
                // Someone took a seat: names change everywhere, the log's too.
                Some(conn.snapshot().await)
            }
            changed = stalls.changed() => {
                if changed.is_err() {
                    break;
                }
                let reason = stalls.borrow_and_update().clone();
                reason.map(|reason| error_text(&ServerError::Stalled(reason)))
            }
            _ = pings.tick() => {
                if !send(socket, Message::Ping(Default::default()), patience).await {
                    break;
                }
                None
            }
            () = tokio::time::sleep_until(heard + settings.idle_after) => {
                let reason = format!("nothing heard for {:?}", settings.idle_after);
                close(socket, CloseFrame { code: close_code::AWAY, reason: reason.into() }, patience).await;
                break;
            }
        };
        if let Some(frame) = reply
            && !send(socket, Message::Text(frame), patience).await
        {
            break;
        }
    }
}
