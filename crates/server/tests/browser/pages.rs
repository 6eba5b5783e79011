//! End-to-end: the pages around the boards in a real headless Chromium —
//! the lobby's links, leaving a table, losing the connection, bad links, an
//! unreachable server, the server's errors and seats in words, and every
//! page at desktop and phone size in both languages without overflow or
//! console errors.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::{Value, json};
use spieltisch_server::{DbAddress, ServerConfig};
use std::time::Duration;

/// Records every WebSocket the page opens in `window.__sockets`; while
/// `window.__refuse` is set, new ones go to a closed port instead, as if
/// the server could not be reached.
const SOCKETS: &str = "window.__sockets = []; window.__refuse = false;
const RealSocket = WebSocket;
window.WebSocket = class extends RealSocket {
  constructor(url, protocols) { super(window.__refuse ? 'ws://127.0.0.1:9/' : url, protocols); window.__sockets.push(this); }
}; true";

/// A table of Six for a person against a bot.
async fn six_table(server: &TestServer) -> Value {
    server.create(json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1})).await
}

/// The path of a seat's link without its leading `/`, for `location.hash`.
fn hash_of(url: &Value) -> String {
    url.as_str().unwrap().trim_start_matches('/').to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leaving_a_table_while_it_reconnects_stays_in_the_lobby() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = six_table(&server).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    b.eval(SOCKETS).await;
    b.eval(&format!("location.hash = '{}'; true", hash_of(&reply["seats"][0]["url"]))).await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    // The connection drops; the person goes back to the lobby before the
    // page has reconnected.
    b.eval(
        "const socket = window.__sockets[window.__sockets.length - 1];
         socket.addEventListener('close', () => { location.hash = '#/'; });
         socket.close(); true",
    )
    .await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let sockets = b.eval("window.__sockets.length").await;
    // Well past the first reconnection (after 250 ms).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(
        b.eval("!!document.querySelector('svg[data-board]')").await,
        json!(false),
        "the table came back"
    );
    assert_eq!(b.eval("document.querySelector('h1').textContent").await, json!("New game"));
    assert_eq!(b.eval("window.__sockets.length").await, sockets, "a connection was opened after leaving");
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_clicked_while_disconnected_is_reported_and_play_resumes() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = six_table(&server).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    b.eval(SOCKETS).await;
    b.eval(&format!("location.hash = '{}'; true", hash_of(&reply["seats"][0]["url"]))).await;
    b.wait_for("document.querySelector('svg[data-board=six] g.clickable')").await;
    b.eval("window.__refuse = true; window.__sockets[window.__sockets.length - 1].close(); true").await;
    b.wait_for("document.querySelector('#error').textContent === 'Connection lost, reconnecting…'").await;
    b.click("svg[data-board=six] g.clickable").await;
    assert_eq!(
        b.eval("document.querySelector('#error').textContent").await,
        json!("Not connected: your move was not sent. Reconnecting…")
    );
    assert_eq!(b.shown_version().await, 0);
    // A further refused attempt to reconnect keeps the newer note.
    let sockets = b.eval("window.__sockets.length").await.as_u64().unwrap();
    b.wait_for(&format!(
        "window.__sockets.length > {sockets} && window.__sockets[window.__sockets.length - 1].readyState === WebSocket.CLOSED"
    ))
    .await;
    assert_eq!(
        b.eval("document.querySelector('#error').textContent").await,
        json!("Not connected: your move was not sent. Reconnecting…")
    );
    // Back online: the page reconnects by itself and the move can be made.
    b.eval("window.__refuse = false; true").await;
    b.wait_for("document.querySelector('#error') && document.querySelector('#error').textContent === ''")
        .await;
    b.click("svg[data-board=six] g.clickable").await;
    b.wait_for(&format!("{SHOWN_VERSION} > 0")).await;
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_link_says_so_in_the_persons_language() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = six_table(&server).await;
    let table = reply["table"].as_str().unwrap();
    let mut b = Browser::launch(&binary).await;
    let base = format!("http://{}", server.addr);
    b.goto(&format!("{base}/")).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.console_errors().await;
    let english =
        "This link leads to no table: the table does not exist (any more), or the link is incomplete.";
    // No such table; a table with a token of none of its seats; a hot-seat
    // link with one bad token.
    for path in [
        "/#/table/0123456789ab/00000000000000000000000000000000".to_string(),
        format!("/#/table/{table}/00000000000000000000000000000000"),
        format!(
            "/#/hotseat/{table}/{},00000000000000000000000000000000",
            reply["seats"][0]["token"].as_str().unwrap()
        ),
    ] {
        b.goto(&format!("{base}{path}")).await;
        let text = b
            .wait_for("document.querySelector('#bad-link') && document.querySelector('#bad-link').innerText")
            .await;
        assert!(text.as_str().unwrap().starts_with(english), "{path}: {text}");
        assert_eq!(b.eval("document.body.innerText.includes('Connecting')").await, json!(false));
        // Asked without an error the browser would log.
        assert_eq!(b.console_errors().await, Vec::<String>::new(), "{path}");
    }
    save("bad-link.png", &b.screenshot().await);
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    // Loaded afresh (a link that differs only after `#` does not reload the page).
    b.goto("about:blank").await;
    b.goto(&format!("{base}/#/table/{table}/00000000000000000000000000000000")).await;
    let text = b
        .wait_for("document.querySelector('#bad-link') && document.querySelector('#bad-link').innerText")
        .await;
    assert!(text.as_str().unwrap().starts_with("Dieser Link führt zu keinem Tisch"), "{text}");
    save("bad-link-de.png", &b.screenshot().await);
    // The way out leads to the lobby.
    b.click("#to-lobby").await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    // A replay link that leads nowhere says it too, in words.
    b.goto(&format!("{base}/#/replay/{table}/00000000000000000000000000000000")).await;
    let text =
        b.wait_for("document.querySelector('#error') && document.querySelector('#error').textContent").await;
    assert_eq!(text, json!("Diesen Tisch gibt es nicht, oder der Link ist ungültig."));
    b.close().await;
    server.kill().await;
}

