//! Tables stored by a build before record formats: the server reads them as
//! the games they were, and keeps them in today's format. A database of a
//! newer build stops the server before anything is written to it.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_core::Record;
use spieltisch_server::ServerConfig;

/// A server on `db` whose Steigung windows wait for people longer than the
/// test runs: the table must not move on by itself between the two starts
/// (a window open when it resumes passes people only at its deadline).
async fn patient(db: &std::path::Path) -> TestServer {
    TestServer::start_with(ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.to_path_buf()),
        window_deadline: std::time::Duration::from_secs(3600),
        ..ServerConfig::default()
    })
    .await
}

/// A database as the build before record formats wrote it (no `format`
/// column), holding `tables` as (id, record) with one person per seat.
fn old_database(path: &std::path::Path, tables: &[(&str, &Record)]) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
             seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
             created_at INTEGER NOT NULL);
         CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
             action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;",
    )
    .unwrap();
    for (id, record) in tables {
        let seats: Vec<Value> =
            (0..4).map(|s| json!({ "spec": "human", "token": format!("{id}-{s}") })).collect();
        conn.execute(
            "INSERT INTO tables VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0)",
            rusqlite::params![
                id,
                record.game,
                record.options.to_string(),
                record.seed as i64,
                json!({ "seats": seats, "hotseat": false }).to_string(),
                format!("{id}-watch")
            ],
        )
        .unwrap();
        for (i, action) in record.actions.iter().enumerate() {
            conn.execute("INSERT INTO actions VALUES (?1, ?2, ?3)", rusqlite::params![id, i as i64, action])
                .unwrap();
        }
    }
}

fn stored(path: &std::path::Path, id: &str) -> (u32, Value, usize) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let (format, options): (u32, String) = conn
        .query_row("SELECT format, options FROM tables WHERE id = ?1", [id], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap();
    let actions: i64 =
        conn.query_row("SELECT COUNT(*) FROM actions WHERE table_id = ?1", [id], |r| r.get(0)).unwrap();
    (format, serde_json::from_str(&options).unwrap(), actions as usize)
}

fn fixture(game: &str) -> Record {
    let path = format!("{}/../games/{game}/tests/records/format1.record.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_of_an_older_build_resume_as_they_were_played() {
    let db = temp_db("records-format1");
    // Der Ausreisser in the middle of its first stage, and a whole Um
    // Reifenbreite race of the edition before.
    let mut ausreisser = fixture("ausreisser");
    ausreisser.actions.truncate(200);
    let reifenbreite = fixture("reifenbreite");
    old_database(&db, &[("old-ausr", &ausreisser), ("old-reif", &reifenbreite)]);

    let server = patient(&db).await;
    let (status, state) = server.http("GET", "/api/tables/old-ausr/state?token=old-ausr-watch", None).await;
    assert_eq!(status, 200, "{state}");
    let upgraded = spieltisch_catalog::session_from_record(&ausreisser).unwrap().record().clone();
    assert!(upgraded.actions.len() > 200, "the windows' passes were filled in");
    assert_eq!(state["version"], json!(upgraded.actions.len()));
    let (format, _, actions) = stored(&db, "old-ausr");
    assert_eq!((format, actions), (Record::FORMAT, upgraded.actions.len()), "stored in today's format");

    let (status, race) = server.http("GET", "/api/tables/old-reif/state?token=old-reif-watch", None).await;
    assert_eq!(status, 200, "{race}");
    assert_eq!(race["outcome"]["scores"], json!([0.0, 12.0, 0.0, 30.0]), "the race's own result");
    let (format, options, actions) = stored(&db, "old-reif");
    assert_eq!((format, actions), (Record::FORMAT, reifenbreite.actions.len()));
    assert_eq!(options["edition"], json!(1), "the edition it was played in");
    server.kill().await;

    // A second start reads today's format as it is.
    let server = patient(&db).await;
    let (_, again) = server.http("GET", "/api/tables/old-ausr/state?token=old-ausr-watch", None).await;
    assert_eq!(again["version"], state["version"]);
    assert_eq!(again["view"], state["view"]);
    server.kill().await;
    let _ = std::fs::remove_file(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storage_failing_while_a_table_loads_does_not_quarantine_it() {
    let db = temp_db("records-locked");
    let mut ausreisser = fixture("ausreisser");
    ausreisser.actions.truncate(200);
    // Cut where a person is to move (not chance), so that the progress
    // written below is the replay's: a row that says otherwise is damage.
    while spieltisch_catalog::session_from_record(&ausreisser).unwrap().turn().seat().is_none() {
        ausreisser.actions.pop();
    }
    old_database(&db, &[("old-ausr", &ausreisser)]);
    // Today's columns, and people to move: the table is loaded (and its
    // record upgraded, a write) only when it is asked for.
    drop(spieltisch_server::storage::sqlite::Store::open(Some(&db)).unwrap());
    rusqlite::Connection::open(&db).unwrap().execute("UPDATE tables SET waiting = 'people'", []).unwrap();
    let server = TestServer::start_with(ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.clone()),
        busy_timeout: std::time::Duration::from_millis(200),
        ..ServerConfig::default()
    })
    .await;
    let path = "/api/tables/old-ausr/state?token=old-ausr-watch";
    // Served: the server has opened its database (its own writes are done).
    assert_eq!(server.health().await.0, 200);
    // Another program holds the write lock while the table is first asked for.
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let (status, body) = server.http("GET", path, None).await;
    assert_eq!((status, &body["error"]["code"]), (500, &json!("server.storage")), "{body}");
    lock.execute_batch("COMMIT").unwrap();
    let (status, body) = server.http("GET", path, None).await;
    assert_eq!(status, 200, "the sound table loads once storage works: {body}");
    server.kill().await;
    assert!(
        spieltisch_server::storage::sqlite::list_tables(&db, true).unwrap().is_empty(),
        "nothing quarantined"
    );
    let _ = std::fs::remove_file(&db);
}

#[tokio::test]
async fn the_server_does_not_start_on_a_database_of_a_newer_build() {
    let db = temp_db("records-newer");
    let mut ausreisser = fixture("ausreisser");
    ausreisser.actions.truncate(20);
    old_database(&db, &[("old-ausr", &ausreisser)]);
    drop(spieltisch_server::storage::sqlite::Store::open(Some(&db)).unwrap());
    let newer = spieltisch_server::storage::sqlite::SCHEMA_VERSION as i64 + 1;
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("INSERT INTO schema_migrations VALUES (?1, 'a step of a newer build', 0)", [newer])
        .unwrap();
    let before = std::fs::read(&db).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let config =
        ServerConfig { db: spieltisch_server::DbAddress::Sqlite(db.clone()), ..ServerConfig::default() };
    let refused = spieltisch_server::serve_on(listener, config).await.unwrap_err().to_string();
    assert!(refused.contains("newer build") && refused.contains(&format!("version {newer}")), "{refused}");
    assert_eq!(std::fs::read(&db).unwrap(), before, "the database is left as it was");
    let _ = std::fs::remove_file(&db);
}
