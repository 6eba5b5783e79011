//! One policy for a damaged database: a table that cannot be resumed
//! exactly is quarantined (kept, listed, never served, never rewritten),
//! and the other tables are served as before. (A file the server cannot
//! open at all is refused: `crates/cli/tests/cli/damaged.rs`.)

use crate::common::{TestServer, temp_db};
use serde_json::json;
use spieltisch_server::storage::sqlite;
use spieltisch_server::{DbAddress, ServerConfig};

/// A Six table that random bots play to its end.
fn six() -> serde_json::Value {
    json!({"game": "six", "options": {"move_limit": 20}, "seats": ["random", "random"], "seed": 1})
}

#[tokio::test]
async fn damaged_tables_are_quarantined_and_the_rest_served() {
    let db = temp_db("damaged");
    crate::common::log::log();
    let server = TestServer::start(Some(db.clone())).await;
    let mut tables = Vec::new();
    for _ in 0..6 {
        let reply = server.create(six()).await;
        // To its end, so that nothing of the server killed afterwards
        // writes to the database any more (its tasks live on in the test's
        // process, unlike a real crash).
        server.until_over(&reply).await;
        tables.push(reply);
    }
    server.kill().await;
    let id = |k: usize| tables[k]["table"].as_str().unwrap().to_string();
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        // A lost trailing action, a gap, a changed action, unreadable seats.
        conn.execute("DELETE FROM actions WHERE table_id = ?1 AND idx = (SELECT MAX(idx) FROM actions WHERE table_id = ?1)", [id(0)]).unwrap();
        conn.execute("DELETE FROM actions WHERE table_id = ?1 AND idx = 1", [id(1)]).unwrap();
        conn.execute("UPDATE actions SET action = action || ' ' WHERE table_id = ?1 AND idx = 2", [id(2)])
            .unwrap();
        conn.execute("UPDATE tables SET seats = '{\"hotseat\": false}' WHERE id = ?1", [id(3)]).unwrap();
        // A game this build does not know; options that are not JSON.
        conn.execute("UPDATE tables SET game = 'schach' WHERE id = ?1", [id(4)]).unwrap();
        conn.execute("UPDATE tables SET options = '{\"move_limit\": 2' WHERE id = ?1", [id(5)]).unwrap();
    }
    let healthy = {
        let server = TestServer::start(Some(db.clone())).await;
        let reply = server.create(six()).await;
        server.kill().await;
        reply
    };

    let server = TestServer::start(Some(db.clone())).await;
    for (k, reply) in tables.iter().enumerate() {
        let token = reply["spectator"]["token"].as_str().unwrap();
        let (status, body) =
            server.http("GET", &format!("/api/tables/{}/state?token={token}", id(k)), None).await;
        assert_eq!(status, 404, "table {k} must not be served: {body}");
        assert_eq!(body["error"]["code"], "table.unknown");
    }
    let token = healthy["spectator"]["token"].as_str().unwrap();
    let table = healthy["table"].as_str().unwrap();
    let (status, _) = server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await;
    assert_eq!(status, 200, "the sound table is served");
    server.kill().await;

    let quarantined = sqlite::list_tables(&db, true).unwrap();
    let reasons: Vec<(String, String)> =
        quarantined.iter().map(|t| (t.id.clone(), t.quarantined.clone().unwrap())).collect();
    let about = |k: usize| -> Vec<String> {
        crate::common::log::logged().lines().filter(|l| l.contains(&id(k))).map(str::to_string).collect()
    };
    assert_eq!(reasons.len(), 6, "{reasons:?}\ntable 0 {}: {:?}", id(0), about(0));
    let reason = |k: usize| reasons.iter().find(|(i, _)| *i == id(k)).unwrap().1.clone();
    assert!(reason(0).contains("actions were lost"), "{}", reason(0));
    assert!(reason(1).contains("action 1 is missing"), "{}", reason(1));
    assert!(reason(2).contains("checksum"), "{}", reason(2));
    assert!(reason(3).contains("seats"), "{}", reason(3));
    // The checksum covers the game and the options too.
    assert!(reason(4).contains("checksum"), "{}", reason(4));
    assert!(reason(5).contains("checksum"), "{}", reason(5));
    // Kept, not deleted: only purge deletes.
    assert_eq!(sqlite::list_tables(&db, false).unwrap().len(), 7);
    assert_eq!(sqlite::purge(&db, &[id(0), "nothing".into()]).unwrap(), [id(0)]);
    assert_eq!(sqlite::list_tables(&db, false).unwrap().len(), 6);
}

