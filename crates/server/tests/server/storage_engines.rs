//! The storage contract, run against both engines: SQLite (a file of its
//! own per test) and PostgreSQL (a database of its own per test). Whatever
//! the server asks of its database ([`spieltisch_server::storage::Storage`])
//! must come out the same from either: appends in order and refused out of
//! order, tables read back exactly or found damaged, quarantine, expiry,
//! the lobby's lists, and a game played through the server that survives a
//! crash of the server.
//!
//! PostgreSQL must answer (`.ci/run` starts it); see `crate::common::postgres`.

use crate::common::postgres::TestDatabase;
use crate::common::{TestServer, temp_db};
use serde_json::json;
use spieltisch_core::Turn;
use spieltisch_server::storage::{self, SharedStorage};
use spieltisch_server::storage::{Checksum, Loaded, Progress, StoreError, TableRow, Waiting, now};
use spieltisch_server::{DbAddress, ServerConfig};
use std::time::Duration;

/// One engine under test, with what keeps its database alive.
struct Engine {
    name: &'static str,
    address: DbAddress,
    storage: SharedStorage,
    /// Damages the database behind the storage's back.
    tamper: Tamper,
    _postgres: Option<TestDatabase>,
}

enum Tamper {
    Sqlite(std::path::PathBuf),
    Postgres(tokio_postgres::Client),
}

impl Engine {
    async fn tamper(&self, sql: &str) {
        match &self.tamper {
            Tamper::Sqlite(path) => {
                rusqlite::Connection::open(path).unwrap().execute_batch(sql).unwrap();
            }
            Tamper::Postgres(client) => client.batch_execute(sql).await.unwrap(),
        }
    }

    /// Another handle on the same database, as another server node (or
    /// process) would hold.
    async fn another_handle(&self) -> SharedStorage {
        storage::open(&self.address, Duration::from_secs(5)).await.unwrap()
    }
}

/// Both engines, each on a fresh database named after `label`.
async fn engines(label: &str) -> Vec<Engine> {
    let path = temp_db(&format!("engines-{label}"));
    let sqlite = DbAddress::Sqlite(path.clone());
    let database = TestDatabase::create(label).await;
    let postgres = database.address();
    vec![
        Engine {
            name: "sqlite",
            storage: storage::open(&sqlite, Duration::from_secs(5)).await.unwrap(),
            address: sqlite,
            tamper: Tamper::Sqlite(path),
            _postgres: None,
        },
        Engine {
            name: "postgres",
            storage: storage::open(&postgres, Duration::from_secs(5)).await.unwrap(),
            address: postgres,
            tamper: Tamper::Postgres(database.client().await),
            _postgres: Some(database),
        },
    ]
}

fn row(id: &str, created_at: i64, public: bool) -> TableRow {
    TableRow {
        id: id.into(),
        game: "six".into(),
        options: json!({ "players": 2 }),
        seed: u64::MAX - 7,
        format: spieltisch_core::Record::FORMAT,
        seats: json!({ "seats": [{ "spec": "human", "token": "t0", "name": "Anna" }], "public": public }),
        spectator_token: "watch".into(),
        created_at,
        creator: Some("127.0.0.0/24".into()),
    }
}

fn at(seat: usize) -> Progress {
    Progress { turn: Turn::Seat(seat), waiting: Waiting::People, ranks: None }
}

fn over(ranks: Vec<u32>) -> Progress {
    Progress { turn: Turn::Over, waiting: Waiting::Over, ranks: Some(ranks) }
}

fn actions(of: &[&str]) -> Vec<String> {
    of.iter().map(|a| a.to_string()).collect()
}

async fn loaded(storage: &SharedStorage, id: &str) -> (TableRow, Vec<String>) {
    match storage.load(id).await.unwrap() {
        Some(Loaded::Table(row, actions, _)) => (row, actions),
        other => panic!("{id}: {other:?}"),
    }
}

