//! Slow and silent clients hold nothing for long: a request's headers must
//! come within the header timeout, and a WebSocket that answers nothing
//! (not even the pong to the server's ping) is closed after the idle time.

mod common;

use common::TestServer;
use serde_json::json;
use spieltisch_catalog::register_fixtures;
use spieltisch_server::ServerConfig;
use spieltisch_server::limits::Limits;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

async fn server(limits: Limits) -> TestServer {
    register_fixtures();
    // No housekeeping sweeps: a sweep waits for the database's thread, and
    // while it waits a paused clock jumps to the next timer, which may be
    // the test's own deadline rather than the server's timeout.
    let sweep_every = Duration::from_secs(24 * 60 * 60);
    TestServer::start_with(ServerConfig { limits, sweep_every, ..ServerConfig::default() }).await
}

#[tokio::test(start_paused = true)]
async fn a_client_that_does_not_finish_its_headers_is_disconnected_after_the_timeout() {
    let server = server(Limits { header_timeout: Duration::from_secs(10), ..Limits::default() }).await;
    let mut slow = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = tokio::time::Instant::now();
    let mut rest = Vec::new();
    let early = tokio::time::timeout(Duration::from_secs(9), slow.read_to_end(&mut rest)).await;
    assert!(early.is_err(), "still open before the timeout: {rest:?}");
    // (A paused clock also jumps to the next timer while the runtime waits
    // for the network, so only the order of the deadlines is exact.)
    let closed = tokio::time::timeout(Duration::from_secs(30), slow.read_to_end(&mut rest)).await;
    assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "closed at the timeout: {closed:?}");
    assert!(rest.is_empty(), "nothing was answered: {}", String::from_utf8_lossy(&rest));
    assert!(started.elapsed() >= Duration::from_secs(10), "{:?}", started.elapsed());
    // A kept-alive connection that sends no next request is closed the same way.
    let mut idle = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut answer = vec![0u8; 64 * 1024];
    let n = idle.read(&mut answer).await.unwrap();
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer[..n]));
    let started = tokio::time::Instant::now();
    let mut ignored = Vec::new();
    let early = tokio::time::timeout(Duration::from_secs(9), idle.read_to_end(&mut ignored)).await;
    assert!(early.is_err(), "kept alive for a while");
    let closed = tokio::time::timeout(Duration::from_secs(30), idle.read_to_end(&mut ignored)).await;
    assert!(closed.is_ok(), "an idle kept-alive connection is closed");
    assert!(started.elapsed() >= Duration::from_secs(10), "{:?}", started.elapsed());
    // Meanwhile everyone else is served.
    assert_eq!(server.http("GET", "/api/games", None).await.0, 200);
    server.kill().await;
}

#[tokio::test]
async fn a_silent_websocket_is_closed_and_one_that_answers_is_kept() {
    // On the real clock, with short times: a paused clock jumps to the next
    // timer whenever the runtime waits for the network, which would decide
    // a race between a pong on its way and the idle timer.
    let limits =
        Limits { ws_ping: Duration::from_millis(200), ws_idle: Duration::from_secs(1), ..Limits::default() };
    let server = server(limits).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"]})).await;
    let table = reply["table"].as_str().unwrap().to_string();
    let watch = reply["spectator"]["token"].as_str().unwrap().to_string();
    let started = tokio::time::Instant::now();
    // One client reads all the while (its WebSocket answers each ping by
    // itself); the other reads its snapshot and then nothing.
    let mut answering = server.socket(&table, &watch).await;
    let listener = tokio::spawn(async move {
        let mut pings = 0;
        loop {
            match answering.raw_next(Duration::from_secs(3600)).await {
                Some(Message::Ping(_)) => pings += 1,
                Some(Message::Close(frame)) => return (pings, frame.map(|f| u16::from(f.code))),
                Some(_) => {}
                None => return (pings, None),
            }
        }
    });
    let mut silent = server.socket(&table, &watch).await;
    assert_eq!(silent.state_at_least(0).await["type"], "state");
    let open = |health: serde_json::Value| health["connections"]["websockets"].as_u64().unwrap();
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(open(server.health().await.1), 2, "both open before the idle time");
    // Only after the idle time does the silent client read (and so
    // answer): it was pinged, and then closed (1001, going away) with the
    // reason.
    tokio::time::sleep_until(started + Duration::from_millis(1400)).await;
    let mut pinged = 0;
    let frame = loop {
        match silent.raw_next(Duration::from_secs(5)).await {
            Some(Message::Ping(_)) => pinged += 1,
            Some(Message::Close(frame)) => break frame.expect("a close frame with a code"),
            Some(other) => panic!("{other:?}"),
            None => panic!("closed without a close frame"),
        }
    };
    assert!(pinged >= 3, "pinged every 200 ms until closed: {pinged}");
    assert_eq!(u16::from(frame.code), 1001);
    assert_eq!(frame.reason.as_str(), "nothing heard for 1s");
    assert!(silent.raw_next(Duration::from_secs(5)).await.is_none(), "the closing handshake ends");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while open(server.health().await.1) != 1 {
        assert!(tokio::time::Instant::now() < deadline, "the silent one is gone, the other stays");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The one that answers is still there, several idle times later.
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(open(server.health().await.1), 1);
    assert!(!listener.is_finished(), "the answering connection stays open");
    listener.abort();
    server.kill().await;
}
