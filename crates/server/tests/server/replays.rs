//! Replays are compact and exact: the first view and each step's patch
//! rebuild every view the viewer saw, an entry of its log at a time, and
//! nothing else.

use crate::common::{TestServer, temp_db};
use serde_json::{Value, json};
use spieltisch_catalog::new_session;
use spieltisch_core::{Record, Turn, Viewer};
use spieltisch_server::storage::{Loaded, sqlite::Store};

/// The views `viewer` saw after each action of `record`.
fn views_of(record: &Record, viewer: Viewer) -> Vec<Value> {
    let mut session = new_session(&record.game, &record.options, record.seed).unwrap();
    let mut views = vec![session.view(viewer).unwrap()];
    for action in &record.actions {
        session.apply(None, action).unwrap();
        views.push(session.view(viewer).unwrap());
    }
    views
}

/// Applies a step's change: `[path, value]` sets, `[path]` removes
/// (docs/api.md, "replay"). A path written out is kept in `paths`; a
/// number is the path of that index there.
fn apply(view: &mut Value, change: &Value, paths: &mut Vec<String>) {
    for edit in change.as_array().unwrap() {
        let edit = edit.as_array().unwrap();
        let path = match &edit[0] {
            Value::String(path) => {
                assert!(!paths.contains(path), "{path} is written out once, then numbered");
                paths.push(path.clone());
                path.as_str()
            }
            number => paths[number.as_u64().unwrap() as usize].as_str(),
        };
        let (parent, key) = path.rsplit_once('/').unwrap();
        let key = key.replace("~1", "/").replace("~0", "~");
        let container = view.pointer_mut(parent).unwrap_or_else(|| panic!("no {parent} for {path}"));
        match (container, edit.get(1)) {
            (Value::Object(map), Some(value)) => {
                map.insert(key, value.clone());
            }
            (Value::Object(map), None) => {
                assert!(map.remove(&key).is_some(), "{path} removed but not there");
            }
            (Value::Array(list), Some(value)) => {
                let i: usize = key.parse().unwrap();
                assert!(i <= list.len(), "{path} past the end");
                if i == list.len() { list.push(value.clone()) } else { list[i] = value.clone() }
            }
            (Value::Array(list), None) => {
                assert_eq!(
                    key.parse::<usize>().unwrap() + 1,
                    list.len(),
                    "{path}: only the last element goes"
                );
                list.pop();
            }
            (other, _) => panic!("{path} in {other}"),
        }
    }
}

/// Checks that `replay` rebuilds exactly the views `viewer` saw: the first
/// at its version, then each step's patched view at the step's version;
/// that each step is one entry of the viewer's log, beginning where the
/// step begins, caused by whoever was to act there; and returns the
/// replay's size in bytes.
fn check(replay: &Value, record: &Record, viewer: Viewer) -> usize {
    let seen = views_of(record, viewer);
    let first = &replay["first"];
    let mut view = first["view"].clone();
    let mut version = first["version"].as_u64().unwrap() as usize;
    assert_eq!(view, seen[version], "the first view");
    let mut session = new_session(&record.game, &record.options, record.seed).unwrap();
    for action in &record.actions[..version] {
        session.apply(None, action).unwrap();
    }
    let mut paths = Vec::new();
    for (n, step) in replay["steps"].as_array().unwrap().iter().enumerate() {
        // [version, turn, log, change]
        let log = step[2].as_array().unwrap();
        assert_eq!(log.len(), 1, "step {n} is one entry of the log: {step}");
        // The entry is the live log's entry that begins with the step, and
        // is caused by whoever was to act there, both of which the step says.
        let actor = match session.turn() {
            Turn::Seat(seat) => json!({ "seat": seat }),
            _ => json!("chance"),
        };
        assert!(log[0].get("at").is_none() && log[0].get("actor").is_none(), "{step}");
        assert!(!log[0]["text"].as_str().unwrap().is_empty(), "step {n} says what happened");
        apply(&mut view, &step[3], &mut paths);
        let next = step[0].as_u64().unwrap() as usize;
        assert!(next > version, "steps move on");
        for action in &record.actions[version..next] {
            session.apply(None, action).unwrap();
        }
        let live = session.entries_since(viewer, version, None).unwrap();
        assert_eq!(live.len(), 1, "step {n} is one entry of the live log");
        assert_eq!(
            (&live[0]["at"], &live[0]["actor"]),
            (&json!(version), &actor),
            "step {n}'s entry begins with it"
        );
        assert_eq!(log[0]["event"], live[0]["event"], "step {n}'s event is the live log's");
        version = next;
        assert_eq!(view, seen[version], "the view after step {n} (version {version})");
        assert_eq!(step[1], serde_json::to_value(session.turn()).unwrap());
    }
    assert_eq!(version, record.actions.len(), "the replay ends where the game ended");
    assert_eq!(replay["outcome"], serde_json::to_value(session.outcome()).unwrap());
    replay.to_string().len()
}

