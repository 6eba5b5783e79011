//! A damaged database is salvaged or refused, never resumed silently:
//! `serve` refuses a file it cannot read, naming the commands that look
//! at it and salvage it; `admin check` reports the damage; `admin salvage`
//! copies every table that reads back into a new file, which a server
//! serves.

use crate::support::{ok, run, serve_answers};
use spieltisch_server::storage::sqlite::Store;
use spieltisch_server::storage::sqlite::salvage::UNREADABLE;
use spieltisch_server::storage::{Progress, TableRow};
use spieltisch_server::table::{SeatConfig, progress_of};
use std::path::{Path, PathBuf};

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("spieltisch-cli-damaged-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A database at `path` holding `games` games of Six between two random
/// bots, each played to its end and stored as a server stores it, and
/// one unfinished game; answers the tables' ids, oldest first.
fn database_with_games(path: &Path, games: usize) -> Vec<String> {
    let store = Store::open(Some(path)).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let seats: Vec<SeatConfig> = (0..2).map(|_| SeatConfig::claimed("random".into(), None)).collect();
    let mut ids = Vec::new();
    for game in 0..=games {
        let id = format!("table{game:04}");
        let mut session =
            spieltisch_catalog::new_session("six", &serde_json::json!({}), game as u64).unwrap();
        let unfinished = game == games;
        loop {
            session.run_chance();
            let turn = session.turn();
            if turn == spieltisch_core::Turn::Over || (unfinished && session.version() > 20) {
                break;
            }
            let legal = session.legal();
            session.apply(turn.seat(), &legal[(game + session.version()) % legal.len()]).unwrap();
        }
        let row = TableRow {
            id: id.clone(),
            game: "six".into(),
            options: session.record().options.clone(),
            seed: session.record().seed,
            format: spieltisch_core::Record::FORMAT,
            seats: serde_json::json!({ "seats": seats }),
            spectator_token: format!("watch{game}"),
            created_at: game as i64,
            creator: None,
        };
        let progress: Progress = progress_of(&*session, &seats);
        runtime.block_on(store.create(row, progress.clone())).unwrap();
        runtime.block_on(store.append(&id, 0, session.record().actions.clone(), progress)).unwrap();
        ids.push(id);
    }
    ids
}

/// The page size of the databases these tests make.
const PAGE: usize = 4096;

/// The tables `spieltisch admin check` reports (as JSON) with each verdict.
fn verdicts(path: &Path) -> (serde_json::Value, Vec<(String, String)>) {
    let checked = run(&["admin", "check", "--json", "--db", path.to_str().unwrap()], "");
    let report: serde_json::Value = serde_json::from_str(checked.stdout.trim()).unwrap_or_else(|e| {
        panic!("admin check: {e}: {} {}", checked.stdout, checked.stderr);
    });
    let verdicts = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["id"].as_str().unwrap().to_string(), f["verdict"].as_str().unwrap().to_string()))
        .collect();
    (report, verdicts)
}

/// The ids of `ids` whose bytes appear in `page`.
fn named_in(page: &[u8], ids: &[String]) -> Vec<String> {
    ids.iter().filter(|id| page.windows(id.len()).any(|w| w == id.as_bytes())).cloned().collect()
}

/// The sound file with its bytes changed as `damage` says; `actions_root`
/// is the number of the root page of the actions.
fn damaged(sound: &[u8], damage: &str, actions_root: usize) -> Vec<u8> {
    let mut bytes = sound.to_vec();
    match damage {
        "the root page of the actions damaged" => bytes[(actions_root - 1) * PAGE] ^= 0xff,
        "truncated to half" => bytes.truncate(sound.len() / PAGE / 2 * PAGE),
        "truncated to 4 KB" => bytes.truncate(PAGE),
        "first 16 bytes overwritten" => bytes[..16].copy_from_slice(b"0123456789abcdef"),
        "a byte flipped at the start of page 2" => bytes[PAGE] ^= 0xff,
        _ => unreachable!("{damage}"),
    }
    bytes
}

const DAMAGE: [&str; 4] = [
    "truncated to half",
    "truncated to 4 KB",
    "first 16 bytes overwritten",
    "a byte flipped at the start of page 2",
];

/// The number of the root page of the actions in the database at `path`.
fn actions_root(path: &Path) -> usize {
    let conn = rusqlite::Connection::open(path).unwrap();
    let root: i64 = conn
        .query_row("SELECT rootpage FROM sqlite_master WHERE name = 'actions'", [], |r| r.get(0))
        .unwrap();
    root as usize
}

