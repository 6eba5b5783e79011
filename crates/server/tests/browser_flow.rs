//! End-to-end: a game as a person meets it, from the lobby to the rematch —
//! a name, a table made from the lobby's form, every move clicked, the end
//! banner, the rematch and the replay (Six's is in `browser.rs`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).

mod common;

use common::TestServer;
use common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::json;

/// Opens the lobby, names the person and fills in `game`'s form: options
/// `(key, value)` and the bots' seats, as a person would.
async fn fill_lobby(b: &mut Browser, server: &TestServer, game: &str, options: &[(&str, &str)], bot: &str) {
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for(&format!("document.querySelector('[data-id={game}]')")).await;
    b.click(&format!("[data-id={game}]")).await;
    b.wait_for("document.querySelector('#create')").await;
    let options = serde_json::to_string(options).unwrap();
    b.eval(&format!(
        "document.querySelector('#your-name').value = 'Anna';
         for (const [key, value] of {options}) {{
           const el = document.querySelector(`[data-key=${{key}}]`); el.value = value;
           el.dispatchEvent(new Event('change', {{ bubbles: true }})); }}
         for (const select of document.querySelectorAll('select[data-seat]')) if (select.dataset.seat !== '0') select.value = '{bot}';
         true"
    ))
    .await;
}

/// Clicks the first move the page offers: on the board, else a move button.
async fn click_a_move(b: &mut Browser) {
    let target = if b.eval("!!document.querySelector('#board [data-action]')").await == json!(true) {
        "#board [data-action]"
    } else {
        "#moves button"
    };
    b.click(target).await;
}

/// Clicks the first move the page offers until the result shows; how many
/// moves were clicked.
async fn click_to_the_end(b: &mut Browser, most: usize) -> usize {
    let mut moves = 0;
    loop {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : (document.querySelector('#board [data-action], #moves button') ? 'move' : null)")
            .await;
        if state == json!("over") {
            return moves;
        }
        let shown = b.shown_version().await;
        click_a_move(b).await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
        moves += 1;
        assert!(moves < most, "the game did not end within {most} moves");
    }
}

/// 6-Tage Rennen: one race for Anna and two bots, from the lobby to the
/// rematch, where everyone has moved one seat on, and the replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sechstage_from_the_lobby_to_the_rematch_and_the_replay() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    fill_lobby(&mut b, &server, "sechstage", &[("players", "3"), ("races", "1")], "easy").await;
    b.click("#create").await;
    b.wait_for("document.querySelector('svg[data-board=sechstage]')").await;
    // Anna, at the first seat, plays first.
    let status = b.wait_for("document.querySelector('.status').textContent").await;
    assert!(status.as_str().unwrap().contains("Your turn"), "{status}");
    let moves = click_to_the_end(&mut b, 200).await;
    assert!(moves >= 5, "Anna played only {moves} cards");
    let banner = b.eval("document.querySelector('#banner').textContent").await;
    assert!(banner.as_str().unwrap().contains("win"), "{banner}");
    let sheet = b.eval("document.querySelector('#result').textContent").await;
    assert!(sheet.as_str().unwrap().contains("Anna (you)"), "the result names Anna: {sheet}");
    save("flow-sechstage-end.png", &b.screenshot().await);
    let hash = b.eval("location.hash").await;
    let parts: Vec<String> =
        hash.as_str().unwrap().trim_start_matches("#/table/").split('/').map(String::from).collect();
    let (table, token) = (&parts[0], &parts[1]);
    b.click("#rematch").await;
    b.wait_for(&format!(
        "!location.hash.includes('{table}') && document.querySelector('svg[data-board=sechstage]')"
    ))
    .await;
    let rematch = b.eval("location.hash.split('/')[2]").await;
    let (_, now) = server
        .http("GET", &format!("/api/tables/{}/state?token={token}", rematch.as_str().unwrap()), None)
        .await;
    assert_eq!(now["viewer"], json!({"seat": 2}), "Anna moved one seat on");
    assert_eq!(now["seats"][2]["name"], "Anna");
    assert_eq!(now["static"], state_of(&server, table, token).await["static"], "the same options");
    // The replay of the first race, from the finished table's page.
    b.goto(&format!("http://{}/#/table/{table}/{token}", server.addr)).await;
    b.wait_for("document.querySelector('#to-replay')").await;
    b.click("#to-replay").await;
    b.wait_for("document.querySelector('#replay-log') && document.querySelector('#step')").await;
    b.click("#last").await;
    let entries = b.eval("document.querySelectorAll('#replay-log li').length").await.as_u64().unwrap();
    assert!(
        entries as usize >= moves,
        "the replay tells every move: {entries} entries for {moves} of Anna's"
    );
    save("flow-sechstage-replay.png", &b.screenshot().await);
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

async fn state_of(server: &TestServer, table: &str, token: &str) -> serde_json::Value {
    server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await.1
}

/// Der Ausreisser on a phone, in German: a stage for Anna and three bots,
/// made from the lobby, several turns clicked; the names show on the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_from_the_lobby_on_a_phone_in_german() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.emulate(390, 844, true).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    fill_lobby(&mut b, &server, "ausreisser", &[("players", "4"), ("stages", "1")], "easy").await;
    b.click("#create").await;
    b.wait_for("document.querySelector('svg[data-board=ausreisser]')").await;
    let mut moves = 0;
    while moves < 4 {
        b.wait_for("document.querySelector('#board [data-action], #moves button')").await;
        let shown = b.shown_version().await;
        click_a_move(&mut b).await;
        // A speed card may ask how to play it: the first way offered.
        let asked = b
            .wait_for(&format!(
                "{SHOWN_VERSION} > {shown} ? 'moved' : (document.querySelector('.combos:not([hidden]) [data-action]') ? 'asked' : null)"
            ))
            .await;
        if asked == json!("asked") {
            b.click(".combos:not([hidden]) [data-action]").await;
            b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        }
        moves += 1;
    }
    let board = b.eval("document.querySelector('#board').textContent").await;
    assert!(board.as_str().unwrap().contains("Anna"), "the board names Anna");
    let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
    assert!(wide <= 390, "the page is {wide} px wide");
    save("flow-ausreisser-390-de.png", &b.screenshot().await);
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// Um Reifenbreite: Anna's team against a bot's on the shortest classic,
/// made from the lobby; riders placed and ridden by clicking, the manager
/// called by name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reifenbreite_from_the_lobby_placed_and_ridden_by_clicking() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    fill_lobby(&mut b, &server, "reifenbreite", &[("teams", "2"), ("course", "paris-roubaix")], "easy").await;
    b.click("#create").await;
    b.wait_for("document.querySelector('svg[data-board=reifenbreite]')").await;
    let mut moves = 0;
    while moves < 8 {
        let over = b
            .wait_for("document.querySelector('#result') ? 'over' : (document.querySelector('#board [data-action], #moves button') ? 'move' : null)")
            .await;
        if over == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        click_a_move(&mut b).await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
        moves += 1;
    }
    assert_eq!(moves, 8, "the race ended after {moves} clicks");
    let energy = b.eval("document.querySelector('#energy').textContent").await;
    assert!(energy.as_str().unwrap().contains("Anna (you)"), "the energy panel names Anna: {energy}");
    save("flow-reifenbreite.png", &b.screenshot().await);
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}
