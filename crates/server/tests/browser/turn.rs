//! End-to-end: your turn is unmistakable on a phone. The turn bar stays in
//! view wherever the page is scrolled and says whose turn it is; a switch
//! asks for the browser's permission to notify (never the page by itself),
//! and then a page hidden behind another hears of its turn by a
//! notification, and the device vibrates. 6-Tage Rennen's riders and Um
//! Reifenbreite's head fit a phone's width: nothing wider than the screen,
//! nothing cut off, nothing to swipe sideways.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::json;

const PHONE: (u32, u32) = (390, 844);

/// Stands in for the browser's notifications and vibration before any of
/// the page's scripts runs, recording what the page asks of them: headless
/// Chromium has neither a person to grant a permission nor a vibrator.
const FAKE_ALERTS: &str = "window.__asked = 0; window.__notified = []; window.__vibrated = [];
window.Notification = class {
  static permission = 'default';
  static requestPermission() { window.__asked++; this.permission = 'granted'; return Promise.resolve('granted'); }
  constructor(title, options) { window.__notified.push([title, options && options.body]); }
  close() {}
};
Object.defineProperty(navigator, 'vibrate', { configurable: true, value: pattern => { window.__vibrated.push(pattern); return true; } });";

/// Where the turn bar is: whether it lies wholly on the screen, and its words.
const TURN_BAR: &str =
    "(() => { const bar = document.querySelector('#turn-bar'); const r = bar.getBoundingClientRect();
  return [r.top >= 0 && r.bottom <= innerHeight && r.width > 0, bar.textContent]; })()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_turn_stays_in_view_and_reaches_a_hidden_page() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.call("Page.addScriptToEvaluateOnNewDocument", json!({ "source": FAKE_ALERTS })).await;
    b.emulate(PHONE.0, PHONE.1, true).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelector('#hand .play-card.playable')").await;
    // Far down the page, below the hand, at the log: the bar still says it.
    for at in ["#hand", "#log", "#alerts-switch"] {
        b.eval(&format!("document.querySelector('{at}').scrollIntoView({{ block: 'end' }}); true")).await;
        assert_eq!(b.eval(TURN_BAR).await, json!([true, "Your turn"]), "scrolled to {at}");
    }
    save("turn-bar-390.png", &b.screenshot().await);
    // Nothing was asked of the browser on its own.
    assert_eq!(b.eval("window.__asked").await, json!(0), "a permission asked for on load");
    b.click("#alerts").await;
    b.wait_for("window.__asked === 1 && localStorage.getItem('alerts') === 'on'").await;
    assert_eq!(b.eval("document.querySelector('#alerts').checked").await, json!(true));
    // Hidden behind another tab, the page hears of its next turn.
    b.eval("Object.defineProperty(document, 'hidden', { configurable: true, get: () => true }); window.__vibrated = []; true")
        .await;
    let shown = b.shown_version().await;
    b.click("#hand .play-card.playable").await;
    b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    let notified = b.wait_for("window.__notified.length && window.__notified").await;
    assert_eq!(notified[0], json!(["6-Tage Rennen (six-day race)", "Your turn"]), "{notified}");
    assert_ne!(b.eval("window.__vibrated.length").await, json!(0), "no vibration");
    // While bots move the bar says so, and still stands in view.
    b.eval("document.querySelector('#log').scrollIntoView({ block: 'end' }); true").await;
    let (in_view, _) = bar(&mut b).await;
    assert!(in_view, "the bar left the screen");
    // On a desktop the bar and the switch are where they were.
    b.emulate(1280, 800, false).await;
    b.eval("window.scrollTo(0, 0); true").await;
    save("turn-bar-1280.png", &b.screenshot().await);
    // The switch asks nothing of a spectator, who has no turn.
    b.goto(&format!("http://{}{}", server.addr, reply["spectator"]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelector('#board svg[data-board]')").await;
    assert_eq!(b.eval("!!document.querySelector('#alerts')").await, json!(false));
    b.close().await;
    server.kill().await;
}

async fn bar(b: &mut Browser) -> (bool, String) {
    let v = b.eval(TURN_BAR).await;
    (v[0] == json!(true), v[1].as_str().unwrap_or_default().to_string())
}

/// What in the element `root` (CSS) does not fit the screen: an element
/// reaching past either edge, one whose content overflows it (cut off, or
/// to be scrolled sideways), and a page wider than the screen.
fn misfits(root: &str) -> String {
    format!(
        "(() => {{
  const root = document.querySelector({root});
  if (!root) return ['no ' + {root}];
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) found.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  for (const el of [root, ...root.querySelectorAll('*')]) {{
    if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
    const r = el.getBoundingClientRect();
    if (!r.width) continue;
    const what = el.tagName.toLowerCase() + ' “' + el.textContent.trim().slice(0, 30) + '”';
    if (r.left < -0.5 || r.right > width + 0.5) found.push(what + ' lies from ' + Math.round(r.left) + ' to ' + Math.round(r.right));
    const style = getComputedStyle(el);
    if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1) {{
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      found.push(what + (scrolls ? ' scrolls sideways' : ' cuts off or spills its content') + ' (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    }}
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth) found.push(what + ' ends in an ellipsis');
  }}
  return found;
}})()",
        root = serde_json::to_string(root).unwrap()
    )
}

