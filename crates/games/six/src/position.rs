//! Positions in text, for set-up positions and tactics suites: a [`Setup`]
//! is the options and a position in this format, and
//! [`Six::from_setup`](spieltisch_core::FromSetup::from_setup) reads and
//! checks it.
//!
//! A position is a list of `key=value` fields separated by `;`:
//!
//! | key | value | needed |
//! | --- | --- | --- |
//! | `red` | red stones on the field, cells `q,r` separated by spaces | yes |
//! | `black` | black stones on the field, likewise | yes |
//! | `turn` | who moves: `red` or `black` (2 players), or a seat `0`..`3` | yes |
//! | `round` | `1` (placing stones) or `2` (moving them) | yes |
//! | `moves` | second-round moves already played (towards `move_limit`) | no, default 0 |
//! | `lifted` | second round, mid-turn: the cell the mover's stone was lifted from | no |
//!
//! Example: `red=0,0 2,0 3,0; black=1,0 1,1; turn=black; round=1`.
//!
//! In the first round the supplies follow from the stones on the field (each
//! side has placed all its stones but the starting one), and the seat that
//! began the game from the number placed and the seat to move. In the second
//! round every stone missing from the field has been captured. A position in
//! which a side already has a six, or (second round) fewer than six stones, is
//! rejected: that game would be over. Options (players, variant) are given
//! separately; the position starts the first game of the match and remembers
//! no earlier positions (a second-round position counts as seen once: the
//! turn started there).

use crate::{
    board::Colour,
    cell::Cell,
    game::{FIRST_ROUND_STONES, Phase, Six},
    options::Options,
    view::{board_from_lists, board_hash, check_field, rebuild_history},
};
use spieltisch_core::{FromSetup, Game, PositionError};

/// A position set up by hand: the options it is played with and the
/// position in the text format of [`crate::position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub options: Options,
    /// The stones, whose turn and the round, as text.
    pub position: String,
}

impl Setup {
    /// The position `position` (text) played with `options`.
    pub fn new(options: Options, position: impl Into<String>) -> Setup {
        Setup { options, position: position.into() }
    }
}

impl Six {
    /// The position in the text format of [`crate::position`] (the turn
    /// start or mid-turn, not the match score or earlier positions).
    pub fn position(&self) -> String {
        let list = |c: Colour| self.board.cells(c).map(|x| x.to_string()).collect::<Vec<_>>().join(" ");
        let turn = if self.options.players == 2 {
            match self.mover_colour() {
                Colour::Red => "red".to_string(),
                Colour::Black => "black".to_string(),
            }
        } else {
            self.to_move.to_string()
        };
        let round = if self.second_round() { 2 } else { 1 };
        let mut text =
            format!("red={}; black={}; turn={turn}; round={round}", list(Colour::Red), list(Colour::Black));
        if self.moves > 0 {
            text.push_str(&format!("; moves={}", self.moves));
        }
        if let Phase::Keep { lifted } | Phase::Replace { lifted } = self.phase {
            text.push_str(&format!("; lifted={lifted}"));
        }
        text
    }
}

impl FromSetup for Six {
    type Setup = Setup;

