//! End-to-end: the table page in a real headless Chromium is updated in
//! place, marks the last move on every board, moves pieces into place
//! (unless the system asks for reduced motion), and can chime when it
//! becomes the person's turn.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::{Value, json};
use std::time::Duration;

/// Records every animation the page starts in `window.__animations`: the
/// `data-piece` of what it moves, and where that stands on the board (its
/// centre, in CSS pixels) as the animation starts and as it ends, measured
/// at once, before anything is drawn anew.
const KEEP_ANIMATIONS: &str = "window.__animations = [];
window.centreOnBoard = el => { const r = el.getBoundingClientRect(), b = el.closest('.board').getBoundingClientRect();
  return [r.x - b.x + r.width / 2, r.y - b.y + r.height / 2]; };
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const end = centreOnBoard(this);
  const animation = animate.call(this, frames, options);
  animation.pause();
  const start = centreOnBoard(this);
  animation.play();
  window.__animations.push({ piece: this.getAttribute('data-piece'), start, end });
  return animation;
}; true";

/// The page shows the person's turn (or the end of the game).
const YOUR_TURN_OR_OVER: &str =
    "document.querySelector('#result') ? 'over' : document.title.startsWith('▶') ? 'turn' : null";

/// Opens a seat's link in the browser and waits for its board.
async fn open_seat(b: &mut Browser, server: &TestServer, reply: &Value, seat: usize) {
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][seat]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelector('#board svg[data-board]')").await;
}

/// The table's state as seat `seat` sees it, from the server.
async fn state_of(server: &TestServer, reply: &Value, seat: usize) -> Value {
    let (table, token) = (reply["table"].as_str().unwrap(), reply["seats"][seat]["token"].as_str().unwrap());
    server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await.1
}

/// A cell of Six as the board keys it.
fn cell(c: &Value) -> String {
    format!("{},{}", c["q"], c["r"])
}

/// What the board marks for a log entry: the pieces that glow
/// (`data-piece` keys) and the places that are outlined, each as a selector
/// of the element that must carry the mark. Six marks its own way: the
/// cell placed on (`data-last`) and the one lifted from (`data-last-from`).
fn marks_of(game: &str, entry: &Value, viewer_top: impl Fn(u64) -> String) -> (Vec<String>, Vec<String>) {
    let e = &entry["event"];
    let kind = e["kind"].as_str().unwrap_or_default();
    let piece = |key: String| format!("[data-piece=\"{key}\"]");
    match (game, kind) {
        ("six", "place") => (vec![], vec![format!("[data-last=\"{}\"]", cell(&e["cell"]))]),
        ("six", "move") if !e["placed"].is_null() && e.get("ended").is_none() => (
            vec![],
            vec![
                format!("[data-last=\"{}\"]", cell(&e["placed"])),
                format!("[data-last-from=\"{}\"]", cell(&e["lifted"])),
            ],
        ),
        ("sechstage", "play") if e["race_over"].is_null() => (
            vec![piece(format!("rider:{}", entry["actor"]["seat"]))],
            vec![format!("[data-space=\"{}\"].last-from", e["from"])],
        ),
        ("reifenbreite", "place") => (vec![piece(format!("rider:{}", e["rider"]))], vec![]),
        ("reifenbreite", "turn") => {
            let moved: Vec<&Value> =
                e["moved"].as_array().unwrap().iter().filter(|m| !m["to"].is_null()).collect();
            let pieces = moved.iter().map(|m| piece(format!("rider:{}", m["rider"]))).collect();
            let places = moved
                .iter()
                .filter(|m| !m["from"].is_null())
                .map(|m| format!("[data-space=\"{}\"]", m["from"]))
                .collect();
            (pieces, places)
        }
        ("ausreisser", "turn") if !e["play"].is_null() => {
            (vec![piece(viewer_top(e["seat"].as_u64().unwrap()))], vec![])
        }
        ("ausreisser", "window") if !e["laid_by"].is_null() => {
            (vec![piece(viewer_top(e["leader"].as_u64().unwrap()))], vec![])
        }
        _ => (vec![], vec![]),
    }
}

