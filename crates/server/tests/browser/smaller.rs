//! End-to-end: the smaller edges of the pages.
//! - A wrong address leads back to the lobby.
//! - The lobby offers only the player counts a game takes.
//! - The lobby lists open tables with how they stand, and no full or finished one.
//! - The "pass automatically" switch is there only while the game runs, large
//!   enough for a finger; scores are written with the minus sign.
//! - A spectator is told they are watching.
//! - A replay plays by itself and jumps by its slider; Six's share link speaks of no hands.
//! - A replay larger than a page plays from its first page while the others come.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, browser_binary, save};
use serde_json::{Value, json};
use std::time::Duration;

/// Loads `path` afresh in `lang` (a link that differs only after `#` does
/// not reload the page).
async fn open_in(b: &mut Browser, server: &TestServer, path: &str, lang: &str) {
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
    b.goto("about:blank").await;
    b.goto(&format!("http://{}{path}", server.addr)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_address_leads_to_the_lobby() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    for (lang, words, lobby) in [
        ("en", "There is no page at this address.", "New game"),
        ("de", "Unter dieser Adresse gibt es keine Seite.", "Neues Spiel"),
    ] {
        open_in(&mut b, &server, "/tables/nothing", lang).await;
        let said = b
            .wait_for("document.querySelector('#missing') && document.querySelector('#missing').innerText")
            .await;
        assert!(said.as_str().unwrap().starts_with(words), "{lang}: {said}");
        save(&format!("missing-page-{lang}.png"), &b.screenshot().await);
        b.click("#to-lobby").await;
        b.wait_for("document.querySelector('h1')").await;
        assert_eq!(
            b.eval("[location.pathname, document.querySelector('h1').textContent]").await,
            json!(["/", lobby])
        );
    }
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_offers_only_the_player_counts_a_game_takes() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    open_in(&mut b, &server, "/", "en").await;
    b.wait_for("document.querySelector('#opt-players')").await;
    b.click("[data-id=six]").await;
    b.wait_for("document.querySelector('#opt-players')").await;
    assert_eq!(
        b.eval("[...document.querySelectorAll('#opt-players option')].map(o => o.value)").await,
        json!(["2", "4"])
    );
    assert_eq!(
        b.eval("document.querySelector('[data-id=six] p.muted').textContent").await,
        json!("2 or 4 Seats")
    );
    // Four players: four seats to fill, and the table is made.
    b.eval("const s = document.querySelector('#opt-players'); s.value = '4'; s.dispatchEvent(new Event('change', { bubbles: true })); true").await;
    b.wait_for("document.querySelectorAll('select[data-seat]').length === 4").await;
    b.eval("document.querySelector('#your-name').value = 'Anna'; true").await;
    b.click("#create").await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    assert_eq!(b.eval("document.querySelector('#error').textContent").await, json!(""));
    // A game that takes every count in its range keeps its field.
    open_in(&mut b, &server, "/", "de").await;
    b.wait_for("document.querySelector('[data-id=sechstage]')").await;
    b.click("[data-id=sechstage]").await;
    b.wait_for(
        "document.querySelector('#opt-players') && document.querySelector('#opt-players').type === 'number'",
    )
    .await;
    assert_eq!(
        b.eval("document.querySelector('[data-id=six] p.muted').textContent").await,
        json!("2 oder 4 Spieler")
    );
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_tables_say_how_they_stand_and_full_or_finished_ones_are_not_listed() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let open = server
        .create(json!({"game": "sechstage", "options": {"races": 2, "players": 3}, "seats": ["human", "human", "heuristic"],
            "names": ["Carla", null, null], "public": true}))
        .await;
    let full = server
        .create(
            json!({"game": "six", "seats": ["human", "heuristic"], "names": ["Dora", null], "public": true}),
        )
        .await;
    let finished = server
        .create(json!({"game": "six", "options": {"move_limit": 5}, "seats": ["random", "random"], "public": true}))
        .await;
    server.until_over(&finished).await;
    let mut b = Browser::launch(&binary).await;
    for (lang, words, progress) in [
        ("en", ["1 of 3 seats free", "Races: 2", "opened "], ["not started yet", " moves played"]),
        ("de", ["1 von 3 Plätzen frei", "Rennen: 2", "eröffnet "], ["noch nicht begonnen", " Züge gespielt"]),
    ] {
        open_in(&mut b, &server, "/", lang).await;
        b.wait_for("document.querySelector('#open-tables li')").await;
        let listed =
            b.eval("[...document.querySelectorAll('#open-tables li')].map(li => li.dataset.table)").await;
        assert_eq!(listed, json!([open["table"]]), "only the table with a free seat ({lang})");
        assert!(
            ![&full, &finished].iter().any(|t| listed.to_string().contains(t["table"].as_str().unwrap()))
        );
        let status = b.eval("document.querySelector('#open-tables li .table-status').textContent").await;
        for word in words {
            assert!(status.as_str().unwrap().contains(word), "{lang}: {word} in {status}");
        }
        assert!(
            progress.iter().any(|p| status.as_str().unwrap().contains(p)),
            "{lang}: how far, in {status}"
        );
        save(&format!("open-tables-{lang}.png"), &b.screenshot().await);
    }
    b.close().await;
    server.kill().await;
}

/// An open table counts the moves its players made, not its version (which
/// counts chance's dice and draws too); without the count (a table not in
/// the server's memory) it says the game is under way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_table_counts_the_players_moves_not_the_dice() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    open_in(&mut b, &server, "/", "en").await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let status = |lang: &str, moves: &str| {
        format!(
            "(async () => {{
  const i18n = await import('/assets/i18n.js');
  i18n.setLang('{lang}');
  const {{ tableStatus }} = await import('/assets/lobby.js');
  const table = {{ created_at: 100, game: 'reifenbreite', moves: {moves}, name: null, options: [], over: false,
    seats: [{{ seat: 0, kind: 'human', name: 'Carla' }}, {{ seat: 1, kind: 'human', name: null, free: true }}],
    spectator: '', table: 't', version: 40 }};
  return tableStatus(table, 160).split(' · ').pop();
}})()"
        )
    };
    assert_eq!(b.eval(&status("en", "10")).await, json!("10 moves played"));
    assert_eq!(b.eval(&status("de", "10")).await, json!("10 Züge gespielt"));
    assert_eq!(b.eval(&status("en", "null")).await, json!("under way"));
    assert_eq!(b.eval(&status("de", "null")).await, json!("läuft"));
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_auto_pass_switch_fits_a_finger_and_goes_with_the_game() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "heuristic", "heuristic"], "seed": 3}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.emulate(390, 844, true).await;
    open_in(&mut b, &server, reply["seats"][0]["url"].as_str().unwrap(), "en").await;
    b.wait_for("document.querySelector('#auto-pass')").await;
    let size = b.eval("(() => { const r = document.querySelector('#auto-pass').getBoundingClientRect(); return [r.width, r.height]; })()").await;
    assert!(size[0].as_f64().unwrap() >= 32.0 && size[1].as_f64().unwrap() >= 32.0, "the box is {size}");
    b.eval("document.querySelector('#auto-pass').scrollIntoView({ block: 'center' }); true").await;
    save("auto-pass-390.png", &b.screenshot().await);
    // Played to its end (from a program, on the same seat, answering its
    // Steigung windows too): the switch goes.
    let (table, token) = (reply["table"].as_str().unwrap(), reply["seats"][0]["token"].as_str().unwrap());
    let mut me = server.socket(table, token).await;
    let mut answered = None;
    loop {
        let state = me.next().await;
        if state["type"] == "error" {
            // Refused (the table moved on meanwhile): a fresh snapshot, and
            // answer again; told to slow down (a program answers faster
            // than the connection's rate allows), after the time it names.
            if let Some(seconds) = state["retry_after_seconds"].as_u64() {
                tokio::time::sleep(Duration::from_secs(seconds)).await;
            }
            answered = None;
            me.send(json!({"type": "sync"})).await;
            continue;
        }
        if state["type"] != "state" {
            continue;
        }
        if state["turn"] == "over" {
            break;
        }
        let version = state["version"].as_u64().unwrap();
        if let Some(first) = state["legal"][0]["action"].as_str()
            && answered != Some(version)
        {
            me.act(version, first).await;
            answered = Some(version);
        }
    }
    b.wait_for("document.querySelector('#banner')").await;
    assert_eq!(
        b.eval("!!document.querySelector('#auto-pass')").await,
        json!(false),
        "the switch outlived the game"
    );
    assert_eq!(b.eval("!!document.querySelector('#alerts')").await, json!(false), "alerts after the game");
    // Scores are written with the minus sign, as the log writes them.
    let cells: Value = b.eval("[...document.querySelectorAll('#result td')].map(td => td.textContent)").await;
    let cells: Vec<&str> = cells.as_array().unwrap().iter().map(|c| c.as_str().unwrap()).collect();
    assert!(cells.iter().any(|c| c.starts_with('\u{2212}')), "no negative score to look at: {cells:?}");
    assert!(!cells.iter().any(|c| c.starts_with('-')), "a hyphen for minus: {cells:?}");
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_is_told_they_are_watching() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server.create(json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1})).await;
    let mut b = Browser::launch(&binary).await;
    for (lang, words) in [("en", "You are watching"), ("de", "Du schaust zu")] {
        open_in(&mut b, &server, reply["spectator"]["url"].as_str().unwrap(), lang).await;
        let said = b
            .wait_for(
                "document.querySelector('#watching') && document.querySelector('#watching').textContent",
            )
            .await;
        assert_eq!(said, json!(words));
    }
    save("watching.png", &b.screenshot().await);
    open_in(&mut b, &server, reply["seats"][0]["url"].as_str().unwrap(), "en").await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    assert_eq!(b.eval("!!document.querySelector('#watching')").await, json!(false), "a seat is no spectator");
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_plays_by_itself_and_jumps_by_its_slider() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(
            json!({"game": "six", "options": {"move_limit": 6}, "seats": ["random", "random"], "seed": 3}),
        )
        .await;
    server.until_over(&reply).await;
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let mut b = Browser::launch(&binary).await;
    open_in(&mut b, &server, &format!("/#/replay/{table}/{watch}"), "en").await;
    b.wait_for("document.querySelector('#slider')").await;
    let steps = b.eval("Number(document.querySelector('#slider').max)").await.as_u64().unwrap();
    assert!(steps > 10, "{steps} steps");
    // Six's seats hold no secrets: its share link speaks of no hands.
    let share = b.eval("document.querySelector('#share label').textContent").await;
    assert_eq!(share, json!("This replay, to pass on:"));
    // The slider goes to any step at once; the step buttons still step.
    b.eval(&format!("const s = document.querySelector('#slider'); s.value = '{}'; s.dispatchEvent(new Event('input')); true", steps / 2)).await;
    assert_eq!(
        b.eval("document.querySelector('#step').textContent").await,
        json!(format!("{} / {steps}", steps / 2))
    );
    b.click("#next").await;
    assert_eq!(
        b.eval("document.querySelector('#step').textContent").await,
        json!(format!("{} / {steps}", steps / 2 + 1))
    );
    assert_eq!(b.eval("document.querySelector('#slider').value").await, json!(format!("{}", steps / 2 + 1)));
    // Played at the fastest speed, it runs to its end and stops there.
    b.eval("const v = document.querySelector('#speed'); v.value = '16'; v.dispatchEvent(new Event('change')); true").await;
    assert_eq!(b.eval("document.querySelector('#play').textContent").await, json!("▶ Play"));
    b.click("#play").await;
    assert_eq!(b.eval("document.querySelector('#play').textContent").await, json!("⏸ Pause"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    b.wait_for(&format!("document.querySelector('#step').textContent === '{steps} / {steps}'")).await;
    b.wait_for("document.querySelector('#play').textContent === '▶ Play'").await;
    // Paused halfway, it stays where it is.
    b.click("#first").await;
    b.click("#play").await;
    b.wait_for(
        "document.querySelector('#step').textContent !== '0 / ' + document.querySelector('#slider').max",
    )
    .await;
    b.click("#play").await;
    let paused = b.eval("document.querySelector('#step').textContent").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(
        b.eval("document.querySelector('#step').textContent").await,
        paused,
        "it went on while paused"
    );
    save("replay-controls.png", &b.screenshot().await);
    // A game with hands: its share link says it shows none.
    let cards = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["heuristic", "heuristic", "heuristic"], "seed": 2}))
        .await;
    server.until_over(&cards).await;
    let (table, watch) = (cards["table"].as_str().unwrap(), cards["spectator"]["token"].as_str().unwrap());
    open_in(&mut b, &server, &format!("/#/replay/{table}/{watch}"), "en").await;
    b.wait_for("document.querySelector('#share label')").await;
    let share = b.eval("document.querySelector('#share label').textContent").await;
    assert!(share.as_str().unwrap().contains("no one's hand"), "{share}");
    b.close().await;
    server.kill().await;
}

