//! The registry of the games: one place that names every game crate.
