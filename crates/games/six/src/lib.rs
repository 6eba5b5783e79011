//! The game six (in progress).
