//! Option values that name files (course, board and track files): refused
//! unless the operator names a folder with `--game-files`, and then taken
//! only from inside it. A refusal never tells whether something exists.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_server::ServerConfig;
use std::path::{Path, PathBuf};

const BOARD: &str = include_str!("../../../games/reifenbreite/boards/default.json");
const TRACK: &str = include_str!("../../../games/sechstage/tracks/default.json");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-game-files-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A folder of game files: `mine.json` (a course on `board.json` beside
/// it), `sub/other.json`, `track.json`; and `outside.json` next to the
/// folder, reachable only by `..`, an absolute path or the symbolic link
/// `link.json`.
fn game_files(name: &str) -> PathBuf {
    let root = temp_dir(name);
    let dir = root.join("files");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("board.json"), BOARD).unwrap();
    let course = |name: &str| {
        json!({"name": name, "start": "1", "via": ["A", "B", "C", "E"], "finish": "A", "board": "board.json"})
            .to_string()
    };
    std::fs::write(dir.join("mine.json"), course("Meine Strecke")).unwrap();
    std::fs::write(dir.join("sub/board.json"), BOARD).unwrap();
    std::fs::write(dir.join("sub/other.json"), course("Other")).unwrap();
    std::fs::write(dir.join("track.json"), TRACK).unwrap();
    std::fs::write(root.join("outside.json"), course("Outside")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("outside.json"), dir.join("link.json")).unwrap();
    dir
}

fn race(options: Value) -> Value {
    json!({"game": "reifenbreite", "options": options, "seats": ["human", "human"]})
}

fn series(track: &str) -> Value {
    json!({"game": "sechstage", "options": {"track": track}, "seats": ["human", "human", "human"]})
}

/// The refusal's message with the file name taken out.
async fn refused(server: &TestServer, request: Value, name: &str) -> String {
    let (status, body) = server.http("POST", "/api/tables", Some(&request)).await;
    assert_eq!(status, 400, "{request}: {body}");
    assert_eq!(body["error"]["code"], "options.file", "{request}: {body}");
    let message = body["error"]["message"].as_str().unwrap();
    assert!(message.contains(name), "{message}");
    message.replace(name, "NAME")
}

async fn state(server: &TestServer, reply: &Value) -> Value {
    let table = reply["table"].as_str().unwrap();
    let token = reply["seats"][0]["token"].as_str().unwrap();
    let (status, state) = server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await;
    assert_eq!(status, 200, "{state}");
    state
}

#[tokio::test]
async fn without_game_files_no_file_is_read() {
    let server = TestServer::start(None).await;
    let missing = "/nonexistent-spieltisch/x.json";
    let expected = refused(&server, race(json!({"course": missing})), missing).await;
    assert!(expected.contains("reads no files"), "{expected}");
    // Existing files, folders, devices, relative names: the same answer.
    for name in ["/etc/hostname", "/root", "/dev/zero", "../x.json", "x.json"] {
        let message = refused(&server, race(json!({"course": name})), name).await;
        assert_eq!(message, expected, "{name}");
        let message = refused(&server, race(json!({"stages": format!("tour,{name}")})), name).await;
        assert_eq!(message.replace("stages", "course"), expected, "{name}");
        let message = refused(&server, series(name), name).await;
        assert_eq!(message.replace("track", "course"), expected, "{name}");
    }
    // Nor content given in place of a name: a course or track of the
    // client's own making is a file too.
    let tour = json!({"key": "mine", "name": "Mine", "start": "1", "finish": "A", "board": {}});
    for request in [race(json!({"course": tour.clone()})), race(json!({"stages": ["giro", tour.clone()]}))] {
        let (status, body) = server.http("POST", "/api/tables", Some(&request)).await;
        assert_eq!((status, body["error"]["code"].as_str()), (400, Some("options.file")), "{body}");
    }
    // Built-in values still work.
    server.create(race(json!({"course": "giro"}))).await;
    server.create(race(json!({"stages": "tour, giro"}))).await;
    server.create(series("default")).await;
}

