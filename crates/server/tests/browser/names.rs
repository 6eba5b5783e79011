//! One name per person, everywhere on a table's page: where every person's
//! seat has a name and bots are shown by their level, no seat is called by
//! its number ("Seat 2", "Rider 2", "Spieler 2", "Platz 2") on the board,
//! in the moves, the status, the banner, the log or the text view (the
//! game's drawing), in either language.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::{Value, json};

/// The texts of the page that call a seat by its number. Nothing is
/// skipped: the text view (the `<details>` beside the board, the page's
/// only one) draws the game with the table's names too, and no other part
/// of the page has a reason to count seats. A number of two digits is a
/// rider's own (Um Reifenbreite's 21), not a seat's.
const SEATS_BY_NUMBER: &str = "(() => {
  const found = [];
  const walk = document.createTreeWalker(document.getElementById('main'), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    if (/\\b([Ss]eat|Rider|Spieler|Platz|Fahrer) [1-8]\\b/.test(node.textContent)) found.push(node.textContent);
  }
  return found;
})()";

/// The text view's drawing (empty where the page draws no board beside it).
const TEXT_VIEW: &str = "document.querySelector('#main details pre').textContent";

/// Opens Hanna's page at a table of Hanna and bots, plays a few of her
/// moves (the first listed each time), and checks that in English and in
/// German no seat is called by its number; returns the page's text.
async fn hanna_and_bots(game: &str, options: Value, bots: &[&str]) -> (String, String) {
    let Some(binary) = browser_binary() else { return (String::new(), String::new()) };
    let server = TestServer::start(None).await;
    let seats: Vec<&str> = std::iter::once("human").chain(bots.iter().copied()).collect();
    let names: Vec<Value> = std::iter::once(json!("Hanna")).chain(bots.iter().map(|_| Value::Null)).collect();
    let reply = server
        .create(json!({"game": game, "options": options, "seats": seats, "names": names, "seed": 5}))
        .await;
    let page = format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap());
    let mut b = Browser::launch(&binary).await;
    b.goto(&page).await;
    b.wait_for("document.querySelector('#board') && document.querySelector('#board').dataset.version").await;
    for _ in 0..4 {
        let listed = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#moves button') ? 'move' : null")
            .await;
        if listed == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        b.eval("document.querySelector('#moves button').click(); true").await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
    }
    let mut texts = Vec::new();
    for lang in ["en", "de"] {
        b.eval(&format!("localStorage.setItem('lang', '{lang}'); location.reload(); true")).await;
        b.wait_for("document.querySelector('#board') && document.querySelector('#board').dataset.version")
            .await;
        b.wait_for("document.querySelector('#log li')").await;
        let found = b.eval(SEATS_BY_NUMBER).await;
        assert_eq!(found, json!([]), "{game} in {lang}: seats called by number");
        let drawing = b.eval(TEXT_VIEW).await;
        assert!(
            drawing.as_str().is_some_and(|d| d.contains("Hanna")),
            "{game} in {lang}: the text view {drawing}"
        );
        save(&format!("names-{game}-{lang}.png"), &b.screenshot().await);
        texts.push(b.eval("document.getElementById('main').innerText").await.as_str().unwrap().to_string());
    }
    b.close().await;
    server.kill().await;
    (texts.remove(0), texts.remove(0))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_calls_people_by_name_and_bots_by_level() {
    let (en, de) = hanna_and_bots("six", json!({}), &["easy"]).await;
    if en.is_empty() {
        return;
    }
    assert!(en.contains("Hanna") && en.contains("Bot: Easy"), "{en}");
    assert!(de.contains("Hanna") && de.contains("Bot: Leicht"), "{de}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sechstage_calls_people_by_name_and_bots_by_level() {
    let (en, de) = hanna_and_bots("sechstage", json!({"players": 3, "races": 1}), &["easy", "easy"]).await;
    if en.is_empty() {
        return;
    }
    assert!(en.contains("Hanna plays") && en.contains("Bot: Easy 1") && en.contains("Bot: Easy 2"), "{en}");
    assert!(de.contains("Hanna spielt") && de.contains("Bot: Leicht 2"), "{de}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_calls_people_by_name_and_bots_by_level() {
    let (en, de) =
        hanna_and_bots("ausreisser", json!({"players": 3, "stages": 1}), &["easy", "medium"]).await;
    if en.is_empty() {
        return;
    }
    assert!(en.contains("Hanna") && en.contains("Bot: Easy") && en.contains("Bot: Medium"), "{en}");
    assert!(de.contains("Bot: Mittel"), "{de}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reifenbreite_names_each_team_by_its_manager() {
    let (en, de) = hanna_and_bots("reifenbreite", json!({"teams": 2}), &["easy"]).await;
    if en.is_empty() {
        return;
    }
    assert!(en.contains("x · Hanna") && en.contains("x · Bot: Easy"), "{en}");
    assert!(de.contains("x · Bot: Leicht"), "{de}");
}

/// Der Ausreisser's seat boxes have room for 14 letters: three bots of one
/// level, cut short on a phone in German, still show the number that tells
/// them apart ("Bot: Faustr… 2", once "Bot: Faustreg…" three times).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_tells_bots_of_one_level_apart_in_their_boxes() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1},
            "seats": ["human", "heuristic", "heuristic", "heuristic"], "names": ["Hanna", null, null, null], "seed": 5}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.emulate(390, 844, true).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    // A link that differs only after `#` would not load the page anew.
    b.goto("about:blank").await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelector('#board') && document.querySelector('#board').dataset.version").await;
    let labels = b
        .eval("[...document.querySelectorAll('#board svg text')].map(t => t.textContent).filter(t => t.startsWith('Bot'))")
        .await;
    let labels: Vec<&str> = labels.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    for n in 1..=3 {
        assert!(labels.iter().any(|l| l.ends_with(&format!(" {n}"))), "bot {n} among {labels:?}");
    }
    save("names-ausreisser-bots-390-de.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}
