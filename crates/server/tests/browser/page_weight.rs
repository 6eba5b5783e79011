//! What a person's browser loads before it shows a board, and how long that
//! takes on loopback: the bytes of HTML, JavaScript and CSS the page fetched
//! (the Resource Timing API's body sizes, as sent and as read), and the
//! time from the start of the navigation to the first board drawn (the
//! page's `spieltisch:board` performance mark), median of `RUNS` fresh loads
//! of a table of each game. Figures in docs/benchmarks.md ("Page weight").
//!
//! A measurement, not a check: ignored by `cargo test`, run on purpose with
//! `cargo test --release -p spieltisch-server --test browser page_weight -- --ignored --nocapture`
//! (needs Debian's `chromium` and `chromium-driver`).

use crate::common::TestServer;
use crate::common::browser::{Browser, browser_binary};
use serde_json::{Value, json};

const RUNS: usize = 9;

/// Bytes by kind of file, from the page's resource entries and the
/// document: as sent (`encodedBodySize`, gzip where the server compressed)
/// and as the browser reads them (`decodedBodySize`).
const WEIGHT: &str = "(() => {
  const out = { html: [0, 0], js: [0, 0], css: [0, 0], other: [0, 0], files: 0 };
  const add = (kind, r) => { out[kind][0] += r.encodedBodySize; out[kind][1] += r.decodedBodySize; };
  add('html', performance.getEntriesByType('navigation')[0]);
  for (const r of performance.getEntriesByType('resource')) {
    if (r.initiatorType === 'fetch' || r.initiatorType === 'xmlhttprequest') continue;
    add(r.name.endsWith('.js') ? 'js' : r.name.endsWith('.css') ? 'css' : 'other', r);
    out.files += 1;
  }
  return out;
})()";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement for docs/benchmarks.md, not a check"]
async fn page_weight_and_time_to_a_drawn_board() {
    let Some(binary) = browser_binary() else {
        eprintln!("no chromium / chromedriver: install Debian's chromium and chromium-driver");
        return;
    };
    // Dozens of loads in a few seconds from one address: the per-address
    // request limit is not what is measured here.
    let limits = spieltisch_server::limits::Limits { per_client: false, ..Default::default() };
    let server =
        TestServer::start_with(spieltisch_server::ServerConfig { limits, ..Default::default() }).await;
    let tables = [
        json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1}),
        json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}),
        json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3}),
        json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4}),
    ];
    let mut b = Browser::launch(&binary).await;
    println!(
        "| game | HTML bytes sent (read) | JS bytes sent (read) | CSS bytes sent (read) | files | first board drawn (median of {RUNS}, ms) |"
    );
    println!("| --- | --- | --- | --- | --- | --- |");
    for request in tables {
        let reply = server.create(request.clone()).await;
        let url = format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap());
        let mut times = Vec::new();
        let mut weight = Value::Null;
        for _ in 0..RUNS {
            b.goto("about:blank").await;
            b.goto(&url).await;
            let at = b.wait_for("performance.getEntriesByName('spieltisch:board')[0]?.startTime").await;
            times.push(at.as_f64().unwrap());
            weight = b.eval(WEIGHT).await;
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| {} | {} ({}) | {} ({}) | {} ({}) | {} | {:.0} |",
            request["game"].as_str().unwrap(),
            weight["html"][0],
            weight["html"][1],
            weight["js"][0],
            weight["js"][1],
            weight["css"][0],
            weight["css"][1],
            weight["files"],
            times[RUNS / 2]
        );
    }
    b.close().await;
    server.kill().await;
}
