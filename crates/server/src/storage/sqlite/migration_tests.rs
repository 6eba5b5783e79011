//! The SQLite schema's migrations, tested on databases shaped as every
//! earlier build left them, and on databases this build must refuse
//! (newer, of other steps, another program's), left as they were. Apart
//! from the engine for their length.

use super::schema::{SCHEMA_VERSION, columns_of, connect, schema_version};
use super::*;
use crate::storage::checksum::Checksum;

/// The columns each build before versioned migrations added to
/// `tables`, oldest first; the first build made only the first columns.
const EARLIER_BUILDS: &[(&str, &[&str])] = &[
    ("the first build", &[]),
    ("record formats", &["format INTEGER NOT NULL DEFAULT 1"]),
    ("creators", &["creator TEXT"]),
    ("checksums", &["version INTEGER", "checksum TEXT", "quarantined TEXT"]),
    (
        "tables loaded on demand",
        &["turn TEXT", "waiting TEXT", "active_at INTEGER", "visited INTEGER", "expired INTEGER"],
    ),
    ("people", &["public INTEGER", "ranks TEXT"]),
];

/// A fresh folder for one test's database.
fn database_in(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-migrate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.db")
}

/// A database as build `build` of [`EARLIER_BUILDS`] left it, holding
/// one table, `old`, with two actions (and, from the build that kept
/// them, its version and checksum, and when it was last active).
fn earlier_database(path: &Path, build: usize) {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.execute_batch(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
             seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
             created_at INTEGER NOT NULL);
         CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
             action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
         INSERT INTO tables VALUES ('old', 'six', '{\"move_limit\": 20}', 7, '{\"seats\": []}', 'watch', 5);
         INSERT INTO actions VALUES ('old', 0, 'a'), ('old', 1, 'b');",
    )
    .unwrap();
    for (_, columns) in &EARLIER_BUILDS[..=build] {
        for column in *columns {
            conn.execute_batch(&format!("ALTER TABLE tables ADD COLUMN {column}")).unwrap();
        }
    }
    let has = |column: &str| columns_of(&conn, "tables").unwrap().iter().any(|c| c == column);
    if has("checksum") {
        let sum = Checksum::of(&["a".to_string(), "b".to_string()]);
        conn.execute("UPDATE tables SET version = 2, checksum = ?1", [sum.hex()]).unwrap();
    }
    if has("active_at") {
        conn.execute_batch(
            "UPDATE tables SET waiting = 'people', active_at = 123, visited = 1;
             CREATE INDEX unfinished ON tables (created_at)
             WHERE quarantined IS NULL AND expired IS NULL AND waiting IS NOT 'over'",
        )
        .unwrap();
    }
    if has("public") {
        conn.execute_batch("CREATE INDEX public_tables ON tables (created_at) WHERE public = 1").unwrap();
    }
}