/// A link to a table that expired unfinished says so, in the person's
/// language, and the page stops trying to connect (the server refuses every
/// connection to it with 410).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_tables_link_says_it_was_closed() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start_with(ServerConfig {
        db: DbAddress::Memory,
        expire_unvisited: Duration::from_secs(1),
        unload_after: Duration::ZERO,
        sweep_every: Duration::from_millis(50),
        ..ServerConfig::default()
    })
    .await;
    let reply = six_table(&server).await;
    let table = reply["table"].as_str().unwrap();
    let token = reply["seats"][0]["token"].as_str().unwrap();
    let state = format!("/api/tables/{table}/state?token={token}");
    let mut expired = false;
    for _ in 0..200 {
        let (status, body) = server.http("GET", &state, None).await;
        if status == 410 {
            assert_eq!(body["error"]["code"], json!("table.expired"));
            expired = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(expired, "the table nobody came to did not expire");
    let mut b = Browser::launch(&binary).await;
    let base = format!("http://{}", server.addr);
    for (lang, words) in [
        ("en", "This table was closed: nobody played at it for a long time."),
        ("de", "Dieser Tisch wurde geschlossen: lange hat niemand an ihm gespielt."),
    ] {
        b.goto(&format!("{base}/")).await;
        b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
        b.goto("about:blank").await;
        b.goto(&format!("{base}/#/table/{table}/{token}")).await;
        b.eval(SOCKETS).await;
        let text = b
            .wait_for("document.querySelector('#bad-link') && document.querySelector('#bad-link').innerText")
            .await;
        assert!(text.as_str().unwrap().starts_with(words), "{lang}: {text}");
        // Nothing is tried any more: no connection is opened while we wait.
        let sockets = b.eval("window.__sockets.length").await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(b.eval("window.__sockets.length").await, sockets, "{lang}: it kept reconnecting");
        assert_eq!(b.eval("!!document.querySelector('#bad-link')").await, json!(true));
        save(&format!("expired-link-1280-{lang}.png"), &b.screenshot().await);
        b.emulate(390, 844, true).await;
        let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
        assert!(wide <= 390, "{lang}: the page is {wide} px wide on a phone");
        let way_out = b.eval("document.querySelector('#to-lobby').getBoundingClientRect().height").await;
        assert!(way_out.as_f64().unwrap() >= 32.0, "{lang}: the way to the lobby is {way_out} px high");
        save(&format!("expired-link-390-{lang}.png"), &b.screenshot().await);
        b.emulate(1280, 800, false).await;
    }
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_says_in_words_when_the_server_cannot_be_reached() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.wait_for("document.querySelector('#create')").await;
    // The network fails as it does with the server down: fetch rejects.
    let offline = "window.fetch = () => Promise.reject(new TypeError('Failed to fetch')); true";
    b.eval(offline).await;
    b.eval("document.querySelector('#your-name').value = 'Anna'; true").await;
    b.click("#create").await;
    let text = b.wait_for("document.querySelector('#lobby-error').textContent").await;
    assert_eq!(text, json!("The server cannot be reached. Check your connection and try again."));
    // Opening the lobby then.
    b.eval("location.hash = '#/offline'; true").await;
    let text = b.wait_for("document.querySelector('#lobby-error').textContent").await;
    assert_eq!(text, json!("The server cannot be reached. Check your connection and reload the page."));
    b.click("#lang-toggle").await;
    let text = b
        .wait_for(
            "document.documentElement.lang === 'de' && document.querySelector('#lobby-error').textContent",
        )
        .await;
    assert_eq!(
        text,
        json!("Der Server ist nicht erreichbar. Prüfe deine Verbindung und lade die Seite neu.")
    );
    assert_eq!(b.eval("document.body.innerText.includes('TypeError')").await, json!(false));
    save("lobby-offline-de.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

/// Creating a table sits you at your seat; the Invite panel gives each free
/// seat's link as a whole address with a Copy button; the link opens the
/// join page, which takes the seat under a name; the seats and the status
/// line call people by their names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invitation_links_are_whole_addresses_that_lead_to_their_seat() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.wait_for("document.querySelector('#create')").await;
    // Nobody sits down without a name.
    b.eval("document.querySelector('[data-seat=\"1\"]').value = 'human'; true").await;
    b.click("#create").await;
    let asked = b.wait_for("document.querySelector('#lobby-error').textContent").await;
    assert_eq!(asked, json!("Enter your name first (top of the page)."));
    b.eval("document.querySelector('#your-name').value = 'Anna'; true").await;
    b.click("#create").await;
    let link =
        b.wait_for("document.querySelector('#invite-1') && document.querySelector('#invite-1').value").await;
    let link = link.as_str().unwrap().to_string();
    assert!(link.starts_with(&format!("http://{}/#/join/", server.addr)), "{link}");
    assert_eq!(b.eval("document.querySelector('#invite-spectator')").await, json!(null), "a private table");
    assert_eq!(b.eval("document.querySelector('.status').textContent").await, json!("Your turn"));
    // Copying works, or selects the link for the person to copy.
    b.click("#invite button.copy").await;
    let said = b.wait_for("['Copied', 'Selected: copy it with Ctrl+C'].find(w => w === document.querySelector('#invite button.copy').textContent)").await;
    assert!(said.is_string());
    save("people-invite.png", &b.screenshot().await);
    // Pasted into a browser, the link leads to the join page of seat 2.
    b.goto(&link).await;
    b.wait_for("document.querySelector('#join-name')").await;
    let page = b.eval("document.querySelector('#join').innerText").await;
    assert!(page.as_str().unwrap().contains("At the table: Anna"), "{page}");
    assert_eq!(b.eval("document.querySelector('#join-name').value").await, json!("Anna"), "remembered");
    b.eval("document.querySelector('#join-name').value = 'Bernd'; true").await;
    save("people-join.png", &b.screenshot().await);
    b.click("#take").await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    let status = b
        .wait_for("document.querySelector('.status') && document.querySelector('.status').textContent")
        .await;
    assert_eq!(status, json!("Waiting for Anna"));
    assert_eq!(b.eval("document.querySelector('#invite')").await, json!(null), "no seat is free any more");
    // The invitation now says the seat is taken.
    b.goto(&link).await;
    let taken =
        b.wait_for("document.querySelector('#taken') && document.querySelector('#taken').innerText").await;
    assert!(taken.as_str().unwrap().contains("This seat is taken"), "{taken}");
    assert!(b.console_errors().await.is_empty());
    b.close().await;
    server.kill().await;
}

/// The results of a game in words: seats counted from 1, the viewer marked,
/// bots by their level; in German a seat is a "Spieler" and a rank a "Platz".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_counted_from_one_and_german_tells_a_seat_from_a_rank() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let draw = |lang: &str| {
        format!(
            "(async () => {{
  const i18n = await import('/assets/i18n.js');
  i18n.setLang('{lang}');
  const {{ drawSnapshot }} = await import('/assets/table.js');
  const snapshot = {{ table: 't', game: 'kuhn', version: 9, viewer: {{ seat: 0 }}, turn: 'over', view: null, text: '',
    seats: [{{ seat: 0, kind: 'human', team: 0 }}, {{ seat: 1, kind: 'hard', team: 1 }}], legal: [], log: [],
    outcome: {{ scores: [1, -1], ranks: [1, 2], teams: [0, 1] }} }};
  drawSnapshot(document.getElementById('main'), snapshot, () => {{}});
  return [...document.querySelectorAll('#result tr')].map(tr => [...tr.children].map(c => c.textContent));
}})()"
        )
    };
    assert_eq!(
        b.eval(&draw("en")).await,
        json!([["Seat", "Rank", "Score"], ["Seat 1 (you)", "1", "1"], ["Bot: Hard", "2", "−1"]])
    );
    assert_eq!(
        b.eval(&draw("de")).await,
        json!([["Spieler", "Platz", "Punkte"], ["Spieler 1 (du)", "1", "1"], ["Bot: Schwer", "2", "−1"]])
    );
    b.close().await;
    server.kill().await;
}

