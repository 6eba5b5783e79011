//! People, not seats: names given at a table's creation, invitations to
//! free seats, taking a seat (by invitation, or by number at a public
//! table), names in snapshots and in the log's words, the lobby's list of
//! public tables, and all of it across a restart.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_server::ServerConfig;

fn table_of(reply: &Value) -> String {
    reply["table"].as_str().unwrap().to_string()
}

/// The invitation code of `seat` from a creation's reply (`/#/join/ID/CODE`).
fn code(reply: &Value, seat: usize) -> String {
    let path = reply["seats"][seat]["invite"].as_str().unwrap_or_else(|| panic!("no invitation: {reply}"));
    path.rsplit('/').next().unwrap().to_string()
}

/// A Six table for two people: Anna at seat 1, seat 2 by invitation.
async fn anna_invites(server: &TestServer, public: bool) -> Value {
    server
        .create(json!({"game": "six", "seats": ["human", "human"], "seed": 2,
            "names": ["Anna", null], "invite": true, "public": public}))
        .await
}

async fn claim(server: &TestServer, table: &str, body: Value) -> (u16, Value) {
    server.http("POST", &format!("/api/tables/{table}/claim"), Some(&body)).await
}

async fn state(server: &TestServer, table: &str, token: &str) -> Value {
    let (status, state) = server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await;
    assert_eq!(status, 200, "{state}");
    state
}

