//! A headless Chromium driven over WebDriver (Debian's `chromedriver`):
//! navigate, evaluate, click with real mouse events, take screenshots.
#![allow(dead_code)]

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 900;

/// Records uncaught errors, rejected promises and `console.error` calls, so
/// that a timed-out wait can say what went wrong in the page.
const RECORD_ERRORS: &str = "window.__errors = [];
addEventListener('error', e => __errors.push(String(e.message)));
addEventListener('unhandledrejection', e => __errors.push(String(e.reason)));
const consoleError = console.error.bind(console);
console.error = (...args) => { __errors.push(args.map(String).join(' ')); consoleError(...args); };";

/// Evaluates `arguments[0]` in the page's global scope, as the DevTools
/// console would, and hands back its value once any promise has settled.
/// The outcome is wrapped so that a thrown error reaches the test as text
/// instead of a WebDriver error without the page's message.
const EVAL: &str = "const [expression, done] = arguments;
Promise.resolve()
  .then(() => (0, eval)(expression))
  .then(value => done({ value: value === undefined ? null : value }),
        error => done({ error: String(error && error.stack || error) }));";

pub struct Browser {
    client: Client,
    driver: Driver,
}

/// chromedriver, leader of a process group that also holds the browser it
/// starts, and the browser's profile: dropping kills the group, so that no
/// browser outlives a failed test, and removes the profile.
struct Driver {
    child: tokio::process::Child,
    port: u16,
    profile: PathBuf,
}

/// The browser to drive, or `None` (with a message) where it or its driver is
/// not installed; under CI a missing one is a failure.
pub fn browser_binary() -> Option<String> {
    let found = chromium().filter(|_| chromedriver().is_some());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install chromium and chromium-driver for the browser tests"
        );
        eprintln!(
            "skipping: chromium or chromedriver is not installed (apt-get install chromium chromium-driver)"
        );
    }
    found
}

/// Keeps a screenshot under the test's target folder, to look at.
pub fn save(name: &str, png: &[u8]) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

/// The Chromium binary, if installed (CI installs Debian's `chromium`).
pub fn chromium() -> Option<String> {
    installed(&["/usr/bin/chromium", "/usr/bin/chromium-browser"])
}

/// The WebDriver server for it (Debian's `chromium-driver`).
pub fn chromedriver() -> Option<String> {
    installed(&["/usr/bin/chromedriver"])
}

fn installed(paths: &[&str]) -> Option<String> {
    paths.iter().find(|p| Path::new(p).exists()).map(|p| p.to_string())
}

/// The version of the table the page shows (`NaN` while it shows none): a
/// click has been answered once it moves on.
pub const SHOWN_VERSION: &str = "Number(document.querySelector('#board').dataset.version)";

impl Browser {
    pub async fn launch(binary: &str) -> Browser {
        let profile = std::env::temp_dir().join(format!(
            "spieltisch-chromium-{}-{}",
            std::process::id(),
            rand_suffix()
        ));
        let driver =
            Driver::start(&chromedriver().expect("chromedriver is installed"), profile.clone()).await;
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        // Keeps the page's console for `console_errors`.
        capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": binary,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-extensions",
                    // Pieces do not slide: what a test reads is where it ends.
                    "--force-prefers-reduced-motion",
                    format!("--window-size={WIDTH},{HEIGHT}"),
                    format!("--user-data-dir={}", profile.display()),
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{}/", driver.port))
            .await
            .unwrap_or_else(|e| panic!("chromedriver opens a session: {e}"));
        let mut browser = Browser { client, driver };
        // Runs before the page's own scripts, so errors while loading count too.
        browser.call("Page.addScriptToEvaluateOnNewDocument", json!({ "source": RECORD_ERRORS })).await;
        // Headless Chromium still sets aside room for a toolbar, so the
        // window has to be larger than the page the tests look at.
        let frame = browser.eval("[outerWidth - innerWidth, outerHeight - innerHeight]").await;
        let (dw, dh) = (frame[0].as_u64().unwrap() as u32, frame[1].as_u64().unwrap() as u32);
        browser.client.set_window_size(WIDTH + dw, HEIGHT + dh).await.expect("the window resizes");
        let inner = browser.eval("[innerWidth, innerHeight]").await;
        assert_eq!(inner, json!([WIDTH, HEIGHT]), "the page's size");
        assert_eq!(
            browser.eval("matchMedia('(prefers-reduced-motion: reduce)').matches").await,
            json!(true),
            "the browser asks pages for reduced motion"
        );
        browser
    }

