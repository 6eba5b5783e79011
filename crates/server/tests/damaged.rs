//! One policy for a damaged database: the server always starts, a table
//! that cannot be resumed exactly is quarantined (kept, listed, never
//! served), and the other tables are served as before.

mod common;

use common::{TestServer, temp_db};
use serde_json::json;
use spieltisch_server::store;

/// A Six table that random bots play to its end.
fn six() -> serde_json::Value {
    json!({"game": "six", "options": {"move_limit": 20}, "seats": ["random", "random"], "seed": 1})
}

#[tokio::test]
async fn damaged_tables_are_quarantined_and_the_rest_served() {
    let db = temp_db("damaged");
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

    let quarantined = store::list_tables(&db, true).unwrap();
    let reasons: Vec<(String, String)> =
        quarantined.iter().map(|t| (t.id.clone(), t.quarantined.clone().unwrap())).collect();
    assert_eq!(reasons.len(), 6, "{reasons:?}");
    let reason = |k: usize| reasons.iter().find(|(i, _)| *i == id(k)).unwrap().1.clone();
    assert!(reason(0).contains("actions were lost"), "{}", reason(0));
    assert!(reason(1).contains("action 1 is missing"), "{}", reason(1));
    assert!(reason(2).contains("checksum"), "{}", reason(2));
    assert!(reason(3).contains("seats"), "{}", reason(3));
    assert!(reason(4).contains("schach"), "{}", reason(4));
    assert!(reason(5).contains("options are not JSON"), "{}", reason(5));
    // Kept, not deleted: only purge deletes.
    assert_eq!(store::list_tables(&db, false).unwrap().len(), 7);
    assert_eq!(store::purge(&db, &[id(0), "nothing".into()]).unwrap(), [id(0)]);
    assert_eq!(store::list_tables(&db, false).unwrap().len(), 6);
}
