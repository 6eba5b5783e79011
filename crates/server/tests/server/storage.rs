//! Tables never stall on storage: while another connection holds the
//! database's write lock for longer than the busy timeout, commits fail;
//! each table retries (and says so in the log, with its id), the health
//! endpoint answers 503 with the error, and once the lock is gone every
//! table goes on to its end. A table that gives up on a commit for now
//! tells its clients, and goes on when storage works again.

use crate::common::log::{log, logged};

use crate::common::{Socket, TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_catalog::register_fixtures;
use spieltisch_server::ServerConfig;
use std::time::{Duration, Instant};

/// Another connection to the database, holding its write lock.
fn lock(db: &std::path::Path) -> rusqlite::Connection {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("BEGIN IMMEDIATE").unwrap();
    conn
}

async fn server(db: &std::path::Path, patience: Duration) -> TestServer {
    let _ = log();
    register_fixtures();
    TestServer::start_as(ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.to_path_buf()),
        bot_delay: Duration::from_secs(1),
        busy_timeout: Duration::from_millis(100),
        commit_patience: patience,
        ..ServerConfig::default()
    })
    .await
}

fn token(reply: &Value, seat: usize) -> String {
    reply["seats"][seat]["token"].as_str().unwrap().to_string()
}

/// Waits (at most 20 s) until `table` is over, as its spectator sees it.
async fn over(server: &TestServer, reply: &Value) {
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, state) = server.http("GET", &format!("/api/tables/{table}/state?token={watch}"), None).await;
        if state["turn"] == "over" {
            return;
        }
        assert!(Instant::now() < deadline, "table {table} did not finish: {state}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits (at most 10 s) until the health endpoint answers `status`.
async fn health_is(server: &TestServer, status: u16) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (got, body) = server.health().await;
        if got == status {
            return body;
        }
        assert!(Instant::now() < deadline, "health stays {got}: {body}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_reports_the_writer_queue_and_errors() {
    let db = temp_db("storage-health");
    let server = server(&db, Duration::from_secs(20)).await;
    let (status, health) = server.health().await;
    assert_eq!(status, 200, "{health}");
    assert_eq!(health["ok"], true);
    assert_eq!(health["storage"], json!({"queue": 0, "failing": false, "last_error": null}));
    assert_eq!(health["tables"], json!({"unfinished": 0, "held": 0}));
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commits_refused_by_a_locked_database_are_retried_and_every_table_finishes() {
    let db = temp_db("storage-locked");
    let server = server(&db, Duration::from_secs(20)).await;
    // A person against a bot, and two bots (who move a second after each
    // change): the bots' table is made last, right before the lock, so that
    // its first move falls into the lock however slowly the person's table
    // was set up.
    let person = server.create(json!({"game": "kuhn", "seats": ["human", "random"], "seed": 1})).await;
    let mut seat = server.socket(person["table"].as_str().unwrap(), &token(&person, 0)).await;
    seat.state_at_least(2).await;
    let bots = server.create(json!({"game": "kuhn", "seats": ["random", "random"], "seed": 2})).await;

    let locked = lock(&db);
    seat.act(2, "bet").await;
    let failing = health_is(&server, 503).await;
    assert_eq!(failing["ok"], false);
    assert_eq!(failing["error"]["code"], "server.storage");
    assert_eq!(failing["storage"]["failing"], true);
    let message = failing["storage"]["last_error"]["message"].as_str().unwrap();
    assert!(message.contains("locked") || message.contains("busy"), "{message}");
    // Longer than the busy timeout, many times over, and longer than the
    // bots' delay: their first move falls into it too.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    locked.execute_batch("COMMIT").unwrap();
    drop(locked);

    // The person's move is stored, the bot answers, and both games end.
    assert!(seat.state_at_least(3).await["version"].as_u64().unwrap() >= 3);
    over(&server, &person).await;
    over(&server, &bots).await;
    let healthy = health_is(&server, 200).await;
    assert_eq!(healthy["storage"]["failing"], false);
    assert!(healthy["storage"]["last_error"]["message"].is_string(), "the last error is kept: {healthy}");
    let log = logged();
    for reply in [&person, &bots] {
        let id = reply["table"].as_str().unwrap();
        assert!(log.contains(&format!("table={id}")), "{id} is named in the log: {log}");
    }
    assert!(log.contains("commit failed, retrying"), "{log}");
    assert!(log.contains("commit stored after retrying"), "{log}");
    server.kill().await;
}

/// The next error message on `socket` with this code.
async fn error_with(socket: &mut Socket, code: &str) -> Value {
    loop {
        let error = socket.error().await;
        if error["code"] == code {
            return error;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_that_cannot_store_tells_its_clients_and_goes_on_later() {
    let db = temp_db("storage-stalled");
    // Little patience: the tables give up on their commits while the lock is held.
    let server = server(&db, Duration::from_millis(300)).await;
    let person = server.create(json!({"game": "kuhn", "seats": ["human", "random"], "seed": 3})).await;
    let bots = server.create(json!({"game": "kuhn", "seats": ["random", "random"], "seed": 4})).await;
    let (table, watch) = (person["table"].as_str().unwrap(), person["spectator"]["token"].as_str().unwrap());
    let mut seat = server.socket(table, &token(&person, 0)).await;
    let mut spectator = server.socket(table, watch).await;
    let bots_watch = bots["spectator"]["token"].as_str().unwrap();
    let mut bots_spectator = server.socket(bots["table"].as_str().unwrap(), bots_watch).await;
    seat.state_at_least(2).await;
    spectator.state_at_least(2).await;

    let locked = lock(&db);
    seat.act(2, "bet").await;
    // The person's move is refused, and everyone at the table hears why.
    let refused = error_with(&mut seat, "server.storage").await;
    assert!(refused["message"].as_str().unwrap().contains("storage"), "{refused}");
    let stalled = error_with(&mut spectator, "table.stalled").await;
    assert!(stalled["message"].as_str().unwrap().contains("cannot store"), "{stalled}");
    // The bots' table gives up on its move too, and says so.
    error_with(&mut bots_spectator, "table.stalled").await;
    let (_, state) = server.http("GET", &format!("/api/tables/{table}/state?token={watch}"), None).await;
    assert_eq!(state["version"], 2, "nothing unstored is shown");
    tokio::time::sleep(Duration::from_millis(500)).await;
    locked.execute_batch("COMMIT").unwrap();
    drop(locked);

    // Storage works again: the person plays again, the bots go on by themselves.
    seat.act(2, "bet").await;
    assert!(seat.state_at_least(3).await["version"].as_u64().unwrap() >= 3);
    over(&server, &person).await;
    over(&server, &bots).await;
    let log = logged();
    assert!(log.contains("commit failed for good"), "{log}");
    assert!(log.contains("bot move not stored, asking again"), "{log}");
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_are_answered_at_the_last_committed_version_while_a_commit_waits() {
    let db = temp_db("storage-reads");
    // Patience enough to outlast the test: the commit retries all the while.
    let server = server(&db, Duration::from_secs(600)).await;
    let reply = server.create(json!({"game": "kuhn", "seats": ["human", "human"]})).await;
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let mut seat = server.socket(table, &token(&reply, 0)).await;
    let before = seat.state_at_least(2).await;
    assert_eq!(before["turn"], json!({"seat": 0}));

    let locked = lock(&db);
    seat.act(2, "bet").await;
    // The commit fails, and is tried again while the lock is held; every
    // read is answered meanwhile, from memory, at the version stored.
    let answered = async {
        let (status, info) = server.http("GET", &format!("/api/tables/{table}?token={watch}"), None).await;
        assert_eq!((status, &info["version"]), (200, &json!(2)), "{info}");
        for token in [watch.to_string(), token(&reply, 1)] {
            let (status, state) =
                server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await;
            assert_eq!((status, &state["version"]), (200, &json!(2)), "nothing unstored is shown: {state}");
        }
        let mut spectator = server.socket(table, watch).await;
        assert_eq!(spectator.state_at_least(0).await["version"], 2);
        spectator
    };
    // A bound, not a measurement: a read that waits for the commit waits
    // until the lock is gone, which is never while this runs.
    let mut spectator = tokio::time::timeout(Duration::from_secs(60), answered)
        .await
        .expect("a read waited behind the commit that storage refuses");
    assert!(health_is(&server, 503).await["storage"]["failing"] == true);
    locked.execute_batch("COMMIT").unwrap();
    drop(locked);

    // The move is stored once the lock is gone, and announced.
    assert_eq!(spectator.state_at_least(3).await["version"], 3);
    assert_eq!(seat.state_at_least(3).await["version"], 3);
    let (_, state) = server.http("GET", &format!("/api/tables/{table}/state?token={watch}"), None).await;
    assert_eq!(state["version"], 3);
    server.kill().await;
}