    /// Sends a DevTools command to the page through chromedriver and returns its result.
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let command = DevTools { method: method.to_string(), params };
        self.client.issue_cmd(command).await.unwrap_or_else(|e| panic!("{method} failed: {e}"))
    }

    pub async fn goto(&mut self, url: &str) {
        self.client.goto(url).await.unwrap_or_else(|e| panic!("navigating to {url}: {e}"));
    }

    /// Evaluates a JavaScript expression in the page and returns its value.
    /// The version the page shows ([`SHOWN_VERSION`]).
    pub async fn shown_version(&mut self) -> u64 {
        let shown = self.eval(SHOWN_VERSION).await;
        shown.as_u64().unwrap_or_else(|| panic!("the page shows no table version: {shown}"))
    }

    pub async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .client
            .execute_async(EVAL, vec![json!(expression)])
            .await
            .unwrap_or_else(|e| panic!("evaluating {expression}: {e}"));
        assert!(r.get("error").is_none(), "page script failed: {}\n{expression}", r["error"]);
        r["value"].clone()
    }

    /// Waits until `expression` is truthy (10 s at most).
    pub async fn wait_for(&mut self, expression: &str) -> Value {
        for _ in 0..200 {
            let v = self.eval(expression).await;
            if !(v.is_null() || v == json!(false) || v == json!(0) || v == json!("")) {
                return v;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let page = self.eval("document.body.innerText").await;
        let errors = self.eval("JSON.stringify(window.__errors || [])").await;
        panic!(
            "timed out waiting for: {expression}\npage text:\n{}\nerrors: {errors}",
            page.as_str().unwrap_or("")
        );
    }

    /// Clicks the centre of the first element matching `selector` with real mouse events.
    pub async fn click(&mut self, selector: &str) {
        let sel = serde_json::to_string(selector).unwrap();
        let rect = self
            .wait_for(&format!(
                "(() => {{ const e = document.querySelector({sel}); if (!e) return null; e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); return r.width > 0 ? [r.x + r.width / 2, r.y + r.height / 2] : null; }})()"
            ))
            .await;
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        // At a point rather than on the element, as a person clicks: whatever
        // is drawn on top there gets the click.
        let mouse = MouseActions::new("mouse".to_string())
            .then(PointerAction::MoveTo { duration: None, x, y })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT })
            .then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.client.perform_actions(mouse).await.unwrap_or_else(|e| panic!("clicking {selector}: {e}"));
    }

    /// Shows pages at `width`×`height` CSS pixels from now on, as a phone
    /// does when `mobile` (its viewport meta tag honoured, touch events; a
    /// page wider than the screen is zoomed out, so `innerWidth` grows with
    /// it), or as a desktop window of that size.
    pub async fn emulate(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )
        .await;
        self.call("Emulation.setTouchEmulationEnabled", json!({ "enabled": mobile })).await;
    }

    /// What the browser's console showed as an error since the last call
    /// (a failed request, an uncaught error, a `console.error`), each as
    /// its message.
    pub async fn console_errors(&mut self) -> Vec<String> {
        let log =
            self.client.issue_cmd(BrowserLog).await.unwrap_or_else(|e| panic!("reading the console: {e}"));
        log.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .filter(|e| e["level"] == "SEVERE")
                    .map(|e| e["message"].as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A PNG screenshot of the page.
    pub async fn screenshot(&mut self) -> Vec<u8> {
        self.client.screenshot().await.expect("a screenshot")
    }

    /// Ends the session, so chromedriver closes the browser the orderly way;
    /// dropping kills whatever is left.
    pub async fn close(self) {
        let _ = self.client.close().await;
        drop(self.driver);
    }
}

impl Driver {
    /// Starts chromedriver on a free loopback port (it accepts only local
    /// connections unless told otherwise) and waits until it listens.
    async fn start(binary: &str, profile: PathBuf) -> Driver {
        for _ in 0..5 {
            // Another process may take the port before chromedriver binds it;
            // then chromedriver exits and another port is tried.
            let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
            let child = tokio::process::Command::new(binary)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .process_group(0)
                .kill_on_drop(true)
                .spawn()
                .expect("chromedriver starts");
            let mut driver = Driver { child, port, profile: profile.clone() };
            for _ in 0..500 {
                if driver.child.try_wait().unwrap().is_some() {
                    break;
                }
                if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                    return driver;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        panic!("chromedriver did not start listening");
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Until it is waited for, chromedriver's id names its group even after it exits.
        if let Some(pid) = self.child.id().and_then(|id| rustix::process::Pid::from_raw(id as i32)) {
            let _ = rustix::process::kill_process_group(pid, rustix::process::Signal::KILL);
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// chromedriver's own endpoint for DevTools commands on the current page.
#[derive(Debug)]
struct DevTools {
    method: String,
    params: Value,
}

impl WebDriverCompatibleCommand for DevTools {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/goog/cdp/execute", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "cmd": self.method, "params": self.params }).to_string()))
    }
}

/// chromedriver's endpoint for the browser's console log (entries since
/// the last read).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(&self, base_url: &url::Url, session_id: Option<&str>) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!("session/{}/se/log", session_id.unwrap_or_default()))
    }

    fn method_and_body(&self, _request_url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(json!({ "type": "browser" }).to_string()))
    }
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

/// Width and height of a PNG, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
    (w, h)
}