    /// The state for a position in the text format of [`crate::position`],
    /// played with the setup's options.
    ///
    /// ```
    /// use spieltisch_core::{FromSetup, Game};
    /// use spieltisch_six::{Options, Setup, Six};
    ///
    /// // Red's line on row -1 lacks one stone at either end.
    /// let text = "red=0,0 -1,-1 0,-1 1,-1 2,-1 3,-1; black=1,0 1,1 2,1 3,1 4,1 5,1; turn=red; round=1";
    /// let mut six = Six::from_setup(Setup::new(Options::default(), text)).unwrap();
    /// // Written back with the cells in reading order.
    /// assert!(six.position().starts_with("red=-1,-1 0,-1 1,-1 2,-1 3,-1 0,0; black=1,0 1,1"));
    /// six.apply(&"place 4,-1".parse().unwrap()).unwrap();
    /// assert!(six.outcome().unwrap().is_win(0));
    /// ```
    ///
    /// # Errors
    /// [`PositionError::Parse`] when the text does not follow the format,
    /// [`PositionError::Invalid`] when no game reaches the position or it is
    /// already decided, [`PositionError::Options`] for bad options.
    fn from_setup(setup: Setup) -> Result<Six, PositionError> {
        let Setup { options, position: text } = &setup;
        let parse = |m: String| PositionError::Parse(m);
        let invalid = |m: String| PositionError::Invalid(m);
        let mut six = Six::new(options)?;
        let players = options.players as usize;
        let (mut red, mut black, mut turn, mut round, mut moves, mut lifted) =
            (None, None, None, None, 0u16, None);
        for field in text.split(';').map(str::trim).filter(|f| !f.is_empty()) {
            let (key, value) =
                field.split_once('=').ok_or_else(|| parse(format!("'{field}' is not key=value")))?;
            let value = value.trim();
            let cells = || -> Result<Vec<Cell>, PositionError> {
                value.split_whitespace().map(|c| c.parse().map_err(|e| parse(format!("{e}")))).collect()
            };
            match key.trim() {
                "red" => red = Some(cells()?),
                "black" => black = Some(cells()?),
                "turn" => {
                    turn = Some(match value {
                        "red" if players == 2 => 0,
                        "black" if players == 2 => 1,
                        "red" | "black" => {
                            return Err(parse("with 4 players give the seat to move, 0 to 3".into()));
                        }
                        n => n
                            .parse::<usize>()
                            .ok()
                            .filter(|&s| s < players)
                            .ok_or_else(|| parse(format!("turn '{n}': expected red, black or a seat")))?,
                    })
                }
                "round" => {
                    round = Some(match value {
                        "1" => 1,
                        "2" => 2,
                        other => return Err(parse(format!("round '{other}': expected 1 or 2"))),
                    })
                }
                "moves" => {
                    moves = value.parse().map_err(|_| parse(format!("moves '{value}' is not a count")))?
                }
                "lifted" => lifted = Some(value.parse::<Cell>().map_err(|e| parse(format!("{e}")))?),
                other => {
                    return Err(parse(format!(
                        "unknown key '{other}' (keys: red, black, turn, round, moves, lifted)"
                    )));
                }
            }
        }
        let missing = |k: &str| parse(format!("'{k}=' is missing"));
        let red = red.ok_or_else(|| missing("red"))?;
        let black = black.ok_or_else(|| missing("black"))?;
        let to_move = turn.ok_or_else(|| missing("turn"))?;
        let round = round.ok_or_else(|| missing("round"))?;
        six.board = board_from_lists(&red, &black).map_err(invalid)?;
        six.hash = board_hash(&six.board);
        six.on_board = [red.len() as u8, black.len() as u8];
        six.to_move = to_move as u8;
        six.moves = moves;
        let supply = FIRST_ROUND_STONES / players;
        if round == 1 {
            if lifted.is_some() || moves > 0 {
                return Err(invalid("lifted and moves belong to the second round".into()));
            }
            if red.is_empty() || black.is_empty() {
                return Err(invalid("each side has its starting stone on the field".into()));
            }
            let placed = red.len() + black.len() - 2;
            if placed >= FIRST_ROUND_STONES {
                return Err(invalid("with every stone placed, this is the second round".into()));
            }
            let starter = (to_move + players - placed % players) % players;
            six.starter = starter as u8;
            six.placed = [0; 4];
            for k in 0..placed {
                six.placed[(starter + k) % players] += 1;
            }
            six.phase = Phase::Place;
        } else {
            six.placed = [0; 4];
            six.placed[..players].fill(supply as u8);
            six.starter = 0;
            six.phase = match lifted {
                None => Phase::Lift,
                Some(cell) if six.board.parts_around(cell).len() > 1 && !six.board.is_connected() => {
                    Phase::Keep { lifted: cell }
                }
                Some(cell) => Phase::Replace { lifted: cell },
            };
            if moves >= options.move_limit {
                return Err(invalid(format!("{moves} moves reach the move limit: the game is drawn")));
            }
            for colour in Colour::ALL {
                let in_hand = usize::from(lifted.is_some() && six.mover_colour() == colour);
                if six.stones(colour) + in_hand < 6 {
                    return Err(invalid(format!("{colour:?} has fewer than six stones: the game is over")));
                }
            }
        }
        check_field(&six).map_err(invalid)?;
        for colour in Colour::ALL {
            if let Some((cell, formation)) = six.board.any_six(colour) {
                return Err(invalid(format!(
                    "{colour:?} already has a {formation:?} through {cell}: the game is over"
                )));
            }
        }
        // The position at the start of this turn is the first one seen.
        rebuild_history(&mut six).map_err(invalid)?;
        if six.is_over() {
            return Err(invalid("the game is over".into()));
        }
        Ok(six)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_conformance::{Config, check_setups};

    #[test]
    fn the_start_reads_back() {
        let start = Six::new(&Options::default()).unwrap();
        assert_eq!(start.position(), "red=0,0; black=1,0; turn=red; round=1");
        assert_eq!(Six::from_setup(Setup::new(Options::default(), start.position())), Ok(start));
    }

    #[test]
    fn supplies_and_starter_follow_from_the_stones() {
        let at = |text: &str| Six::from_setup(Setup::new(Options::default(), text));
        let six = at("red=0,0 2,0; black=1,0 1,1; turn=red; round=1").unwrap();
        assert_eq!((six.supply(0), six.supply(1), six.starter()), (19, 19, 0));
        let six = at("red=0,0 2,0; black=1,0; turn=black; round=1").unwrap();
        assert_eq!((six.supply(0), six.supply(1), six.starter()), (19, 20, 0));
        let err = at("red=0,0 2,0; black=1,0; turn=red; round=1");
        assert!(matches!(err, Err(PositionError::Invalid(_))), "{err:?}");
    }

    /// Positions that are not a game of Six: text that does not read, and
    /// text that reads but no game reaches. `true` for the first.
    const BAD: &[(&str, bool)] = &[
        ("red=0,0; black=1,0; turn=red", true),
        ("red=0,0; black=1,0; turn=green; round=1", true),
        ("red=0,0; black=1,0; turn=red; round=1; colour=x", true),
        ("red=0,0; black=0,0; turn=red; round=1", false),
        ("red=0,0; black=5,5; turn=red; round=1", false),
        ("red=0,0 1,0 2,0 3,0 4,0 5,0; black=0,1 1,1 2,1 3,1 4,1; turn=black; round=1", false),
    ];

    #[test]
    fn bad_positions_are_refused_with_reasons() {
        let o = Options::default();
        for &(text, parse) in BAD {
            let err = Six::from_setup(Setup::new(o.clone(), text)).unwrap_err();
            assert_eq!(matches!(err, PositionError::Parse(_)), parse, "{text}: {err}");
        }
    }

    #[test]
    fn set_up_positions_keep_the_contract() {
        let accepted: Vec<Setup> = crate::tactics::TACTICS
            .iter()
            .map(|t| Setup::new(Options { players: t.players, ..Options::default() }, t.position))
            .collect();
        let mut refused: Vec<Setup> =
            BAD.iter().map(|&(text, _)| Setup::new(Options::default(), text)).collect();
        refused.push(Setup::new(
            Options { players: 3, ..Options::default() },
            "red=0,0; black=1,0; turn=0; round=1",
        ));
        let config = Config { playouts: 2, stride: 4, ..Config::default() };
        check_setups::<Six>(&accepted, &refused, config);
    }
}
