//! The JSON text of the server's replies, byte for byte: the order of the
//! keys, which are `null` and which are left out. The other tests read the
//! replies as values; these pin how they are written, with the random table
//! ids and tokens (and the numbers that change from run to run) masked.
//! A binary of its own: the list of games and the errors that name the
//! known games are those of a process that never registered the test
//! fixtures, as every product is (the server's other tests register them).

mod common;

use common::TestServer;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use tokio_tungstenite::tungstenite::Message;

/// One HTTP/1.1 request; the status and the body as it was written.
async fn text(server: &TestServer, method: &str, path: &str, body: Option<&Value>) -> (u16, String) {
    use http_body_util::BodyExt;
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .pool_max_idle_per_host(0)
        .build_http::<http_body_util::Full<hyper::body::Bytes>>();
    let request = http::Request::builder()
        .method(method)
        .uri(format!("http://{}{path}", server.addr))
        .header(http::header::CONTENT_TYPE, "application/json")
        .body(body.map(Value::to_string).unwrap_or_default().into())
        .unwrap();
    let response = client.request(request).await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Random names masked: each table id (12 hex digits) and token (32) by
/// its own label, the same wherever it recurs.
#[derive(Default)]
struct Masks {
    labels: HashMap<String, String>,
}

impl Masks {
    fn mask(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut run = String::new();
        for c in text.chars().chain(std::iter::once('\0')) {
            if c.is_ascii_digit() || ('a'..='f').contains(&c) {
                run.push(c);
                continue;
            }
            if run.len() == 12 || run.len() == 32 {
                let kind = if run.len() == 12 { "ID" } else { "TOKEN" };
                let count = self.labels.values().filter(|l| l.starts_with(kind)).count();
                let label = self.labels.entry(run.clone()).or_insert_with(|| format!("{kind}{}", count + 1));
                out.push_str(label);
            } else {
                out.push_str(&run);
            }
            run.clear();
            if c != '\0' {
                out.push(c);
            }
        }
        out
    }
}

/// Every number outside a string written as `0`.
fn numbers_masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped, mut in_number) = (false, false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        let numeric = c.is_ascii_digit() || matches!(c, '-' | '.' | 'e' | 'E' | '+') && in_number;
        if numeric || (c == '-') {
            if !in_number {
                out.push('0');
                in_number = true;
            }
            continue;
        }
        in_number = false;
        in_string = c == '"';
        out.push(c);
    }
    out
}

/// A 64-bit FNV-1a hash, the same on every platform and toolchain.
fn fnv(text: &str) -> String {
    let hash =
        text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{hash:016x}")
}