#[tokio::test]
async fn an_invitation_leads_to_a_seat_that_its_taker_names() {
    let server = TestServer::start(None).await;
    let reply = anna_invites(&server, false).await;
    let table = table_of(&reply);
    assert_eq!(reply["seats"][0]["name"], "Anna");
    assert!(reply["seats"][0]["token"].is_string() && reply["seats"][0]["invite"].is_null(), "{reply}");
    assert!(reply["seats"][1]["token"].is_null() && reply["seats"][1]["url"].is_null(), "{reply}");
    let code = code(&reply, 1);
    assert_eq!(reply["seats"][1]["invite"], format!("/#/join/{table}/{code}"));

    let (status, invitation) = server.http("GET", &format!("/api/tables/{table}/invite/{code}"), None).await;
    assert_eq!(status, 200, "{invitation}");
    assert_eq!(
        (&invitation["seat"], &invitation["taken"], &invitation["game"]),
        (&json!(1), &json!(false), &json!("six"))
    );
    assert_eq!(invitation["seats"][0], json!({"seat": 0, "kind": "human", "name": "Anna"}));
    assert_eq!(invitation["seats"][1], json!({"seat": 1, "kind": "human", "name": null, "free": true}));
    assert!(invitation["spectator"].is_null(), "a private table's spectator link stays private");
    assert!(!invitation.to_string().contains(reply["seats"][0]["token"].as_str().unwrap()), "no token");

    let anna = reply["seats"][0]["token"].as_str().unwrap();
    let mut watching = server.socket(&table, anna).await;
    let before = watching.state_at_least(0).await;
    assert_eq!(before["seats"][1]["free"], true);

    let (status, claimed) = claim(&server, &table, json!({"invite": code, "name": "  Bernd "})).await;
    assert_eq!(status, 200, "{claimed}");
    let token = claimed["token"].as_str().unwrap();
    assert_eq!(token.len(), 32, "128 bits in hex");
    assert_eq!((&claimed["seat"], &claimed["url"]), (&json!(1), &json!(format!("/#/table/{table}/{token}"))));
    // Every connection hears of it at once, without asking.
    let after = watching.state_at_least(0).await;
    assert_eq!(after["seats"][1]["name"], "Bernd", "trimmed: {after}");
    assert!(after["seats"][1].get("free").is_none(), "{after}");
    let own = state(&server, &table, token).await;
    assert_eq!(own["viewer"], json!({"seat": 1}));

    // The invitation now says the seat is taken; taking it again fails.
    let (_, again) = server.http("GET", &format!("/api/tables/{table}/invite/{code}"), None).await;
    assert_eq!(again["taken"], true);
    let (status, refused) = claim(&server, &table, json!({"invite": code, "name": "Carla"})).await;
    assert_eq!((status, refused["error"]["code"].as_str()), (409, Some("seat.taken")), "{refused}");
    // A wrong code is a wrong link.
    let (status, wrong) =
        server.http("GET", &format!("/api/tables/{table}/invite/{}", "0".repeat(32)), None).await;
    assert_eq!((status, wrong["error"]["code"].as_str()), (404, Some("table.unknown")));
    let (status, _) = claim(&server, &table, json!({"invite": "nope", "name": "Carla"})).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn names_are_checked() {
    let server = TestServer::start(None).await;
    let reply = anna_invites(&server, false).await;
    let (table, code) = (table_of(&reply), code(&reply, 1));
    for bad in ["", "   ", "line\nbreak", &"x".repeat(25)] {
        let (status, refused) = claim(&server, &table, json!({"invite": code, "name": bad})).await;
        assert_eq!(
            (status, refused["error"]["code"].as_str()),
            (400, Some("name.invalid")),
            "{bad:?}: {refused}"
        );
    }
    let (status, _) = claim(&server, &table, json!({"invite": code, "name": "ü".repeat(24)})).await;
    assert_eq!(status, 200, "24 characters are 48 bytes and fine");
    for names in [json!(["", null]), json!(["a\tb", null]), json!([null, "Bot"]), json!(["Anna"])] {
        let request = json!({"game": "six", "seats": ["human", "random"], "names": names});
        let (status, refused) = server.http("POST", "/api/tables", Some(&request)).await;
        assert_eq!(status, 400, "{names}: {refused}");
    }
}

#[tokio::test]
async fn of_two_claims_racing_for_a_seat_exactly_one_wins() {
    let server = TestServer::start(None).await;
    for _ in 0..5 {
        let reply = anna_invites(&server, false).await;
        let (table, code) = (table_of(&reply), code(&reply, 1));
        let (first, second) = tokio::join!(
            claim(&server, &table, json!({"invite": code, "name": "Bernd"})),
            claim(&server, &table, json!({"invite": code, "name": "Carla"}))
        );
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(statuses, [200, 409], "{first:?} {second:?}");
        let winner = if first.0 == 200 { &first.1 } else { &second.1 };
        let seen = state(&server, &table, winner["token"].as_str().unwrap()).await;
        let name = if first.0 == 200 { "Bernd" } else { "Carla" };
        assert_eq!(seen["seats"][1]["name"], name, "the winner's name is the one kept");
    }
}

#[tokio::test]
async fn the_log_calls_people_by_their_names() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "six", "seats": ["human", "human"], "seed": 2, "names": ["Anna", "Bernd"],
            "hotseat": true}))
        .await;
    let table = table_of(&reply);
    let token = |seat: usize| reply["seats"][seat]["token"].as_str().unwrap().to_string();
    assert!(reply["hotseat"].as_str().unwrap().contains(&token(1)), "both people are at the hot seat");
    let mut anna = server.socket(&table, &token(0)).await;
    let first = anna.state_at_least(0).await;
    assert_eq!([&first["seats"][0]["name"], &first["seats"][1]["name"]], ["Anna", "Bernd"]);
    anna.act(0, first["legal"][0]["action"].as_str().unwrap()).await;
    let seen = anna.state_at_least(1).await;
    let text = seen["log"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("Anna places a stone on"), "{text}");
    let mut german = server.socket_with(&table, &token(1), "lang=de").await;
    let de = german.state_at_least(1).await;
    assert!(de["log"][0]["text"].as_str().unwrap().starts_with("Anna setzt einen Stein auf"), "{de}");
    // A seat without a name keeps the game's word for it.
    let plain = server.create(json!({"game": "six", "seats": ["human", "human"], "seed": 2})).await;
    let mut socket = server.socket(&table_of(&plain), plain["seats"][0]["token"].as_str().unwrap()).await;
    let s = socket.state_at_least(0).await;
    assert!(s["seats"][0]["name"].is_null() && s["seats"][0].get("free").is_none(), "{s}");
}