/// Checks the board's marks against the last entry of the server's log, if
/// it is an event of `kind`: every piece it moved glows (Um Reifenbreite:
/// those on the stretch of road shown), nothing else does, and the places
/// they left are outlined. False when the entry is of another kind or marks
/// nothing.
async fn marks_match(b: &mut Browser, game: &str, kind: &str, state: &Value) -> bool {
    let last = state["log"].as_array().unwrap().last().cloned().unwrap_or(Value::Null);
    let (pieces, places) = marks_of(game, &last, |seat| format!("top:{seat}"));
    if last["event"]["kind"] != kind || (pieces.is_empty() && places.is_empty()) {
        return false;
    }
    let mut shown = Vec::new();
    for piece in &pieces {
        let sel = serde_json::to_string(&format!("#board {piece}")).unwrap();
        let found = b
            .eval(&format!(
                "(e => e ? e.classList.contains('last-move') : null)(document.querySelector({sel}))"
            ))
            .await;
        if found.is_null() && game == "reifenbreite" {
            continue;
        }
        assert_eq!(found, json!(true), "{piece} is marked after {last}");
        shown.push(piece.clone());
    }
    assert_eq!(
        b.eval("document.querySelectorAll('#board .last-move').length").await,
        json!(shown.len()),
        "only the pieces of {last} are marked"
    );
    for place in &places {
        let sel = serde_json::to_string(&format!("#board {place}")).unwrap();
        let found = b.eval(&format!("(e => e ? e.matches('.last-from, [data-last], [data-last-from]') : null)(document.querySelector({sel}))")).await;
        if found.is_null() && game == "reifenbreite" {
            continue;
        }
        assert_eq!(found, json!(true), "{place} is marked after {last}");
    }
    true
}

/// Makes one move of the person's by clicking, the way a person would in
/// each game.
async fn click_a_move(b: &mut Browser, game: &str) {
    match game {
        "six" => b.click("svg g.clickable").await,
        "sechstage" => b.click("#hand .play-card.playable").await,
        "ausreisser" => {
            if b.eval("!!document.querySelector('#hand .reaction')").await == json!(true) {
                b.click("#hand .reaction button[data-action=pass]").await;
            } else {
                b.click("#hand .play-card.playable[data-card]:not([data-card=hill])").await;
                let asked = b
                    .eval("!!document.querySelector('#combos') && !document.querySelector('#combos').hidden")
                    .await;
                if asked == json!(true) {
                    b.click("#combos button[data-action]").await;
                }
            }
        }
        _ => {
            // Um Reifenbreite: a start space, the farthest space offered, or ride.
            let target = "svg[data-board=reifenbreite] g.target";
            if b.eval(&format!("!!document.querySelector('{target}')")).await == json!(true) {
                b.eval(&format!("[...document.querySelectorAll('{target}')].pop().id = 'pick'")).await;
                b.click("#pick").await;
            } else {
                let pick = b
                    .eval("(['ride', 'draft', 'accept', 'refuse', 'skip'].find(a => document.querySelector(`#decision button[data-action=${a}]`)) || document.querySelector('#decision button[data-action]').dataset.action)")
                    .await;
                b.click(&format!("#decision button[data-action=\"{}\"]", pick.as_str().unwrap())).await;
            }
        }
    }
}

