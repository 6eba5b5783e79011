//! A test server on a loopback port, and small HTTP and WebSocket clients.
#![allow(dead_code)]

pub mod browser;
pub mod log;
pub mod postgres;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use spieltisch_server::{DbAddress, ServerConfig, serve_on};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub struct TestServer {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl TestServer {
    pub async fn start(db: Option<PathBuf>) -> Self {
        let db = db.map_or(DbAddress::Memory, DbAddress::Sqlite);
        Self::start_with(ServerConfig { db, ..ServerConfig::default() }).await
    }

    /// A server with this configuration (its address and bot delay are the
    /// test's), run as `--allow-client-seeds` runs one: tests play exact
    /// games with seeds of their own at any table.
    pub async fn start_with(config: ServerConfig) -> Self {
        Self::start_as(ServerConfig { bot_delay: Duration::ZERO, allow_client_seeds: true, ..config }).await
    }

    /// A server with exactly this configuration, but on a free loopback port.
    pub async fn start_as(config: ServerConfig) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let config = ServerConfig { addr, ..config };
        let task = tokio::spawn(async move {
            serve_on(listener, config).await.unwrap();
        });
        TestServer { addr, task }
    }

    /// Kills the server at once, as a crash would.
    pub async fn kill(self) {
        self.task.abort();
        let _ = self.task.await;
    }