/// A finished table of `request` played by its bots, and its record as
/// stored.
async fn finished(server: &TestServer, db: &std::path::Path, request: Value) -> (Value, Record) {
    let reply = server.create(request).await;
    server.until_over(&reply).await;
    let id = reply["table"].as_str().unwrap();
    let store = Store::open(Some(db)).unwrap();
    let Some(Loaded::Table(row, actions, _)) = store.load(id).await.unwrap() else {
        panic!("table {id} is not stored as it should be")
    };
    let record = Record { format: row.format, game: row.game, options: row.options, seed: row.seed, actions };
    (reply, record)
}

async fn replay(server: &TestServer, reply: &Value, token: &str) -> Value {
    let table = reply["table"].as_str().unwrap();
    let (status, replay) =
        server.http("GET", &format!("/api/tables/{table}/replay?token={token}"), None).await;
    assert_eq!(status, 200, "{replay}");
    replay
}

#[tokio::test]
async fn a_replay_rebuilds_every_view_of_its_viewer_and_steps_by_decisions() {
    let db = temp_db("replays");
    let server = TestServer::start(Some(db.clone())).await;
    // Hands are secret in 6-Tage Rennen: a seat's replay shows its own.
    let (reply, record) = finished(
        &server,
        &db,
        json!({"game": "sechstage", "options": {"races": 1}, "seats": ["random", "random", "random"], "seed": 5}),
    )
    .await;
    let spectator = replay(&server, &reply, reply["spectator"]["token"].as_str().unwrap()).await;
    check(&spectator, &record, Viewer::Spectator);
    assert_eq!(spectator["viewer"], "spectator");
    assert_eq!(spectator["game"], "sechstage");
    // Dice of Um Reifenbreite fold into the rider's move.
    let (race, race_record) = finished(
        &server,
        &db,
        json!({"game": "reifenbreite", "options": {"teams": 2}, "seats": ["random", "random"], "seed": 3}),
    )
    .await;
    let race_replay = replay(&server, &race, race["spectator"]["token"].as_str().unwrap()).await;
    check(&race_replay, &race_record, Viewer::Spectator);
    let steps = race_replay["steps"].as_array().unwrap().len();
    assert!(steps < race_record.actions.len(), "{steps} steps for {} actions", race_record.actions.len());
}

#[tokio::test]
async fn a_seat_replays_its_own_secrets_and_nobody_elses() {
    let db = temp_db("replays-seat");
    let server = TestServer::start(Some(db.clone())).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"races": 1}, "seats": ["human", "random", "random"], "seed": 8}))
        .await;
    let table = reply["table"].as_str().unwrap();
    let token = reply["seats"][0]["token"].as_str().unwrap();
    server.play_seat_0_to_the_end(&reply).await;
    let store = Store::open(Some(&db)).unwrap();
    let Some(Loaded::Table(row, actions, _)) = store.load(table).await.unwrap() else { panic!("not stored") };
    let record = Record { format: row.format, game: row.game, options: row.options, seed: row.seed, actions };
    let mine = replay(&server, &reply, token).await;
    assert_eq!(mine["viewer"], json!({"seat": 0}));
    // Exactly seat 0's views: its own hand, the others' only as it saw them.
    check(&mine, &record, Viewer::Seat(0));
    let watched = replay(&server, &reply, reply["spectator"]["token"].as_str().unwrap()).await;
    assert_ne!(mine["first"]["view"], watched["first"]["view"], "a seat sees its hand, a spectator does not");
}

/// A game of `game` with `options` played by heuristic bots from `seed`,
/// and the head of its spectator's replay.
fn bots_game(
    game: &str,
    options: &Value,
    seats: usize,
    seed: u64,
) -> (Record, spieltisch_server::replay::Head) {
    use spieltisch_server::{replay, table::SeatConfig};
    let heuristic: spieltisch_catalog::SeatSpec = "heuristic".parse().unwrap();
    let mut session = new_session(game, options, seed).unwrap();
    loop {
        match session.turn() {
            Turn::Over => break,
            Turn::Chance => {
                session.run_chance();
            }
            Turn::Seat(_) => {
                session.bot_move(&heuristic).unwrap();
            }
        }
    }
    let record = session.record().clone();
    let seats: Vec<SeatConfig> = (0..seats).map(|_| SeatConfig::claimed("heuristic".into(), None)).collect();
    let head = replay::Head {
        table: "t".into(),
        game: game.into(),
        name: spieltisch_core::Said { en: "a game".into(), de: "ein Spiel".into() },
        viewer: Viewer::Spectator,
        shown_seats: seats.iter().enumerate().map(|(seat, config)| config.public(seat)).collect(),
        seats,
        share: "/#/replay/t/S".into(),
    };
    (record, head)
}

