//! The game ausreisser (in progress).
