//! The `spieltisch` binary as its users run it: every command, its output
//! and exit codes, hostile input, damaged and older databases, and a
//! cluster of `serve` processes. One test binary for them all, the
//! binary's own code linked in once.

#[allow(dead_code)]
#[path = "../../../server/tests/common/postgres.rs"]
mod postgres;
mod support;

mod analyze;
mod cluster;
mod damaged;
mod databases;
mod engine;
mod games;
mod hostile;
mod no_fixtures;
mod play;
mod rate;
mod serve;
mod sim;
