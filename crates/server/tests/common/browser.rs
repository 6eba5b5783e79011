//! A headless Chromium driven over the DevTools protocol: navigate, evaluate,
//! click with real mouse events, take screenshots.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

pub struct Browser {
    child: tokio::process::Child,
    ws: Ws,
    session: String,
    next_id: u64,
    profile: std::path::PathBuf,
}

/// The browser to drive, or `None` (with a message) where none is installed;
/// under CI a missing browser is a failure.
pub fn browser_binary() -> Option<String> {
    let found = chromium();
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI must install chromium for the browser tests");
        eprintln!("skipping: chromium is not installed (apt-get install chromium)");
    }
    found
}

/// Keeps a screenshot under the test's target folder, to look at.
pub fn save(name: &str, png: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

/// The Chromium binary, if installed (CI installs Debian's `chromium`).
pub fn chromium() -> Option<String> {
    ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(|p| p.to_string())
}

impl Browser {
    pub async fn launch(binary: &str) -> Browser {
        let profile = std::env::temp_dir().join(format!(
            "spieltisch-chromium-{}-{}",
            std::process::id(),
            rand_suffix()
        ));
        let mut child = tokio::process::Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--window-size=1280,900",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("chromium starts");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let url = tokio::time::timeout(Duration::from_secs(30), async {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(rest) = line.split("DevTools listening on ").nth(1) {
                    return rest.trim().to_string();
                }
            }
            panic!("chromium exited without a DevTools address");
        })
        .await
        .expect("chromium printed its DevTools address");
        // Keep draining stderr so chromium never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("DevTools connection");
        let mut browser = Browser { child, ws, session: String::new(), next_id: 0, profile };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"})).await;
        let attached = browser
            .call_browser("Target.attachToTarget", json!({"targetId": target["targetId"], "flatten": true}))
            .await;
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Page.enable", json!({})).await;
        browser
            .call(
                "Emulation.setDeviceMetricsOverride",
                json!({"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": false}),
            )
            .await;
        browser.call("Runtime.enable", json!({})).await;
        // Collect uncaught page errors for failure messages.
        browser
            .call(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({"source": "window.__errors = []; addEventListener('error', e => __errors.push(String(e.message))); addEventListener('unhandledrejection', e => __errors.push(String(e.reason)));"}),
            )
            .await;
        browser
    }

    async fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        self.ws.send(Message::Text(msg.to_string().into())).await.unwrap();
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no answer to {method}"))
                .unwrap()
                .unwrap();
            if let Message::Text(t) = frame {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["id"] == json!(id) {
                    assert!(v.get("error").is_none(), "{method} failed: {v}");
                    return v["result"].clone();
                }
            }
        }
    }

    async fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None).await
    }

    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(session)).await
    }

    pub async fn goto(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url})).await;
    }

    /// Evaluates a JavaScript expression in the page and returns its value.
    pub async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await;
        assert!(r.get("exceptionDetails").is_none(), "page script failed: {r}");
        r["result"]["value"].clone()
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
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            )
            .await;
        }
    }

    /// A PNG screenshot of the page.
    pub async fn screenshot(&mut self) -> Vec<u8> {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"})).await;
        decode_base64(r["data"].as_str().unwrap())
    }

    pub async fn close(mut self) {
        let _ = self.child.kill().await;
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn rand_suffix() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => 0,
    };
    let bytes: Vec<u8> = text.bytes().filter(|c| *c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n =
            chunk.iter().enumerate().fold(0u32, |acc, (i, c)| acc | (u32::from(value(*c)) << (18 - 6 * i)));
        out.push((n >> 16) as u8);
        if chunk.len() > 2 {
            out.push((n >> 8) as u8);
        }
        if chunk.len() > 3 {
            out.push(n as u8);
        }
    }
    out
}

/// Width and height of a PNG, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
    (w, h)
}