/// The result explains its ranks: where criteria decide (6-Tage Rennen:
/// laps down, then points) each is named in order; where the scores alone
/// rank and some are equal, the sheet says they share their place (the
/// rules of Der Ausreisser and Um Reifenbreite break no ties), in both
/// languages; partners sharing their side's rank, or a draw, say nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_result_says_how_ties_are_broken_or_that_they_are_shared() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let note = |lang: &str, outcome: &str| {
        format!(
            "(async () => {{
  const i18n = await import('/assets/i18n.js');
  i18n.setLang('{lang}');
  const {{ drawSnapshot }} = await import('/assets/table.js');
  const outcome = {outcome};
  const seats = outcome.ranks.map((_, seat) => ({{ seat, kind: seat ? 'easy' : 'human', team: outcome.teams[seat] }}));
  const snapshot = {{ table: 't', game: 'kuhn', version: 9, viewer: {{ seat: 0 }}, turn: 'over', view: null, text: '',
    seats, legal: [], log: [], outcome }};
  drawSnapshot(document.getElementById('main'), snapshot, () => {{}});
  const el = document.querySelector('#ranked-by');
  return el ? el.textContent : null;
}})()"
        )
    };
    let shared = "{ scores: [3, 3, 1], ranks: [1, 1, 3], teams: [0, 1, 2] }";
    assert_eq!(
        b.eval(&note("en", shared)).await,
        json!("Equal scores share a place: the rules break no ties.")
    );
    save("result-shared-1280-en.png", &b.screenshot().await);
    assert_eq!(
        b.eval(&note("de", shared)).await,
        json!("Gleiche Punkte teilen sich einen Platz: Die Regeln kennen keinen Stichentscheid.")
    );
    save("result-shared-1280-de.png", &b.screenshot().await);
    b.emulate(390, 844, true).await;
    for lang in ["en", "de"] {
        b.eval(&note(lang, shared)).await;
        let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
        assert!(wide <= 390, "{lang}: the result is {wide} px wide on a phone");
        save(&format!("result-shared-390-{lang}.png"), &b.screenshot().await);
    }
    b.emulate(1280, 800, false).await;
    let criteria = "{ scores: [5, 9, 2], ranks: [1, 2, 3], teams: [0, 1, 2], ranked_by: [
        { key: 'laps_down', lower_is_better: true, values: [0, 1, 1] },
        { key: 'points', lower_is_better: false, values: [5, 9, 2] }] }";
    assert_eq!(b.eval(&note("en", criteria)).await, json!("Ranked by: Laps down → Score"));
    assert_eq!(b.eval(&note("de", criteria)).await, json!("Rangfolge nach: Runden zurück → Punkte"));
    let partners = "{ scores: [1, -1, 1, -1], ranks: [1, 2, 1, 2], teams: [0, 1, 0, 1] }";
    assert_eq!(b.eval(&note("en", partners)).await, Value::Null, "partners are no tie");
    let draw = "{ scores: [0, 0], ranks: [1, 1], teams: [0, 1] }";
    assert_eq!(b.eval(&note("en", draw)).await, Value::Null, "a draw is the banner's");
    let ranked = "{ scores: [4, 2], ranks: [1, 2], teams: [0, 1] }";
    assert_eq!(b.eval(&note("en", ranked)).await, Value::Null);
    b.close().await;
    server.kill().await;
}

