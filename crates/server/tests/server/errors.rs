//! The error contract: every answer of the API that is an error is JSON
//! with a stable code, the framework's own refusals included.

use crate::common::TestServer;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends a raw HTTP/1.1 request (`head` without the final blank line) and
/// returns the status, the headers and the JSON body.
async fn raw(server: &TestServer, head: &str, body: &str) -> (u16, String, Value) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request = format!(
        "{head}\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = headers[9..12].parse().unwrap();
    let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, headers.to_ascii_lowercase(), json)
}

#[tokio::test]
async fn every_refusal_of_the_framework_is_json_with_a_code() {
    let server = TestServer::start(None).await;
    let create = "POST /api/tables HTTP/1.1";
    let json = "Content-Type: application/json";
    let big = format!("{{\"game\":\"{}\"}}", "x".repeat(70 * 1024));
    let cases: Vec<(&str, String, String, u16, &str)> = vec![
        ("an unknown route", "GET /api/nothing HTTP/1.1".into(), String::new(), 404, "route.unknown"),
        ("a wrong method", "DELETE /api/games HTTP/1.1".into(), String::new(), 405, "request.method"),
        ("malformed JSON", format!("{create}\r\n{json}"), "{".into(), 400, "request.invalid"),
        ("no JSON content type", create.into(), "{}".into(), 415, "request.media_type"),
        ("a body over the limit", format!("{create}\r\n{json}"), big, 413, "request.too_large"),
        (
            "JSON of the wrong shape",
            format!("{create}\r\n{json}"),
            "{\"x\":1}".into(),
            422,
            "request.invalid",
        ),
        (
            "a WebSocket request without an upgrade",
            "GET /ws/t?token=x HTTP/1.1".into(),
            String::new(),
            400,
            "request.invalid",
        ),
    ];
    for (what, head, body, status, code) in cases {
        let (got, headers, reply) = raw(&server, &head, &body).await;
        assert_eq!(got, status, "{what}: {reply}");
        assert!(headers.contains("content-type: application/json"), "{what}: {headers}");
        assert_eq!(reply["ok"], false, "{what}");
        assert_eq!(reply["error"]["code"], code, "{what}: {reply}");
        assert!(!reply["error"]["message"].as_str().unwrap().is_empty(), "{what}");
    }
    // The method refusal still says which methods are allowed.
    let (_, headers, _) = raw(&server, "DELETE /api/games HTTP/1.1", "").await;
    assert!(headers.contains("allow: get"), "{headers}");
    server.kill().await;
}

/// Sends a GET with `accept` as its Accept header; the status, the headers
/// (lower case) and the body as text.
async fn get_accepting(server: &TestServer, path: &str, accept: &str) -> (u16, String, String) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (headers[9..12].parse().unwrap(), headers.to_ascii_lowercase(), body.to_string())
}

#[tokio::test]
async fn a_browser_that_navigates_to_a_wrong_path_gets_the_page_and_programs_keep_json() {
    let server = TestServer::start(None).await;
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for path in ["/nowhere", "/tables/abc", "/index.html"] {
        let (status, headers, body) = get_accepting(&server, path, browser).await;
        assert_eq!(status, 404, "{path}");
        assert!(headers.contains("content-type: text/html"), "{path}: {headers}");
        assert!(body.contains(r#"<main id="main">"#) && body.contains("/assets/app.js"), "{path}: the page");
    }
    // The API and the WebSockets answer programs, browser or not; a path
    // asked for without HTML answers as it always did.
    for (path, accept) in [
        ("/api/nothing", browser),
        ("/ws", browser),
        ("/api", browser),
        ("/nowhere", "application/json"),
        ("/nowhere", "*/*"),
    ] {
        let (status, headers, body) = get_accepting(&server, path, accept).await;
        assert_eq!(status, 404, "{path} ({accept})");
        assert!(headers.contains("content-type: application/json"), "{path} ({accept}): {headers}");
        let reply: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(reply["error"]["code"], "route.unknown", "{path} ({accept})");
    }
    server.kill().await;
}
