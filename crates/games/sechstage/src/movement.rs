//! How far a card takes a rider: the card's own move, the slipstream bonus,
//! and the special space where the rider ends up.
//!
//! This is the one place the movement rule lives; the game, the move
//! descriptions and the bot all call [`resolve`].

use crate::track::{Space, Track};
use serde::{Deserialize, Serialize};

/// The result of playing one card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Where the rider stood.
    pub from: u8,
    /// Where the card's own move ends (may lie past the line).
    pub landing: u16,
    /// Riders already standing on the landing space when the bonus counts
    /// (0 when there is no bonus).
    pub drafted: u8,
    /// Extra spaces from the slipstream: card value × `drafted`.
    pub bonus: u16,
    /// Where the whole move ends (may lie past the line).
    pub to: u16,
    /// What is on the space where the move ends (`Plain` past the line).
    pub space: Space,
    /// True when the move reaches the line.
    pub finishes: bool,
}

/// Resolves playing a card of `value` from `from`. `riders_at(p)` counts the
/// riders standing on space `p` (riders who have crossed the line are off the
/// track and never counted; the mover never stands on a space ahead of it).
///
/// The bonus is counted once, on the space where the card's own move ends:
/// value × riders already there. Where the bonus ends counts for nothing more,
/// and there is never a bonus on a special space or past the line.
pub fn resolve(track: &Track, from: u8, value: u8, riders_at: impl Fn(u8) -> u8) -> Move {
    let length = u16::from(track.length());
    let landing = u16::from(from) + u16::from(value);
    let mut drafted = 0;
    if landing < length && track.space(landing) == Space::Plain {
        drafted = riders_at(landing as u8);
    }
    let bonus = u16::from(value) * u16::from(drafted);
    let to = landing + bonus;
    let space = if to < length { track.space(to) } else { Space::Plain };
    Move { from, landing, drafted, bonus, to, space, finishes: to >= length }
}