#[tokio::test]
async fn game_files_are_taken_from_inside_the_folder_only() {
    let dir = game_files("inside");
    let server =
        TestServer::start_with(ServerConfig { game_files: Some(dir.clone()), ..Default::default() }).await;
    // A course file, its board beside it; in a sub-folder too; in stages.
    let mine = state(&server, &server.create(race(json!({"course": "mine.json"}))).await).await;
    assert!(mine.to_string().contains("Meine Strecke"), "{mine}");
    let other = state(&server, &server.create(race(json!({"course": "sub/other.json"}))).await).await;
    assert!(other.to_string().contains("Other"), "{other}");
    server.create(race(json!({"stages": "tour,mine.json, ./sub/other.json"}))).await;
    server.create(series("track.json")).await;

    // Outside the folder: refused alike, whether the file exists or not.
    let expected = refused(&server, race(json!({"course": "missing.json"})), "missing.json").await;
    assert!(expected.contains("game-files folder"), "{expected}");
    let absolute = dir.join("mine.json");
    let absolute = absolute.to_str().unwrap();
    let mut outside =
        vec![absolute, "../outside.json", "sub/../../outside.json", "/etc/hostname", "sub", "/dev/zero"];
    if cfg!(unix) {
        outside.push("link.json");
    }
    for name in outside {
        assert_eq!(refused(&server, race(json!({"course": name})), name).await, expected, "{name}");
        let stages = race(json!({"stages": format!("mine.json,{name}")}));
        assert_eq!(refused(&server, stages, name).await.replace("stages", "course"), expected, "{name}");
        assert_eq!(refused(&server, series(name), name).await.replace("track", "course"), expected, "{name}");
    }
}

#[tokio::test]
async fn a_table_with_a_course_file_survives_a_restart() {
    let dir = game_files("restart");
    let db = temp_db("game-files-restart");
    let config = || ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.clone()),
        game_files: Some(dir.clone()),
        ..Default::default()
    };
    let server = TestServer::start_with(config()).await;
    let reply = server.create(race(json!({"course": "mine.json", "rules": "pro"}))).await;
    let before = state(&server, &reply).await;
    server.kill().await;
    // The table carries the course, board included: the files may go.
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&dir).unwrap();

    let server = TestServer::start_with(config()).await;
    let after = state(&server, &reply).await;
    assert_eq!(after["view"], before["view"]);
    assert_eq!(after["static"], before["static"]);
    assert!(after.to_string().contains("Meine Strecke"), "{after}");
    assert_eq!(after["static"]["stages"][0]["key"], "mine", "the course is known by its file's name");
    let root = dir.parent().unwrap().to_str().unwrap();
    for text in [after.to_string(), before.to_string(), stored_options(&db)] {
        assert!(!text.contains(root), "a path of the server's machine: {text}");
    }
}

/// The options of the one table stored in `db`.
fn stored_options(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT options FROM tables", [], |r| r.get(0)).unwrap()
}

/// A table stored before records carried content (format 2) names its
/// course file by the canonical path the server admitted: it is read once,
/// at the next start, and stored as content, so the table outlives the file.
#[tokio::test]
async fn a_table_stored_with_a_file_path_keeps_the_file_content() {
    let dir = game_files("format2");
    let db = temp_db("game-files-format2");
    let config = || ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.clone()),
        game_files: Some(dir.clone()),
        ..Default::default()
    };
    let server = TestServer::start_with(config()).await;
    let reply = server.create(race(json!({"course": "mine.json"}))).await;
    let before = state(&server, &reply).await;
    server.kill().await;
    let path = dir.canonicalize().unwrap().join("mine.json");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let old = json!({"course": path.to_str().unwrap(), "teams": 2}).to_string();
        // As a build of format 2 stored it: its checksum (version 1) covers
        // the actions alone, not the options it wrote.
        let actions: Vec<String> = conn
            .prepare("SELECT action FROM actions ORDER BY idx")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let checksum = spieltisch_server::storage::Checksum::of(&actions).hex();
        conn.execute("UPDATE tables SET format = 2, options = ?1, checksum = ?2", [old, checksum]).unwrap();
    }

    let server = TestServer::start_with(config()).await;
    assert_eq!(state(&server, &reply).await["view"], before["view"]);
    server.kill().await;
    let stored = stored_options(&db);
    assert!(stored.contains("Meine Strecke") && !stored.contains(dir.to_str().unwrap()), "{stored}");

    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    let server = TestServer::start_with(config()).await;
    assert_eq!(state(&server, &reply).await["view"], before["view"]);
}

#[tokio::test]
async fn the_folder_must_exist() {
    let missing = Path::new("/nonexistent-spieltisch/games");
    let config = ServerConfig { game_files: Some(missing.to_path_buf()), ..Default::default() };
    let err = spieltisch_server::App::open(config).await.unwrap_err();
    assert!(err.to_string().contains("--game-files"), "{err}");
}
