//! The page and its assets go compressed to a browser that takes gzip, and
//! as they are to a client that does not.

use crate::common::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A raw GET with the given extra header lines; the status line and
/// headers (lower case) and the body's bytes.
async fn get(server: &TestServer, path: &str, headers: &str) -> (String, Vec<u8>) {
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n{headers}\r\n", server.addr);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let split = response.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&response[..split]).to_ascii_lowercase();
    (head, response[split + 4..].to_vec())
}

#[tokio::test]
async fn assets_are_gzipped_for_a_browser_that_takes_it() {
    let server = TestServer::start(None).await;
    for path in ["/", "/assets/app.js", "/assets/style.css", "/assets/boards/reifenbreite.js"] {
        let (plain_head, plain) = get(&server, path, "").await;
        assert!(plain_head.starts_with("http/1.1 200"), "{path}: {plain_head}");
        assert!(!plain_head.contains("content-encoding"), "{path} uncompressed without asking: {plain_head}");
        let (head, body) = get(&server, path, "Accept-Encoding: gzip\r\n").await;
        assert!(head.contains("content-encoding: gzip"), "{path}: {head}");
        // The compressed reply is smaller, a module (chunk framing and all)
        // less than half the file.
        let most = if path.ends_with(".js") { plain.len() / 2 } else { plain.len() };
        assert!(body.len() < most, "{path}: {} bytes gzipped, {} plain", body.len(), plain.len());
    }
    server.kill().await;
}
