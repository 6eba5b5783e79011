//! One client cannot take the server from the others: requests, tables,
//! connections and WebSockets are limited per client address and in all,
//! and a refusal is JSON with a stable code. The clients are loopback
//! addresses: 127.0.0.2 is the greedy one, 127.0.0.3 someone else.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_catalog::register_fixtures;
use spieltisch_server::ServerConfig;
use spieltisch_server::client_addr::TrustedProxies;
use spieltisch_server::limits::Limits;
use std::time::{Duration, Instant};

const GREEDY: [u8; 4] = [127, 0, 0, 2];
const OTHER: [u8; 4] = [127, 0, 0, 3];

async fn server(limits: Limits) -> TestServer {
    register_fixtures();
    TestServer::start_with(ServerConfig { limits, ..ServerConfig::default() }).await
}

fn kuhn(seats: [&str; 2]) -> Value {
    json!({"game": "kuhn", "seats": seats})
}

fn token(reply: &Value, seat: usize) -> String {
    reply["seats"][seat]["token"].as_str().unwrap().to_string()
}

/// Plays a Kuhn poker table of two people to its end (bet, call).
async fn finish(server: &TestServer, reply: &Value) {
    let table = reply["table"].as_str().unwrap();
    let mut a = server.socket(table, &token(reply, 0)).await;
    let mut b = server.socket(table, &token(reply, 1)).await;
    a.state_at_least(2).await;
    a.act(2, "bet").await;
    b.state_at_least(3).await;
    b.act(3, "call").await;
    assert_eq!(a.state_at_least(4).await["turn"], "over");
}

#[tokio::test]
async fn requests_over_the_rate_get_429_with_the_wait_and_other_addresses_do_not_notice() {
    let limits = Limits {
        requests_per_second: 1,
        request_burst: 5,
        trusted_proxies: TrustedProxies::new(["127.0.0.4".parse().unwrap()]),
        ..Limits::default()
    };
    let server = server(limits).await;
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(server.http_from(GREEDY, "GET", "/api/games", "", None).await);
    }
    assert!(statuses[..5].iter().all(|(status, _, _)| *status == 200), "the burst passes");
    let (status, headers, body) = statuses.last().unwrap();
    assert_eq!(*status, 429, "{body}");
    assert_eq!(body["ok"], false);
    assert_eq!(body["error"]["code"], "rate.limited");
    let wait = body["error"]["retry_after_seconds"].as_u64().unwrap();
    assert!((1..=2).contains(&wait), "{body}");
    assert!(headers.contains(&format!("retry-after: {wait}")), "{headers}");
    assert!(headers.contains("content-type: application/json"), "{headers}");
    // Someone else is served as ever; naming another address does not help.
    assert_eq!(server.http_from(OTHER, "GET", "/api/games", "", None).await.0, 200);
    let spoofed = "X-Forwarded-For: 198.51.100.9\r\n";
    assert_eq!(server.http_from(GREEDY, "GET", "/api/games", spoofed, None).await.0, 429);
    // Behind a trusted proxy, each forwarded client has its own allowance.
    let proxy = [127, 0, 0, 4];
    for _ in 0..8 {
        server.http_from(proxy, "GET", "/api/games", "X-Forwarded-For: 198.51.100.1\r\n", None).await;
    }
    let limited =
        server.http_from(proxy, "GET", "/api/games", "X-Forwarded-For: 198.51.100.1\r\n", None).await;
    assert_eq!(limited.0, 429);
    let fresh = server.http_from(proxy, "GET", "/api/games", "X-Forwarded-For: 198.51.100.2\r\n", None).await;
    assert_eq!(fresh.0, 200, "{}", fresh.2);
    server.kill().await;
}

#[tokio::test]
async fn unfinished_tables_are_capped_per_address_also_after_a_restart() {
    let db = temp_db("limits-tables");
    let limits = Limits { tables_per_address: 2, ..Limits::default() };
    let config = ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.clone()),
        limits,
        ..ServerConfig::default()
    };
    register_fixtures();
    let server = TestServer::start_with(config.clone()).await;
    let mut mine = Vec::new();
    for _ in 0..2 {
        let (status, reply) = server.create_from(GREEDY, &kuhn(["human", "human"])).await;
        assert_eq!(status, 200, "{reply}");
        mine.push(reply);
    }
    let (status, refused) = server.create_from(GREEDY, &kuhn(["human", "human"])).await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["error"]["code"], "tables.too_many");
    assert_eq!(refused["error"]["limit"], 2);
    let (status, theirs) = server.create_from(OTHER, &kuhn(["human", "human"])).await;
    assert_eq!(status, 200, "another address is not affected: {theirs}");
    server.kill().await;

    // The count is stored with the tables: a restart does not reset it.
    let server = TestServer::start_with(config).await;
    let (status, refused) = server.create_from(GREEDY, &kuhn(["human", "human"])).await;
    assert_eq!((status, refused["error"]["code"].as_str()), (429, Some("tables.too_many")));
    // A finished table no longer counts.
    finish(&server, &mine[0]).await;
    let (status, reply) = server.create_from(GREEDY, &kuhn(["human", "human"])).await;
    assert_eq!(status, 200, "{reply}");
    let (_, health) = server.health().await;
    assert_eq!(health["tables"]["unfinished"], 3, "{health}");
    server.kill().await;
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

