//! End-to-end: a real headless Chromium plays through the web front end.
//!
//! Needs Debian's `chromium` (`.ci/run` installs it). Without it the tests
//! fail under CI and are skipped, with a message, elsewhere.

mod common;

use common::TestServer;
use common::browser::{Browser, chromium, png_size};
use serde_json::json;

fn browser_binary() -> Option<String> {
    let found = chromium();
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI must install chromium for the browser tests");
        eprintln!("skipping: chromium is not installed (apt-get install chromium)");
    }
    found
}

fn save(name: &str, png: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_six_against_a_bot_by_clicking() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    // The lobby lists the games; Six is first and chosen; seat 2 defaults to a bot.
    b.wait_for("document.querySelector('[data-id=six]')").await;
    b.click("[data-id=six]").await;
    b.wait_for("document.querySelector('#create')").await;
    assert_eq!(b.eval("document.querySelector('[data-seat=\"1\"]').value").await, json!("heuristic"));
    b.click("#create").await;
    b.click("#go").await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    let mut moves = 0;
    loop {
        let state = b
            .wait_for(
                "document.querySelector('#result') ? 'over' : (document.querySelector('svg [data-action], svg g.clickable') ? 'move' : null)",
            )
            .await;
        if state == json!("over") {
            break;
        }
        // Click the first clickable cell or stone on the board.
        let before = b.eval("document.querySelectorAll('#log li').length").await;
        b.click("svg g.clickable").await;
        b.wait_for(&format!(
            "document.querySelector('#result') || document.querySelectorAll('#log li').length > {before}"
        ))
        .await;
        moves += 1;
        assert!(moves < 400, "the game did not end");
    }
    assert!(moves >= 3, "a person made only {moves} moves");
    let stones = b.eval("document.querySelectorAll('svg[data-board=six] polygon').length").await;
    assert!(
        stones.as_u64().unwrap() >= 2 + moves as u64,
        "the board shows {stones} stones after {moves} moves"
    );
    let shot = b.screenshot().await;
    assert_eq!(png_size(&shot), (1280, 900));
    // A drawn board and result panel compress far worse than an empty page.
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("six.png", &shot);
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_race_a_hotseat_sechstage_on_one_device() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "human", "human"], "hotseat": true, "seed": 2}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    let mut turns = 0;
    let mut seats_seen = std::collections::BTreeSet::new();
    loop {
        let state = b
            .wait_for(
                "document.querySelector('#result') ? 'over' : document.querySelector('#ready') ? 'cover' : document.querySelector('#moves button') ? 'move' : null",
            )
            .await;
        if state == json!("over") {
            break;
        }
        if state == json!("cover") {
            // The cover hides everything: no hand, no moves.
            assert_eq!(b.eval("document.querySelectorAll('#moves button').length").await, json!(0));
            assert_eq!(b.eval("document.querySelectorAll('pre').length").await, json!(0));
            let label = b.eval("document.querySelector('#cover h2').textContent").await;
            seats_seen.insert(label.as_str().unwrap().to_string());
            b.click("#ready").await;
            b.wait_for("document.querySelector('#moves button')").await;
        }
        // The same person may move again (riders without cards pass): no cover then.
        let version = b.eval("document.querySelectorAll('#log li').length").await;
        b.click("#moves button").await;
        b.wait_for(&format!(
            "document.querySelector('#cover') || document.querySelector('#result') || document.querySelectorAll('#log li').length > {version}"
        ))
        .await;
        turns += 1;
        assert!(turns < 500, "the race did not end");
    }
    assert_eq!(seats_seen.len(), 3, "every seat got the device: {seats_seen:?}");
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("sechstage-hotseat.png", &shot);
    b.close().await;
    server.kill().await;
}
