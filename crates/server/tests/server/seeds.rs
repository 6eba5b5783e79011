//! A shared table's seed is the server's secret (docs/security.md, "A
//! table's seed is the server's secret"): chance is a function of the seed
//! and the ply, so whoever knew it would know every hidden card.

use crate::common::{Socket, TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_server::ServerConfig;
use std::time::Duration;

/// A server as deployed: clients may not choose a shared table's seed.
/// (The limits per client address are lifted: this client plays every
/// seat of several tables at full speed.)
async fn deployed(db: Option<std::path::PathBuf>) -> TestServer {
    let db = db.map_or(spieltisch_server::DbAddress::Memory, spieltisch_server::DbAddress::Sqlite);
    let limits = spieltisch_server::limits::Limits { per_client: false, ..Default::default() };
    TestServer::start_as(ServerConfig { db, limits, bot_delay: Duration::ZERO, ..ServerConfig::default() })
        .await
}

#[tokio::test]
async fn a_clients_seed_is_taken_only_where_nobody_else_sits() {
    let server = deployed(None).await;
    let shared = [
        json!({"game": "ausreisser", "options": {"stages": 1}, "seats": ["human", "human", "random"], "seed": 7}),
        json!({"game": "ausreisser", "options": {"stages": 1}, "seats": ["human", "random", "random"], "seed": 7, "invite": true}),
        json!({"game": "sechstage", "options": {"races": 1}, "seats": ["human", "random", "random"], "seed": 7, "public": true}),
        json!({"game": "sechstage", "options": {"races": 1}, "seats": ["human", "random", "random"], "seed": 7, "hotseat": true}),
    ];
    for request in &shared {
        let (status, reply) = server.http("POST", "/api/tables", Some(request)).await;
        assert_eq!(status, 400, "{request}: {reply}");
        assert_eq!(reply["error"]["code"], "options.invalid", "{reply}");
        assert!(reply["error"]["message"].as_str().unwrap().contains("seed"), "{reply}");
    }
    // One person against bots, or bots alone: the seed is the client's.
    for request in [
        json!({"game": "ausreisser", "options": {"stages": 1}, "seats": ["human", "random", "random"], "seed": 7}),
        json!({"game": "sechstage", "options": {"races": 1}, "seats": ["random", "random", "random"], "seed": 7}),
    ] {
        let reply = server.create(request.clone()).await;
        assert!(reply.get("seed").is_none(), "the reply names no seed: {reply}");
    }
    // The same tables without a seed are made, with the server's.
    for mut request in shared.clone() {
        request.as_object_mut().unwrap().remove("seed");
        server.create(request).await;
    }
    server.kill().await;

    // Under the operator's flag, a shared table takes the client's seed.
    let allowing = TestServer::start_with(ServerConfig::default()).await;
    for request in &shared {
        allowing.create(request.clone()).await;
    }
    allowing.kill().await;
}

/// Everything one client of a table received.
#[derive(Default)]
struct Received(Vec<String>);

impl Received {
    fn add(&mut self, body: &Value) {
        self.0.push(body.to_string());
    }

    /// Fails if any text received carries `seed` in any form it could be
    /// written in: decimal (as stored, signed), or hexadecimal.
    fn assert_free_of(&self, seed: u64, what: &str) {
        let forms =
            [seed.to_string(), (seed as i64).to_string(), format!("{seed:x}"), format!("{seed:016x}")];
        for text in &self.0 {
            for form in &forms {
                assert!(
                    !text.contains(form.as_str()),
                    "{what}: a client received the seed {seed} as {form}: {text}"
                );
            }
        }
        assert!(!self.0.is_empty(), "{what}: nothing was received");
    }
}

/// Plays a person's seat: whenever the seat may act, its first legal
/// action, until the game ends. Every frame is kept in the socket.
async fn play(mut socket: Socket) -> Socket {
    loop {
        let msg = socket.next().await;
        if msg["type"] != "state" {
            continue;
        }
        if msg["turn"] == "over" {
            return socket;
        }
        if let Some(first) = msg["legal"].get(0) {
            let action = first["action"].as_str().unwrap().to_string();
            socket.act(msg["version"].as_u64().unwrap(), &action).await;
        }
    }
}

#[tokio::test]
async fn no_client_receives_a_shared_tables_seed() {
    let db = temp_db("seeds");
    let server = deployed(Some(db.clone())).await;
    // Names for the first `people` of `seats` seats (a bot's seat takes none).
    let named = |people: usize, seats: usize| {
        json!((0..seats).map(|i| (i < people).then(|| format!("P{i}"))).collect::<Vec<_>>())
    };
    let tables = [
        // Two people by name; hands held.
        json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "human", "random"], "names": named(2, 3)}),
        json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "human", "random"], "names": named(2, 3)}),
        // One device passed around.
        json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "human", "human"], "hotseat": true, "names": named(3, 3)}),
        json!({"game": "six", "seats": ["human", "human"], "options": {"move_limit": 20}, "names": named(2, 2)}),
        // Public: the second seat is taken from the lobby.
        json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "human", "random"], "public": true, "names": ["Anna", null, null]}),
    ];
    let mut received = Received::default();
    let mut ids = Vec::new();
    for request in tables {
        let reply = server.create(request.clone()).await;
        received.add(&reply);
        let id = reply["table"].as_str().unwrap().to_string();
        let mut tokens: Vec<String> = reply["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| s["token"].as_str().map(String::from))
            .collect();
        if request["public"] == true {
            let (_, public) = server.http("GET", "/api/public", None).await;
            received.add(&public);
            let (status, claimed) = server
                .http("POST", &format!("/api/tables/{id}/claim"), Some(&json!({"seat": 1, "name": "Ben"})))
                .await;
            assert_eq!(status, 200, "{claimed}");
            received.add(&claimed);
            tokens.push(claimed["token"].as_str().unwrap().to_string());
        }
        let watch = reply["spectator"]["token"].as_str().unwrap().to_string();
        let mut players = Vec::new();
        for token in &tokens {
            players.push(tokio::spawn(play(server.socket(&id, token).await)));
        }
        let mut watcher = server.socket(&id, &watch).await;
        for player in players {
            received.0.extend(player.await.unwrap().frames);
        }
        while watcher.next().await["turn"] != "over" {}
        received.0.extend(watcher.frames);
        for token in tokens.iter().chain([&watch]) {
            for path in [
                format!("/api/tables/{id}?token={token}"),
                format!("/api/tables/{id}/state?token={token}"),
                format!("/api/tables/{id}/replay?token={token}"),
                format!("/api/mine?tables={id}:{token}"),
            ] {
                let (status, body) = server.http("GET", &path, None).await;
                assert_eq!(status, 200, "{path}: {body}");
                received.add(&body);
            }
        }
        // The rematch: a new table, a new seed, named to everyone.
        let (status, rematch) = server
            .http("POST", &format!("/api/tables/{id}/rematch"), Some(&json!({"token": tokens[0]})))
            .await;
        assert_eq!(status, 200, "{rematch}");
        received.add(&rematch);
        let new = rematch["table"].as_str().unwrap().to_string();
        let (_, state) =
            server.http("GET", &format!("/api/tables/{new}/state?token={}", tokens[0]), None).await;
        received.add(&state);
        ids.push(id);
        ids.push(new);
    }
    server.kill().await;

    let conn = rusqlite::Connection::open(&db).unwrap();
    for id in &ids {
        let seed: i64 = conn.query_row("SELECT seed FROM tables WHERE id = ?1", [id], |r| r.get(0)).unwrap();
        received.assert_free_of(seed as u64, id);
    }
    assert_eq!(ids.len(), 10);
}
