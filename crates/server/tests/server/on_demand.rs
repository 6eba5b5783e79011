//! Tables loaded on demand: memory holds the tables in use, the database
//! all of them; idle tables leave memory and come back exactly as they
//! were; abandoned unfinished tables expire; finished ones stay readable;
//! replays are built only so many at once.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_server::storage::sqlite;
use spieltisch_server::{DbAddress, ServerConfig};
use std::time::Duration;

/// A server whose tables leave memory as soon as nobody holds them.
fn eager(db: DbAddress) -> ServerConfig {
    ServerConfig {
        db,
        unload_after: Duration::ZERO,
        sweep_every: Duration::from_millis(50),
        ..ServerConfig::default()
    }
}

/// How many tables the server holds in memory, and how many are unfinished.
async fn held(server: &TestServer) -> (u64, u64) {
    let (_, health) = server.health().await;
    let tables = &health["tables"];
    (tables["held"].as_u64().unwrap(), tables["unfinished"].as_u64().unwrap())
}

/// Waits (bounded) until the server holds `n` tables in memory.
async fn until_held(server: &TestServer, n: u64) {
    for _ in 0..200 {
        if held(server).await.0 == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the server holds {:?} tables (in memory, unfinished), not {n}", held(server).await);
}

fn link(reply: &Value, seat: usize) -> (String, String) {
    (
        reply["table"].as_str().unwrap().to_string(),
        reply["seats"][seat]["token"].as_str().unwrap().to_string(),
    )
}

async fn state(server: &TestServer, table: &str, token: &str) -> (u16, Value) {
    server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await
}

#[tokio::test]
async fn an_idle_table_leaves_memory_and_comes_back_as_it_was() {
    let server = TestServer::start_with(eager(DbAddress::Memory)).await;
    let reply = server.create(json!({"game": "six", "seats": ["human", "human"], "seed": 4})).await;
    let (table, red) = link(&reply, 0);
    let (_, black) = link(&reply, 1);
    {
        let mut a = server.socket(&table, &red).await;
        let mut b = server.socket(&table, &black).await;
        let first = a.state_at_least(0).await;
        a.act(0, first["legal"][0]["action"].as_str().unwrap()).await;
        let second = b.state_at_least(1).await;
        b.act(1, second["legal"][0]["action"].as_str().unwrap()).await;
        a.state_at_least(2).await;
        // Held while anyone is connected, however long.
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(held(&server).await, (1, 1));
    }
    until_held(&server, 0).await;
    assert_eq!(held(&server).await.1, 1, "still counted among the unfinished tables");
    // The in-memory database too: the table is read back through the writer.
    let (status, back) = state(&server, &table, &red).await;
    assert_eq!(status, 200, "{back}");
    assert_eq!(back["version"], 2);
    assert_eq!(back["log"].as_array().unwrap().len(), 2);
    let mut a = server.socket(&table, &red).await;
    let now = a.state_at_least(2).await;
    a.act(2, now["legal"][0]["action"].as_str().unwrap()).await;
    assert_eq!(a.state_at_least(3).await["version"], 3, "play goes on");
}

#[tokio::test]
async fn a_table_whose_bot_waits_to_move_stays_in_memory() {
    // The bot's pending move holds the table, although nobody is
    // connected: a table of people nobody holds, made after it, leaves
    // memory first. The bot's delay outlasts the test.
    let server = TestServer::start_as(ServerConfig {
        bot_delay: Duration::from_secs(3600),
        ..eager(DbAddress::Memory)
    })
    .await;
    let waiting = server.create(json!({"game": "six", "seats": ["random", "human"], "seed": 4})).await;
    let (table, token) = link(&waiting, 1);
    server.create(json!({"game": "six", "seats": ["human", "human"]})).await;
    until_held(&server, 1).await;
    let (_, now) = state(&server, &table, &token).await;
    assert_eq!(now["version"], 0, "the table held is the bot's, its move still to come: {now}");
}

#[tokio::test]
async fn a_bot_moves_after_its_delay_though_nobody_is_there_and_then_its_table_leaves_memory() {
    let server = TestServer::start_as(ServerConfig {
        bot_delay: Duration::from_millis(300),
        ..eager(DbAddress::Memory)
    })
    .await;
    let reply = server.create(json!({"game": "six", "seats": ["random", "human"], "seed": 4})).await;
    let (table, token) = link(&reply, 1);
    until_held(&server, 0).await;
    let (_, after) = state(&server, &table, &token).await;
    assert_eq!(after["version"], 1, "the bot moved before the table left memory: {after}");
}

#[tokio::test]
async fn on_start_only_tables_whose_bots_are_to_move_are_loaded() {
    let db = temp_db("on-demand-start");
    let config = || ServerConfig {
        db: DbAddress::Sqlite(db.clone()),
        bot_delay: Duration::from_secs(3600),
        ..eager(DbAddress::Memory)
    };
    let quick = TestServer::start(Some(db.clone())).await;
    let over = quick
        .create(
            json!({"game": "six", "options": {"move_limit": 5}, "seats": ["random", "random"], "seed": 1}),
        )
        .await;
    let over_table = over["table"].as_str().unwrap().to_string();
    let spectator = over["spectator"]["token"].as_str().unwrap().to_string();
    quick.until_over(&over).await;
    quick.kill().await;
    let server = TestServer::start_as(config()).await;
    // People to move; a bot to move (its delay outlasts the server).
    let people = server.create(json!({"game": "six", "seats": ["human", "random"], "seed": 1})).await;
    let bots = server.create(json!({"game": "six", "seats": ["random", "human"], "seed": 1})).await;
    server.kill().await;

    let server = TestServer::start_as(config()).await;
    assert_eq!(held(&server).await, (1, 2), "only the bots' table is loaded; two are unfinished");
    let (table, token) = link(&people, 0);
    let (status, _) = state(&server, &table, &token).await;
    assert_eq!(status, 200, "the people's table loads when asked for");
    let (table, token) = link(&bots, 1);
    let (status, _) = state(&server, &table, &token).await;
    assert_eq!(status, 200);
    let (status, replay) =
        server.http("GET", &format!("/api/tables/{over_table}/replay?token={spectator}"), None).await;
    assert_eq!(status, 200, "a finished table loads for its replay: {replay}");
    server.kill().await;
    let listed = sqlite::list_tables(&db, false).unwrap();
    let waiting = |reply: &Value| {
        let table = listed.iter().find(|t| t.id == reply["table"].as_str().unwrap()).unwrap();
        table.waiting.clone().unwrap()
    };
    assert_eq!([waiting(&people), waiting(&bots), waiting(&over)], ["people", "bots", "over"]);
}

#[tokio::test]
async fn your_tables_are_listed_without_loading_them() {
    let server = TestServer::start_with(eager(DbAddress::Memory)).await;
    let a = server.create(json!({"game": "six", "seats": ["human", "human"], "seed": 1})).await;
    let b = server
        .create(json!({"game": "sechstage", "options": {"races": 1},
        "seats": ["human", "human", "human"], "seed": 1}))
        .await;
    until_held(&server, 0).await;
    let (ta, ka) = link(&a, 1);
    let (tb, kb) = link(&b, 2);
    let query = format!("/api/mine?tables={tb}:{kb},{ta}:{ka},{ta}:wrong,nothing:x");
    let (status, mine) = server.http("GET", &query, None).await;
    assert_eq!(status, 200, "{mine}");
    let tables = mine["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2, "a wrong token and an unknown table are left out: {mine}");
    assert_eq!(tables[0]["table"], tb, "in the order given");
    assert_eq!(tables[0]["viewer"], json!({"seat": 2}));
    assert_eq!(tables[0]["name"]["de"], "6-Tage Rennen");
    assert_eq!(tables[1]["table"], ta);
    assert_eq!(tables[1]["turn"], json!({"seat": 0}));
    assert_eq!((tables[1]["version"].as_u64(), &tables[1]["over"]), (Some(0), &json!(false)));
    assert_eq!(held(&server).await.0, 0, "nothing was loaded");
    // A table in memory answers for itself, the same way.
    let (status, _) = state(&server, &ta, &ka).await;
    assert_eq!(status, 200);
    let (_, again) = server.http("GET", &query, None).await;
    assert_eq!(again["tables"][1], tables[1]);
}

#[tokio::test]
async fn abandoned_tables_expire_and_say_so_and_finished_ones_stay() {
    let db = temp_db("on-demand-expiry");
    let server = TestServer::start_with(ServerConfig {
        expire_unvisited: Duration::from_secs(1),
        ..eager(DbAddress::Sqlite(db.clone()))
    })
    .await;
    let never = server.create(json!({"game": "six", "seats": ["human", "random"], "seed": 1})).await;
    let visited = server.create(json!({"game": "six", "seats": ["human", "random"], "seed": 1})).await;
    let done = server
        .create(
            json!({"game": "six", "options": {"move_limit": 5}, "seats": ["random", "random"], "seed": 1}),
        )
        .await;
    {
        let (table, token) = link(&visited, 0);
        let mut socket = server.socket(&table, &token).await;
        socket.state_at_least(0).await;
    }
    server.until_over(&done).await;
    let (never_table, never_token) = link(&never, 0);
    let mut expired = None;
    for _ in 0..200 {
        let (status, body) = state(&server, &never_table, &never_token).await;
        if status != 200 {
            expired = Some((status, body));
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = expired.expect("the unvisited table did not expire");
    assert_eq!((status, &body["error"]["code"]), (410, &json!("table.expired")), "{body}");
    // A wrong token cannot tell an expired table from none.
    let (status, body) = state(&server, &never_table, "0123").await;
    assert_eq!((status, &body["error"]["code"]), (404, &json!("table.unknown")));
    let (table, token) = link(&visited, 0);
    assert_eq!(state(&server, &table, &token).await.0, 200, "a person came: not expired");
    let done_table = done["table"].as_str().unwrap();
    let watch = done["spectator"]["token"].as_str().unwrap();
    let (status, _) = state(&server, done_table, watch).await;
    assert_eq!(status, 200, "a finished table never expires");
    assert_eq!(held(&server).await.1, 1, "the expired table left the limits; the visited one counts");
    server.kill().await;
    let listed = sqlite::list_tables(&db, false).unwrap();
    let marked: Vec<&str> = listed.iter().filter(|t| t.expired.is_some()).map(|t| t.id.as_str()).collect();
    assert_eq!(marked, [never_table.as_str()], "kept and marked, not deleted");
}

/// A long finished game, a whole Um Reifenbreite race of random teams:
/// the path of its replay.
async fn long_finished_game(server: &TestServer) -> String {
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2}, "seats": ["random", "random"], "seed": 3}))
        .await;
    server.until_over(&reply).await;
    let table = reply["table"].as_str().unwrap();
    let watch = reply["spectator"]["token"].as_str().unwrap();
    format!("/api/tables/{table}/replay?token={watch}")
}