/// Opens `path` on a phone in `lang` and waits for `ready` (JavaScript).
async fn open_on_a_phone(b: &mut Browser, server: &TestServer, path: &str, lang: &str, ready: &str) {
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
    b.goto("about:blank").await;
    b.goto(&format!("http://{}{path}", server.addr)).await;
    b.wait_for(ready).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_riders_table_and_the_race_head_fit_a_phone() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    // Eight riders, and a race on the sheet, so that the rank's column is there too.
    let bots = vec!["heuristic"; 8];
    let riders = server
        .create(
            json!({"game": "sechstage", "options": {"players": 8, "races": 20}, "seats": bots, "seed": 2}),
        )
        .await;
    let race = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 4, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 4}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.emulate(PHONE.0, PHONE.1, true).await;
    for lang in ["en", "de"] {
        let watch = riders["spectator"]["url"].as_str().unwrap();
        open_on_a_phone(
            &mut b,
            &server,
            watch,
            lang,
            "document.querySelectorAll('table.sheet.riders thead th').length === 7",
        )
        .await;
        let found = b.eval(&misfits("table.sheet.riders")).await;
        b.eval("document.querySelector('table.sheet.riders').scrollIntoView(); true").await;
        save(&format!("fit-sechstage-riders-390-{lang}.png"), &b.screenshot().await);
        assert_eq!(found, json!([]), "6-Tage Rennen's riders ({lang})");

        let seat = race["seats"][0]["url"].as_str().unwrap();
        open_on_a_phone(&mut b, &server, seat, lang, "document.querySelector('.rb-head')").await;
        let found = b.eval(&misfits(".rb-head")).await;
        b.eval("window.scrollTo(0, 0); true").await;
        save(&format!("fit-reifenbreite-head-390-{lang}.png"), &b.screenshot().await);
        assert_eq!(found, json!([]), "Um Reifenbreite's head ({lang})");
        // The course's name takes a line or two, not four.
        let lines = b
            .eval("(() => { const t = document.querySelector('.rb-head strong'); return t.getBoundingClientRect().height / parseFloat(getComputedStyle(t).lineHeight); })()")
            .await;
        assert!(lines.as_f64().unwrap() < 2.5, "the title takes {lines} lines ({lang})");
        // Each team's chip names its manager, as the banner names the winner.
        let chips = b.eval("[...document.querySelectorAll('.rb-team')].map(c => c.textContent)").await;
        assert_eq!(chips.as_array().unwrap().len(), 4, "{chips}");
        let bot = if lang == "en" { "Bot: rules of thumb" } else { "Bot: Faustregeln" };
        for chip in chips.as_array().unwrap().iter().skip(1) {
            assert!(chip.as_str().unwrap().contains(&format!(" · {bot}")), "{chip} ({lang})");
        }
    }
    b.close().await;
    server.kill().await;
}
