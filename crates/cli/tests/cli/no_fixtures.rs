//! The product registers no test fixture. The binary these tests run is the
//! one `cargo test` builds, with the features of every dev-dependency
//! unified into it: if anything could register Kuhn poker in a product
//! built alongside tests or examples, it would show here.

use crate::support::{code, game_ids, lines, run, session};
use serde_json::{Value, json};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn the_binary_lists_exactly_the_four_games() {
    assert_eq!(game_ids(), ["six", "sechstage", "ausreisser", "reifenbreite"]);
}

#[test]
fn no_command_knows_the_fixture() {
    for args in [vec!["play", "kuhn", "--seed", "1"], vec!["sim", "kuhn", "--games", "1"]] {
        let out = run(&args, "");
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("unknown game 'kuhn'"), "{args:?}: {}", out.stderr);
    }
    let replies = session(&lines(&[json!({"cmd": "new", "game": "kuhn", "seed": 1})]));
    assert_eq!(code(&replies[0]), "game.unknown", "{}", replies[0]);
}

/// `spieltisch serve --memory` on a free loopback port, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Self {
        let addr = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .args(["serve", "--memory", "--addr", &addr.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let server = Server { child, addr };
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "the server listens on {addr}");
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// One HTTP/1.1 request; returns (status, JSON body).
    fn http(&self, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
        let body = body.map(Value::to_string).unwrap_or_default();
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").expect("a head and a body");
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        (status, serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {reply}")))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_server_lists_only_the_four_games_and_refuses_kuhn_tables() {
    let server = Server::start();
    let (status, games) = server.http("GET", "/api/games", None);
    assert_eq!(status, 200, "{games}");
    let ids: Vec<&str> =
        games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["six", "sechstage", "ausreisser", "reifenbreite"]);
    let (status, reply) =
        server.http("POST", "/api/tables", Some(&json!({"game": "kuhn", "seats": ["human", "human"]})));
    assert_eq!(status, 400, "{reply}");
    assert_eq!(reply["error"]["code"], "game.unknown", "{reply}");
}