    /// A plain HTTP/1.1 request; returns (status, JSON body).
    pub async fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        http_request(self.addr, method, path, body).await
    }

    pub async fn create(&self, request: Value) -> Value {
        let (status, reply) = self.http("POST", "/api/tables", Some(&request)).await;
        assert_eq!(status, 200, "{reply}");
        reply
    }

    pub async fn socket(&self, table: &str, token: &str) -> Socket {
        self.socket_at(&format!("ws://{}/ws/{table}?token={token}", self.addr)).await
    }

    /// A socket with more query parameters (`lang=de`, ...).
    pub async fn socket_with(&self, table: &str, token: &str, query: &str) -> Socket {
        self.socket_at(&format!("ws://{}/ws/{table}?token={token}&{query}", self.addr)).await
    }

    /// A socket that asks for compact messages, as programs do.
    pub async fn compact_socket(&self, table: &str, token: &str) -> Socket {
        self.socket_at(&format!("ws://{}/ws/{table}?token={token}&detail=compact", self.addr)).await
    }

    async fn socket_at(&self, url: &str) -> Socket {
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Socket { ws, frames: Vec::new(), current: None }
    }

    /// A TCP connection to the server from `source`, a loopback address
    /// such as 127.0.0.2 (the whole of 127.0.0.0/8 is this machine), so
    /// that a test can be several clients.
    pub async fn connect_from(&self, source: [u8; 4]) -> TcpStream {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from((source, 0))).unwrap();
        socket.connect(self.addr).await.unwrap()
    }

    /// An HTTP/1.1 request from `source`, with more header lines
    /// (`extra`, each ended by CRLF); returns the status, the headers
    /// (lower case) and the JSON body.
    pub async fn http_from(
        &self,
        source: [u8; 4],
        method: &str,
        path: &str,
        extra: &str,
        body: Option<&Value>,
    ) -> (u16, String, Value) {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = self.connect_from(source).await;
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\n{extra}Content-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.unwrap();
        let text = String::from_utf8_lossy(&response).into_owned();
        let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = headers.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        (status, headers.to_ascii_lowercase(), serde_json::from_str(body).unwrap_or(Value::Null))
    }

    /// Opens a table from `source`; returns the status and the reply.
    pub async fn create_from(&self, source: [u8; 4], request: &Value) -> (u16, Value) {
        let (status, _, reply) = self.http_from(source, "POST", "/api/tables", "", Some(request)).await;
        (status, reply)
    }

    /// A WebSocket from `source`, or the refusal's status and JSON body.
    pub async fn socket_from(
        &self,
        source: [u8; 4],
        table: &str,
        token: &str,
    ) -> Result<Socket, (u16, Value)> {
        let stream = self.connect_from(source).await;
        let url = format!("ws://{}/ws/{table}?token={token}", self.addr);
        match tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream)).await {
            Ok((ws, _)) => Ok(Socket { ws, frames: Vec::new(), current: None }),
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                let body = response.body().as_deref().and_then(|b| serde_json::from_slice(b).ok());
                Err((response.status().as_u16(), body.unwrap_or_default()))
            }
            Err(e) => panic!("WebSocket from {source:?}: {e}"),
        }
    }

    /// Waits (bounded) until the bots have played the table of `reply` (a
    /// creation's reply) to its end.
    pub async fn until_over(&self, reply: &Value) {
        let table = reply["table"].as_str().unwrap();
        let watch = reply["spectator"]["token"].as_str().unwrap();
        for _ in 0..2400 {
            let (_, summary) = self.http("GET", &format!("/api/tables/{table}?token={watch}"), None).await;
            if summary["over"] == true {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("the bots did not finish {table}");
    }

    /// Plays seat 0's first legal action whenever it is to move (the other
    /// seats are bots), until the game of `reply` (a creation's reply) ends;
    /// the last snapshot.
    pub async fn play_seat_0_to_the_end(&self, reply: &Value) -> Value {
        let table = reply["table"].as_str().unwrap();
        let token = reply["seats"][0]["token"].as_str().unwrap();
        let mut me = self.socket(table, token).await;
        loop {
            let state = me.next().await;
            if state["type"] != "state" {
                continue;
            }
            if state["turn"] == "over" {
                return state;
            }
            if state["turn"] == json!({"seat": 0}) {
                let first = state["legal"][0]["action"].as_str().unwrap().to_string();
                me.act(state["version"].as_u64().unwrap(), &first).await;
            }
        }
    }

    /// `GET /api/health`: its status and body.
    pub async fn health(&self) -> (u16, Value) {
        self.http("GET", "/api/health", None).await
    }
}

pub struct Socket {
    ws: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
    /// Every text frame received, in order (for scanning for secrets).
    pub frames: Vec<String>,
    /// The last snapshot, with every update since applied to it.
    current: Option<Value>,
}

/// What an update changes in the snapshot it continues (as the browser does).
pub fn apply_update(snapshot: &mut Value, update: &Value) {
    assert_eq!(update["from"], snapshot["version"], "an update skipped a version: {update}");
    for key in ["version", "turn", "legal", "outcome", "view", "text"] {
        match update.get(key) {
            Some(v) => snapshot[key] = v.clone(),
            None => {
                snapshot.as_object_mut().unwrap().remove(key);
            }
        }
    }
    // The update's entries replace the log's from the first one's `at` on.
    if let Some(log) = snapshot["log"].as_array_mut() {
        let entries = update["log"].as_array().unwrap();
        if let Some(from) = entries.first().map(|entry| entry["at"].as_u64().unwrap()) {
            log.retain(|entry| entry["at"].as_u64().unwrap() < from);
            log.extend(entries.iter().cloned());
        }
    }
}

impl Socket {
    /// The next JSON message (panics after 10 s of silence); an update is
    /// returned applied to the snapshot it continues, as a `state`.
    pub async fn next(&mut self) -> Value {
        loop {
            let msg = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("no message within 10 s")
                .expect("socket closed")
                .expect("socket error");
            if let Message::Text(text) = msg {
                self.frames.push(text.to_string());
                let msg: Value = serde_json::from_str(&text).unwrap();
                match msg["type"].as_str() {
                    Some("state") => self.current = Some(msg.clone()),
                    Some("update") => {
                        let current = self.current.as_mut().expect("an update before any snapshot");
                        apply_update(current, &msg);
                        return current.clone();
                    }
                    _ => {}
                }
                return msg;
            }
        }
    }

    /// The next state snapshot at `version` or later.
    pub async fn state_at_least(&mut self, version: u64) -> Value {
        loop {
            let msg = self.next().await;
            if msg["type"] == "state" && msg["version"].as_u64().unwrap() >= version {
                return msg;
            }
        }
    }

    /// The next error reply.
    pub async fn error(&mut self) -> Value {
        loop {
            let msg = self.next().await;
            if msg["type"] == "error" {
                return msg;
            }
        }
    }

    pub async fn send(&mut self, value: Value) {
        self.ws.send(Message::Text(value.to_string().into())).await.unwrap();
    }

    /// Sends raw text as one message.
    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Reads until the server closes the connection: the close frame's
    /// code, or `None` when it closed without one.
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .expect("no close within 10 s")
            {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return None,
            }
        }
    }

    pub async fn act(&mut self, version: u64, action: &str) {
        self.send(json!({"type": "act", "version": version, "action": action})).await;
    }

    /// The next message of any kind (pings and pongs too), without waiting
    /// longer than `within`; `None` when the connection is closed.
    pub async fn raw_next(&mut self, within: Duration) -> Option<Message> {
        match tokio::time::timeout(within, self.ws.next()).await.expect("no message in time") {
            Some(Ok(message)) => Some(message),
            _ => None,
        }
    }
}

/// One HTTP/1.1 request to `addr` on a connection of its own, with a JSON
/// body (or none); the status and the JSON reply (`null` when it is not
/// JSON).
pub async fn http_request(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    use http_body_util::BodyExt;
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .pool_max_idle_per_host(0)
        .build_http::<http_body_util::Full<hyper::body::Bytes>>();
    let request = http::Request::builder()
        .method(method)
        .uri(format!("http://{addr}{path}"))
        .header(http::header::CONTENT_TYPE, "application/json")
        .body(body.map(Value::to_string).unwrap_or_default().into())
        .unwrap();
    let response = client.request(request).await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let status = response.status().as_u16();
    let reply = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&reply).unwrap_or(Value::Null))
}

/// A fresh database path under the system's temp folder.
pub fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db")
}