/// Plays seat 0 of a table against bots until, at the person's turn after a
/// move of theirs, the board marks the last move the server logged, an
/// event of `kind`; then takes the board's screenshots at desktop and phone
/// size.
async fn play_and_check_marks(b: &mut Browser, server: &TestServer, game: &str, kind: &str, reply: &Value) {
    b.emulate(1280, 800, false).await;
    open_seat(b, server, reply, 0).await;
    let mut moved = false;
    for _ in 0..80 {
        if b.wait_for(YOUR_TURN_OR_OVER).await == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        let state = state_of(server, reply, 0).await;
        if state["version"] != json!(shown) {
            // The page has not caught up with the table yet.
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        if moved && marks_match(b, game, kind, &state).await {
            assert_eq!(
                b.eval("window.__animations.length").await,
                json!(0),
                "nothing moves in reduced motion"
            );
            b.eval("window.scrollTo(0, 0)").await;
            save(&format!("motion-{game}-1280.png"), &b.screenshot().await);
            b.emulate(390, 844, true).await;
            b.eval("document.querySelector('#board').scrollIntoView(); true").await;
            save(&format!("motion-{game}-390.png"), &b.screenshot().await);
            b.emulate(1280, 800, false).await;
            assert_eq!(b.console_errors().await, Vec::<String>::new(), "{game}");
            return;
        }
        click_a_move(b, game).await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
        moved = true;
    }
    panic!("{game}: no move was marked");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_marks_the_last_move() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.call("Page.addScriptToEvaluateOnNewDocument", json!({ "source": KEEP_ANIMATIONS })).await;
    let tables = [
        ("six", "place", json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1})),
        (
            "sechstage",
            "play",
            json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "heuristic", "heuristic"], "seed": 5}),
        ),
        (
            "ausreisser",
            "turn",
            json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "heuristic", "heuristic"], "seed": 3}),
        ),
        (
            "reifenbreite",
            "turn",
            json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4}),
        ),
    ];
    for (game, kind, request) in tables {
        let reply = server.create(request).await;
        play_and_check_marks(&mut b, &server, game, kind, &reply).await;
    }
    b.close().await;
    server.kill().await;
}

/// The page's frame stays the same nodes across moves: the heading, the
/// board's container, the side panels, the text view (open, as the person
/// left it), the log and its entries; the window and the log stay scrolled
/// where the person left them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_page_is_updated_in_place() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    // Three bots answer each move: the log soon outgrows its panel.
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let mut b = Browser::launch(&binary).await;
    // A phone: the page is longer than the screen.
    b.emulate(390, 844, true).await;
    open_seat(&mut b, &server, &reply, 0).await;
    b.wait_for(YOUR_TURN_OR_OVER).await;
    b.click("details summary").await;
    let frame = "['h2', '#board', '.side', '#moves', 'details', '#log', '#error', '.status']";
    b.eval(&format!("{frame}.forEach(s => {{ document.querySelector(s).__kept = true; }}); true")).await;
    let mut log_scrolled = false;
    for moves in 0..40 {
        let shown = b.shown_version().await;
        b.click("#hand .play-card.playable").await;
        // Where the click left the window (it scrolls the cell into view).
        let scrolled = b.eval("window.scrollY").await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
        if b.wait_for(YOUR_TURN_OR_OVER).await == json!("over") {
            break;
        }
        let kept = b.eval(&format!("{frame}.filter(s => !document.querySelector(s).__kept)")).await;
        assert_eq!(kept, json!([]), "rebuilt after move {moves}");
        assert_eq!(b.eval("window.scrollY").await, scrolled, "the window jumped after move {moves}");
        assert_eq!(b.eval("document.querySelector('details').open").await, json!(true));
        if moves == 0 {
            b.eval("document.querySelector('#log li').__kept = true; true").await;
        } else {
            assert_eq!(
                b.eval("document.querySelector('#log li').__kept").await,
                json!(true),
                "log entries replaced"
            );
        }
        // Once the log is longer than its panel: scrolled back, it stays
        // there; at its end, it follows the newest entry.
        let log = "document.querySelector('#log')";
        if !log_scrolled
            && b.eval(&format!("{log}.scrollHeight > {log}.clientHeight + 40")).await == json!(true)
        {
            assert_eq!(
                b.eval(&format!("{log}.scrollTop + {log}.clientHeight >= {log}.scrollHeight - 4")).await,
                json!(true),
                "the log shows its newest entry"
            );
            b.eval(&format!("{log}.scrollTop = 10; true")).await;
            log_scrolled = true;
        } else if log_scrolled {
            assert_eq!(b.eval(&format!("{log}.scrollTop")).await, json!(10), "the log scrolled by itself");
            break;
        }
    }
    assert!(log_scrolled, "the log never grew longer than its panel");
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// Counts the tones the page starts in `window.__tones`.
const COUNT_TONES: &str = "window.__tones = 0;
const oscillator = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.__tones++; return oscillator.call(this); };";