/// A replay of more than one page (a server with small pages) shows its
/// first page at once and plays on to the last step as the other pages
/// come, the same end a one-page replay shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_in_pages_plays_to_its_end() {
    let Some(binary) = browser_binary() else { return };
    let config = spieltisch_server::ServerConfig { replay_page_bytes: 8_000, ..Default::default() };
    let server = TestServer::start_with(config).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["heuristic", "heuristic", "heuristic"], "seed": 4}))
        .await;
    server.until_over(&reply).await;
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let (status, first) =
        server.http("GET", &format!("/api/tables/{table}/replay?token={watch}"), None).await;
    assert_eq!(status, 200);
    assert!(first["next"].is_u64(), "one page only: {}", first["next"]);
    let total = first["total"].as_u64().unwrap();
    let mut b = Browser::launch(&binary).await;
    open_in(&mut b, &server, &format!("/#/replay/{table}/{watch}"), "en").await;
    b.wait_for("document.querySelector('#slider')").await;
    assert_eq!(
        b.eval("Number(document.querySelector('#slider').max)").await,
        json!(total),
        "the slider spans every page"
    );
    b.wait_for("document.querySelector('#replay-loading').hidden").await;
    b.click("#last").await;
    assert_eq!(
        b.eval("document.querySelector('#step').textContent").await,
        json!(format!("{total} / {total}"))
    );
    b.wait_for("document.querySelector('#step-log').textContent.length > 0").await;
    // The last step's entry is the game's last log entry, as the table's log ended.
    let log = b.eval("[...document.querySelectorAll('#replay-log li')].length").await;
    assert!(log.as_u64().unwrap() >= total, "{log} entries for {total} steps");
    // Played from the start at the fastest speed, it reaches the end.
    b.click("#first").await;
    b.eval("const v = document.querySelector('#speed'); v.value = '16'; v.dispatchEvent(new Event('change')); true").await;
    b.eval("const s = document.querySelector('#slider'); s.value = String(Number(s.max) - 3); s.dispatchEvent(new Event('input')); true").await;
    b.click("#play").await;
    b.wait_for(&format!("document.querySelector('#step').textContent === '{total} / {total}'")).await;
    b.close().await;
    server.kill().await;
}
