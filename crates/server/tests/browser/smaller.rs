//! End-to-end: the smaller edges of the pages.
//! - A wrong address leads back to the lobby.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, browser_binary, save};
use serde_json::json;

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
        let said = b.wait_for("document.querySelector('#missing') && document.querySelector('#missing').innerText").await;
        assert!(said.as_str().unwrap().starts_with(words), "{lang}: {said}");
        save(&format!("missing-page-{lang}.png"), &b.screenshot().await);
        b.click("#to-lobby").await;
        b.wait_for("document.querySelector('h1')").await;
        assert_eq!(b.eval("[location.pathname, document.querySelector('h1').textContent]").await, json!(["/", lobby]));
    }
    b.close().await;
    server.kill().await;
}