/// The sound switch in the header: off at first, remembered once switched
/// on, worded in both languages; on, the page chimes when the turn comes to
/// the person, off it does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chime_is_switched_in_the_header_and_remembered() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.call("Page.addScriptToEvaluateOnNewDocument", json!({ "source": COUNT_TONES })).await;
    let base = format!("http://{}", server.addr);
    b.goto(&format!("{base}/")).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.goto(&format!("{base}/")).await;
    let toggle = "[document.querySelector('#sound-toggle').textContent, document.querySelector('#sound-toggle').getAttribute('aria-pressed'), document.querySelector('#sound-toggle').title]";
    b.wait_for("document.querySelector('#create')").await;
    assert_eq!(b.eval(toggle).await, json!(["♪ Sound: off", "false", "A chime when it becomes your turn"]));
    b.click("#sound-toggle").await;
    assert_eq!(b.eval(toggle).await, json!(["♪ Sound: on", "true", "A chime when it becomes your turn"]));
    assert_eq!(b.eval("window.__tones").await, json!(2), "switched on, it chimes once");
    b.goto(&format!("{base}/")).await;
    b.wait_for("document.querySelector('#create')").await;
    assert_eq!(b.eval(toggle).await, json!(["♪ Sound: on", "true", "A chime when it becomes your turn"]));
    b.click("#lang-toggle").await;
    b.wait_for("document.documentElement.lang === 'de'").await;
    assert_eq!(b.eval(toggle).await, json!(["♪ Ton: an", "true", "Ein Klang, wenn du am Zug bist"]));
    save("sound-toggle-de.png", &b.screenshot().await);
    b.click("#lang-toggle").await;
    // At a table: the turn comes back to the person after the bot's move.
    let reply = server.create(json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1})).await;
    open_seat(&mut b, &server, &reply, 0).await;
    for on in [true, false] {
        if !on {
            b.click("#sound-toggle").await;
            assert_eq!(b.eval("localStorage.getItem('sound')").await, json!("off"));
        }
        b.wait_for(YOUR_TURN_OR_OVER).await;
        let before = b.eval("window.__tones").await.as_u64().unwrap();
        let shown = b.shown_version().await;
        b.click("svg g.clickable").await;
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        assert_eq!(b.wait_for(YOUR_TURN_OR_OVER).await, json!("turn"));
        let chimed = b.eval("window.__tones").await.as_u64().unwrap() - before;
        assert_eq!(chimed, if on { 2 } else { 0 }, "tones when the turn came back, sound {on}");
    }
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// A browser that lets the page animate, recording its animations.
async fn browser_with_motion(binary: &str) -> Browser {
    let mut b = Browser::launch(binary).await;
    b.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-reduced-motion", "value": "no-preference" }] }),
    )
    .await;
    b.call("Page.addScriptToEvaluateOnNewDocument", json!({ "source": KEEP_ANIMATIONS })).await;
    b
}

/// Checks that the piece's first animation starts at `from` and ends
/// somewhere else, at least `distance` CSS pixels away.
async fn slides_from(b: &mut Browser, piece: &str, from: &Value, distance: f64) {
    let slide = b.eval(&format!("window.__animations.find(a => a.piece === '{piece}')")).await;
    assert!(!slide.is_null(), "{piece} did not move");
    let at = |p: &Value, i: usize| p[i].as_f64().unwrap();
    for i in 0..2 {
        assert!(
            (at(&slide["start"], i) - at(from, i)).abs() < 1.5,
            "{piece} starts at {slide}, not at {from}"
        );
    }
    let moved = (at(&slide["end"], 0) - at(from, 0)).hypot(at(&slide["end"], 1) - at(from, 1));
    assert!(moved > distance, "{piece} moved only {moved} px: {slide}");
}

