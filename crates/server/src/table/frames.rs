//! The messages already written for a table's current version, kept so
//! that every connection that needs the same one (same viewer, detail and
//! starting version) shares it instead of writing it again.
//!
//! Apart from the messages (`wire.rs`), which are written the same whether
//! or not anyone shares them, and from the table, which only says when
//! kept ones go stale without a new version (a claim, an answer held, a
//! seat's preference): a cache that compares keys and nothing more.

use super::wire::Detail;
use axum::extract::ws::Utf8Bytes;
use spieltisch_core::Viewer;

/// Messages written for one version, shared by the connections that send them.
#[derive(Debug, Default)]
pub(super) struct Frames {
    version: usize,
    pub(super) written: Vec<(FrameKey, Utf8Bytes)>,
}

/// Which message: a snapshot (`from: None`) or the update from `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct FrameKey {
    pub(super) viewer: Viewer,
    pub(super) detail: Detail,
    pub(super) from: Option<usize>,
}

impl Frames {
    pub(super) fn get(&mut self, version: usize, key: FrameKey) -> Option<Utf8Bytes> {
        if self.version != version {
            self.version = version;
            self.written.clear();
            return None;
        }
        self.written.iter().find(|(k, _)| *k == key).map(|(_, bytes)| bytes.clone())
    }

    pub(super) fn put(&mut self, key: FrameKey, bytes: Utf8Bytes) {
        // A handful of viewers per table: a short list beats a map.
        if self.written.len() < 32 {
            self.written.push((key, bytes));
        }
    }
}