async fn created(server: &TestServer, masks: &mut Masks, request: Value) -> (Value, String) {
    let (status, body) = text(server, "POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 200, "{body}");
    (serde_json::from_str(&body).unwrap(), masks.mask(&body))
}

#[tokio::test]
async fn errors_are_written_as_they_always_were() {
    let server = TestServer::start(None).await;
    let mut masks = Masks::default();
    let mut out = Vec::new();
    let six = |options: Value, seats: Value| json!({"game": "six", "options": options, "seats": seats});
    let cases = [
        ("GET", "/api/tables/abcdefabcdef?token=x", None),
        ("POST", "/api/tables", Some(six(json!({}), json!(["human", "mcts:iters=1000000000"])))),
        ("POST", "/api/tables", Some(six(json!({"nope": 1}), json!(["human", "random"])))),
        ("POST", "/api/tables", Some(six(json!({"split": "sometimes"}), json!(["human", "random"])))),
        (
            "POST",
            "/api/tables",
            Some(json!({"game": "ausreisser", "options": {"stages": 99}, "seats": ["human", "random"]})),
        ),
        ("POST", "/api/tables", Some(json!({"game": "nothing", "seats": ["human"]}))),
        ("DELETE", "/api/games", None),
        ("GET", "/api/nothing", None),
    ];
    for (method, path, body) in cases {
        let (status, body) = text(&server, method, path, body.as_ref()).await;
        out.push(format!("{method} {path}: {status} {}", masks.mask(&body)));
    }
    // On the WebSocket: a malformed message, and one over the size limit.
    let (reply, _) = created(&server, &mut masks, six(json!({}), json!(["human", "random"]))).await;
    let url = format!(
        "ws://{}/ws/{}?token={}",
        server.addr,
        reply["table"].as_str().unwrap(),
        reply["seats"][0]["token"].as_str().unwrap()
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    ws.send(Message::Text("{\"type\":\"jump\"}".into())).await.unwrap();
    ws.send(Message::Text(format!("{{\"type\":\"ping\",\"x\":\"{}\"}}", "x".repeat(20 * 1024)).into()))
        .await
        .unwrap();
    let mut errors = 0;
    while errors < 2 {
        let Some(Ok(Message::Text(frame))) = ws.next().await else { break };
        if frame.contains("\"type\":\"error\"") {
            out.push(format!("ws: {}", masks.mask(&frame)));
            errors += 1;
        }
    }
    insta::assert_snapshot!(out.join("\n"));
}

#[tokio::test]
async fn tables_are_written_as_they_always_were() {
    let server = TestServer::start(None).await;
    let mut masks = Masks::default();
    let mut out = Vec::new();
    // One device for two people.
    let (hotseat, body) = created(
        &server,
        &mut masks,
        json!({"game": "six", "seats": ["human", "human"], "hotseat": true, "seed": 1}),
    )
    .await;
    out.push(format!("created (hot seat): {body}"));
    // Public, with a named seat, a free one and a bot.
    let (public, body) = created(
        &server,
        &mut masks,
        json!({"game": "six", "options": {"players": 4}, "seats": ["human", "human", "random", "human"],
               "names": ["Anna", null, null, null], "public": true, "seed": 2}),
    )
    .await;
    out.push(format!("created (public): {body}"));
    let id = public["table"].as_str().unwrap();
    let anna = public["seats"][0]["token"].as_str().unwrap();
    let watch = public["spectator"]["token"].as_str().unwrap();
    for (who, token) in [("seat", anna), ("spectator", watch)] {
        let (status, body) = text(&server, "GET", &format!("/api/tables/{id}?token={token}"), None).await;
        out.push(format!("info ({who}): {status} {}", masks.mask(&body)));
    }
    let hot = hotseat["table"].as_str().unwrap();
    let hot_token = hotseat["seats"][1]["token"].as_str().unwrap();
    let mine = format!("/api/mine?tables={id}:{anna},{hot}:{hot_token},{id}:{watch},abcdefabcdef:x");
    let (status, body) = text(&server, "GET", &mine, None).await;
    out.push(format!("mine: {status} {}", masks.mask(&body)));
    // The invitations: what one leads to, and taking seats.
    let invite = public["seats"][1]["invite"].as_str().unwrap();
    let code = invite.rsplit('/').next().unwrap();
    let (status, body) = text(&server, "GET", &format!("/api/tables/{id}/invite/{code}"), None).await;
    out.push(format!("invitation: {status} {}", masks.mask(&body)));
    let at = &server;
    let claim = |request: Value| async move {
        text(at, "POST", &format!("/api/tables/{id}/claim"), Some(&request)).await
    };
    let (status, body) = claim(json!({"invite": code, "name": "Bernd"})).await;
    out.push(format!("claim (invitation): {status} {}", masks.mask(&body)));
    let (status, body) = text(&server, "GET", &format!("/api/tables/{id}/invite/{code}"), None).await;
    out.push(format!("invitation (taken): {status} {}", masks.mask(&body)));
    let (status, body) = claim(json!({"seat": 3, "name": "Clara"})).await;
    out.push(format!("claim (number): {status} {}", masks.mask(&body)));
    let (status, body) = text(&server, "GET", "/api/public", None).await;
    let created_at = serde_json::from_str::<Value>(&body).unwrap()["tables"][0]["created_at"].to_string();
    let body = body.replace(&format!("\"created_at\":{created_at}"), "\"created_at\":0");
    out.push(format!("public: {status} {}", masks.mask(&body)));
    insta::assert_snapshot!(out.join("\n"));
}

#[tokio::test]
async fn the_lists_of_games_and_the_health_are_written_as_they_always_were() {
    let server = TestServer::start(None).await;
    let (status, games) = text(&server, "GET", "/api/games", None).await;
    assert_eq!(status, 200);
    let (status, health) = text(&server, "GET", "/api/health", None).await;
    assert_eq!(status, 200);
    insta::assert_snapshot!(format!("games: {games}\nhealth: {}", numbers_masked(&health)));
}

#[tokio::test]
async fn rematches_and_replays_are_written_as_they_always_were() {
    let server = TestServer::start(None).await;
    let mut masks = Masks::default();
    let mut out = Vec::new();
    let (reply, _) = created(
        &server,
        &mut masks,
        json!({"game": "six", "options": {"move_limit": 20}, "seats": ["human", "random"], "seed": 7}),
    )
    .await;
    server.play_seat_0_to_the_end(&reply).await;
    let id = reply["table"].as_str().unwrap();
    let anna = reply["seats"][0]["token"].as_str().unwrap();
    let watch = reply["spectator"]["token"].as_str().unwrap();
    for (who, token) in [("seat", anna), ("spectator", watch)] {
        let (status, body) =
            text(&server, "GET", &format!("/api/tables/{id}/replay?token={token}"), None).await;
        assert_eq!(status, 200, "{body}");
        let body = masks.mask(&body);
        let steps = body.find("\"steps\":").unwrap();
        let outcome = body.rfind("\"outcome\":").unwrap();
        out.push(format!(
            "replay ({who}): {} bytes, fnv {}\n  {}…\n  …{}",
            body.len(),
            fnv(&body),
            &body[..steps],
            &body[outcome..]
        ));
    }
    let (status, body) =
        text(&server, "POST", &format!("/api/tables/{id}/rematch"), Some(&json!({"token": anna}))).await;
    out.push(format!("rematch: {status} {}", masks.mask(&body)));
    insta::assert_snapshot!(out.join("\n"));
}
