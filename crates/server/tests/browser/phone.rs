//! End-to-end on a phone: each game played by clicking at 390×844 CSS px.
//! At every decision the page is no wider than the screen, and everything a
//! finger acts on (the board's legal targets, its buttons, the list of
//! moves, the header) is at least 32×32 px and lies on the screen. Each
//! game is also photographed at 1280×800 (`target/tmp/e2e/phone-*.png`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::{Value, json};

const PHONE: (u32, u32) = (390, 844);
const DESKTOP: (u32, u32) = (1280, 800);

/// A decision is shown: the page has a board and moves to click, and a
/// board that fits itself to its size (Six) has done so; or the game is over.
const DECISION: &str = "document.querySelector('#banner') ? 'over'
  : document.querySelector('#moves button') && document.querySelector('#board svg[data-board]')
    && !document.querySelector('#board svg[data-board=six]:not([data-view])') ? 'decide' : null";

/// What a finger acts on at a table: the board's legal targets and
/// buttons, the list of moves, the header, the rules and the text view.
const AT_THE_TABLE: &str = "#board [data-action], #board .playable, #board button, #moves button,
    header button, header a, main h2 a, main summary";

/// What a finger acts on in the lobby and in a replay: every button,
/// link and field, a switch by its label.
const ON_OTHER_PAGES: &str = "button, a, select, input:not([type=checkbox]):not([type=radio]),
    label:has(> input[type=checkbox])";

/// Everything shown that matches the selector `arguments`, as `[what, left, top, width, height]`.
fn shown(selector: &str) -> String {
    format!(
        "[...document.querySelectorAll({})]
          .filter(el => el.checkVisibility({{ visibilityProperty: true }}))
          .map(el => [el, el.getBoundingClientRect()])
          .filter(([, r]) => r.width > 0 && r.height > 0)
          .map(([el, r]) => [el.dataset.action || el.id || el.textContent.trim().slice(0, 24), r.left, r.top, r.width, r.height])",
        serde_json::to_string(selector).unwrap()
    )
}

/// The legal moves (of those `drawn(action)` says the board draws) that
/// the board does not show on the screen, at `width` px.
fn off_the_board(drawn: &str, width: u32) -> String {
    format!(
        "[...document.querySelectorAll('#moves button[data-action]')].map(b => b.dataset.action).filter({drawn})
          .filter(a => ![...document.querySelectorAll('#board [data-action]')].some(e => {{
            const r = e.getBoundingClientRect();
            return e.dataset.action === a && e.checkVisibility() && r.width > 0 && r.left >= 0 && r.right <= {width};
          }}))"
    )
}

/// Marks the move to make with `data-pick`: a choice among the plays of a
/// card already chosen, else the last target on the board (the farthest
/// space of a road, the highest card), else the last button of the moves.
const PICK: &str = "(() => {
  const shown = el => el.checkVisibility() && el.getBoundingClientRect().width > 0;
  const last = selector => [...document.querySelectorAll(selector)].filter(shown).pop();
  const el = last('#combos button[data-action]') || last('#board [data-action], #board .playable') || last('#moves button');
  document.querySelectorAll('[data-pick]').forEach(e => e.removeAttribute('data-pick'));
  if (el) el.dataset.pick = '';
  return !!el;
})()";

/// What is wrong for a finger on the page as it stands, at `width` px: a
/// page wider than the screen, or a target (`selector`) narrower or lower
/// than 32 px, or off the screen; and how many targets were looked at.
async fn finger_problems(b: &mut Browser, width: u32, selector: &str) -> (Vec<String>, usize) {
    let mut problems = Vec::new();
    let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
    if wide > u64::from(width) {
        problems.push(format!("the page is {wide} px wide"));
    }
    let targets = b.eval(&shown(selector)).await;
    let targets = targets.as_array().unwrap();
    for t in targets {
        let (what, left, width_px, height_px) =
            (&t[0], t[1].as_f64().unwrap(), t[3].as_f64().unwrap(), t[4].as_f64().unwrap());
        if width_px < 32.0 || height_px < 32.0 {
            problems.push(format!("{what} is {width_px:.1}×{height_px:.1} px"));
        }
        if left < 0.0 || left + width_px > f64::from(width) {
            problems.push(format!("{what} lies from {left:.1} to {:.1} px", left + width_px));
        }
    }
    (problems, targets.len())
}

