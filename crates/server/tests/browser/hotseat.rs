//! One device shared by several people (hot-seat): the screen follows the
//! newest of every seat's snapshots and never freezes on a Steigung window,
//! covers name the person and hide only what is secret, and nobody on a
//! shared device is "you".

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::json;
use spieltisch_server::{DbAddress, ServerConfig};
use std::collections::BTreeSet;
use std::time::Duration;

/// A server whose bots take the product's time (400 ms) to answer a
/// Steigung window, so that people who click at once answer before them.
async fn server_with_bots_that_take_their_time() -> TestServer {
    let config = ServerConfig {
        db: DbAddress::Memory,
        bot_delay: Duration::from_millis(400),
        allow_client_seeds: true,
        ..ServerConfig::default()
    };
    TestServer::start_as(config).await
}

/// What a hot-seat page of Der Ausreisser shows now.
const SHOWING: &str = "document.querySelector('#result') ? 'over'
  : document.querySelector('#window-prompt') ? 'window'
  : document.querySelector('#ready') ? 'cover'
  : document.querySelector('#hand .play-card.playable[data-card]:not([data-card=hill])') ? 'play' : null";

/// Plays a speed card from the hand shown, choosing its first way to play
/// where it has several.
async fn play_a_speed_card(b: &mut Browser) {
    b.click("#hand .play-card.playable[data-card]:not([data-card=hill])").await;
    let asked =
        b.eval("!!document.querySelector('#combos') && !document.querySelector('#combos').hidden").await;
    if asked == json!(true) {
        b.click("#combos button[data-action]").await;
    }
}

/// Plays a speed card from the hand shown and waits for what follows: a
/// prompt, a cover, the result, or the next state.
async fn play_a_speed_card_and_wait(b: &mut Browser) {
    let shown = b.shown_version().await;
    play_a_speed_card(b).await;
    b.wait_for(&format!(
        "document.querySelector('#window-prompt') || document.querySelector('#ready') || document.querySelector('#result') || {SHOWN_VERSION} > {shown}"
    ))
    .await;
}

/// Issue 25: two people and a bot at one device, every Steigung window
/// answered "Nobody (else)" the moment it shows, before the bot answers
/// (the bots take their time here, as on a real server). Every prompt
/// gives way to the next state, each person asked is named on it, and
/// each cover names the person it waits for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hotseat_steigung_window_answered_at_once_never_freezes() {
    let Some(binary) = browser_binary() else { return };
    let server = server_with_bots_that_take_their_time().await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1},
            "seats": ["human", "human", "heuristic"], "names": ["Hanna", "Jonas", null], "hotseat": true, "seed": 11}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    let mut prompts = 0;
    let mut covers = BTreeSet::new();
    let mut asked = BTreeSet::new();
    for _ in 0..300 {
        let showing = b.wait_for(SHOWING).await;
        match showing.as_str() {
            Some("over") => break,
            Some("window") => {
                prompts += 1;
                let seats = b
                    .eval("[...document.querySelectorAll('#window-prompt [data-seat]')].map(b => b.textContent)")
                    .await;
                asked.extend(seats.as_array().unwrap().iter().map(|name| name.as_str().unwrap().to_string()));
                let version = b.eval("document.querySelector('#window-prompt').dataset.version").await;
                b.click("#window-nobody").await;
                b.wait_for(&format!(
                    "!document.querySelector('#window-prompt') || document.querySelector('#window-prompt').dataset.version !== {version}"
                ))
                .await;
                // As a person does, look up for a moment before the next
                // click: the bots answer and move meanwhile (the page once
                // covered the screen for the window's first seat here, and
                // a cover not clicked at once outlived the next prompt).
                tokio::time::sleep(Duration::from_millis(1200)).await;
            }
            Some("cover") => {
                let said = b.eval("document.querySelector('#cover h2').textContent + ' / ' + document.querySelector('#ready').textContent").await;
                covers.insert(said.as_str().unwrap().to_string());
                if covers.len() == 1 {
                    save("hotseat-cover.png", &b.screenshot().await);
                }
                b.click("#ready").await;
            }
            _ => play_a_speed_card_and_wait(&mut b).await,
        }
        if prompts >= 40 {
            break;
        }
    }
    assert!(prompts >= 10, "only {prompts} prompts");
    let expected: BTreeSet<String> =
        ["Hanna", "Jonas"].iter().map(|name| format!("Pass the device to {name} / I'm {name}")).collect();
    assert_eq!(covers, expected, "each person is called by name");
    assert_eq!(
        asked,
        BTreeSet::from(["Hanna", "Jonas"].map(String::from)),
        "the prompt names the people asked"
    );
    b.close().await;
    server.kill().await;
}

