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
    let http = http_of(&app);
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
        let connection = serve_connection(&mut make, &http, TokioIo::new(tcp), peer).await;
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

type MakeService = axum::extract::connect_info::IntoMakeServiceWithConnectInfo<axum::Router, SocketAddr>;
type Connection<I> = hyper::server::conn::http1::UpgradeableConnection<
    TokioIo<I>,
    TowerToHyperService<axum::middleware::AddExtension<axum::Router, axum::extract::ConnectInfo<SocketAddr>>>,
>;

/// HTTP/1.1 as every connection speaks it.
fn http_of(app: &Shared) -> hyper::server::conn::http1::Builder {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(app.gate.limits.header_timeout);
    http
}

/// One connection from `peer` on `io`, served by the router: the future
/// that serves it until it ends.
async fn serve_connection<I>(
    make: &mut MakeService,
    http: &hyper::server::conn::http1::Builder,
    io: TokioIo<I>,
    peer: SocketAddr,
) -> Connection<I>
where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let Ok(()) = std::future::poll_fn(|cx| Service::<SocketAddr>::poll_ready(make, cx)).await;
    let Ok(service) = make.call(peer).await;
    http.serve_connection(io, TowerToHyperService::new(service)).with_upgrades()
}

/// A server without a socket: each [`InMemory::connect`] is a connection
/// served exactly as an accepted TCP connection is (the same router, HTTP
/// and WebSocket), over an in-memory pipe. Nothing waits for the network,
/// so a test on a paused clock decides every race between a client's
/// message and a server's timer by their order alone.
#[derive(Debug)]
pub struct InMemory {
    app: Shared,
}

impl InMemory {
    /// The server of `config` (its address is not bound), with its
    /// housekeeping sweeps.
    ///
    /// # Errors
    /// As [`crate::App::open`].
    pub async fn open(config: crate::ServerConfig) -> Result<InMemory, crate::error::ServerError> {
        let app = crate::App::open(config).await?;
        prune_every(&app, app.config.sweep_every);
        Ok(InMemory { app })
    }

    /// A new connection from `peer`: the client's end of the pipe.
    pub async fn connect(&self, peer: SocketAddr) -> tokio::io::DuplexStream {
        let (client, server) = tokio::io::duplex(64 * 1024);
        let mut make = router(Arc::clone(&self.app)).into_make_service_with_connect_info::<SocketAddr>();
        let connection = serve_connection(&mut make, &http_of(&self.app), TokioIo::new(server), peer).await;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::trace!("connection ended: {e}");
            }
        });
        client
    }
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
