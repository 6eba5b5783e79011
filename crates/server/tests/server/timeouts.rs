//! Slow, silent and hasty clients hold nothing for long: a request's headers
//! must come within the header timeout, a WebSocket that answers nothing
//! (not even the pong to the server's ping) is closed after the idle time,
//! and one that sends faster than its rate is told how long to wait.
//!
//! The server is served over in-memory pipes ([`InMemory`]) on a paused
//! clock: nothing waits for the network, so the clock moves only when
//! every task waits for a timer, and each race between a client's bytes
//! and a server's timeout is decided by their order alone, whatever the
//! machine's load.

use serde_json::{Value, json};
use spieltisch_catalog::register_fixtures;
use spieltisch_server::limits::Limits;
use spieltisch_server::{InMemory, ServerConfig};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt, DuplexStream};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

const CLIENT: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 40000);

async fn server(limits: Limits) -> InMemory {
    register_fixtures();
    // No housekeeping sweeps: a sweep waits for the database's thread, and
    // while it waits a paused clock jumps to the next timer.
    let sweep_every = Duration::from_secs(24 * 60 * 60);
    InMemory::open(ServerConfig { limits, sweep_every, bot_delay: Duration::ZERO, ..ServerConfig::default() })
        .await
        .unwrap()
}

/// One request on a connection of its own; the status and the JSON body.
async fn http(server: &InMemory, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut pipe = server.connect(CLIENT).await;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: spieltisch\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    pipe.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    pipe.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

type Ws = tokio_tungstenite::WebSocketStream<DuplexStream>;

async fn socket(server: &InMemory, table: &str, token: &str) -> Ws {
    let url = format!("ws://spieltisch/ws/{table}?token={token}");
    tokio_tungstenite::client_async(url, server.connect(CLIENT).await).await.unwrap().0
}

/// The next message, whatever it is; `None` when the connection is gone.
async fn next(ws: &mut Ws) -> Option<Message> {
    use futures_util::StreamExt;
    match ws.next().await {
        Some(Ok(message)) => Some(message),
        _ => None,
    }
}

async fn open_websockets(server: &InMemory) -> u64 {
    http(server, "GET", "/api/health", None).await.1["connections"]["websockets"].as_u64().unwrap()
}

#[tokio::test(start_paused = true)]
async fn a_client_that_does_not_finish_its_headers_is_disconnected_after_the_timeout() {
    let timeout = Duration::from_secs(10);
    let server = server(Limits { header_timeout: timeout, ..Limits::default() }).await;
    let mut slow = server.connect(CLIENT).await;
    slow.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let early = tokio::time::timeout(timeout - Duration::from_millis(1), slow.read_to_end(&mut rest)).await;
    assert!(early.is_err(), "still open just before the timeout: {rest:?}");
    let closed = tokio::time::timeout(Duration::from_secs(30), slow.read_to_end(&mut rest)).await;
    assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "closed at the timeout: {closed:?}");
    assert!(rest.is_empty(), "nothing was answered: {}", String::from_utf8_lossy(&rest));
    assert_eq!(started.elapsed(), timeout, "closed exactly at the timeout");
    // A kept-alive connection that sends no next request is closed the same way.
    let mut idle = server.connect(CLIENT).await;
    idle.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();
    let mut answer = vec![0u8; 64 * 1024];
    let n = idle.read(&mut answer).await.unwrap();
    assert!(answer[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&answer[..n]));
    let started = Instant::now();
    let mut ignored = Vec::new();
    let early =
        tokio::time::timeout(timeout - Duration::from_millis(1), idle.read_to_end(&mut ignored)).await;
    assert!(early.is_err(), "kept alive for a while");
    let closed = tokio::time::timeout(Duration::from_secs(30), idle.read_to_end(&mut ignored)).await;
    assert!(closed.is_ok(), "an idle kept-alive connection is closed");
    assert!(started.elapsed() >= timeout - Duration::from_millis(1), "{:?}", started.elapsed());
    // Meanwhile everyone else is served.
    assert_eq!(http(&server, "GET", "/api/games", None).await.0, 200);
}