/// Everything a database holds, schema and rows, as text.
fn everything(path: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut out = Vec::new();
    let mut dump = |sql: &str| {
        let mut query = conn.prepare(sql).unwrap();
        let width = query.column_count();
        let rows = query
            .query_map([], |r| {
                (0..width).map(|i| r.get::<_, rusqlite::types::Value>(i)).collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        out.extend(rows.map(|row| format!("{:?}", row.unwrap())));
    };
    dump("SELECT type, name, sql FROM sqlite_master ORDER BY name");
    dump("SELECT * FROM tables ORDER BY id");
    dump("SELECT * FROM actions ORDER BY table_id, idx");
    dump("SELECT * FROM schema_migrations ORDER BY version");
    out
}

fn index_names(conn: &rusqlite::Connection) -> Vec<String> {
    let mut query = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        .unwrap();
    query.query_map([], |r| r.get(0)).unwrap().collect::<Result<_, _>>().unwrap()
}

#[tokio::test]
async fn every_earlier_shape_migrates_to_the_latest_keeping_its_table() {
    let new = connect(None).unwrap();
    let (new_columns, new_indexes) = (columns_of(&new, "tables").unwrap(), index_names(&new));
    assert_eq!(schema_version(&new).unwrap(), SCHEMA_VERSION);
    for (build, (name, _)) in EARLIER_BUILDS.iter().enumerate() {
        let path = database_in(&format!("shape{build}"));
        earlier_database(&path, build);
        let conn = connect(Some(&path)).unwrap();
        assert_eq!(schema_version(&conn).unwrap(), SCHEMA_VERSION, "{name}");
        assert_eq!(columns_of(&conn, "tables").unwrap(), new_columns, "{name}: the columns, in order");
        assert_eq!(index_names(&conn), new_indexes, "{name}");
        let active_at: i64 = conn.query_row("SELECT active_at FROM tables", [], |r| r.get(0)).unwrap();
        if EARLIER_BUILDS[..=build].iter().any(|(_, columns)| columns.contains(&"active_at INTEGER")) {
            assert_eq!(active_at, 123, "{name}: its own activity is kept");
        } else {
            assert!(active_at > now() - 60, "{name}: active from today on, not from 1970");
        }
        drop(conn);
        let store = Store::open(Some(&path)).unwrap();
        match store.load("old").await.unwrap() {
            Some(Loaded::Table(row, actions, _)) => {
                assert_eq!(actions, ["a", "b"], "{name}");
                assert_eq!(
                    (row.game.as_str(), row.seed, row.format, row.created_at, row.creator),
                    ("six", 7, 1, 5, None),
                    "{name}"
                );
                assert_eq!(row.options, serde_json::json!({"move_limit": 20}), "{name}");
                assert_eq!(row.spectator_token, "watch", "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

#[test]
fn opening_a_migrated_database_again_changes_nothing() {
    for build in [0, EARLIER_BUILDS.len() - 1] {
        let path = database_in(&format!("twice{build}"));
        earlier_database(&path, build);
        drop(connect(Some(&path)).unwrap());
        let once = everything(&path);
        assert!(once.iter().any(|line| line.contains("baseline")), "{once:?}");
        // A second second: a step run again would record another time.
        std::thread::sleep(Duration::from_millis(1100));
        drop(connect(Some(&path)).unwrap());
        assert_eq!(everything(&path), once, "opened twice");
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}

#[test]
fn a_database_of_a_newer_build_is_refused_untouched() {
    let path = database_in("newer");
    drop(connect(Some(&path)).unwrap());
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute(
            "INSERT INTO schema_migrations VALUES (?1, 'a step of a newer build', 0)",
            [SCHEMA_VERSION as i64 + 1],
        )
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    let refused = Store::open(Some(&path)).unwrap_err();
    assert!(
        matches!(refused, StoreError::Newer { found, known } if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION),
        "{refused}"
    );
    assert!(refused.to_string().contains("newer build"), "{refused}");
    assert!(matches!(list_tables(&path, false), Err(StoreError::Newer { .. })), "admin too");
    assert_eq!(std::fs::read(&path).unwrap(), before, "untouched");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn a_database_whose_steps_are_not_ours_is_refused() {
    let path = database_in("other-steps");
    drop(connect(Some(&path)).unwrap());
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE schema_migrations SET name = 'another line of builds' WHERE version = 1", [])
        .unwrap();
    let refused = Store::open(Some(&path)).unwrap_err();
    assert!(matches!(&refused, StoreError::Unrecognised(why) if why.contains("another line")), "{refused}");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

#[test]
fn another_programs_database_is_refused_and_left_as_it_was() {
    let path = database_in("foreign");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(
            "CREATE TABLE tables (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO tables VALUES (1, 'x');",
        )
        .unwrap();
    let refused = Store::open(Some(&path)).unwrap_err();
    assert!(matches!(&refused, StoreError::Unrecognised(why) if why.contains("game")), "{refused}");
    let conn = rusqlite::Connection::open(&path).unwrap();
    assert_eq!(columns_of(&conn, "tables").unwrap(), ["id", "name"], "no column added");
    assert!(columns_of(&conn, "schema_migrations").unwrap().is_empty(), "nothing recorded");
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}
