//! The catalog as the front ends use it: every registered game through
//! the conformance suite and its golden games, sessions behind the
//! dynamic interface, levels, option schemas, bounded searches, the
//! games' German texts, their words' catalogs, and the repository's citations. One test
//! binary, the games and the AI linked in once. (`registry.rs` is a
//! binary of its own: it checks a process where the test fixtures were
//! never registered.)

mod bounded_search;
mod citations;
mod dyn_session;
mod every_game;
mod german;
mod glossary;
mod levels;
mod option_schema;
mod repository;
mod words;