#[tokio::test]
async fn tables_and_their_actions_come_back_exactly() {
    for engine in engines("exact").await {
        let (name, store) = (engine.name, &engine.storage);
        let made = row("t1", now(), false);
        store.create(made.clone(), at(0)).await.unwrap();
        store.append("t1", 0, actions(&["a1", "ä2 \"quoted\""]), at(1)).await.unwrap();
        store.append("t1", 2, actions(&["a3"]), over(vec![2, 1])).await.unwrap();
        let (back, stored) = loaded(store, "t1").await;
        assert_eq!(back, made, "{name}: the row, its seed above i64::MAX included");
        assert_eq!(stored, ["a1", "ä2 \"quoted\"", "a3"], "{name}");
        let summaries = store.summaries(vec!["nothing".into(), "t1".into()]).await.unwrap();
        assert_eq!(summaries.len(), 1, "{name}");
        assert_eq!((summaries[0].version, summaries[0].turn), (3, Some(Turn::Over)), "{name}");
        assert_eq!(summaries[0].ranks, Some(vec![2, 1]), "{name}");
        assert!(store.load("nothing").await.unwrap().is_none(), "{name}");
        assert!(store.unfinished().await.unwrap().is_empty(), "{name}: a finished table is not resumed");
        assert_eq!(store.health().queue, 0, "{name}");
        assert!(!store.health().failing, "{name}");
        let again = store.create(row("t1", now(), false), at(0)).await;
        assert!(again.is_err() && !again.unwrap_err().is_transient(), "{name}: a table is made once");
    }
}

#[tokio::test]
async fn an_append_out_of_order_is_refused_and_changes_nothing() {
    for engine in engines("order").await {
        let (name, store) = (engine.name, &engine.storage);
        store.create(row("t1", now(), false), at(0)).await.unwrap();
        store.append("t1", 0, actions(&["a1"]), at(1)).await.unwrap();
        for index in [0, 2] {
            let refused = store.append("t1", index, actions(&["late"]), at(0)).await.unwrap_err();
            assert!(
                matches!(refused, StoreError::OutOfOrder { index: i, stored: 1, .. } if i == index),
                "{name}: {refused:?}"
            );
            assert!(!refused.is_transient(), "{name}: not worth retrying");
        }
        assert_eq!(loaded(store, "t1").await.1, ["a1"], "{name}");
        let missing = store.append("none", 0, actions(&["a1"]), at(0)).await;
        assert!(missing.is_err(), "{name}: no table, no actions");
    }
}

#[tokio::test]
async fn of_two_appends_of_the_same_action_exactly_one_commits() {
    for engine in engines("race").await {
        let name = engine.name;
        let store = &engine.storage;
        store.create(row("t1", now(), false), at(0)).await.unwrap();
        // The same handle, and for PostgreSQL two handles as two nodes hold.
        let other = match name {
            "postgres" => engine.another_handle().await,
            _ => engine.storage.clone(),
        };
        for version in 0..20 {
            let (a, b) = tokio::join!(
                store.append("t1", version, actions(&[&format!("a{version}")]), at(1)),
                other.append("t1", version, actions(&[&format!("b{version}")]), at(0)),
            );
            let won: Vec<bool> = [&a, &b].iter().map(|r| r.is_ok()).collect();
            assert_eq!(won.iter().filter(|w| **w).count(), 1, "{name} at {version}: {a:?} {b:?}");
            let lost = match (a, b) {
                (Err(lost), _) | (_, Err(lost)) => lost,
                _ => unreachable!("one lost"),
            };
            assert!(matches!(lost, StoreError::OutOfOrder { .. }), "{name}: {lost:?}");
        }
        let (_, stored) = loaded(store, "t1").await;
        assert_eq!(stored.len(), 20, "{name}");
        assert!(
            stored.iter().enumerate().all(|(i, a)| a == &format!("a{i}") || a == &format!("b{i}")),
            "{name}"
        );
    }
}