#[test]
fn serve_refuses_a_file_it_cannot_read_and_names_the_commands_that_salvage_it() {
    let dir = folder("refused");
    let sound = dir.join("games.db");
    database_with_games(&sound, 60);
    let root = actions_root(&sound);
    let sound = std::fs::read(&sound).unwrap();
    for damage in DAMAGE {
        let path = dir.join("damaged.db");
        let bytes = damaged(&sound, damage, root);
        std::fs::write(&path, &bytes).unwrap();
        let file = path.to_str().unwrap();
        for args in
            [vec!["serve", "--addr", "127.0.0.1:0", "--db", file], vec!["admin", "tables", "--db", file]]
        {
            let out = run(&args, "");
            assert_ne!(out.code, 0, "{damage}: {args:?} {}", out.stderr);
            for command in [
                format!("spieltisch admin check --db {file}"),
                format!("spieltisch admin salvage --from {file}"),
            ] {
                assert!(
                    out.stderr.contains(&command),
                    "{damage}: {args:?} does not say {command}: {}",
                    out.stderr
                );
            }
            assert!(
                !out.stderr.contains("open http"),
                "{damage}: refused before it offers an address: {}",
                out.stderr
            );
        }
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{damage}: the file is left as it was");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn salvage_copies_every_table_that_reads_back_and_lists_the_rest() {
    let dir = folder("salvage");
    let sound = dir.join("games.db");
    let ids = database_with_games(&sound, 60);
    let root = actions_root(&sound);
    let sound = std::fs::read(&sound).unwrap();
    // A damaged root page of the actions does not stop the server (each
    // table is quarantined when it is loaded); salvage reads its leaves.
    for damage in DAMAGE.into_iter().chain(["the root page of the actions damaged"]) {
        let path = dir.join("damaged.db");
        std::fs::write(&path, damaged(&sound, damage, root)).unwrap();
        if damage == "the root page of the actions damaged" {
            // As a server on the damaged file leaves it: every table it
            // loaded quarantined, its pages unreadable. Salvage judges a
            // table quarantined so afresh.
            let conn = rusqlite::Connection::open(&path).unwrap();
            let reason = format!("{UNREADABLE}: database disk image is malformed");
            conn.execute("UPDATE tables SET quarantined = ?1", [reason]).unwrap();
        }
        let bytes = std::fs::read(&path).unwrap();
        let (report, verdicts) = verdicts(&path);
        assert!(
            !report["pages"].as_array().unwrap().is_empty()
                || !report["notes"].as_array().unwrap().is_empty(),
            "{damage}: {report}"
        );
        let to = dir.join("salvaged.db");
        let _ = std::fs::remove_file(&to);
        let salvaged =
            ok(&["admin", "salvage", "--from", path.to_str().unwrap(), "--to", to.to_str().unwrap()], "");
        // The figures docs/security.md gives.
        let counts = salvaged.stdout.lines().find(|l| l.contains(" tables: ")).unwrap_or_default();
        eprintln!("{damage}: {counts}");
        let sound_ones: Vec<&String> =
            verdicts.iter().filter(|(_, verdict)| verdict == "sound").map(|(id, _)| id).collect();
        let lost = verdicts.iter().filter(|(_, verdict)| verdict == "lost").count();
        match damage {
            // Page 1 (the schema) is all a 4 KB file holds: no table can be named.
            "truncated to 4 KB" => assert!(verdicts.is_empty(), "{verdicts:?}"),
            // The tables on the pages that are gone are lost, the others kept.
            "truncated to half" => {
                assert!(
                    !sound_ones.is_empty() && lost > 0 && sound_ones.len() + lost == ids.len(),
                    "{verdicts:?}"
                )
            }
            // The actions below a damaged root are read page by page; the
            // rows on the root page itself (an interior page of an index
            // b-tree holds rows too) are lost with it.
            "the root page of the actions damaged" => {
                let on_root = named_in(&sound[(root - 1) * PAGE..root * PAGE], &ids);
                let lost: Vec<&String> =
                    verdicts.iter().filter(|(_, v)| v == "lost").map(|(id, _)| id).collect();
                // (The page's free space may name more tables: old cells.)
                assert!(lost.iter().all(|id| on_root.contains(id)), "{lost:?} not all on {on_root:?}");
                assert!(sound_ones.len() > ids.len() / 2, "{verdicts:?}");
                assert_eq!(sound_ones.len() + lost.len(), ids.len(), "{verdicts:?}");
                assert!(report["notes"].to_string().contains("page by page"), "{report}");
            }
            // The header string is repaired in a copy; page 2 holds the
            // list of schema steps, which salvage does not need.
            _ => assert_eq!(sound_ones.len(), ids.len(), "{damage}: {verdicts:?}"),
        }
        for (id, verdict) in &verdicts {
            assert_eq!(
                salvaged.stdout.contains(&format!("lost: {id}:")),
                verdict == "lost",
                "{damage}: {id}"
            );
        }
        let said = format!("copied {} tables (0 quarantined, 0 expired)", sound_ones.len());
        assert!(salvaged.stdout.contains(&said), "{damage}: {}", salvaged.stdout);
        assert!(
            salvaged.stdout.contains(&format!("replayed on the target: {0} of {0}", sound_ones.len())),
            "{damage}: {}",
            salvaged.stdout
        );
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{damage}: salvage only reads the damaged file");
        if damage == "the root page of the actions damaged" {
            // Its schema and its unfinished tables read, the server starts
            // (and quarantines each table it loads).
            assert!(serve_answers(&["--db", path.to_str().unwrap()]), "{damage}: the server starts");
        }
        // The new file is sound: check finds nothing, a server lists and serves it.
        ok(&["admin", "check", "--db", to.to_str().unwrap()], "");
        let listed = ok(&["admin", "tables", "--db", to.to_str().unwrap()], "").stdout;
        for id in &sound_ones {
            assert!(listed.contains(id.as_str()), "{damage}: {id} not in {listed}");
        }
        assert!(
            serve_answers(&["--db", to.to_str().unwrap()]),
            "{damage}: a server serves the salvaged file"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_page_loses_only_the_tables_on_it() {
    let dir = folder("one-page");
    let path = dir.join("games.db");
    let ids = database_with_games(&path, 60);
    let sound = std::fs::read(&path).unwrap();
    // A leaf of the actions (an index b-tree leaf, type 10) and a leaf of
    // the table rows (a table b-tree leaf, type 13), away from the first
    // and last tables: each holds some tables only.
    for (kind, page_type) in [("actions", 0x0a), ("table rows", 0x0d)] {
        let page = (1..sound.len() / PAGE)
            .map(|p| &sound[p * PAGE..(p + 1) * PAGE])
            .position(|page| {
                let named = named_in(page, &ids);
                page[0] == page_type && named.contains(&ids[30]) && named.len() < ids.len() / 2
            })
            .unwrap_or_else(|| panic!("no leaf of the {kind} holds {}", ids[30]))
            + 1;
        let on_it = named_in(&sound[page * PAGE..(page + 1) * PAGE], &ids);
        let mut bytes = sound.clone();
        bytes[page * PAGE] ^= 0xff;
        let damaged = dir.join("damaged.db");
        std::fs::write(&damaged, &bytes).unwrap();
        let (_, verdicts) = verdicts(&damaged);
        let lost: Vec<&String> = verdicts.iter().filter(|(_, v)| v == "lost").map(|(id, _)| id).collect();
        let sound_ones = verdicts.iter().filter(|(_, v)| v == "sound").count();
        assert_eq!(lost, on_it.iter().collect::<Vec<_>>(), "{kind}: the tables on page {page} are lost");
        assert_eq!(sound_ones + lost.len(), ids.len(), "{kind}: every other table is sound: {verdicts:?}");
        let to = dir.join("salvaged.db");
        let _ = std::fs::remove_file(&to);
        let salvaged =
            ok(&["admin", "salvage", "--from", damaged.to_str().unwrap(), "--to", to.to_str().unwrap()], "");
        assert!(
            salvaged.stdout.contains(&format!("copied {sound_ones} tables")),
            "{kind}: {}",
            salvaged.stdout
        );
        // The unfinished table (the last) is elsewhere: the server starts.
        assert!(!on_it.contains(&ids[60]), "{kind}: {on_it:?}");
        assert!(serve_answers(&["--db", damaged.to_str().unwrap()]), "{kind}: the server starts");
    }
    // The leaf of the table rows that holds the unfinished table, which
    // the server reads on start: it is refused, naming the commands.
    let page = (1..sound.len() / PAGE)
        .find(|&p| {
            sound[p * PAGE] == 0x0d && named_in(&sound[p * PAGE..(p + 1) * PAGE], &ids).contains(&ids[60])
        })
        .expect("a leaf of the table rows holds the unfinished table");
    let mut bytes = sound.clone();
    bytes[page * PAGE] ^= 0xff;
    let damaged = dir.join("unfinished-damaged.db");
    std::fs::write(&damaged, &bytes).unwrap();
    let file = damaged.to_str().unwrap();
    let refused = run(&["serve", "--addr", "127.0.0.1:0", "--db", file], "");
    assert_ne!(refused.code, 0, "{}", refused.stderr);
    assert!(
        refused.stderr.contains(&format!("spieltisch admin salvage --from {file}"))
            && !refused.stderr.contains("open http"),
        "{}",
        refused.stderr
    );
    assert_eq!(std::fs::read(&damaged).unwrap(), bytes, "the file is left as it was");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reports_orphaned_actions_and_rows_that_disagree_with_their_replay() {
    let dir = folder("check");
    let path = dir.join("games.db");
    let ids = database_with_games(&path, 4);
    ok(&["admin", "check", "--db", path.to_str().unwrap()], "");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA foreign_keys = OFF").unwrap();
        // A table row deleted with its actions left behind; garbage in
        // `waiting` and in `turn`; a finished game whose row says it waits
        // for people.
        conn.execute("DELETE FROM tables WHERE id = ?1", [&ids[0]]).unwrap();
        conn.execute("UPDATE tables SET waiting = 'x7' WHERE id = ?1", [&ids[1]]).unwrap();
        conn.execute("UPDATE tables SET turn = '{\"seat\": ' WHERE id = ?1", [&ids[2]]).unwrap();
        conn.execute("UPDATE tables SET waiting = 'people' WHERE id = ?1", [&ids[3]]).unwrap();
    }
    let checked = run(&["admin", "check", "--db", path.to_str().unwrap()], "");
    assert_eq!(checked.code, 1, "{}", checked.stderr);
    assert!(checked.stderr.contains("spieltisch admin salvage --from"), "{}", checked.stderr);
    let line = |id: &str| checked.stdout.lines().find(|l| l.contains(id)).unwrap_or_default().to_string();
    assert!(
        line(&ids[0]).starts_with("lost:") && line(&ids[0]).contains("orphaned actions"),
        "{}",
        checked.stdout
    );
    for id in &ids[1..4] {
        assert!(
            line(id).starts_with("quarantined:") && line(id).contains("its replay gives"),
            "{}",
            checked.stdout
        );
    }
    assert!(checked.stdout.contains("5 tables: 1 sound, 3 quarantined, 1 lost"), "{}", checked.stdout);
    // Salvage keeps the quarantined tables, out of service, with why.
    let to = dir.join("salvaged.db");
    let salvaged =
        ok(&["admin", "salvage", "--from", path.to_str().unwrap(), "--to", to.to_str().unwrap()], "");
    assert!(salvaged.stdout.contains("copied 4 tables (3 quarantined, 0 expired)"), "{}", salvaged.stdout);
    let quarantined = ok(&["admin", "tables", "--quarantined", "--db", to.to_str().unwrap()], "").stdout;
    assert_eq!(quarantined.lines().count(), 3, "{quarantined}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn foreign_and_empty_files_are_refused_and_left_as_they_were() {
    let dir = folder("foreign");
    let foreign = dir.join("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE foo(x); INSERT INTO foo VALUES (1);")
        .unwrap();
    let no_schema = dir.join("no-schema.db");
    rusqlite::Connection::open(&no_schema).unwrap().execute_batch("PRAGMA user_version = 7").unwrap();
    let text = dir.join("notes.txt");
    std::fs::write(&text, "shopping list\n").unwrap();
    let empty = dir.join("empty.db");
    std::fs::write(&empty, "").unwrap();
    for (path, says) in [
        (&foreign, "tables of another program (foo)"),
        (&no_schema, "is empty"),
        (&text, "file is not a database"),
        (&empty, "--new-database"),
    ] {
        let before = std::fs::read(path).unwrap();
        let file = path.to_str().unwrap();
        for args in
            [vec!["serve", "--addr", "127.0.0.1:0", "--db", file], vec!["admin", "tables", "--db", file]]
        {
            let out = run(&args, "");
            assert_ne!(out.code, 0, "{args:?}: {}", out.stderr);
            assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
        }
        assert_eq!(std::fs::read(path).unwrap(), before, "{file} is left byte for byte");
    }
    // Asked for, a new database is started in the empty file; where no
    // file is, one is made without asking.
    assert!(serve_answers(&["--db", empty.to_str().unwrap(), "--new-database"]));
    assert_eq!(ok(&["admin", "tables", "--db", empty.to_str().unwrap()], "").stdout, "no tables\n");
    let _ = std::fs::remove_dir_all(&dir);
}