/// A person's moves call them by the name the log calls them (6-Tage
/// Rennen's "Hanna plays 1", not "Seat 1 (A) plays 1"), and the log calls
/// bots by their level, numbered where two share one, in both languages.
#[tokio::test]
async fn moves_call_people_by_name_and_bots_by_level() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "easy", "easy"],
            "seed": 4, "names": ["Hanna", null, null]}))
        .await;
    let table = table_of(&reply);
    let token = reply["seats"][0]["token"].as_str().unwrap().to_string();
    let mut hanna = server.socket(&table, &token).await;
    let waiting = |seen: &Value| seen["legal"].as_array().is_none_or(Vec::is_empty) && seen["turn"] != "over";
    let mut seen = hanna.state_at_least(0).await;
    while waiting(&seen) {
        seen = hanna.next().await;
    }
    let words: Vec<&str> =
        seen["legal"].as_array().unwrap().iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert!(words.iter().all(|w| w.starts_with("Hanna ") && !w.contains("Seat")), "{words:?}");
    let version = seen["version"].as_u64().unwrap();
    hanna.act(version, seen["legal"][0]["action"].as_str().unwrap()).await;
    // Both bots move before Hanna's next turn.
    let mut seen = hanna.state_at_least(version + 1).await;
    while waiting(&seen) {
        seen = hanna.next().await;
    }
    let log: Vec<&str> =
        seen["log"].as_array().unwrap().iter().map(|e| e["text"].as_str().unwrap()).collect();
    assert!(log.iter().any(|e| e.starts_with("Hanna ")), "{log:?}");
    assert!(log.iter().any(|e| e.starts_with("Bot: Easy 1 ")), "{log:?}");
    assert!(log.iter().any(|e| e.starts_with("Bot: Easy 2 ")), "{log:?}");
    assert!(log.iter().all(|e| !e.contains("Seat")), "{log:?}");
    let mut german = server.socket_with(&table, &token, "lang=de").await;
    let de = german.state_at_least(0).await;
    let log: Vec<&str> = de["log"].as_array().unwrap().iter().map(|e| e["text"].as_str().unwrap()).collect();
    assert!(log.iter().any(|e| e.starts_with("Bot: Leicht 2 ")), "{log:?}");
    assert!(log.iter().all(|e| !e.contains("Spieler")), "{log:?}");
    if let Some(first) = de["legal"].as_array().unwrap().first() {
        assert!(first["text"].as_str().unwrap().starts_with("Hanna "), "{de}");
    }
}

