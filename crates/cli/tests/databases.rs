//! `--db` takes a database address: `sqlite:PATH`, or a bare PATH for the
//! same SQLite file, for `serve` and for `admin`; any other scheme is
//! refused by name before anything is opened.

mod support;

use spieltisch_server::store::{Progress, Store, TableRow, Waiting};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::{ok, run};

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

/// Whether the server at `addr` answers its health endpoint with 200.
fn healthy(addr: std::net::SocketAddr) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(addr) else { return false };
    let mut reply = String::new();
    stream.write_all(b"GET /api/health HTTP/1.0\r\nHost: spieltisch\r\n\r\n").is_ok()
        && stream.read_to_string(&mut reply).is_ok()
        && reply.starts_with("HTTP/1.0 200")
}

#[test]
fn serve_keeps_its_games_in_the_file_a_sqlite_address_names() {
    let dir = folder("serve");
    let path = dir.join("games.db");
    // The kernel names a free port; the server binds it right after.
    let addr = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_spieltisch"))
        .args(["serve", "--addr", &addr.to_string(), "--db", &format!("sqlite:{}", path.display())])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spieltisch serve starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut answered = false;
    while !answered && Instant::now() < deadline && server.try_wait().unwrap().is_none() {
        std::thread::sleep(Duration::from_millis(20));
        answered = healthy(addr);
    }
    let _ = server.kill();
    let _ = server.wait();
    assert!(answered, "the server did not answer on {addr}");
    // Made by the server, and read by admin through the bare path.
    assert!(path.is_file(), "no database at {}", path.display());
    assert_eq!(ok(&["admin", "tables", "--db", path.to_str().unwrap()], "").stdout, "no tables\n");
    let _ = std::fs::remove_dir_all(&dir);
}
