//! What an engine keeps for the health endpoint: how many commands wait,
//! whether storage is failing, and its last error. Both engines keep one
//! [`Ledger`]; it is apart so that neither imports the other for it.

use super::error::StoreError;
use super::rows::now;
use serde::Serialize;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The writer's state, as the health endpoint reports it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StoreHealth {
    /// Commands sent to the writer and not yet answered.
    pub queue: usize,
    /// Whether the last transaction failed (and none has succeeded since).
    pub failing: bool,
    /// The last storage error, if any, with when it happened.
    pub last_error: Option<StorageFault>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StorageFault {
    pub message: String,
    /// Seconds since the Unix epoch.
    pub at: u64,
}

/// What an engine keeps for the health endpoint: how many commands wait,
/// whether storage is failing, and its last error. Failing is logged once
/// when it starts and once when it ends, not at every failed command.
#[derive(Debug, Default)]
pub(crate) struct Ledger {
    /// Commands sent and not yet answered.
    pub(crate) queue: AtomicUsize,
    failing: AtomicBool,
    /// Failed commits since storage last worked.
    failures: AtomicU64,
    last_error: Mutex<Option<StorageFault>>,
}

impl Ledger {
    /// `commands` commands failed together with the transient error `e`.
    pub(crate) fn failed(&self, e: &StoreError, commands: usize) {
        self.failures.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut last) = self.last_error.lock() {
            *last = Some(StorageFault { message: e.to_string(), at: now() as u64 });
        }
        if !self.failing.swap(true, Ordering::Relaxed) {
            tracing::error!("storage failed, {commands} commands refused: {e}");
        } else {
            tracing::debug!("storage still failing, {commands} commands refused: {e}");
        }
    }

    /// A commit went through.
    pub(crate) fn succeeded(&self) {
        if self.failing.swap(false, Ordering::Relaxed) {
            let failures = self.failures.swap(0, Ordering::Relaxed);
            tracing::info!("storage works again after {failures} failed transactions");
        }
    }

    pub(crate) fn report(&self) -> StoreHealth {
        StoreHealth {
            queue: self.queue.load(Ordering::Relaxed),
            failing: self.failing.load(Ordering::Relaxed),
            last_error: self.last_error.lock().map(|e| e.clone()).unwrap_or(None),
        }
    }
}
