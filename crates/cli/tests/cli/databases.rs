//! `--db` takes a database address: `sqlite:PATH`, or a bare PATH for the
//! same SQLite file, for `serve` and for `admin`; any other scheme is
//! refused by name before anything is opened.

use crate::support::{ok, run, serve_answers};
use spieltisch_server::storage::sqlite::Store;
use spieltisch_server::storage::{Progress, TableRow, Waiting};
use std::path::{Path, PathBuf};

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-cli-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A database at `path` holding one table, `t1`.
fn database_with_one_table(path: &Path) {
    let store = Store::open(Some(path)).unwrap();
    let row = TableRow {
        id: "t1".into(),
        game: "six".into(),
        options: serde_json::json!({}),
        seed: 1,
        format: spieltisch_core::Record::FORMAT,
        seats: serde_json::json!({"seats": []}),
        spectator_token: "watch".into(),
        created_at: 0,
        creator: None,
    };
    let progress = Progress { turn: spieltisch_core::Turn::Seat(0), waiting: Waiting::People, ranks: None };
    tokio::runtime::Runtime::new().unwrap().block_on(store.create(row, progress)).unwrap();
}

#[test]
fn other_schemes_are_refused_naming_the_forms_taken() {
    let address = "mysql://spiel@127.0.0.1:3306/spiel";
    for args in [
        vec!["serve", "--db", address],
        vec!["admin", "tables", "--db", address],
        vec!["admin", "purge", "--db", address, "t1"],
    ] {
        let out = run(&args, "");
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("'mysql:'")
                && out.stderr.contains("sqlite:PATH")
                && out.stderr.contains("postgres://USER@HOST:PORT/DBNAME"),
            "{}",
            out.stderr
        );
    }
    for (address, says) in [
        ("sqlite:", "names no file"),
        ("sqlite://games.db", "without '//'"),
        ("postgres://127.0.0.1:5432", "names no database"),
    ] {
        let out = run(&["admin", "tables", "--db", address], "");
        assert_eq!(out.code, 2, "{address}: {}", out.stderr);
        assert!(out.stderr.contains(says), "{address}: {}", out.stderr);
    }
    assert!(!Path::new("mysql:").exists(), "no file was made of the address");
}

#[test]
fn admin_finds_the_same_tables_by_address_and_by_path() {
    let dir = folder("admin");
    let path = dir.join("games.db");
    database_with_one_table(&path);
    let (file, address) = (path.to_str().unwrap().to_string(), format!("sqlite:{}", path.display()));
    let by_path = ok(&["admin", "tables", "--json", "--db", &file], "");
    let by_address = ok(&["admin", "tables", "--json", "--db", &address], "");
    assert!(by_path.stdout.contains("\"id\":\"t1\""), "{}", by_path.stdout);
    assert_eq!(by_address.stdout, by_path.stdout);
    assert_eq!(ok(&["admin", "purge", "--db", &address, "t1"], "").stdout, "t1: deleted\n");
    assert_eq!(ok(&["admin", "tables", "--db", &file], "").stdout, "no tables\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_keeps_its_games_in_the_file_a_sqlite_address_names() {
    let dir = folder("serve");
    let path = dir.join("games.db");
    assert!(serve_answers(&["--db", &format!("sqlite:{}", path.display())]), "the server did not answer");
    // Made by the server, and read by admin through the bare path.
    assert!(path.is_file(), "no database at {}", path.display());
    assert_eq!(ok(&["admin", "tables", "--db", path.to_str().unwrap()], "").stdout, "no tables\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database at `path` holding three played games of Six: one going on,
/// one expired, one quarantined; answers how many actions they hold.
fn database_with_played_games(path: &Path) -> usize {
    let mut total = 0;
    let store = Store::open(Some(path)).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    for (i, id) in ["going", "expired", "damaged"].iter().enumerate() {
        let mut session = spieltisch_catalog::new_session("six", &serde_json::json!({}), i as u64).unwrap();
        for _ in 0..12 + i {
            session.run_chance();
            if session.turn() == spieltisch_core::Turn::Over {
                break;
            }
            let legal = session.legal();
            let mover = session.turn().seat();
            session.apply(mover, &legal[(i + 3) % legal.len()]).unwrap();
        }
        total += session.version();
        let row = TableRow {
            id: (*id).into(),
            game: "six".into(),
            options: session.record().options.clone(),
            seed: session.record().seed,
            format: spieltisch_core::Record::FORMAT,
            seats: serde_json::json!({"seats": [{"spec": "human", "token": format!("tok-{id}"), "name": "Zoë"}]}),
            spectator_token: "watch".into(),
            created_at: i as i64,
            creator: None,
        };
        let progress = Progress { turn: session.turn(), waiting: Waiting::People, ranks: None };
        runtime.block_on(store.create(row, progress.clone())).unwrap();
        runtime.block_on(store.append(id, 0, session.record().actions.clone(), progress)).unwrap();
    }
    runtime.block_on(store.expire(vec!["expired".into()])).unwrap();
    runtime.block_on(store.quarantine("damaged", "a test says so")).unwrap();
    total
}

#[test]
fn migrate_copies_every_table_to_postgres_checks_and_replays_it() {
    let dir = folder("migrate");
    let path = dir.join("games.db");
    let actions = database_with_played_games(&path);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let target = runtime.block_on(crate::postgres::TestDatabase::create("migrate"));
    let from = format!("sqlite:{}", path.display());
    let copied = ok(&["migrate", "--from", &from, "--to", target.url.as_str()], "");
    let said = format!("copied 3 tables (1 quarantined, 1 expired) with {actions} actions");
    assert!(copied.stdout.contains(&said), "{}", copied.stdout);
    assert!(copied.stdout.contains("replayed on the target: 2 of 2"), "{}", copied.stdout);
    let line = copied.stdout.lines().find(|l| l.starts_with("checksum: source ")).unwrap();
    let sums: Vec<&str> = line
        .split([' ', ','])
        .filter(|w| w.len() == 16 && w.bytes().all(|b| b.is_ascii_hexdigit()))
        .collect();
    assert_eq!(sums.len(), 2, "{line}");
    assert_eq!(sums[0], sums[1], "source and target agree");
    // The target holds what the source held, the marks included.
    let listed = |db: &str| ok(&["admin", "tables", "--json", "--db", db], "").stdout;
    assert_eq!(listed(target.url.as_str()), listed(&from));
    let again = run(&["migrate", "--from", &from, "--to", target.url.as_str()], "");
    assert_eq!(again.code, 2, "into an empty database only: {}", again.stderr);
    // A server on the target serves the table with its people's tokens.
    let copied_client = runtime.block_on(target.client());
    let seats: String = runtime
        .block_on(copied_client.query_one("SELECT seats FROM tables WHERE id = 'going'", &[]))
        .unwrap()
        .get(0);
    assert!(seats.contains("tok-going") && seats.contains("Zoë"), "{seats}");
}