#[tokio::test]
async fn a_table_whose_actions_were_changed_behind_its_back_is_found_damaged() {
    for engine in engines("damage").await {
        let (name, store) = (engine.name, &engine.storage);
        for id in ["lost", "changed", "gap", "options", "seed"] {
            store.create(row(id, now(), false), at(0)).await.unwrap();
            store.append(id, 0, actions(&["a1", "a2", "a3"]), at(1)).await.unwrap();
        }
        engine.tamper("DELETE FROM actions WHERE table_id = 'lost' AND idx = 2").await;
        engine.tamper("UPDATE actions SET action = 'x' WHERE table_id = 'changed' AND idx = 1").await;
        engine.tamper("DELETE FROM actions WHERE table_id = 'gap' AND idx = 1").await;
        // The checksum covers the seed and the options too.
        engine.tamper("UPDATE tables SET seed = seed + 1 WHERE id = 'seed'").await;
        engine.tamper("UPDATE tables SET options = '{\"players\":3}' WHERE id = 'options'").await;
        for (id, says) in [
            ("lost", "actions were lost"),
            ("changed", "checksum"),
            ("gap", "action 1 is missing"),
            ("options", "checksum"),
            ("seed", "checksum"),
        ] {
            // A new handle: SQLite's writer remembers nothing of it either.
            let fresh = engine.another_handle().await;
            match fresh.load(id).await.unwrap() {
                Some(Loaded::Damaged { id: found, reason }) => {
                    assert_eq!(found, id);
                    assert!(reason.contains(says), "{name} {id}: {reason}");
                }
                other => panic!("{name} {id}: {other:?}"),
            }
        }
        store.quarantine("lost", "actions were lost").await.unwrap();
        assert!(store.load("lost").await.unwrap().is_none(), "{name}: quarantined, never loaded");
        assert!(store.summaries(vec!["lost".into()]).await.unwrap().is_empty(), "{name}");
        let unfinished: Vec<String> = store.unfinished().await.unwrap().into_iter().map(|u| u.0).collect();
        assert_eq!(
            unfinished,
            ["changed", "gap", "options", "seed"],
            "{name}: the quarantined table is not resumed"
        );
    }
}

#[tokio::test]
async fn checksums_of_earlier_builds_keep_verifying_until_the_record_is_stamped_whole() {
    for engine in engines("checksum-versions").await {
        let (name, store) = (engine.name, &engine.storage);
        store.create(row("t1", now(), false), at(0)).await.unwrap();
        let written = actions(&["a1", "a2"]);
        store.append("t1", 0, written.clone(), at(1)).await.unwrap();
        let stamped = |loaded: Option<Loaded>| match loaded {
            Some(Loaded::Table(_, actions, progress)) => (actions, progress.stamped),
            other => panic!("{name}: {other:?}"),
        };
        assert_eq!(stamped(store.load("t1").await.unwrap()), (written.clone(), true), "{name}: new tables");
        // As an earlier build wrote it: version 1, over the actions only.
        let old = Checksum::of(&written).hex();
        engine.tamper(&format!("UPDATE tables SET checksum = '{old}' WHERE id = 't1'")).await;
        let fresh = engine.another_handle().await;
        assert_eq!(
            stamped(fresh.load("t1").await.unwrap()),
            (written.clone(), false),
            "{name}: still verifies"
        );
        // Once verified, the server writes it again in version 2 (as an
        // upgrade of the same record).
        let (made, _) = loaded(&fresh, "t1").await;
        let record = spieltisch_core::Record {
            format: made.format,
            game: made.game,
            options: made.options,
            seed: made.seed,
            actions: written.clone(),
        };
        fresh.upgrade("t1", record).await.unwrap();
        assert_eq!(
            stamped(fresh.load("t1").await.unwrap()),
            (written.clone(), true),
            "{name}: stamped whole"
        );
        fresh.append("t1", 2, actions(&["a3"]), at(0)).await.unwrap();
        let again = engine.another_handle().await;
        assert!(stamped(again.load("t1").await.unwrap()).1, "{name}: version 2 goes on with appends");
        engine.tamper("UPDATE tables SET seed = 1 WHERE id = 't1'").await;
        assert!(
            matches!(again.load("t1").await.unwrap(), Some(Loaded::Damaged { .. })),
            "{name}: the seed is covered"
        );
    }
}

