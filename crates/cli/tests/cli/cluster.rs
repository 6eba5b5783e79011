//! A cluster of `spieltisch serve` processes on loopback ports, sharing one
//! PostgreSQL database (fresh per test) and one NATS bus (a subject prefix
//! per test): games played with seats on different nodes, a node killed
//! with `kill -9` while its bots play, two nodes sent the same move at
//! once, and the cap on tables counted across the nodes.
//!
//! PostgreSQL and NATS must answer (`.ci/run` starts them): at
//! `SPIELTISCH_TEST_POSTGRES` (see `postgres.rs`) and `SPIELTISCH_TEST_NATS`
//! (default nats://127.0.0.1:4222).

use crate::postgres::TestDatabase;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use spieltisch_core::Viewer;
use std::net::SocketAddr;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

fn nats() -> String {
    std::env::var("SPIELTISCH_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_string())
}

/// The cluster's shared part: a fresh database and a subject prefix of its own.
struct Cluster {
    database: TestDatabase,
    prefix: String,
    dir: PathBuf,
}

impl Cluster {
    async fn new(label: &str) -> Cluster {
        static MADE: AtomicUsize = AtomicUsize::new(0);
        let n = MADE.fetch_add(1, Ordering::Relaxed);
        let prefix = format!("test_{}_{n}", std::process::id());
        let dir = std::env::temp_dir().join(format!("spieltisch-cluster-{prefix}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let database = TestDatabase::create(&format!("cluster_{label}")).await;
        Cluster { database, prefix, dir }
    }

    /// A node on a free loopback port, answering its health endpoint.
    async fn node(&self, name: &str) -> Node {
        self.node_on(name, self.database.url.as_str()).await
    }

    /// A node that connects to the database as `role` (a role of the
    /// server, without a password).
    async fn node_as(&self, name: &str, role: &str) -> Node {
        self.node_on(name, &self.url_as(role)).await
    }

    /// The database's address for `role` instead of its own user.
    fn url_as(&self, role: &str) -> String {
        let (scheme, rest) = self.database.url.as_str().split_once("://").unwrap();
        let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
        format!("{scheme}://{role}@{host}")
    }

    /// A node with more `spieltisch serve` flags.
    async fn node_with(&self, name: &str, flags: &[&str]) -> Node {
        self.node_on_with(name, self.database.url.as_str(), flags).await
    }

    async fn node_on(&self, name: &str, database: &str) -> Node {
        self.node_on_with(name, database, &[]).await
    }

    async fn node_on_with(&self, name: &str, database: &str, flags: &[&str]) -> Node {
        let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
        let log_path = self.dir.join(format!("{name}.log"));
        let log = std::fs::File::create(&log_path).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
            .arg("serve")
            .args(["--addr", &addr.to_string()])
            .args(["--db", database])
            .args(["--bus", &nats(), "--bus-prefix", &self.prefix])
            .args(["--bot-delay-ms", "20", "--no-client-limits", "--allow-client-seeds"])
            .args(flags)
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .process_group(0)
            .spawn()
            .expect("spieltisch serve starts");
        let mut node = Node { child, addr, log: log_path };
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Ok((200, _)) = node.http("GET", "/api/health", None).await {
                return node;
            }
            assert!(node.alive(), "node {name} stopped:\n{}", node.log());
            assert!(Instant::now() < deadline, "node {name} did not answer within 30 s:\n{}", node.log());
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

struct Node {
    child: Child,
    addr: SocketAddr,
    log: PathBuf,
}

impl Node {
    async fn http(&self, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
        spieltisch_loadtest::http_request(self.addr, method, path, body).await
    }

    async fn create(&self, request: Value) -> Value {
        let (status, reply) = self.http("POST", "/api/tables", Some(&request)).await.unwrap();
        assert_eq!(status, 200, "{reply}");
        reply
    }

    async fn socket(&self, table: &str, token: &str) -> Seat {
        let url = format!("ws://{}/ws/{table}?token={token}", self.addr);
        let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        Seat { ws, latest: Value::Null, acted_at: None, frames: Vec::new() }
    }

    fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// `kill -9`: the node's process group dies at once, as in a crash.
    fn kill9(&mut self) {
        if let Some(group) = rustix::process::Pid::from_raw(self.child.id() as i32) {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
        let _ = self.child.wait();
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill9();
        if std::thread::panicking() {
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(30).collect();
            eprintln!("a node's log ({}), its end:", self.log.display());
            for line in tail.iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// One connection of a seat (or a spectator), with the frames it got.
struct Seat {
    ws: Ws,
    /// The last snapshot or update.
    latest: Value,
    /// The version this seat last acted at.
    acted_at: Option<usize>,
    frames: Vec<Value>,
}

impl Seat {
    async fn act(&mut self, version: usize, action: &str) {
        let message = json!({"type": "act", "version": version, "action": action}).to_string();
        self.ws.send(Message::Text(message.into())).await.unwrap();
    }

    /// Takes one frame in; errors other than a stale action fail the test.
    fn take(&mut self, text: &str) {
        let frame: Value = serde_json::from_str(text).unwrap();
        match frame["type"].as_str() {
            Some("state" | "update") => {
                self.latest = frame.clone();
                self.frames.push(frame);
            }
            // A move that lost a race, or was sent while the table's node
            // was being replaced: the test sends again.
            Some("error") if frame["code"] == "action.stale" || frame["code"] == "table.moving" => {}
            Some("error") => panic!("refused: {frame}"),
            _ => {}
        }
    }

    /// Reads frames until `done` holds of this seat; false if it did not
    /// within `within`.
    async fn wait_for(&mut self, within: Duration, done: impl Fn(&Seat) -> bool) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while !done(self) {
            match tokio::time::timeout_at(deadline, self.ws.next()).await {
                Ok(Some(Ok(Message::Text(text)))) => self.take(&text),
                Ok(Some(Ok(_))) => {}
                Ok(other) => panic!("the connection ended: {other:?}"),
                Err(_) => return false,
            }
        }
        true
    }

    fn version(&self) -> usize {
        self.latest["version"].as_u64().unwrap_or(0) as usize
    }

    fn over(&self) -> bool {
        !self.latest["outcome"].is_null()
    }

    /// Reads frames until `done` holds of this seat, within `within`.
    async fn until(&mut self, within: Duration, done: impl Fn(&Seat) -> bool) {
        if !self.wait_for(within, done).await {
            panic!("not in time; the last frame: {}", self.latest);
        }
    }
}

/// Plays the table with every seat a person connected to `seats` (each to
/// its own node), choosing among the legal actions by a fixed rule, until
/// the game ends; returns the number of actions.
async fn play_to_the_end(seats: &mut [Seat], max_actions: usize) -> usize {
    let mut pick = 0usize;
    loop {
        for seat in seats.iter_mut() {
            let version = seat.version();
            let legal = seat.latest["legal"].as_array().cloned().unwrap_or_default();
            if !legal.is_empty() && seat.acted_at != Some(version) {
                pick = pick.wrapping_mul(31).wrapping_add(7);
                let action = legal[pick % legal.len()]["action"].as_str().unwrap().to_string();
                seat.acted_at = Some(version);
                seat.act(version, &action).await;
            }
        }
        if seats.iter().all(Seat::over) {
            return seats[0].version();
        }
        assert!(seats[0].version() <= max_actions, "no end after {max_actions} actions");
        // The next frame, whichever seat it comes to.
        let next = futures_util::future::select_all(seats.iter_mut().map(|seat| Box::pin(seat.ws.next())));
        let Ok((message, i, rest)) = tokio::time::timeout(Duration::from_secs(15), next).await else {
            let latest: Vec<String> = seats
                .iter()
                .map(|s| {
                    format!(
                        "v{} turn {} legal {} window {}",
                        s.version(),
                        s.latest["turn"],
                        s.latest["legal"],
                        s.latest["window"]
                    )
                })
                .collect();
            panic!("nothing happened for 15 s: {latest:#?}")
        };
        drop(rest);
        match message {
            Some(Ok(Message::Text(text))) => seats[i].take(&text),
            Some(Ok(_)) => {}
            other => panic!("seat {i}'s connection ended: {other:?}"),
        }
    }
}

/// Every view a seat was sent equals what the seat may see at that version,
/// replayed here from the stored record: the node it was connected to
/// showed it neither more (another seat's secret) nor anything else.
async fn check_views(database: &TestDatabase, table: &str, seats: &[Seat]) {
    let storage =
        spieltisch_server::storage::open(&database.address(), Duration::from_secs(5)).await.unwrap();
    let Some(spieltisch_server::storage::Loaded::Table(row, actions, _)) = storage.load(table).await.unwrap()
    else {
        panic!("{table} is not stored")
    };
    let record = spieltisch_core::Record {
        format: row.format,
        game: row.game,
        options: row.options,
        seed: row.seed,
        actions,
    };
    for (i, seat) in seats.iter().enumerate() {
        let mut session = spieltisch_catalog::session_from_record(&spieltisch_core::Record {
            actions: vec![],
            ..record.clone()
        })
        .unwrap();
        let mut checked = 0;
        for frame in &seat.frames {
            let version = frame["version"].as_u64().unwrap() as usize;
            while session.version() < version {
                let mover = session.turn().seat();
                session.apply(mover, &record.actions[session.version()]).unwrap();
            }
            if frame["view"].is_null() {
                continue;
            }
            assert_eq!(
                frame["view"],
                session.view(Viewer::Seat(i)).unwrap(),
                "seat {i} at {version}: {frame}"
            );
            checked += 1;
        }
        assert!(checked > 1, "seat {i} was shown views");
    }
}

#[tokio::test]
async fn a_game_of_each_kind_is_played_with_its_seats_on_different_nodes() {
    let cluster = Cluster::new("games").await;
    let nodes = [cluster.node("a").await, cluster.node("b").await];
    for (game, options, people) in [
        ("six", json!({}), 2),
        ("sechstage", json!({"players": 3, "races": 1}), 3),
        ("ausreisser", json!({"players": 3, "stages": 1}), 3),
        ("reifenbreite", json!({"teams": 2, "course": "luettich"}), 2),
    ] {
        let reply = nodes[0]
            .create(json!({"game": game, "options": options, "seats": vec!["human"; people], "seed": 5}))
            .await;
        let table = reply["table"].as_str().unwrap().to_string();
        let mut seats = Vec::new();
        for i in 0..people {
            let token = reply["seats"][i]["token"].as_str().unwrap();
            // Seat 0 on the table's own node, seat 1 on the other, and so on.
            let mut seat = nodes[i % 2].socket(&table, token).await;
            seat.until(Duration::from_secs(10), |s| !s.latest.is_null()).await;
            seats.push(seat);
        }
        let actions = play_to_the_end(&mut seats, 3000).await;
        for (i, seat) in seats.iter().enumerate() {
            assert_eq!(seat.version(), actions, "{game}: seat {i} saw the end");
            assert_eq!(seat.latest["outcome"], seats[0].latest["outcome"], "{game}: one result for everyone");
        }
        check_views(&cluster.database, &table, &seats).await;
    }
}

#[tokio::test]
async fn a_bot_table_whose_node_is_killed_finishes_through_another() {
    let cluster = Cluster::new("takeover").await;
    let mut owner = cluster.node("owner").await;
    let other = cluster.node("other").await;
    let reply = owner
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["random", "random", "random"], "seed": 3}))
        .await;
    let table = reply["table"].as_str().unwrap().to_string();
    let mut watcher = other.socket(&table, reply["spectator"]["token"].as_str().unwrap()).await;
    watcher.until(Duration::from_secs(20), |s| s.version() >= 15).await;
    owner.kill9();
    let killed_at = watcher.version();
    assert!(watcher.latest["outcome"].is_null(), "the game went on after the kill");
    watcher.until(Duration::from_secs(60), Seat::over).await;
    assert!(watcher.version() > killed_at, "the other node's bots played on");
    // Each version was sent once, in order: no move was made twice.
    let versions: Vec<u64> = watcher.frames.iter().filter_map(|f| f["version"].as_u64()).collect();
    assert!(versions.windows(2).all(|w| w[0] <= w[1]), "{versions:?}");
    let storage =
        spieltisch_server::storage::open(&cluster.database.address(), Duration::from_secs(5)).await.unwrap();
    let Some(spieltisch_server::storage::Loaded::Table(_, actions, _)) = storage.load(&table).await.unwrap()
    else {
        panic!("not stored")
    };
    assert_eq!(actions.len(), watcher.version(), "everything shown is stored, and nothing else");
}

#[tokio::test]
async fn of_one_move_sent_through_two_nodes_at_once_exactly_one_is_played() {
    let cluster = Cluster::new("race").await;
    let nodes = [cluster.node("a").await, cluster.node("b").await];
    let reply = nodes[1].create(json!({"game": "six", "seats": ["human", "human"], "seed": 1})).await;
    let table = reply["table"].as_str().unwrap().to_string();
    let tokens: Vec<String> =
        (0..2).map(|i| reply["seats"][i]["token"].as_str().unwrap().to_string()).collect();
    // Each seat twice: once through each node.
    let mut seats = Vec::new();
    for token in &tokens {
        for node in &nodes {
            let mut seat = node.socket(&table, token).await;
            seat.until(Duration::from_secs(10), |s| !s.latest.is_null()).await;
            seats.push(seat);
        }
    }
    for round in 0..10 {
        let mover = seats[0].latest["turn"]["seat"].as_u64().unwrap() as usize;
        let version = seats[0].version();
        let (first, second) = seats.split_at_mut(2 * mover + 1);
        let (a, b) = (&mut first[2 * mover], &mut second[0]);
        let legal = a.latest["legal"].as_array().unwrap().clone();
        assert!(legal.len() >= 2, "round {round}: two different moves to send");
        let (one, two) = (legal[0]["action"].as_str().unwrap(), legal[1]["action"].as_str().unwrap());
        tokio::join!(a.act(version, one), b.act(version, two));
        for seat in seats.iter_mut() {
            seat.until(Duration::from_secs(10), |s| s.version() > version).await;
            assert_eq!(seat.version(), version + 1, "round {round}: exactly one of the two moves was played");
        }
        let played = &seats[0].latest["log"];
        let stored = spieltisch_server::storage::open(&cluster.database.address(), Duration::from_secs(5))
            .await
            .unwrap()
            .summaries(vec![table.clone()])
            .await
            .unwrap();
        assert_eq!(stored[0].version, version + 1, "round {round}: one move stored: {played}");
    }
}

/// A move made through one node reaches a seat connected to another with
/// polling made impossible: once the table is loaded there, the other node's
/// database role may no longer read any action, so only the bus can tell it.
#[tokio::test]
async fn moves_reach_the_other_node_over_the_bus_alone() {
    let cluster = Cluster::new("bus").await;
    let owner = cluster.node("owner").await;
    let admin = cluster.database.client().await;
    let role = format!("spieltisch_test_reader_{}", std::process::id());
    admin.batch_execute(&format!("CREATE ROLE {role} LOGIN")).await.unwrap();
    admin
        .batch_execute(&format!(
            "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}"
        ))
        .await
        .unwrap();
    let reader = cluster.node_as("reader", &role).await;
    let reply = owner.create(json!({"game": "six", "seats": ["human", "human"], "seed": 2})).await;
    let table = reply["table"].as_str().unwrap().to_string();
    let token = |seat: usize| reply["seats"][seat]["token"].as_str().unwrap().to_string();
    let mut seats = [owner.socket(&table, &token(0)).await, reader.socket(&table, &token(1)).await];
    for seat in seats.iter_mut() {
        seat.until(Duration::from_secs(10), |s| !s.latest.is_null()).await;
    }
    admin.batch_execute(&format!("REVOKE SELECT ON actions FROM {role}")).await.unwrap();
    let (as_reader, connection) =
        tokio_postgres::connect(&cluster.url_as(&role), tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    assert!(as_reader.query("SELECT * FROM actions", &[]).await.is_err(), "the reader cannot read actions");
    for round in 0..12 {
        let version = seats[0].version();
        let mover = seats[0].latest["turn"]["seat"].as_u64().unwrap() as usize;
        let action = seats[mover].latest["legal"][0]["action"].as_str().unwrap().to_string();
        seats[mover].act(version, &action).await;
        for seat in seats.iter_mut() {
            seat.until(Duration::from_secs(10), |s| s.version() > version).await;
        }
        assert_eq!(seats[1].latest["log"], seats[0].latest["log"], "round {round}: both nodes tell the same");
    }
    drop((seats, as_reader, owner, reader));
    admin.batch_execute(&format!("DROP OWNED BY {role}; DROP ROLE {role}")).await.unwrap();
}

/// People at a table whose owning node is killed with `kill -9`: the one
/// connected to it reconnects to the other node, which takes the table over;
/// every acknowledged move is there, and the game goes on.
#[tokio::test]
async fn people_whose_node_is_killed_reconnect_to_another_and_play_on() {
    let cluster = Cluster::new("reconnect").await;
    let mut owner = cluster.node("owner").await;
    let other = cluster.node("other").await;
    let reply = owner.create(json!({"game": "six", "seats": ["human", "human"], "seed": 4})).await;
    let table = reply["table"].as_str().unwrap().to_string();
    let token = |seat: usize| reply["seats"][seat]["token"].as_str().unwrap().to_string();
    let mut seats = [owner.socket(&table, &token(0)).await, other.socket(&table, &token(1)).await];
    for seat in seats.iter_mut() {
        seat.until(Duration::from_secs(10), |s| !s.latest.is_null()).await;
    }
    // A move is played when both seats have seen it; until the other node
    // owns the table, a move is answered `table.moving` and sent again.
    async fn play(seats: &mut [Seat; 2], rounds: usize) {
        for round in 0..rounds {
            let version = seats[1].version();
            let mover = seats[1].latest["turn"]["seat"].as_u64().unwrap() as usize;
            let mut played = false;
            for _ in 0..40 {
                let action = seats[mover].latest["legal"][0]["action"].as_str().unwrap().to_string();
                seats[mover].act(version, &action).await;
                if seats[mover].wait_for(Duration::from_millis(500), |s| s.version() > version).await {
                    played = true;
                    break;
                }
            }
            assert!(played, "round {round}: the move was not played within 20 s");
            let other = 1 - mover;
            seats[other].until(Duration::from_secs(10), |s| s.version() > version).await;
        }
    }
    play(&mut seats, 6).await;
    let acknowledged = seats[1].version();
    owner.kill9();
    seats[0] = other.socket(&table, &token(0)).await;
    seats[0].until(Duration::from_secs(10), |s| !s.latest.is_null()).await;
    assert_eq!(seats[0].version(), acknowledged, "every acknowledged move is there after the crash");
    play(&mut seats, 6).await;
    assert_eq!(seats[0].version(), acknowledged + 6);
    assert_eq!(seats[0].latest["log"], seats[1].latest["log"]);
}

/// `--max-tables` holds across the cluster, exactly: the nodes count the
/// unfinished tables in their database, so tables made through either node
/// share the cap, and neither node can make one more.
#[tokio::test]
async fn the_cap_on_tables_holds_across_the_nodes() {
    let cluster = Cluster::new("caps").await;
    let a = cluster.node_with("a", &["--max-tables", "3"]).await;
    let b = cluster.node_with("b", &["--max-tables", "3"]).await;
    let request = json!({"game": "six", "seats": ["human", "human"], "seed": 1});
    let mut made = Vec::new();
    for node in [&a, &b, &a] {
        made.push(node.create(request.clone()).await);
    }
    for node in [&b, &a] {
        let (status, reply) = node.http("POST", "/api/tables", Some(&request)).await.unwrap();
        assert_eq!((status, &reply["error"]["code"]), (503, &json!("server.full")), "{reply}");
        assert_eq!(reply["error"]["limit"], 3, "{reply}");
    }
    // Each table is still there, reachable through either node.
    for reply in &made {
        let (table, token) = (reply["table"].as_str().unwrap(), reply["seats"][0]["token"].as_str().unwrap());
        let (status, _) =
            b.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await.unwrap();
        assert_eq!(status, 200);
    }
}
