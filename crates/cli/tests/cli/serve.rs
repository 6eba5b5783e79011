//! `spieltisch serve`: the operator's flags are bounded before anything starts.

use crate::support::run;

#[test]
fn serve_refuses_delays_outside_their_bounds() {
    // An unbounded wait would overflow the clock when a window opens.
    for args in [
        ["serve", "--memory", "--window-seconds", "0"],
        ["serve", "--memory", "--window-seconds", "3601"],
        ["serve", "--memory", "--bot-delay-ms", "60001"],
        ["serve", "--memory", "--header-timeout-seconds", "0"],
        ["serve", "--memory", "--ws-idle-seconds", "7201"],
        ["serve", "--memory", "--requests-per-second", "0"],
        ["serve", "--memory", "--max-tables", "0"],
    ] {
        let out = run(&args, "");
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("not in"), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn serve_refuses_an_idle_time_that_would_close_every_websocket() {
    let out = run(&["serve", "--memory", "--ws-ping-seconds", "30", "--ws-idle-seconds", "20"], "");
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("--ws-idle-seconds"), "{}", out.stderr);
}
