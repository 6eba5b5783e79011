//! The server over real HTTP and WebSocket on loopback: the API and its
//! errors, tables of every game, people and seats, limits and timeouts,
//! replays, storage on both engines and damaged databases. One test binary
//! for them all: each file was a binary of its own, and linking the server
//! into each cost CI more than running them.

#[path = "../common/mod.rs"]
mod common;

mod assets;
mod bots;
mod damaged;
mod errors;
mod game_files;
mod kuhn;
mod layers;
mod limits;
mod on_demand;
mod open_tables;
mod people;
mod records;
mod rematch;
mod replays;
mod seeds;
mod static_part;
mod storage;
mod storage_engines;
mod tables;
mod timeouts;