/// Plays `decisions` moves of the first seat of the table `request` at
/// phone size by clicking, checking each decision for fingers and that
/// every legal move that `drawn(action)` (JavaScript) says the board draws
/// is on the screen; saves the first decisions and the last at phone and at
/// desktop size as `phone-NAME-*.png`. Returns the browser and the server,
/// for more checks.
async fn play_on_a_phone(
    binary: &str,
    name: &str,
    request: Value,
    decisions: usize,
    drawn: &str,
) -> (Browser, TestServer) {
    let server = TestServer::start(None).await;
    let reply = server.create(request).await;
    let mut b = Browser::launch(binary).await;
    b.emulate(PHONE.0, PHONE.1, true).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    let mut made = 0;
    while made < decisions {
        if b.wait_for(DECISION).await == json!("over") {
            break;
        }
        let (mut problems, checked) = finger_problems(&mut b, PHONE.0, AT_THE_TABLE).await;
        let missing = b.eval(&off_the_board(drawn, PHONE.0)).await;
        if missing != json!([]) {
            problems.push(format!("not on the screen: {missing}"));
        }
        if !problems.is_empty() {
            save(&format!("phone-{name}-390-problem.png"), &b.screenshot().await);
        }
        assert!(problems.is_empty(), "{name}, decision {made}: {problems:#?}");
        assert!(checked > 1, "{name}, decision {made}: nothing to click was found");
        if made < 2 {
            b.eval("window.scrollTo(0, 0)").await;
            save(&format!("phone-{name}-390-{made}.png"), &b.screenshot().await);
        }
        let shown = b.shown_version().await;
        assert_eq!(b.eval(PICK).await, json!(true), "{name}: nothing to click");
        b.click("[data-pick]").await;
        // A card with several plays asks which one first.
        let answered = b
            .wait_for(&format!(
                "{SHOWN_VERSION} > {shown} ? 'moved' : document.querySelector('#combos:not([hidden])') ? 'combos' : null"
            ))
            .await;
        if answered == json!("combos") {
            let (problems, _) = finger_problems(&mut b, PHONE.0, AT_THE_TABLE).await;
            assert!(problems.is_empty(), "{name}, decision {made}, its plays: {problems:#?}");
            assert_eq!(b.eval(PICK).await, json!(true));
            b.click("[data-pick]").await;
            b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        }
        made += 1;
    }
    assert!(made >= decisions.min(3), "{name}: only {made} decisions before the end");
    assert_eq!(b.eval("JSON.stringify(window.__errors || [])").await, json!("[]"));
    b.wait_for(DECISION).await;
    b.eval("window.scrollTo(0, 0)").await;
    save(&format!("phone-{name}-390-last.png"), &b.screenshot().await);
    b.emulate(DESKTOP.0, DESKTOP.1, false).await;
    b.wait_for(DECISION).await;
    save(&format!("phone-{name}-1280.png"), &b.screenshot().await);
    (b, server)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_is_played_on_a_phone_zoomed_to_the_move() {
    let Some(binary) = browser_binary() else { return };
    let request = json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1});
    let (mut b, server) = play_on_a_phone(&binary, "six", request, 4, "a => a !== 'pass'").await;
    // At desktop size the whole field is large enough, and shown.
    assert_eq!(b.eval("document.querySelector('svg[data-board=six]').dataset.view").await, json!("whole"));
    assert_eq!(b.eval("document.querySelector('#six-view').hidden").await, json!(true));
    // On the phone it shows the part round the move; the button shows the
    // whole field, with cells too small for a finger, and goes back.
    b.emulate(PHONE.0, PHONE.1, true).await;
    b.wait_for("document.querySelector('svg[data-board=six]').dataset.view === 'zoomed'").await;
    let narrowest = "Math.min(...[...document.querySelectorAll('#board [data-action]')].map(e => e.getBoundingClientRect().width))";
    assert!(b.eval(narrowest).await.as_f64().unwrap() >= 32.0);
    assert_eq!(b.eval("document.querySelector('#six-view').textContent").await, json!("Whole board"));
    b.click("#six-view").await;
    b.wait_for("document.querySelector('svg[data-board=six]').dataset.view === 'whole'").await;
    assert!(b.eval(narrowest).await.as_f64().unwrap() < 32.0, "the whole field is not smaller");
    b.eval("window.scrollTo(0, 0)").await;
    save("phone-six-390-whole.png", &b.screenshot().await);
    assert_eq!(b.eval("document.querySelector('#six-view').textContent").await, json!("Zoom to the move"));
    b.click("#six-view").await;
    b.wait_for("document.querySelector('svg[data-board=six]').dataset.view === 'zoomed'").await;
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sechstage_is_played_on_a_phone() {
    let Some(binary) = browser_binary() else { return };
    let request = json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5});
    let (b, server) = play_on_a_phone(&binary, "sechstage", request, 6, "a => a.startsWith('play ')").await;
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_is_played_on_a_phone() {
    let Some(binary) = browser_binary() else { return };
    let request = json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3});
    let (b, server) = play_on_a_phone(&binary, "ausreisser", request, 6, "a => a === 'hill'").await;
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reifenbreite_is_played_on_a_phone_with_every_move_in_sight() {
    let Some(binary) = browser_binary() else { return };
    let request = json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4});
    let (b, server) = play_on_a_phone(&binary, "reifenbreite", request, 14, "a => a.startsWith('to ')").await;
    b.close().await;
    server.kill().await;
}

/// The lobby and a replay's controls are as easy to hit on a phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_a_replay_fit_a_finger_on_a_phone() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let finished = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["heuristic", "heuristic", "heuristic"], "seed": 2}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.emulate(PHONE.0, PHONE.1, true).await;
    for lang in ["en", "de"] {
        b.goto(&format!("http://{}/", server.addr)).await;
        b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
        b.goto("about:blank").await;
        b.goto(&format!("http://{}/", server.addr)).await;
        b.wait_for("document.querySelector('#create')").await;
        let (problems, checked) = finger_problems(&mut b, PHONE.0, ON_OTHER_PAGES).await;
        assert!(problems.is_empty(), "the lobby ({lang}): {problems:#?}");
        assert!(checked > 10, "the lobby ({lang}): only {checked} things to click");
        save(&format!("phone-lobby-390-{lang}.png"), &b.screenshot().await);
    }
    let replay = finished["spectator"]["url"].as_str().unwrap().replace("#/table/", "#/replay/");
    let mut waited = 0;
    loop {
        b.goto("about:blank").await;
        b.goto(&format!("http://{}{replay}", server.addr)).await;
        b.wait_for("document.querySelector('#last') || document.querySelector('.error')").await;
        if b.eval("!!document.querySelector('#last')").await == json!(true) {
            break;
        }
        // The bots are still playing: a replay opens once the game is over.
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        waited += 1;
        assert!(waited < 60, "the game did not end within 15 s");
    }
    let (problems, checked) = finger_problems(&mut b, PHONE.0, ON_OTHER_PAGES).await;
    assert!(problems.is_empty(), "the replay: {problems:#?}");
    assert!(checked >= 6, "the replay: only {checked} things to click");
    save("phone-replay-390.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}
