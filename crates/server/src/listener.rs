//! The accept loop: each TCP connection is served by hyper's HTTP/1.1
//! connection (upgrades to WebSocket included), with the limits that must
//! hold before a request is even read.
//!
//! - A connection is refused (closed at once) when its address has
//!   [`Limits::connections_per_address`](crate::limits::Limits) open, or
//!   the server has `max_connections` open; a trusted proxy counts only in
//!   the total.
//! - A client must send a request's headers within the header timeout,
//!   and a kept-alive connection that sends no next request within it is
//!   closed too, so a slow or silent client holds a connection for at most
//!   that long.
//! - Every connection knows its peer's address (`ConnectInfo<SocketAddr>`),
//!   from which the per-address limits start.

use crate::{Shared, router};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::Service;

/// Serves `listener` until `shutdown` resolves; then stops accepting,
/// lets the connections finish the requests they are serving (at most ten
/// seconds) and returns.
pub(crate) async fn run(listener: TcpListener, app: Shared, shutdown: impl Future<Output = ()>) {
    let mut make = router(Arc::clone(&app)).into_make_service_with_connect_info::<SocketAddr>();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(app.gate.limits.header_timeout);
    // Every connection task holds a receiver: the sender sees them all gone.
    let (closing, closing_seen) = watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    if !is_connection_error(&e) {
                        // Most likely out of file descriptors: wait for some to be freed.
                        tracing::warn!("cannot accept a connection: {e}");
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let slot = match app.gate.connection(peer.ip()) {
            Ok(slot) => slot,
            Err(refusal) => {
                tracing::debug!(peer = %peer.ip(), "connection refused: {refusal:?}");
                continue;
            }
        };
        // Small frames must go out at once: without TCP_NODELAY, Nagle's
        // algorithm and delayed acknowledgements add tens of milliseconds.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("cannot set TCP_NODELAY: {e}");
        }
        let Ok(()) = std::future::poll_fn(|cx| Service::<SocketAddr>::poll_ready(&mut make, cx)).await;
        let Ok(service) = make.call(peer).await;
        let connection =
            http.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service)).with_upgrades();
        let mut closing_seen = closing_seen.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            tokio::select! {
                served = connection.as_mut() => {
                    if let Err(e) = served {
                        tracing::trace!("connection ended: {e}");
                    }
                }
                _ = closing_seen.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(slot);
        });
    }
    drop(closing_seen);
    let _ = closing.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(10), closing.closed()).await;
}

/// Errors of one connection that leave the listener fine.
fn is_connection_error(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    matches!(e.kind(), ConnectionRefused | ConnectionAborted | ConnectionReset)
}

/// Every `period` while the app lives: prunes the rate limiters' states,
/// lets idle tables leave memory and expires abandoned ones.
pub(crate) fn prune_every(app: &Shared, period: Duration) {
    let app = Arc::downgrade(app);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(period.max(Duration::from_millis(10)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Some(app) = app.upgrade() else { break };
            app.gate.prune();
            app.sweep().await;
        }
    });
}