/// The spectator's replay of a game of `game` with `options` played by
/// heuristic bots from `seed`, as the server writes it (one page of at
/// most a million bytes), and its record.
fn bots_replay(game: &str, options: &Value, seats: usize, seed: u64) -> (Vec<u8>, Record) {
    use spieltisch_server::replay;
    let (record, head) = bots_game(game, options, seats, seed);
    (replay::bytes(&record, &head, spieltisch_core::Lang::En, replay::Page::first()).unwrap(), record)
}

/// Every page of the replay of `record` with at most `at_most` bytes each,
/// as the browser asks for them: from the step each one says is next.
/// Each is checked to hold at most `at_most` bytes, or a single step.
fn pages(record: &Record, head: &spieltisch_server::replay::Head, at_most: usize) -> Vec<Value> {
    use spieltisch_server::replay::{Page, bytes};
    let mut pages: Vec<Value> = Vec::new();
    let mut from = 0;
    loop {
        let written = bytes(record, head, spieltisch_core::Lang::En, Page { from, at_most }).unwrap();
        let page: Value = serde_json::from_slice(&written).unwrap();
        assert!(
            written.len() <= at_most || page["steps"].as_array().unwrap().len() == 1,
            "a page from step {from} of {} bytes holds {} steps",
            written.len(),
            page["steps"].as_array().unwrap().len()
        );
        let next = page["next"].as_u64();
        pages.push(page);
        match next {
            Some(next) => {
                assert!(next as usize > from, "every page moves on");
                from = next as usize;
            }
            None => return pages,
        }
    }
}

/// The pages as one replay: their steps in order, each page's paths
/// numbered as if the replay were one page (paths restart in every page).
fn joined(pages: &[Value]) -> Value {
    let mut whole = pages[0].clone();
    let mut numbers: Vec<String> = Vec::new();
    let mut steps = Vec::new();
    for page in pages {
        let mut paths: Vec<String> = Vec::new();
        for step in page["steps"].as_array().unwrap() {
            let mut step = step.clone();
            for edit in step[3].as_array_mut().unwrap() {
                let path = match &edit[0] {
                    Value::String(path) => {
                        paths.push(path.clone());
                        path.clone()
                    }
                    number => paths[number.as_u64().unwrap() as usize].clone(),
                };
                edit[0] = match numbers.iter().position(|known| *known == path) {
                    Some(number) => json!(number),
                    None => {
                        numbers.push(path.clone());
                        json!(path)
                    }
                };
            }
            steps.push(step);
        }
    }
    whole["steps"] = Value::Array(steps);
    whole["outcome"] = pages.last().unwrap()["outcome"].clone();
    whole
}

