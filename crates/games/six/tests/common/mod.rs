//! What more than one test file of Six plays.

/// Red and black each move an end stone away and back, twice round: the
/// moves that repeat a position of the rules tests' row.
pub const SHUFFLE: [&str; 8] = [
    "lift 0,0",
    "place 0,1",
    "lift 13,0",
    "place 13,-1",
    "lift 0,1",
    "place 0,0",
    "lift 13,-1",
    "place 13,0",
];
