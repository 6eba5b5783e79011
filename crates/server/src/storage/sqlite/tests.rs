//! The SQLite engine's own tests: its writer's batches, syncs and locks,
//! and tables read back as they were stored. Apart from the engine, whose
//! file they would more than fill.

use super::schema::connect;
use super::*;
use crate::storage::progress::Waiting;

impl Loaded {
    /// The table, for tests that expect it to be sound.
    fn sound(&self) -> (&TableRow, &Vec<String>) {
        match self {
            Loaded::Table(row, actions, _) => (row, actions),
            Loaded::Damaged { id, reason } => panic!("{id} damaged: {reason}"),
            Loaded::Expired(row) => panic!("{} expired", row.id),
        }
    }
}

const PLAYING: Progress =
    Progress { turn: spieltisch_core::Turn::Seat(0), waiting: Waiting::People, ranks: None };

/// A table as a new store on `path` reads it back.
async fn reopened(path: &Path, id: &str) -> Option<Loaded> {
    Store::open(Some(path)).unwrap().load(id).await.unwrap()
}

fn row(id: &str) -> TableRow {
    TableRow {
        id: id.into(),
        game: "six".into(),
        options: serde_json::json!({}),
        seed: 1,
        format: Record::FORMAT,
        seats: serde_json::json!({"seats": []}),
        spectator_token: "t".into(),
        created_at: 0,
        creator: Some("192.0.2.1".into()),
    }
}

#[test]
fn commits_are_synced_to_the_disk() {
    // WAL with synchronous = FULL: an acknowledged commit survives a
    // power loss (NORMAL would not promise that).
    let dir = std::env::temp_dir().join(format!("spieltisch-sync-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let conn = connect(Some(&dir.join("games.db"))).unwrap();
    let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    let sync: i64 = conn.query_row("PRAGMA synchronous", [], |r| r.get(0)).unwrap();
    assert_eq!((mode.as_str(), sync), ("wal", 2), "2 is FULL");
    drop(conn);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_database_fails_a_batch_at_once_and_the_health_says_so() {
    let dir = std::env::temp_dir().join(format!("spieltisch-locked-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("games.db");
    let busy = Duration::from_millis(200);
    let store = Store::open_with(Some(&path), busy).unwrap();
    for id in ["a", "b", "c", "d"] {
        store.create(row(id), PLAYING).await.unwrap();
    }
    let lock = rusqlite::Connection::open(&path).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    // Sent together, they share one transaction: it waits out the busy
    // timeout once, not once per command.
    let started = std::time::Instant::now();
    let (a, b, c, d) = tokio::join!(
        store.append("a", 0, vec!["x".into()], PLAYING),
        store.append("b", 0, vec!["x".into()], PLAYING),
        store.append("c", 0, vec!["x".into()], PLAYING),
        store.append("d", 0, vec!["x".into()], PLAYING),
    );
    let waited = started.elapsed();
    for result in [a, b, c, d] {
        let e = result.unwrap_err();
        assert!(e.is_transient(), "{e}");
    }
    assert!(waited < busy * 3, "{waited:?}");
    let health = store.health();
    assert!(health.failing && health.queue == 0, "{health:?}");
    assert!(health.last_error.unwrap().message.contains("locked"));
    lock.execute_batch("COMMIT").unwrap();
    store.append("a", 0, vec!["x".into()], PLAYING).await.unwrap();
    assert!(!store.health().failing);
    // The creator is stored with the table.
    let stored = reopened(&path, "a").await.unwrap();
    assert_eq!(stored.sound().0.creator.as_deref(), Some("192.0.2.1"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_older_database_gets_the_creator_column() {
    let dir = std::env::temp_dir().join(format!("spieltisch-creator-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.db");
    let old = rusqlite::Connection::open(&path).unwrap();
    old.execute_batch(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
             seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
             created_at INTEGER NOT NULL, format INTEGER NOT NULL DEFAULT 1);
         INSERT INTO tables VALUES ('old', 'six', '{}', 1, '{\"seats\": []}', 't', 0, 2);",
    )
    .unwrap();
    drop(old);
    let store = Store::open(Some(&path)).unwrap();
    let stored = store.load("old").await.unwrap().unwrap();
    assert_eq!(stored.sound().0.creator, None, "a table stored before creators were kept");
    // Nobody knows who it waits for: it counts as unfinished and is
    // resumed on start; it is not due to expire for want of visits, nor
    // for having been made in 1970: it is active as of today.
    assert_eq!(store.unfinished().unwrap(), [("old".to_string(), None, true)]);
    assert!(store.expiring(i64::MAX, 0, 10).await.unwrap().is_empty());
    assert!(store.expiring(0, now() - 60, 10).await.unwrap().is_empty());
    assert_eq!(store.expiring(0, now() + 60, 10).await.unwrap(), ["old"], "idle from today on");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn appends_are_kept_in_order_and_a_bad_one_fails_alone() {
    let dir = std::env::temp_dir().join(format!("spieltisch-store-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let path = dir.join("games.db");
    let store = Store::open(Some(&path)).unwrap();
    store.create(row("a"), PLAYING).await.unwrap();
    store.append("a", 0, vec!["x".into(), "y".into()], PLAYING).await.unwrap();
    // Sent together: one out of order, one right; only the bad one fails.
    let (bad, good) = tokio::join!(
        store.append("a", 5, vec!["z".into()], PLAYING),
        store.append("a", 2, vec!["w".into()], PLAYING)
    );
    assert!(matches!(bad, Err(StoreError::OutOfOrder { index: 5, stored: 2, .. })), "{bad:?}");
    good.unwrap();
    assert!(store.create(row("a"), PLAYING).await.is_err(), "a table id is unique");
    let stored = reopened(&path, "a").await.unwrap();
    assert_eq!(stored.sound().1, &["x", "y", "w"]);
    assert_eq!(stored.sound().0, &row("a"));
    assert!(reopened(&path, "b").await.is_none(), "no such table");
}
