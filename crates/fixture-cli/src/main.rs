//! `spieltisch-fixtures`: the `spieltisch` command line with the test
//! fixtures (Kuhn poker, `kuhn`) registered, for the tests in `tests/` that
//! drive a fixture through a real process.
//!
//! A separate, unpublished binary, because a test process cannot register a
//! game in the product binary it runs, and the product must never register
//! one itself.

use std::process::ExitCode;

fn main() -> ExitCode {
    spieltisch_catalog::register_fixtures();
    spieltisch::main()
}