/// The server's refusals are worded by the page from their codes, in the
/// person's language; a code the page does not know shows the server's
/// message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_errors_are_worded_in_the_persons_language() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=reifenbreite]')").await;
    b.click("[data-id=reifenbreite]").await;
    b.wait_for("document.querySelector('#opt-seats')").await;
    // Three managers for two teams: the server refuses (`options.rule`).
    b.eval(
        "document.querySelector('#your-name').value = 'Anna';
         for (const [id, v] of [['#opt-teams', '2'], ['#opt-seats', '3']]) {
           const el = document.querySelector(id); el.value = v; el.dispatchEvent(new Event('change', { bubbles: true })); }
         true",
    )
    .await;
    b.click("#create").await;
    let text = b.wait_for("document.querySelector('#lobby-error').textContent").await;
    // The game's reason, in German, never the server's English message.
    assert_eq!(
        text,
        json!("Diese Optionen passen nicht zusammen. (Teamchefs: von 2 bis zur Zahl der Teams (2), nicht 3)")
    );
    let words = b
        .eval(
            "(async () => {
  const { errorText, setLang } = await import('/assets/i18n.js');
  const say = (lang, code) => { setLang(lang); return errorText({ code, message: 'the server says' }); };
  const invalid = { code: 'options.invalid', message: 'races: 0 is not valid', key: 'races', value: '0' };
  const labels = { races: { en: 'Races', de: 'Rennen' } };
  return [say('de', 'seat.not_your_turn'), say('en', 'seat.not_your_turn'), say('de', 'rate.limited'),
          say('en', 'action.parse'), say('de', 'action.parse'), say('de', 'some.new_code'), say('en', 'some.new_code'),
          (setLang('de'), errorText(invalid, labels)), (setLang('en'), errorText(invalid, labels))];
})()",
        )
        .await;
    assert_eq!(
        words,
        json!([
            "Du bist nicht am Zug.",
            "It is not your turn.",
            "Zu viele Klicks auf einmal: warte einen Moment.",
            "This move cannot be read. (the server says)",
            "Dieser Zug ist nicht lesbar.",
            "Der Server hat die Anfrage abgelehnt (some.new_code)",
            "the server says",
            "Eine Option hat einen ungültigen Wert. (Rennen: „0“)",
            "An option has a value that is not valid. (Races: “0”)"
        ])
    );
    b.close().await;
    server.kill().await;
}