/// Makes the WebSocket of the seat whose token is `slow` hand on every
/// message `lag_ms` late, and keeps the codes of every error the server
/// sends on any socket in `window.refused`. Takes effect for the
/// connections the page opens after it.
fn lagging_sockets(slow: &str, lag_ms: u64) -> String {
    format!(
        "(() => {{
  window.refused = [];
  const Native = window.WebSocket;
  const onmessage = Object.getOwnPropertyDescriptor(Native.prototype, 'onmessage');
  window.WebSocket = class extends Native {{
    constructor(url, protocols) {{
      super(url, protocols);
      const lag = String(url).includes('{slow}') ? {lag_ms} : 0;
      let handler = null;
      Object.defineProperty(this, 'onmessage', {{ configurable: true, get: () => handler, set: f => {{
        handler = f;
        onmessage.set.call(this, ev => {{
          try {{ const m = JSON.parse(ev.data); if (m.type === 'error') window.refused.push(m.code); }} catch (e) {{}}
          if (lag) setTimeout(() => f.call(this, ev), lag); else f.call(this, ev);
        }});
      }} }});
    }}
  }};
  return true;
}})()"
    )
}

/// Issue 25, the freeze made to happen every time: the first person's
/// connection hands on each state 1.5 s late, so that the table has moved
/// on when that person's snapshot shows a Steigung window still open. The
/// page once drew the screen from the first seat's snapshot alone and sent
/// "pass" for everyone listed, which the server refused ("'pass' is not
/// legal now") while it waited for a card. Now nothing is sent that the
/// server refuses, and every prompt gives way to the next state.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hotseat_page_with_one_late_connection_sends_nothing_refused() {
    let Some(binary) = browser_binary() else { return };
    let server = server_with_bots_that_take_their_time().await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1},
            "seats": ["human", "human", "heuristic"], "names": ["Hanna", "Jonas", null], "hotseat": true, "seed": 11}))
        .await;
    let hotseat = reply["hotseat"].as_str().unwrap();
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval(&lagging_sockets(reply["seats"][0]["token"].as_str().unwrap(), 1500)).await;
    // The page opens its connections now, each through the lagging socket.
    b.eval(&format!("location.hash = '{}'; true", hotseat.trim_start_matches('/'))).await;
    let mut prompts = 0;
    for _ in 0..200 {
        let showing = b.wait_for(SHOWING).await;
        match showing.as_str() {
            Some("over") => break,
            Some("window") => {
                prompts += 1;
                let version = b.eval("document.querySelector('#window-prompt').dataset.version").await;
                b.eval("(() => { const e = document.querySelector('#window-nobody'); if (e) e.click(); return true; })()")
                    .await;
                b.wait_for(&format!(
                    "!document.querySelector('#window-prompt') || document.querySelector('#window-prompt').dataset.version !== {version}"
                ))
                .await;
            }
            Some("cover") => {
                b.eval("(() => { const e = document.querySelector('#ready'); if (e) e.click(); return true; })()").await;
            }
            _ => play_a_speed_card_and_wait(&mut b).await,
        }
        if prompts >= 12 {
            break;
        }
    }
    assert!(prompts >= 12, "only {prompts} prompts");
    assert_eq!(b.eval("window.refused").await, json!([]), "the server refused what the page sent");
    b.close().await;
    server.kill().await;
}

/// Six hides nothing: on a shared device the person to move sees the
/// board at once, no cover between turns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hotseat_six_covers_nothing() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "six", "seats": ["human", "human"], "names": ["Hanna", "Jonas"], "hotseat": true, "seed": 3}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    for moves in 0..6 {
        b.wait_for("document.querySelector('svg[data-board=six] g.clickable')").await;
        assert_eq!(b.eval("!!document.querySelector('#cover')").await, json!(false), "after {moves} moves");
        let holder = b.eval("document.querySelector('#six-holdings li.to-move strong').textContent").await;
        assert_eq!(holder, json!(if moves % 2 == 0 { "Hanna" } else { "Jonas" }), "no one is 'you' here");
        let shown = b.shown_version().await;
        b.click("svg[data-board=six] g.clickable").await;
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    }
    save("hotseat-six.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

/// The cover asks for the device in German by the person's name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hotseat_covers_name_the_person_in_german() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1},
            "seats": ["human", "human", "easy"], "names": ["Hanna", "Jonas", null], "hotseat": true, "seed": 2}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    b.eval("localStorage.setItem('lang', 'de'); location.reload(); true").await;
    let said =
        b.wait_for("document.querySelector('#cover') && document.querySelector('#cover').innerText").await;
    let said = said.as_str().unwrap();
    assert!(
        said.contains("Gib das Gerät an Hanna") && said.contains("Ich bin Hanna")
            || said.contains("Gib das Gerät an Jonas") && said.contains("Ich bin Jonas"),
        "{said}"
    );
    save("hotseat-cover-de.png", &b.screenshot().await);
    b.click("#ready").await;
    let rows = b
        .wait_for("document.querySelector('[data-rider-row]') && document.querySelector('#board').innerText")
        .await;
    assert!(!rows.as_str().unwrap().contains("(du)"), "a shared device has no 'du': {rows}");
    b.close().await;
    server.kill().await;
}