/// A replay larger than a page comes in pages of at most that many bytes,
/// which together rebuild every view exactly: nothing is left out.
#[test]
fn a_replay_larger_than_a_page_comes_in_pages_that_lose_nothing() {
    let options = json!({"teams": 2});
    let (record, head) = bots_game("reifenbreite", &options, 2, 4);
    let whole: Value = serde_json::from_slice(
        &spieltisch_server::replay::bytes(
            &record,
            &head,
            spieltisch_core::Lang::En,
            spieltisch_server::replay::Page::first(),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(whole["next"], Value::Null, "one page under a million bytes");
    let total = whole["total"].as_u64().unwrap() as usize;
    assert_eq!(whole["steps"].as_array().unwrap().len(), total);
    let at_most = 20_000;
    let split = pages(&record, &head, at_most);
    assert!(split.len() >= 3, "{} pages of {at_most} bytes", split.len());
    assert!(split[0]["steps"].as_array().unwrap().len() > 1, "the first page holds several steps");
    for (n, page) in split.iter().enumerate() {
        assert_eq!(page["total"], json!(total), "page {n} says how many steps there are");
        assert_eq!(page.get("first").is_some(), n == 0, "page {n}: only the first has the first view");
        assert_eq!(page.get("static").is_some(), n == 0, "page {n}: only the first has the static part");
        if n + 1 < split.len() {
            assert_eq!(page["outcome"], Value::Null, "page {n} is not the end");
        }
    }
    let rebuilt = joined(&split);
    check(&rebuilt, &record, Viewer::Spectator);
    assert_eq!(rebuilt["steps"], whole["steps"], "the pages hold the one page's steps");
}

/// A page holds at least one step, however small the bound: every page
/// moves the replay on.
#[test]
fn a_page_smaller_than_a_step_still_holds_one() {
    let (record, head) = bots_game("six", &json!({"move_limit": 20}), 2, 1);
    let split = pages(&record, &head, 1);
    let total = split[0]["total"].as_u64().unwrap() as usize;
    assert_eq!(split.len(), total, "one step a page");
    check(&joined(&split), &record, Viewer::Spectator);
}

#[test]
fn a_stage_race_replay_rebuilds_its_views_with_numbered_paths() {
    let options = json!({"teams": 4, "stages": "tour,tour", "rules": "pro"});
    let (bytes, record) = bots_replay("reifenbreite", &options, 4, 3);
    let replay: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(check(&replay, &record, Viewer::Spectator), bytes.len());
    let numbered = replay["steps"].as_array().unwrap().iter().flat_map(|s| s[3].as_array().unwrap());
    assert!(numbered.filter(|edit| edit[0].is_u64()).count() > 1000, "paths named before are numbered");
}

/// `replay` as it was written before paths were numbered.
fn with_paths_written_out(mut replay: Value) -> Value {
    let mut paths = Vec::new();
    for step in replay["steps"].as_array_mut().unwrap() {
        for edit in step[3].as_array_mut().unwrap() {
            match &edit[0] {
                Value::String(path) => paths.push(path.clone()),
                number => edit[0] = Value::String(paths[number.as_u64().unwrap() as usize].clone()),
            }
        }
    }
    replay
}

/// docs/benchmarks.md, "Replays": the spectator's replay of a five-stage
/// Tour pro race of four heuristic teams, over 20 seeds, comes in one page
/// (a page holds at most 1,000,000 bytes whatever the game; this measures
/// how far the longest game measured stays below it).
/// `cargo test -p spieltisch-server --test server five_stage -- --ignored
/// --nocapture` prints each.
#[test]
#[ignore = "plays 20 five-stage races: minutes"]
fn five_stage_replays_stay_within_a_million_bytes_over_20_seeds() {
    let options = json!({"teams": 4, "stages": "tour,tour,tour,tour,tour", "rules": "pro"});
    let mut largest = (0, 0);
    for seed in 0..20 {
        let (bytes, record) = bots_replay("reifenbreite", &options, 4, seed);
        let replay: Value = serde_json::from_slice(&bytes).unwrap();
        let one_page = replay["next"].is_null();
        println!(
            "seed {seed}: {} actions, {} steps, {} bytes ({} with every path written out)",
            record.actions.len(),
            replay["steps"].as_array().unwrap().len(),
            bytes.len(),
            with_paths_written_out(replay).to_string().len()
        );
        assert!(one_page, "seed {seed}: more than one page");
        largest = largest.max((bytes.len(), seed));
    }
    println!("largest: {} bytes (seed {})", largest.0, largest.1);
    assert!(largest.0 <= 1_000_000, "seed {}: {} bytes", largest.1, largest.0);
}

/// Over HTTP: a server with small pages sends a long replay page by page
/// (`from` the step the page before says is next), and refuses a page
/// beyond the last step with a clear error before it sends anything.
#[tokio::test]
async fn pages_are_asked_for_from_the_step_the_page_before_names() {
    let db = temp_db("replays-pages");
    let config = spieltisch_server::ServerConfig {
        db: spieltisch_server::DbAddress::Sqlite(db.clone()),
        replay_page_bytes: 10_000,
        ..spieltisch_server::ServerConfig::default()
    };
    let server = TestServer::start_with(config).await;
    let (reply, record) = finished(
        &server,
        &db,
        json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["random", "random", "random"], "seed": 2}),
    )
    .await;
    let table = reply["table"].as_str().unwrap();
    let token = reply["spectator"]["token"].as_str().unwrap();
    let mut pages = Vec::new();
    let mut from = 0;
    loop {
        let (status, page) =
            server.http("GET", &format!("/api/tables/{table}/replay?token={token}&from={from}"), None).await;
        assert_eq!(status, 200, "{page}");
        assert!(page.to_string().len() <= 10_000, "a page of {} bytes", page.to_string().len());
        let next = page["next"].as_u64();
        pages.push(page);
        match next {
            Some(next) => from = next,
            None => break,
        }
    }
    assert!(pages.len() >= 2, "{} pages", pages.len());
    check(&joined(&pages), &record, Viewer::Spectator);
    let total = pages[0]["total"].as_u64().unwrap();
    let (status, refused) =
        server.http("GET", &format!("/api/tables/{table}/replay?token={token}&from={total}"), None).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"]["code"], "request.invalid");
    assert!(refused["error"]["message"].as_str().unwrap().contains(&format!("{total} steps")), "{refused}");
}
