//! `spieltisch serve`: the operator's flags are bounded before anything starts.

mod support;

use support::run;

#[test]
fn serve_refuses_delays_outside_their_bounds() {
    // An unbounded wait would overflow the clock when a window opens.
    for args in [
        ["serve", "--memory", "--window-seconds", "0"],
        ["serve", "--memory", "--window-seconds", "3601"],
        ["serve", "--memory", "--bot-delay-ms", "60001"],
    ] {
        let out = run(&args, "");
        assert_eq!(out.code, 2, "{args:?}: {}", out.stderr);
        assert!(out.stderr.contains("not in"), "{args:?}: {}", out.stderr);
    }
}
