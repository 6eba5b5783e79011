//! The load tool plays real games through the server's WebSocket: Kuhn
//! poker, the test fixture, on the in-process server.

use serde_json::json;
use spieltisch_catalog::register_fixtures;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tool_plays_games_through_the_websocket() {
    register_fixtures();
    let report = spieltisch_loadtest::run(spieltisch_loadtest::LoadConfig {
        game: "kuhn".into(),
        options: json!({}),
        seats: 2,
        concurrency: 8,
        duration: std::time::Duration::from_millis(800),
        warmup: std::time::Duration::from_millis(200),
        seed: 1,
        ..spieltisch_loadtest::LoadConfig::default()
    })
    .await
    .unwrap();
    assert_eq!(report.errors, 0, "{report:?}");
    assert!(report.games_finished > 0 && report.actions > 0, "{report:?}");
    assert!(report.latency_ms.p50 <= report.latency_ms.p99 && report.latency_ms.p99 <= report.latency_ms.max);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_tools_open_loop_holds_its_rate() {
    // `--rate`: far below what the server can do, the measured rate is the
    // schedule's, not the server's.
    register_fixtures();
    let report = spieltisch_loadtest::run(spieltisch_loadtest::LoadConfig {
        game: "kuhn".into(),
        concurrency: 20,
        duration: std::time::Duration::from_secs(2),
        warmup: std::time::Duration::from_millis(500),
        rate: Some(300.0),
        server_pids: vec![std::process::id()],
        ..spieltisch_loadtest::LoadConfig::default()
    })
    .await
    .unwrap();
    assert_eq!(report.errors, 0, "{report:?}");
    assert!((report.actions_per_sec - 300.0).abs() < 300.0 * 0.1, "{} actions/s", report.actions_per_sec);
    assert_eq!(report.rate, Some(300.0));
    let server = report.server.expect("the server's figures, read from /proc");
    assert!(server.rss_open_kib > 0, "{server:?}");
}