/// A script that draws `snapshot` (a JavaScript object) with the table
/// page's own code in `lang` and returns what `read` (an expression) reads
/// off the page.
fn drawn(lang: &str, snapshot: &str, read: &str) -> String {
    format!(
        "(async () => {{
  const i18n = await import('/assets/i18n.js');
  i18n.setLang('{lang}');
  const {{ drawSnapshot }} = await import('/assets/table.js');
  drawSnapshot(document.getElementById('main'), {snapshot}, () => {{}});
  return {read};
}})()"
    )
}

/// A shared device says who won by name, never "(you)"; a device of one
/// person still marks its own seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_device_says_who_wins_by_name() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let draw = |lang: &str, shared: bool| {
        let snapshot = format!(
            "{{ table: 't', game: 'kuhn', version: 9, viewer: {{ seat: 0 }}, turn: 'over', view: null, text: '',
    seats: [{{ seat: 0, kind: 'human', team: 0, name: 'Hanna' }}, {{ seat: 1, kind: 'human', team: 1, name: 'Jonas' }},
      {{ seat: 2, kind: 'medium', team: 2 }}], legal: [], log: [], shared: {shared},
    outcome: {{ scores: [1, -1, 0], ranks: [1, 3, 2], teams: [0, 1, 2] }} }}"
        );
        drawn(
            lang,
            &snapshot,
            "[document.querySelector('#banner strong').textContent,
    [...document.querySelectorAll('#result tr')].slice(1).map(tr => tr.children[0].textContent)]",
        )
    };
    assert_eq!(b.eval(&draw("de", true)).await, json!(["Hanna gewinnt", ["Hanna", "Jonas", "Bot: Mittel"]]));
    assert_eq!(b.eval(&draw("en", true)).await, json!(["Hanna wins", ["Hanna", "Jonas", "Bot: Medium"]]));
    assert_eq!(
        b.eval(&draw("en", false)).await,
        json!(["Hanna (you) wins", ["Hanna (you)", "Jonas", "Bot: Medium"]])
    );
    b.close().await;
    server.kill().await;
}

/// The turn bar of a shared device names the person to move, in English
/// and in German: the device is nobody's, so it never says "Your turn",
/// nor "Your moves" over the moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_device_names_the_person_to_move_on_the_turn_bar() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "six", "seats": ["human", "human"], "names": ["Hanna", "Jonas"], "hotseat": true, "seed": 3}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    let mut moves = 0;
    for (lang, turn_of, yours, your_moves) in [
        ("en", "{}'s turn", "Your turn", "Your moves"),
        ("de", "{} ist am Zug", "Du bist am Zug", "Deine Züge"),
    ] {
        b.eval(&format!("localStorage.setItem('lang', '{lang}'); location.reload(); true")).await;
        for _ in 0..2 {
            let expected = turn_of.replace("{}", if moves % 2 == 0 { "Hanna" } else { "Jonas" });
            b.wait_for("document.querySelector('svg[data-board=six] g.clickable')").await;
            let bar = b
                .wait_for(&format!(
                    "(() => {{ const bar = document.querySelector('#turn-bar'); return bar && bar.textContent === {expected:?} && bar.textContent; }})()"
                ))
                .await;
            assert_eq!(bar, json!(expected), "in {lang} after {moves} moves");
            let main = b.eval("document.getElementById('main').innerText").await;
            assert!(!main.as_str().unwrap().contains(yours), "in {lang}: {main}");
            assert!(!main.as_str().unwrap().contains(your_moves), "in {lang}: {main}");
            if moves == 0 {
                save("hotseat-turn-bar.png", &b.screenshot().await);
            }
            let shown = b.shown_version().await;
            b.click("svg[data-board=six] g.clickable").await;
            b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
            moves += 1;
        }
    }
    b.close().await;
    server.kill().await;
}

/// In a Steigung window on a shared device the status line names the
/// person asked where a device of one person says "your" decision.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_device_names_the_person_asked_in_a_steigung_window() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=six]')").await;
    let draw = |lang: &str, shared: bool| {
        let snapshot = format!(
            "{{ table: 't', game: 'kuhn', version: 9, viewer: {{ seat: 1 }}, turn: {{ seat: 0 }}, view: null, text: '',
    seats: [{{ seat: 0, kind: 'human', team: 0, name: 'Hanna' }}, {{ seat: 1, kind: 'human', team: 1, name: 'Jonas' }}],
    legal: [{{ action: 'pass', text: 'pass' }}], window: [1], log: [], shared: {shared}, outcome: null }}"
        );
        drawn(lang, &snapshot, "document.querySelector('#turn-bar').textContent")
    };
    assert_eq!(
        b.eval(&draw("en", true)).await,
        json!("Steigung window: Jonas may lay a Steigung on the leader's pile, or pass")
    );
    assert_eq!(
        b.eval(&draw("de", true)).await,
        json!("Steigungsfenster: Jonas darf eine Steigung auf den Stapel des Ausreissers legen oder passen")
    );
    assert_eq!(
        b.eval(&draw("en", false)).await,
        json!("Steigung window: lay a Steigung on the leader's pile, or pass"),
        "a device of one person still says it is yours"
    );
    b.close().await;
    server.kill().await;
}