#[tokio::test]
async fn idle_and_unvisited_tables_expire_and_finished_ones_never_do() {
    for engine in engines("expiry").await {
        let (name, store) = (engine.name, &engine.storage);
        let long_ago = now() - 10_000;
        store.create(row("unvisited", long_ago, false), at(0)).await.unwrap();
        store.create(row("visited", long_ago, false), at(0)).await.unwrap();
        store.create(row("finished", long_ago, false), at(0)).await.unwrap();
        store.append("finished", 0, actions(&["a1"]), over(vec![1, 2])).await.unwrap();
        store.create(row("fresh", now(), false), at(0)).await.unwrap();
        store.visit("visited");
        // Nobody waits for a visit: it lands with the next write or soon after.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        let mut due = Vec::new();
        while tokio::time::Instant::now() < deadline {
            due = store.expiring(now() - 100, now() - 100_000, 10).await.unwrap();
            if !due.contains(&"visited".to_string()) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(due, ["unvisited"], "{name}: created long ago and never visited");
        let idle = store.expiring(now() - 100, now() + 100, 10).await.unwrap();
        assert_eq!(idle.len(), 3, "{name}: every unfinished table is idle since before the future: {idle:?}");
        let marked =
            store.expire(vec!["finished".into(), "unvisited".into(), "nothing".into()]).await.unwrap();
        assert_eq!(marked, ["unvisited"], "{name}: a finished table never expires");
        assert!(store.expire(vec!["unvisited".into()]).await.unwrap().is_empty(), "{name}: once");
        assert!(matches!(store.load("unvisited").await.unwrap(), Some(Loaded::Expired(_))), "{name}");
        let unfinished: Vec<String> = store.unfinished().await.unwrap().into_iter().map(|u| u.0).collect();
        assert_eq!(unfinished, ["visited", "fresh"], "{name}");
    }
}

#[tokio::test]
async fn the_lobby_lists_the_newest_public_tables_that_are_still_open() {
    for engine in engines("public").await {
        let (name, store) = (engine.name, &engine.storage);
        for (i, public) in [true, false, true, true, true].into_iter().enumerate() {
            store.create(row(&format!("t{i}"), 1_000 + i as i64, public), at(0)).await.unwrap();
        }
        store.append("t3", 0, actions(&["a1"]), over(vec![1, 2])).await.unwrap();
        store.expire(vec!["t4".into()]).await.unwrap();
        let listed = store.public_tables(2).await.unwrap();
        let ids: Vec<(&str, bool)> = listed.iter().map(|p| (p.row.id.as_str(), p.over)).collect();
        assert_eq!(ids, [("t3", true), ("t2", false)], "{name}: newest first, expired left out, at most 2");
        assert_eq!(store.public_tables(10).await.unwrap().len(), 3, "{name}");
    }
}

#[tokio::test]
async fn seats_progress_and_upgrades_are_written_where_they_belong() {
    for engine in engines("writes").await {
        let (name, store) = (engine.name, &engine.storage);
        store.create(row("t1", now(), false), at(0)).await.unwrap();
        store.append("t1", 0, actions(&["old1", "old2"]), at(1)).await.unwrap();
        let seats = json!({ "seats": [{ "spec": "human", "token": "t0", "name": "Bea" }], "public": false });
        store.seat("t1", seats.clone()).await.unwrap();
        store
            .mark("t1", Progress { turn: Turn::Seat(1), waiting: Waiting::Bots, ranks: None })
            .await
            .unwrap();
        let unfinished = store.unfinished().await.unwrap();
        assert_eq!(
            unfinished,
            [("t1".to_string(), Some("127.0.0.0/24".to_string()), true)],
            "{name}: bots act"
        );
        let record = spieltisch_core::Record {
            format: spieltisch_core::Record::FORMAT,
            game: "six".into(),
            options: json!({ "players": 2, "upgraded": true }),
            seed: 1,
            actions: actions(&["new1", "new2", "new3"]),
        };
        store.upgrade("t1", record).await.unwrap();
        let (back, stored) = loaded(store, "t1").await;
        assert_eq!(back.seats, seats, "{name}");
        assert_eq!(back.options["upgraded"], true, "{name}");
        assert_eq!(stored, ["new1", "new2", "new3"], "{name}");
        store.append("t1", 3, actions(&["new4"]), at(0)).await.unwrap();
        let fresh = engine.another_handle().await;
        assert_eq!(loaded(&fresh, "t1").await.1.len(), 4, "{name}: the upgraded table's checksum goes on");
        assert!(fresh.integrity_check().await.unwrap().is_empty(), "{name}");
    }
}

/// Plays a table of 6-Tage Rennen among three bots through the server to
/// its end, then reads it back through a new server: the same game, the
/// same way, on either engine. (A crash with `kill -9` is the cluster
/// tests' part, with real processes: a server in this process leaves its
/// tables' tasks running when its own task is aborted.)
#[tokio::test]
async fn a_bot_game_played_through_the_server_reads_back_the_same_on_either_engine() {
    spieltisch_catalog::register_fixtures();
    let mut finals = Vec::new();
    for engine in engines("server").await {
        let name = engine.name;
        drop(engine.storage);
        let config = || ServerConfig { db: engine.address.clone(), ..ServerConfig::default() };
        let server = TestServer::start_with(config()).await;
        let reply = server
            .create(json!({
                "game": "sechstage",
                "options": { "players": 3, "races": 1 },
                "seed": 11,
                "seats": ["mcts:iterations=10", "mcts:iterations=10", "mcts:iterations=10"],
            }))
            .await;
        let id = reply["table"].as_str().unwrap().to_string();
        let watch = reply["spectator"]["token"].as_str().unwrap().to_string();
        let path = format!("/api/tables/{id}/state?token={watch}");
        let mut state = json!(null);
        for _ in 0..1500 {
            state = server.http("GET", &path, None).await.1;
            if !state["outcome"].is_null() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(!state["outcome"].is_null(), "{name}: the bots play to the end: {state}");
        server.kill().await;
        let server = TestServer::start_with(config()).await;
        let (status, again) = server.http("GET", &path, None).await;
        assert_eq!(status, 200, "{name}: {again}");
        assert_eq!(again, state, "{name}: read back as it was played");
        finals.push(state);
        server.kill().await;
    }
    assert_eq!(
        finals[0]["outcome"], finals[1]["outcome"],
        "the same seed plays the same game on both engines"
    );
    assert_eq!(finals[0]["log"], finals[1]["log"]);
}

/// Everything a PostgreSQL database holds, table by table, as text.
async fn everything(client: &tokio_postgres::Client) -> Vec<String> {
    let mut out = Vec::new();
    let tables = client
        .query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", &[])
        .await
        .unwrap();
    for table in tables {
        let name: String = table.get(0);
        let rows = client
            .query(&format!("SELECT CAST(t AS TEXT) FROM {name} AS t ORDER BY CAST(t AS TEXT)"), &[])
            .await
            .unwrap();
        out.extend(rows.iter().map(|r| format!("{name}: {}", r.get::<_, String>(0))));
    }
    out
}

#[tokio::test]
async fn a_postgres_schema_is_made_once_and_one_it_does_not_know_is_left_alone() {
    let database = TestDatabase::create("schema").await;
    let client = database.client().await;
    let address = database.address();
    // Nodes starting at once on a new database: the steps run once.
    let (a, b) = tokio::join!(
        storage::open(&address, Duration::from_secs(5)),
        storage::open(&address, Duration::from_secs(5))
    );
    let store = a.unwrap();
    drop(b.unwrap());
    store.create(row("t1", now(), false), at(0)).await.unwrap();
    let before = everything(&client).await;
    let steps = spieltisch_server::storage::postgres::SCHEMA_VERSION;
    assert_eq!(before.iter().filter(|r| r.starts_with("schema_migrations: ")).count(), steps, "{before:?}");
    assert!(before.iter().any(|r| r.starts_with("schema_migrations: (1,baseline,")), "{before:?}");
    drop(storage::open(&address, Duration::from_secs(5)).await.unwrap());
    assert_eq!(everything(&client).await, before, "opening again changes nothing");

    client
        .batch_execute(&format!(
            "INSERT INTO schema_migrations VALUES ({}, 'a step of a newer build', 0)",
            steps + 1
        ))
        .await
        .unwrap();
    let newer = everything(&client).await;
    let refused = storage::open(&database.address(), Duration::from_secs(5)).await.unwrap_err();
    assert!(
        matches!(refused, StoreError::Newer { found, known } if found == steps + 1 && known == steps),
        "{refused}"
    );
    assert_eq!(everything(&client).await, newer, "left as it was");

    let theirs = TestDatabase::create("theirs").await;
    let their_client = theirs.client().await;
    their_client
        .batch_execute("CREATE TABLE tables (id TEXT, what TEXT); INSERT INTO tables VALUES ('x', 'y')")
        .await
        .unwrap();
    let refused = storage::open(&theirs.address(), Duration::from_secs(5)).await.unwrap_err();
    assert!(matches!(&refused, StoreError::Unrecognised(why) if why.contains("'tables'")), "{refused}");
    assert_eq!(
        everything(&their_client).await,
        ["tables: (x,y)"],
        "another program's database is left alone"
    );
}

/// The caps on unfinished tables hold across the nodes of a cluster: the
/// database counts them in the same step as it stores a new one. Two
/// handles (two nodes) race 12 creations against a cap of 5 and make
/// exactly 5; the cap per creator counts only that creator's; finished
/// tables make room. SQLite leaves the count to its one server.
#[tokio::test]
async fn the_caps_on_tables_hold_across_nodes_in_postgres() {
    use spieltisch_server::storage::{TableCap, TableCaps};
    for engine in engines("caps").await {
        let (name, store) = (engine.name, &engine.storage);
        if name == "sqlite" {
            assert!(!store.counts_tables(), "one server counts its own tables");
            continue;
        }
        assert!(store.counts_tables());
        let other = engine.another_handle().await;
        let caps = TableCaps { total: 5, per_creator: Some(3) };
        let creator = |i: usize| Some(format!("10.0.{}.0/24", i % 4));
        let mut racing = Vec::new();
        for i in 0..12 {
            let node = if i % 2 == 0 { store.clone() } else { other.clone() };
            let made = TableRow { creator: creator(i), ..row(&format!("t{i}"), now(), false) };
            racing.push(tokio::spawn(async move { node.create_within(made, at(0), caps).await }));
        }
        let mut refused = Vec::new();
        for result in racing {
            if let Err(e) = result.await.unwrap() {
                refused.push(e);
            }
        }
        assert_eq!(refused.len(), 7, "{name}: exactly 5 of 12 were made: {refused:?}");
        assert!(refused.iter().all(|e| matches!(e, StoreError::Cap(TableCap::Total(5)))), "{refused:?}");
        assert_eq!(store.unfinished().await.unwrap().len(), 5);
        // A finished table makes room; then a creator at its own cap is
        // refused while another is not.
        let (first, ..) = &store.unfinished().await.unwrap()[0];
        let first = first.clone();
        store.append(&first, 0, actions(&["a"]), over(vec![1, 2])).await.unwrap();
        let roomy = TableCaps { total: 100, per_creator: Some(1) };
        let busy = store.unfinished().await.unwrap()[0].1.clone();
        let refused =
            other.create_within(TableRow { creator: busy, ..row("again", now(), false) }, at(0), roomy);
        assert!(matches!(refused.await, Err(StoreError::Cap(TableCap::PerCreator(1)))), "{name}");
        let fresh = TableRow { creator: Some("192.0.2.0/24".into()), ..row("fresh", now(), false) };
        other.create_within(fresh, at(0), roomy).await.unwrap();
        let made = TableRow { creator: creator(0), ..row("sixth", now(), false) };
        assert!(matches!(
            store.create_within(made, at(0), caps).await,
            Err(StoreError::Cap(TableCap::Total(5)))
        ));
    }
}
