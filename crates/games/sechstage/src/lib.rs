//! The game sechstage (in progress).
