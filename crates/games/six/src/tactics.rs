//! A small tactics suite: positions in notation where the side to move can
//! win at once or must block at once, with every correct answer.
//!
//! The answers are complete: `tests/tactics.rs` recomputes them with the
//! engine alone (a winning move ends the game in the mover's favour; a
//! blocking move leaves the other side no six on its next placement).

/// What the side to move must do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win with this move: complete a six (or, in the second round, leave
    /// the other side below six stones). In the second round the answers are
    /// the lifts after which some placement wins.
    Win,
    /// Stop the other side's six: the answers are the placements after which
    /// the other side cannot complete one with its next stone.
    Block,
}

/// One position of the suite.
#[derive(Clone, Copy, Debug)]
pub struct Tactic {
    pub name: &'static str,
    /// Players (2 or 4); the other options keep their defaults.
    pub players: u8,
    /// The position, in the format of [`crate::position`].
    pub position: &'static str,
    pub goal: Goal,
    /// Every correct first action, in notation.
    pub answers: &'static [&'static str],
}

/// The suite.
pub const TACTICS: &[Tactic] = &[
    Tactic {
        name: "line, either end",
        players: 2,
        position: "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1",
        goal: Goal::Win,
        answers: &["place -2,-1", "place 4,-1"],
    },
    Tactic {
        name: "triangle, pointing down or up",
        players: 2,
        position: "red=0,0 -2,-1 -1,-1 0,-1 -2,0 -1,0; black=1,0 2,0 3,0 4,0 5,0 1,1; turn=red; round=1",
        goal: Goal::Win,
        answers: &["place 0,-2", "place -2,1"],
    },
    Tactic {
        name: "circle around an empty cell",
        players: 2,
        position: "red=0,0 0,-1 -1,-1 -2,0 -2,1; black=1,0 2,0 3,0 4,0 5,0; turn=red; round=1",
        goal: Goal::Win,
        answers: &["place -1,1"],
    },
    Tactic {
        name: "circle around a black stone",
        players: 2,
        position: "red=0,0 0,-1 -1,-1 -2,0 -2,1; black=1,0 2,0 3,0 4,0 -1,0; turn=red; round=1",
        goal: Goal::Win,
        answers: &["place -1,1"],
    },
    Tactic {
        name: "block a line",
        players: 2,
        position: "red=0,0 -1,-1 0,-1 1,-1 2,-1 6,1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1",
        goal: Goal::Block,
        answers: &["place 0,1"],
    },
    Tactic {
        name: "block a circle",
        players: 2,
        position: "red=0,0 0,-1 1,-1 2,-1 -1,0; black=1,0 2,0 2,1 0,2 1,2; turn=red; round=1",
        goal: Goal::Block,
        answers: &["place 0,1"],
    },
    Tactic {
        name: "partner's line, four players",
        players: 4,
        position: "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=2; round=1",
        goal: Goal::Win,
        answers: &["place -2,-1", "place 4,-1"],
    },
    Tactic {
        // Lifting 5,1 wins too: it cuts off 6,0 and 7,0, and black keeps five.
        name: "second round: complete the line, or capture black below six",
        players: 2,
        position: "red=0,0 1,1 2,1 3,1 4,1 5,1 7,0; black=1,0 2,0 3,0 4,0 5,-1 6,0; turn=red; round=2",
        goal: Goal::Win,
        answers: &["lift 0,0", "lift 5,1", "lift 7,0"],
    },
];