#[tokio::test]
async fn table_creation_is_rate_limited_per_address() {
    let server = server(Limits { tables_per_minute: 2, ..Limits::default() }).await;
    // Bots finish their games at once: only the rate can refuse.
    for _ in 0..2 {
        assert_eq!(server.create_from(GREEDY, &kuhn(["random", "random"])).await.0, 200);
    }
    let (status, refused) = server.create_from(GREEDY, &kuhn(["random", "random"])).await;
    assert_eq!(status, 429, "{refused}");
    assert_eq!(refused["error"]["code"], "rate.limited");
    let wait = refused["error"]["retry_after_seconds"].as_u64().unwrap();
    assert!((1..=30).contains(&wait), "a place every 30 s: {refused}");
    assert_eq!(server.create_from(OTHER, &kuhn(["random", "random"])).await.0, 200);
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_limit_holds_under_concurrency_and_is_never_permanent() {
    register_fixtures();
    let limits = Limits { per_client: false, ..Limits::default() };
    let server =
        TestServer::start_with(ServerConfig { max_tables: 5, limits, ..ServerConfig::default() }).await;
    let addr = server.addr;
    let attempts: Vec<_> = (0..30)
        .map(|_| {
            tokio::spawn(async move {
                let request = kuhn(["human", "human"]);
                crate::common::http_request(addr, "POST", "/api/tables", Some(&request)).await
            })
        })
        .collect();
    let mut made = Vec::new();
    let mut full = 0;
    for attempt in attempts {
        let (status, reply) = attempt.await.unwrap();
        match status {
            200 => made.push(reply),
            503 => {
                assert_eq!(reply["error"]["code"], "server.full");
                assert_eq!(reply["error"]["limit"], 5);
                full += 1;
            }
            _ => panic!("{status}: {reply}"),
        }
    }
    assert_eq!((made.len(), full), (5, 25), "exactly as many as the limit, whatever the timing");
    // Full is not for ever: a finished table makes room.
    finish(&server, &made[0]).await;
    let (status, reply) = server.http("POST", "/api/tables", Some(&kuhn(["human", "human"]))).await;
    assert_eq!(status, 200, "{reply}");
    server.kill().await;
}

/// Tries to open a WebSocket from `source` until it is let in (a closed
/// one gives back its place once the server has seen it close).
async fn socket_eventually(
    server: &TestServer,
    source: [u8; 4],
    table: &str,
    token: &str,
) -> crate::common::Socket {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match server.socket_from(source, table, token).await {
            Ok(socket) => return socket,
            Err(refusal) => assert!(Instant::now() < deadline, "still refused: {refusal:?}"),
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn websockets_are_capped_per_address_and_in_all() {
    let limits = Limits { websockets_per_address: 2, max_websockets: 3, ..Limits::default() };
    let server = server(limits).await;
    let reply = server.create(kuhn(["human", "human"])).await;
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let first = server.socket_from(GREEDY, table, watch).await.unwrap();
    let _second = server.socket_from(GREEDY, table, watch).await.unwrap();
    let (status, body) = server.socket_from(GREEDY, table, watch).await.err().expect("a third is refused");
    assert_eq!((status, body["error"]["code"].as_str()), (429, Some("connections.too_many")), "{body}");
    assert_eq!(body["error"]["limit"], 2);
    let mut theirs = server.socket_from(OTHER, table, watch).await.expect("another address gets in");
    assert_eq!(theirs.state_at_least(0).await["type"], "state");
    let (status, body) =
        server.socket_from([127, 0, 0, 4], table, watch).await.err().expect("the server is full");
    assert_eq!((status, body["error"]["code"].as_str()), (503, Some("server.busy")), "{body}");
    // A closed connection gives its place back.
    drop(first);
    let mut later = socket_eventually(&server, [127, 0, 0, 4], table, watch).await;
    assert_eq!(later.state_at_least(0).await["type"], "state");
    server.kill().await;
}

#[tokio::test]
async fn connections_are_capped_per_address() {
    use tokio::io::AsyncReadExt;
    let server = server(Limits { connections_per_address: 3, ..Limits::default() }).await;
    // Three connections that send nothing hold the address's places...
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(server.connect_from(GREEDY).await);
    }
    // ... so a fourth is closed at once, before it sends anything,
    let mut fourth = server.connect_from(GREEDY).await;
    let mut buffer = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(5), fourth.read(&mut buffer)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the fourth connection is closed: {read:?}");
    // while another address is served.
    assert_eq!(server.http_from(OTHER, "GET", "/api/games", "", None).await.0, 200);
    let (_, health) = server.health().await;
    assert!(health["connections"]["http"].as_u64().unwrap() >= 3, "{health}");
    drop(held);
    server.kill().await;
}