/// A page to look at: its name, the path to open, and what shows that it is drawn.
struct Page {
    name: &'static str,
    path: String,
    ready: &'static str,
}

/// Every kind of page, at desktop size (1280×800) and on a phone (390×844),
/// in English and German: nothing is wider than the screen, and the browser
/// logs no error. Screenshots of each land in `target/tmp/e2e/`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_fits_a_phone_and_logs_no_errors() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let seat = |reply: &Value| reply["seats"][0]["url"].as_str().unwrap().to_string();
    let watch = |reply: &Value| reply["spectator"]["url"].as_str().unwrap().to_string();
    let six = six_table(&server).await;
    let sechstage = server
        .create(json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let ausreisser = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3}))
        .await;
    let reifenbreite = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4}))
        .await;
    // Finished games, with their widest sheets: eight riders after two races,
    // six after a stage, a race to the finish.
    let bots = |n: usize| vec!["heuristic"; n];
    let sechstage_over = server
        .create(
            json!({"game": "sechstage", "options": {"players": 8, "races": 2}, "seats": bots(8), "seed": 2}),
        )
        .await;
    let ausreisser_over = server
        .create(json!({"game": "ausreisser", "options": {"players": 6, "stages": 1}, "seats": bots(6), "seed": 2}))
        .await;
    let reifenbreite_over = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": bots(2), "seed": 9}))
        .await;
    // A public table with Anna seated and a free seat: her page with the
    // Invite panel, and the free seat's invitation.
    let public = server
        .create(json!({"game": "six", "seats": ["human", "human"], "names": ["Anna", null], "public": true, "seed": 6}))
        .await;
    let invitation = public["seats"][1]["invite"].as_str().unwrap().to_string();
    // A finished game at a person's seat whose rematch is ready.
    let finished = server
        .create(json!({"game": "six", "options": {"move_limit": 4}, "seats": ["human", "random"], "names": ["Anna", null], "seed": 3}))
        .await;
    server.play_seat_0_to_the_end(&finished).await;
    let (status, _) = server
        .http(
            "POST",
            &format!("/api/tables/{}/rematch", finished["table"].as_str().unwrap()),
            Some(&json!({"token": finished["seats"][0]["token"]})),
        )
        .await;
    assert_eq!(status, 200);
    let board = "document.querySelector('#board svg[data-board]')";
    let over = "document.querySelector('#result')";
    let pages = [
        Page { name: "lobby", path: "/".into(), ready: "document.querySelector('#create')" },
        Page {
            name: "rules-reifenbreite",
            path: "/#/rules/reifenbreite".into(),
            ready: "document.querySelector('#rules-title')",
        },
        Page { name: "six", path: seat(&six), ready: board },
        Page { name: "six-invite", path: seat(&public), ready: "document.querySelector('#invite')" },
        Page { name: "join", path: invitation, ready: "document.querySelector('#join')" },
        Page {
            name: "six-rematch",
            path: seat(&finished),
            ready: "document.querySelector('.rematch-ready')",
        },
        Page { name: "sechstage", path: seat(&sechstage), ready: board },
        Page { name: "sechstage-over", path: watch(&sechstage_over), ready: over },
        Page { name: "ausreisser", path: seat(&ausreisser), ready: board },
        Page { name: "ausreisser-over", path: watch(&ausreisser_over), ready: over },
        Page { name: "reifenbreite", path: seat(&reifenbreite), ready: board },
        Page {
            name: "replay-ausreisser",
            path: watch(&ausreisser_over).replace("#/table/", "#/replay/"),
            ready: "document.querySelector('#replay-log')",
        },
        Page {
            name: "reifenbreite-over",
            path: watch(&reifenbreite_over),
            ready: "document.querySelector('#result') && document.querySelector('#score-sheet')",
        },
    ];
    let mut b = Browser::launch(&binary).await;
    let base = format!("http://{}", server.addr);
    b.goto(&format!("{base}/")).await;
    for (width, height, mobile) in [(1280, 800, false), (390, 844, true)] {
        b.emulate(width, height, mobile).await;
        for lang in ["en", "de"] {
            b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
            for page in &pages {
                // A fresh load for each page, as a person opening a link.
                b.goto("about:blank").await;
                b.goto(&format!("{base}{}", page.path)).await;
                // The finished games are played by bots in the background: wait for their end.
                for _ in 0..100 {
                    if b.eval(&format!("!!({})", page.ready)).await == json!(true) {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
                b.wait_for(page.ready).await;
                assert_eq!(b.eval("document.documentElement.lang").await, json!(lang));
                b.eval("window.scrollTo(0, 0)").await;
                if page.name.ends_with("-over") {
                    // The end at a glance: who won and why, not the last turn's story.
                    let banner = b.eval("document.querySelector('#banner').textContent").await;
                    let banner = banner.as_str().unwrap();
                    assert!(banner.chars().count() < 100, "{} ({lang}): {banner}", page.name);
                }
                save(&format!("page-{}-{width}-{lang}.png", page.name), &b.screenshot().await);
                // A phone zooms out to show a page wider than the screen, so
                // the page's width is compared with the screen's.
                let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
                assert!(
                    wide <= u64::from(width),
                    "{} at {width}×{height} ({lang}) is {wide} px wide",
                    page.name
                );
                assert_eq!(
                    b.console_errors().await,
                    Vec::<String>::new(),
                    "{} at {width}×{height} ({lang})",
                    page.name
                );
            }
        }
    }
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_steps_through_the_game_by_decisions_to_its_end() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(
            json!({"game": "six", "options": {"move_limit": 6}, "seats": ["random", "random"], "seed": 3}),
        )
        .await;
    let table = reply["table"].as_str().unwrap();
    let watch = reply["spectator"]["token"].as_str().unwrap();
    let mut end = Value::Null;
    for _ in 0..400 {
        let (_, state) = server.http("GET", &format!("/api/tables/{table}/state?token={watch}"), None).await;
        if state["turn"] == "over" {
            end = state;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(end["turn"], "over", "the bots finished");
    let (_, replay) = server.http("GET", &format!("/api/tables/{table}/replay?token={watch}"), None).await;
    let steps = replay["steps"].as_array().unwrap().len();
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/#/replay/{table}/{watch}", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.wait_for("document.querySelector('#step')").await;
    let stones = "document.querySelectorAll('.board g[data-cell]:not(.clickable)').length";
    assert_eq!(b.eval("document.querySelector('#step').textContent").await, json!(format!("0 / {steps}")));
    assert_eq!(b.eval(stones).await, json!(2), "the two starting stones");
    b.click("#next").await;
    assert_eq!(b.eval("document.querySelector('#step').textContent").await, json!(format!("1 / {steps}")));
    assert_eq!(b.eval(stones).await, json!(3), "one stone placed");
    // The end, rebuilt from the changes, is the game's last view.
    b.click("#last").await;
    let drawn = b.eval(stones).await.as_u64().unwrap();
    let view = &end["view"];
    let on_field =
        view["stones"]["red"].as_array().unwrap().len() + view["stones"]["black"].as_array().unwrap().len();
    assert_eq!(drawn as usize, on_field, "every stone on the field at the end");
    let status = b.eval("document.querySelector('.status').textContent").await;
    assert!(!status.as_str().unwrap().is_empty(), "the last step says what happened");
    // The log so far stands beside the board, the step's entry marked last.
    assert_eq!(b.eval("document.querySelectorAll('#replay-log li').length").await, json!(steps));
    assert_eq!(b.eval("document.querySelector('#replay-log li.current').textContent").await, status);
    b.click("#prev").await;
    assert_eq!(b.eval("document.querySelectorAll('#replay-log li').length").await, json!(steps - 1));
    b.click("#first").await;
    assert_eq!(b.eval("document.querySelectorAll('#replay-log li').length").await, json!(0));
    assert_eq!(b.eval(stones).await, json!(2), "back to the start");
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    save("replay-six.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

/// While a bot decides, its seat is said to be thinking, in both languages.
#[tokio::test]
async fn a_bot_deciding_is_said_to_be_thinking() {
    let Some(binary) = browser_binary() else { return };
    let config = spieltisch_server::ServerConfig { bot_delay: Duration::from_secs(30), ..Default::default() };
    let server = TestServer::start_as(config).await;
    let reply = server.create(json!({"game": "six", "seats": ["heuristic", "human"], "seed": 1})).await;
    let (table, token) = (reply["table"].as_str().unwrap(), reply["seats"][1]["token"].as_str().unwrap());
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/#/table/{table}/{token}", server.addr)).await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    let status = b.eval("document.querySelector('.status.thinking').textContent").await;
    let status = status.as_str().unwrap();
    assert_eq!(status, "Bot: rules of thumb is thinking…");
    b.eval("localStorage.setItem('lang', 'de'); location.reload(); true").await;
    b.wait_for("document.querySelector('.status.thinking')").await;
    let status = b.eval("document.querySelector('.status').textContent").await;
    let status = status.as_str().unwrap();
    assert_eq!(status, "Bot: Faustregeln denkt nach…");
    b.close().await;
    server.kill().await;
}

/// Each game's rules in short, in both languages, from the lobby and the table.
#[tokio::test]
async fn the_rules_of_each_game_are_at_hand_in_both_languages() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    let base = format!("http://{}", server.addr);
    b.goto(&format!("{base}/")).await;
    b.wait_for("document.querySelectorAll('.game-card .rules-link').length === 4").await;
    b.click("[data-id=sechstage] .rules-link").await;
    b.wait_for("document.querySelector('#rules-title')").await;
    assert_eq!(b.eval("location.hash").await, json!("#/rules/sechstage"));
    assert_eq!(
        b.eval("document.querySelector('#rules-title').textContent").await,
        json!("6-Tage Rennen · Rules")
    );
    let english = b.eval("document.querySelector('#main').textContent").await;
    assert!(english.as_str().unwrap().contains("slipstream"), "{english}");
    b.click("#lang-toggle").await;
    b.wait_for("document.querySelector('#rules-title').textContent === '6-Tage Rennen · Regeln'").await;
    let german = b.eval("document.querySelector('#main').textContent").await;
    assert!(german.as_str().unwrap().contains("Windschatten"), "{german}");
    // Every game has its summary; an unknown one says there is none.
    for game in ["six", "sechstage", "reifenbreite", "ausreisser"] {
        b.goto(&format!("{base}/#/rules/{game}")).await;
        b.wait_for("document.querySelector('#rules-title')").await;
        let sections = b.eval("document.querySelectorAll('section.rules li').length").await;
        assert!(sections.as_u64().unwrap() >= 5, "{game}: {sections}");
    }
    b.goto(&format!("{base}/#/rules/chess")).await;
    b.wait_for("document.querySelector('#error')").await;
    assert_eq!(
        b.eval("document.querySelector('#error').textContent").await,
        json!("Für dieses Spiel gibt es hier keine Kurzregeln.")
    );
    // The table links to its game's rules.
    let reply = server.create(json!({"game": "six", "seats": ["human", "human"], "seed": 1})).await;
    let (table, token) = (reply["table"].as_str().unwrap(), reply["seats"][0]["token"].as_str().unwrap());
    b.goto(&format!("{base}/#/table/{table}/{token}")).await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    assert_eq!(
        b.eval("document.querySelector('h2 .rules-link').getAttribute('href')").await,
        json!("#/rules/six")
    );
    b.close().await;
    server.kill().await;
}