/// Finished Six tables that random bots played, on a server that is gone.
async fn finished_tables(db: &std::path::Path, count: usize) -> Vec<(String, String)> {
    finished_tables_in(&DbAddress::Sqlite(db.to_path_buf()), count).await
}

/// [`finished_tables`] in the database at `address`.
async fn finished_tables_in(address: &DbAddress, count: usize) -> Vec<(String, String)> {
    let server =
        TestServer::start_with(ServerConfig { db: address.clone(), ..ServerConfig::default() }).await;
    let mut tables = Vec::new();
    for _ in 0..count {
        let request = json!({"game": "six", "options": {"move_limit": 20}, "seats": ["random", "random"]});
        let reply = server.create(request).await;
        server.until_over(&reply).await;
        let id = reply["table"].as_str().unwrap().to_string();
        tables.push((id, reply["spectator"]["token"].as_str().unwrap().to_string()));
    }
    server.kill().await;
    tables
}

async fn status_of(server: &TestServer, (id, token): &(String, String)) -> (u16, serde_json::Value) {
    server.http("GET", &format!("/api/tables/{id}/state?token={token}"), None).await
}

/// The stored version, checksum and count of actions of a table.
fn stored(db: &std::path::Path, id: &str) -> (Option<i64>, Option<String>, i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT version, checksum, (SELECT COUNT(*) FROM actions WHERE table_id = ?1) FROM tables WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .unwrap()
}

#[tokio::test]
async fn a_lost_last_action_is_found_without_a_checksum_and_nothing_is_rewritten() {
    let db = temp_db("lost-last");
    let tables = finished_tables(&db, 2).await;
    let (lost, intact) = (&tables[0].0, &tables[1].0);
    let (_, _, actions) = stored(&db, lost);
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        // Rows as builds before checksums stored them: no version, no checksum.
        conn.execute("UPDATE tables SET version = NULL, checksum = NULL", []).unwrap();
        conn.execute(
            "DELETE FROM actions WHERE table_id = ?1 AND idx = ?2",
            rusqlite::params![lost, actions - 1],
        )
        .unwrap();
    }
    let server = TestServer::start(Some(db.clone())).await;
    let (status, body) = status_of(&server, &tables[0]).await;
    assert_eq!((status, body["error"]["code"].as_str()), (404, Some("table.unknown")), "{body}");
    let (status, body) = status_of(&server, &tables[1]).await;
    assert_eq!(status, 200, "the table whose replay agrees with its row is served: {body}");
    server.kill().await;
    let quarantined = sqlite::list_tables(&db, true).unwrap();
    assert_eq!(quarantined.len(), 1, "{quarantined:?}");
    let reason = quarantined[0].quarantined.clone().unwrap();
    assert!(quarantined[0].id == *lost && reason.contains("'over'"), "{reason}");
    assert_eq!(stored(&db, lost), (None, None, actions - 1), "nothing written over the damaged table");
    let (version, checksum, count) = stored(&db, intact);
    assert_eq!(version, Some(count), "the sound table gets its version once its replay agrees");
    assert!(checksum.is_some());
}

#[tokio::test]
async fn garbage_in_a_tables_progress_quarantines_it() {
    let db = temp_db("garbage");
    let tables = finished_tables(&db, 3).await;
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("UPDATE tables SET waiting = 'nobody' WHERE id = ?1", [&tables[0].0]).unwrap();
        conn.execute("UPDATE tables SET turn = '[1, 2' WHERE id = ?1", [&tables[1].0]).unwrap();
    }
    let server = TestServer::start(Some(db.clone())).await;
    for (k, expected) in [(0, 404), (1, 404), (2, 200)] {
        let (status, body) = status_of(&server, &tables[k]).await;
        assert_eq!(status, expected, "table {k}: {body}");
    }
    server.kill().await;
    let reasons: Vec<String> =
        sqlite::list_tables(&db, true).unwrap().into_iter().filter_map(|t| t.quarantined).collect();
    assert_eq!(reasons.len(), 2, "{reasons:?}");
    assert!(reasons.iter().all(|r| r.contains("its replay gives")), "{reasons:?}");
}