#[tokio::test]
async fn public_tables_are_listed_and_their_free_seats_taken_by_number() {
    let server = TestServer::start(None).await;
    let private = anna_invites(&server, false).await;
    let older = anna_invites(&server, true).await;
    let newer = server
        .create(json!({"game": "sechstage", "options": {"races": 1}, "seats": ["human", "human", "random"],
            "names": ["Carla", null, null], "public": true}))
        .await;
    assert!(newer["seats"][1]["invite"].is_string(), "public implies invitations: {newer}");
    let (status, listed) = server.http("GET", "/api/public", None).await;
    assert_eq!(status, 200, "{listed}");
    let tables = listed["tables"].as_array().unwrap();
    let ids: Vec<&str> = tables.iter().map(|t| t["table"].as_str().unwrap()).collect();
    assert!(!ids.contains(&table_of(&private).as_str()), "private tables are not listed");
    let at = |reply: &Value| ids.iter().position(|id| *id == table_of(reply)).unwrap();
    assert!(at(&newer) < at(&older) || tables[at(&newer)]["created_at"] == tables[at(&older)]["created_at"]);
    let entry = &tables[at(&newer)];
    assert_eq!(entry["seats"][0], json!({"seat": 0, "kind": "human", "name": "Carla"}));
    assert_eq!(entry["seats"][1], json!({"seat": 1, "kind": "human", "name": null, "free": true}));
    assert_eq!(entry["seats"][2], json!({"seat": 2, "kind": "random", "name": null}));
    assert_eq!((&entry["over"], &entry["name"]["de"]), (&json!(false), &json!("6-Tage Rennen")));
    let spectator =
        format!("/#/table/{}/{}", table_of(&newer), newer["spectator"]["token"].as_str().unwrap());
    assert_eq!(entry["spectator"], spectator);
    for secret in [newer["seats"][0]["token"].as_str().unwrap(), &code(&newer, 1)] {
        assert!(!listed.to_string().contains(secret), "the list shows no token or invitation");
    }

    // Anyone takes a free seat by its number; a taken one or a bot's is refused.
    let table = table_of(&newer);
    let (status, claimed) = claim(&server, &table, json!({"seat": 1, "name": "Dora"})).await;
    assert_eq!(status, 200, "{claimed}");
    assert_eq!(
        state(&server, &table, claimed["token"].as_str().unwrap()).await["viewer"],
        json!({"seat": 1})
    );
    let (status, taken) = claim(&server, &table, json!({"seat": 1, "name": "Emil"})).await;
    assert_eq!((status, taken["error"]["code"].as_str()), (409, Some("seat.taken")));
    let (status, bot) = claim(&server, &table, json!({"seat": 2, "name": "Emil"})).await;
    assert_eq!((status, bot["error"]["code"].as_str()), (400, Some("seat.invalid")));
    let (_, listed) = server.http("GET", "/api/public", None).await;
    let entry = listed["tables"].as_array().unwrap().iter().find(|t| t["table"] == table).unwrap().clone();
    assert_eq!(entry["seats"][1], json!({"seat": 1, "kind": "human", "name": "Dora"}));

    // A private table's free seat is taken by invitation only.
    let (status, refused) = claim(&server, &table_of(&private), json!({"seat": 1, "name": "Emil"})).await;
    assert_eq!((status, refused["error"]["code"].as_str()), (404, Some("table.unknown")), "{refused}");
}

#[tokio::test]
async fn your_tables_name_the_people_and_the_ranks() {
    let server = TestServer::start(None).await;
    let reply = anna_invites(&server, false).await;
    let done = server
        .create(
            json!({"game": "six", "options": {"move_limit": 5}, "seats": ["random", "random"], "seed": 1}),
        )
        .await;
    server.until_over(&done).await;
    let query = format!(
        "/api/mine?tables={}:{},{}:{}",
        table_of(&reply),
        reply["seats"][0]["token"].as_str().unwrap(),
        table_of(&done),
        done["spectator"]["token"].as_str().unwrap()
    );
    let (_, mine) = server.http("GET", &query, None).await;
    let tables = mine["tables"].as_array().unwrap();
    assert_eq!(tables[0]["seats"][0], json!({"seat": 0, "kind": "human", "name": "Anna"}));
    assert_eq!(tables[0]["seats"][1]["free"], true);
    assert!(tables[0]["ranks"].is_null());
    let ranks = tables[1]["ranks"].as_array().unwrap_or_else(|| panic!("{mine}"));
    assert_eq!(ranks.len(), 2);
}

#[tokio::test]
async fn names_and_claims_survive_a_restart() {
    let db = temp_db("people-restart");
    let config =
        || ServerConfig { db: spieltisch_server::DbAddress::Sqlite(db.clone()), ..ServerConfig::default() };
    let server = TestServer::start_with(config()).await;
    let reply = anna_invites(&server, true).await;
    let table = table_of(&reply);
    let (_, claimed) = claim(&server, &table, json!({"invite": code(&reply, 1), "name": "Bernd"})).await;
    let bernd = claimed["token"].as_str().unwrap().to_string();
    // A finished public game keeps its ranks for "your tables".
    let done = server
        .create(json!({"game": "six", "options": {"move_limit": 5}, "seats": ["random", "random"], "seed": 1,
            "public": true}))
        .await;
    server.until_over(&done).await;
    server.kill().await;

    let server = TestServer::start_with(config()).await;
    let seen = state(&server, &table, &bernd).await;
    assert_eq!(seen["viewer"], json!({"seat": 1}));
    assert_eq!([&seen["seats"][0]["name"], &seen["seats"][1]["name"]], ["Anna", "Bernd"]);
    let (status, _) = claim(&server, &table, json!({"invite": code(&reply, 1), "name": "Carla"})).await;
    assert_eq!(status, 409, "still taken");
    let (_, listed) = server.http("GET", "/api/public", None).await;
    let tables = listed["tables"].as_array().unwrap();
    let finished = tables.iter().find(|t| t["table"] == table_of(&done)).unwrap();
    assert_eq!(finished["over"], true);
    let query =
        format!("/api/mine?tables={}:{}", table_of(&done), done["spectator"]["token"].as_str().unwrap());
    let (_, mine) = server.http("GET", &query, None).await;
    assert_eq!(mine["tables"][0]["ranks"].as_array().map(Vec::len), Some(2), "{mine}");
}

