//! The game reifenbreite (in progress).