#[tokio::test(start_paused = true)]
async fn a_silent_websocket_is_closed_and_one_that_answers_is_kept() {
    let (ping, idle) = (Duration::from_millis(200), Duration::from_secs(1));
    let server = server(Limits { ws_ping: ping, ws_idle: idle, ..Limits::default() }).await;
    let (status, reply) =
        http(&server, "POST", "/api/tables", Some(&json!({"game": "kuhn", "seats": ["human", "human"]})))
            .await;
    assert_eq!(status, 200, "{reply}");
    let table = reply["table"].as_str().unwrap().to_string();
    let watch = reply["spectator"]["token"].as_str().unwrap().to_string();
    // One client reads all the while (its WebSocket answers each ping by
    // itself); the other reads its snapshot and then nothing.
    let mut answering = socket(&server, &table, &watch).await;
    let listener = tokio::spawn(async move {
        let mut pings = 0;
        loop {
            match next(&mut answering).await {
                Some(Message::Ping(_)) => pings += 1,
                Some(Message::Close(frame)) => return (pings, frame.map(|f| u16::from(f.code))),
                Some(_) => {}
                None => return (pings, None),
            }
        }
    });
    let mut silent = socket(&server, &table, &watch).await;
    let started = Instant::now();
    let Some(Message::Text(first)) = next(&mut silent).await else { panic!("no snapshot first") };
    assert_eq!(serde_json::from_str::<Value>(&first).unwrap()["type"], "state");
    tokio::time::sleep(idle / 2).await;
    assert_eq!(open_websockets(&server).await, 2, "both open before the idle time");
    // Only after the idle time does the silent client read (and so
    // answer): it was pinged every 200 ms, and then closed (1001, going
    // away) with the reason.
    tokio::time::sleep_until(started + idle + ping * 2).await;
    let mut pinged = 0;
    let frame = loop {
        match next(&mut silent).await {
            Some(Message::Ping(_)) => pinged += 1,
            Some(Message::Close(frame)) => break frame.expect("a close frame with a code"),
            Some(other) => panic!("{other:?}"),
            None => panic!("closed without a close frame"),
        }
    };
    // Pings at 200, 400, 600 and 800 ms, and at 1 s maybe one more before
    // the idle timer of the same instant closes the connection.
    assert!((4..=5).contains(&pinged), "pinged every 200 ms until closed: {pinged}");
    assert_eq!(u16::from(frame.code), 1001);
    assert_eq!(frame.reason.as_str(), "nothing heard for 1s");
    assert!(next(&mut silent).await.is_none(), "the closing handshake ends");
    // The server lets the connection go once it has read the client's
    // answer to its close frame.
    let closed_at = Instant::now();
    while open_websockets(&server).await != 1 {
        assert!(closed_at.elapsed() < ping, "the silent one is gone, the other stays");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    // The one that answers is still there, several idle times later.
    tokio::time::sleep(idle * 3).await;
    assert_eq!(open_websockets(&server).await, 1);
    assert!(!listener.is_finished(), "the answering connection stays open");
    listener.abort();
}

#[tokio::test(start_paused = true)]
async fn a_websocket_sending_past_its_rate_is_told_to_wait_and_then_served() {
    let server = server(Limits::default()).await;
    let (_, reply) =
        http(&server, "POST", "/api/tables", Some(&json!({"game": "kuhn", "seats": ["human", "human"]})))
            .await;
    let watch = reply["spectator"]["token"].as_str().unwrap();
    let mut ws = socket(&server, reply["table"].as_str().unwrap(), watch).await;
    let text = async |ws: &mut Ws| loop {
        if let Some(Message::Text(text)) = next(ws).await {
            return serde_json::from_str::<Value>(&text).unwrap();
        }
    };
    assert_eq!(text(&mut ws).await["type"], "state");
    // The burst (30 messages) at one instant is answered, the next one not.
    use futures_util::SinkExt;
    let rate = spieltisch_server::ws::RateLimit::default();
    for _ in 0..=rate.burst {
        ws.send(Message::Text(r#"{"type":"ping"}"#.into())).await.unwrap();
    }
    for _ in 0..rate.burst {
        assert_eq!(text(&mut ws).await["type"], "pong");
    }
    let refused = text(&mut ws).await;
    assert_eq!(refused["code"], "rate.limited", "{refused}");
    assert_eq!(refused["retry_after_seconds"], 1, "{refused}");
    // One refill later the next message is served again.
    tokio::time::sleep(Duration::from_secs(1) / rate.per_second).await;
    ws.send(Message::Text(r#"{"type":"ping"}"#.into())).await.unwrap();
    assert_eq!(text(&mut ws).await["type"], "pong");
}