/// Where the system allows motion, a rider slides from where it stood to
/// where it went: at the start of its animation it stands where the board
/// drew it before the move, at the end where it is drawn now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn riders_slide_into_place_where_motion_is_allowed() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let mut b = browser_with_motion(&binary).await;
    open_seat(&mut b, &server, &reply, 0).await;
    assert_eq!(b.eval("matchMedia('(prefers-reduced-motion: reduce)').matches").await, json!(false));
    b.wait_for("document.querySelector('#hand .play-card.playable')").await;
    let before = b.eval("centreOnBoard(document.querySelector('#board [data-piece=\"rider:0\"]'))").await;
    let shown = b.shown_version().await;
    b.click("#hand .play-card.playable:last-of-type").await;
    b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    slides_from(&mut b, "rider:0", &before, 20.0).await;
    // The bots' riders slide too, and the person can play at once.
    b.wait_for("document.querySelector('#hand .play-card.playable')").await;
    assert!(b.eval("window.__animations.some(a => a.piece === 'rider:1')").await == json!(true));
    let shown = b.shown_version().await;
    b.click("#hand .play-card.playable").await;
    b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// A Der Ausreisser card played from the hand flies to the top of the
/// rider's pile on the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_played_flies_from_the_hand_to_the_table() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    // People only: nobody plays but the seat whose page is open.
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "human", "human"], "seed": 3}))
        .await;
    let mut seat = None;
    for _ in 0..200 {
        if let Some(n) = state_of(&server, &reply, 0).await["turn"]["seat"].as_u64() {
            seat = Some(n as usize);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let seat = seat.expect("a rider is to play");
    let mut b = browser_with_motion(&binary).await;
    open_seat(&mut b, &server, &reply, seat).await;
    let card = "#hand .play-card.playable[data-card]:not([data-card=hill])";
    b.wait_for(&format!("document.querySelector('{card}')")).await;
    let value = b.eval(&format!("document.querySelector('{card}').dataset.card")).await;
    let before = b.eval(&format!("centreOnBoard(document.querySelector('{card}'))")).await;
    let shown = b.shown_version().await;
    click_a_move(&mut b, "ausreisser").await;
    b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    let played = state_of(&server, &reply, seat).await;
    let play = played["log"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|e| e["event"]["kind"] == "turn" && e["event"]["seat"] == seat)
        .unwrap();
    assert_eq!(
        json!(play["event"]["play"]["cards"]["speed"].to_string()),
        value,
        "the card clicked was played"
    );
    slides_from(&mut b, &format!("top:{seat}"), &before, 40.0).await;
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// Stepping forward through a replay moves the step's pieces too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_step_forward_moves_its_pieces() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(
            json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["random", "random", "random"], "seed": 5}),
        )
        .await;
    server.until_over(&reply).await;
    let (table, watch) = (reply["table"].as_str().unwrap(), reply["spectator"]["token"].as_str().unwrap());
    let mut b = browser_with_motion(&binary).await;
    b.goto(&format!("http://{}/#/replay/{table}/{watch}", server.addr)).await;
    b.wait_for("document.querySelector('#step')").await;
    b.click("#next").await;
    // The first play: rider A leaves the start, marked and sliding.
    assert_eq!(b.eval("document.querySelector('#step').textContent.startsWith('1 /')").await, json!(true));
    let marked =
        b.eval("[...document.querySelectorAll('.board .last-move')].map(e => e.dataset.piece)").await;
    let slid = b.eval("window.__animations.map(a => a.piece)").await;
    assert_eq!(marked, slid, "the piece marked is the piece that moved");
    assert_eq!(marked.as_array().map(Vec::len), Some(1), "{marked}");
    // Back: nothing moves.
    b.click("#prev").await;
    assert_eq!(b.eval("window.__animations.length").await, json!(1));
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}
