//! End-to-end: a real headless Chromium plays through the web front end
//! (Debian's `chromium` and `chromium-driver`; `.ci/run` installs them).
//! Screenshots go to `target/tmp/e2e/`. One test binary for every page and
//! board, the server linked in once.

#[path = "../common/mod.rs"]
mod common;

mod boards;
mod flow;
mod german;
mod hotseat;
mod motion;
mod names;
mod page_weight;
mod pages;
mod people;
mod phone;
mod reifenbreite;
mod smaller;
mod turn;