#[tokio::test]
async fn seats_stored_by_an_older_build_still_load() {
    // Before people had names: seats without name or invitation, and a
    // database without the columns of public tables and ranks.
    let db = temp_db("people-older");
    let old = rusqlite::Connection::open(&db).unwrap();
    old.execute_batch(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
             seed INTEGER NOT NULL, seats TEXT NOT NULL, spectator_token TEXT NOT NULL,
             created_at INTEGER NOT NULL, format INTEGER NOT NULL DEFAULT 1);
         CREATE TABLE actions (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
             action TEXT NOT NULL, PRIMARY KEY (table_id, idx)) WITHOUT ROWID;
         INSERT INTO tables VALUES ('old', 'six', '{}', 1,
             '{\"seats\": [{\"spec\": \"human\", \"token\": \"seat0\"}, {\"spec\": \"human\", \"token\": \"seat1\"}],
               \"hotseat\": false}', 'watch', 0, 3);",
    )
    .unwrap();
    drop(old);
    let server = TestServer::start(Some(db.clone())).await;
    let seen = state(&server, "old", "seat1").await;
    assert_eq!(seen["viewer"], json!({"seat": 1}));
    assert!(seen["seats"][0]["name"].is_null() && seen["seats"][0].get("free").is_none(), "claimed, unnamed");
    let (_, listed) = server.http("GET", "/api/public", None).await;
    assert_eq!(listed["tables"], json!([]), "an older table is not public");
    let (status, _) = claim(&server, "old", json!({"seat": 1, "name": "Anna"})).await;
    assert_eq!(status, 404);
}

/// The lobby's list counts the moves the players made, not the actions:
/// Um Reifenbreite rolls its dice by chance (the roll-off for the start
/// first), which the table's version counts too.
#[tokio::test]
async fn public_tables_count_the_players_moves_without_chance() {
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2}, "seats": ["human", "human"],
            "names": ["Carla", "Dora"], "public": true, "seed": 3}))
        .await;
    let table = table_of(&reply);
    let mut sockets = Vec::new();
    for seat in 0..2 {
        sockets.push(server.socket(&table, reply["seats"][seat]["token"].as_str().unwrap()).await);
    }
    let mut state = sockets[0].next().await;
    assert!(state["version"].as_u64().unwrap() > 0, "the roll-off was drawn: {}", state["version"]);
    // Each places a rider (the first move listed) when it is their turn;
    // after the last the table waits for one of them.
    for _ in 0..4 {
        let seat = state["turn"]["seat"].as_u64().unwrap() as usize;
        let version = state["version"].as_u64().unwrap();
        let mine = sockets[seat].state_at_least(version).await;
        let first = mine["legal"][0]["action"].as_str().unwrap().to_string();
        sockets[seat].act(version, &first).await;
        state = sockets[seat].state_at_least(version + 1).await;
    }
    let (_, listed) = server.http("GET", "/api/public", None).await;
    let entry = listed["tables"].as_array().unwrap().iter().find(|t| t["table"] == table).unwrap();
    assert_eq!((&entry["version"], &entry["moves"]), (&state["version"], &json!(4)), "4 moves were made");
    assert!(entry["version"].as_u64().unwrap() > 4, "chance rolled for the start: {}", entry["version"]);
}