#[tokio::test]
async fn replays_are_built_one_per_address_and_only_so_many_at_once() {
    let server =
        TestServer::start_with(ServerConfig { replay_wait: Duration::ZERO, ..ServerConfig::default() }).await;
    let path = long_finished_game(&server).await;
    // Four at once from one address, one from another.
    let greedy = (0..4).map(|_| server.http_from([127, 0, 0, 2], "GET", &path, "", None));
    let (greedy, other) = tokio::join!(
        futures_util::future::join_all(greedy),
        server.http_from([127, 0, 0, 3], "GET", &path, "", None)
    );
    assert_eq!(other.0, 200, "another address is served: {}", other.2);
    let built = greedy.iter().filter(|(status, _, _)| *status == 200).count();
    let busy: Vec<&Value> =
        greedy.iter().filter(|(status, _, _)| *status == 503).map(|(_, _, body)| body).collect();
    assert!(built >= 1, "one is built");
    assert_eq!(built + busy.len(), 4);
    assert!(!busy.is_empty(), "the others are not built at the same time");
    for body in busy {
        assert_eq!(body["error"]["code"], "replay.busy", "{body}");
        assert_eq!(body["error"]["limit"], 1, "one at a time per address");
        assert!(body["error"]["retry_after_seconds"].as_u64().unwrap() > 0);
    }
    let (status, _) = server.http("GET", &path, None).await;
    assert_eq!(status, 200, "free again afterwards");
}

#[tokio::test]
async fn replays_wait_for_a_build_then_are_refused() {
    // One build in all: another address waits its turn (here: not at all).
    let server = TestServer::start_with(ServerConfig {
        replay_builds: 1,
        replay_wait: Duration::ZERO,
        ..ServerConfig::default()
    })
    .await;
    let path = long_finished_game(&server).await;
    let asked = (2..6).map(|n| server.http_from([127, 0, 0, n], "GET", &path, "", None));
    let answers = futures_util::future::join_all(asked).await;
    let refused: Vec<&Value> = answers.iter().filter(|a| a.0 == 503).map(|a| &a.2).collect();
    assert!(answers.iter().any(|a| a.0 == 200), "one is built");
    assert!(!refused.is_empty(), "one build at a time in all");
    for body in refused {
        assert_eq!((&body["error"]["code"], &body["error"]["limit"]), (&json!("replay.busy"), &json!(1)));
    }
}