#[tokio::test]
async fn a_row_that_disagrees_with_its_replay_is_quarantined_in_postgres_too() {
    let database = crate::common::postgres::TestDatabase::create("damaged-progress").await;
    let address = database.address();
    let tables = finished_tables_in(&address, 2).await;
    let client = database.client().await;
    // A finished game whose row says it waits for people.
    client.execute("UPDATE tables SET waiting = 'people' WHERE id = $1", &[&tables[0].0]).await.unwrap();
    let server = TestServer::start_with(ServerConfig { db: address, ..ServerConfig::default() }).await;
    for (k, expected) in [(0, 404), (1, 200)] {
        let (status, body) = status_of(&server, &tables[k]).await;
        assert_eq!(status, expected, "table {k}: {body}");
    }
    server.kill().await;
    let row = client
        .query_one("SELECT quarantined, waiting FROM tables WHERE id = $1", &[&tables[0].0])
        .await
        .unwrap();
    let (reason, waiting): (Option<String>, String) = (row.get(0), row.get(1));
    assert!(reason.is_some_and(|r| r.contains("'people'")), "quarantined with why");
    assert_eq!(waiting, "people", "nothing rewritten");
}

#[tokio::test]
async fn tables_on_a_damaged_page_are_quarantined_not_answered_with_500() {
    const PAGE: usize = 4096;
    let db = temp_db("bad-page");
    let tables = finished_tables(&db, 8).await;
    let bytes = std::fs::read(&db).unwrap();
    let named = |page: &[u8]| -> Vec<usize> {
        (0..tables.len())
            .filter(|&k| page.windows(tables[k].0.len()).any(|w| w == tables[k].0.as_bytes()))
            .collect()
    };
    // A leaf of the actions (an index b-tree leaf, type 10) that holds the
    // actions of some tables only.
    let page = (1..bytes.len() / PAGE)
        .find(|&p| {
            let page = &bytes[p * PAGE..(p + 1) * PAGE];
            page[0] == 0x0a && !named(page).is_empty() && named(page).len() < tables.len()
        })
        .expect("a leaf of the actions that holds some tables only");
    // The bytes may name more tables than the page's cells hold (old cells
    // in its free space), so the tables on it are among those named.
    let named_on_it = named(&bytes[page * PAGE..(page + 1) * PAGE]);
    let mut damaged = bytes.clone();
    damaged[page * PAGE] ^= 0xff;
    std::fs::write(&db, &damaged).unwrap();
    let server = TestServer::start(Some(db.clone())).await;
    let mut unknown = Vec::new();
    for (k, table) in tables.iter().enumerate() {
        let (status, body) = status_of(&server, table).await;
        assert!(status == 200 || (status == 404 && named_on_it.contains(&k)), "table {k}: {status} {body}");
        if status == 404 {
            assert_eq!(body["error"]["code"], "table.unknown", "table {k}");
            unknown.push(k);
        }
        let (again, _) = status_of(&server, table).await;
        assert_eq!(again, status, "table {k}, asked again");
    }
    assert!(!unknown.is_empty() && unknown.len() < tables.len(), "{unknown:?} of {named_on_it:?}");
    server.kill().await;
    let quarantined = sqlite::list_tables(&db, true).unwrap();
    assert_eq!(quarantined.len(), unknown.len(), "{quarantined:?}");
    for table in &quarantined {
        assert!(unknown.iter().any(|&k| tables[k].0 == table.id), "{quarantined:?}");
        assert!(table.quarantined.as_ref().unwrap().contains("cannot be read"), "{quarantined:?}");
    }
}
