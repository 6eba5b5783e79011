//! The serialized form of a state: readable lists of cells instead of
//! bitboards, checked on the way back in.

use crate::{
    board::{Board, Colour, zobrist},
    cell::Cell,
    game::{FIRST_ROUND_STONES, GameResult, Phase, STONES_PER_COLOUR, Six},
    options::SixOptions,
};
use serde::{Deserialize, Serialize};

/// A state as JSON: every field of [`Six`], with the stones as cell lists.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SixRepr {
    pub options: SixOptions,
    pub red: Vec<Cell>,
    pub black: Vec<Cell>,
    pub phase: Phase,
    pub to_move: u8,
    pub starter: u8,
    pub placed: Vec<u8>,
    pub moves: u16,
    /// Position hashes as 16 hex digits (strings, so that clients whose
    /// numbers are doubles keep them exact).
    pub history: Vec<String>,
    pub results: Vec<GameResult>,
}

impl From<Six> for SixRepr {
    fn from(six: Six) -> Self {
        SixRepr {
            red: six.board.cells(Colour::Red).collect(),
            black: six.board.cells(Colour::Black).collect(),
            placed: six.placed[..six.options.players as usize].to_vec(),
            options: six.options,
            phase: six.phase,
            to_move: six.to_move,
            starter: six.starter,
            moves: six.moves,
            history: six.history.iter().map(|h| format!("{h:016x}")).collect(),
            results: six.results,
        }
    }
}

impl TryFrom<SixRepr> for Six {
    type Error = String;

    fn try_from(r: SixRepr) -> Result<Self, String> {
        r.options.validate().map_err(|e| e.to_string())?;
        let players = r.options.players as usize;
        if r.to_move as usize >= players || r.starter as usize >= players {
            return Err(format!("seats count from 0 to {}", players - 1));
        }
        if r.placed.len() != players {
            return Err(format!("placed needs one count per seat ({players})"));
        }
        let supply = FIRST_ROUND_STONES / players;
        if r.placed.iter().any(|&p| p as usize > supply) {
            return Err(format!("no seat places more than {supply} stones"));
        }
        let games_done = r.results.len();
        let over = r.phase == Phase::Over;
        if (over && games_done != r.options.games as usize)
            || (!over && games_done >= r.options.games as usize)
        {
            return Err("the results do not fit the match length and phase".into());
        }
        if !over && r.moves >= r.options.move_limit {
            return Err(format!("{} moves reach the move limit: the game is drawn", r.moves));
        }
        let board = board_from_lists(&r.red, &r.black)?;
        let history = r
            .history
            .iter()
            .map(|h| u64::from_str_radix(h, 16).map_err(|_| format!("history entry '{h}' is not a hex hash")))
            .collect::<Result<Vec<u64>, String>>()?;
        let mut placed = [0u8; 4];
        placed[..players].copy_from_slice(&r.placed);
        let six = Six {
            hash: board_hash(&board),
            on_board: [r.red.len() as u8, r.black.len() as u8],
            board,
            options: r.options,
            phase: r.phase,
            to_move: r.to_move,
            starter: r.starter,
            placed,
            moves: r.moves,
            history,
            results: r.results,
        };
        check_field(&six)?;
        if six.phase != Phase::Over {
            for colour in Colour::ALL {
                if let Some((cell, formation)) = six.board.any_six(colour) {
                    return Err(format!(
                        "{colour:?} has a {formation:?} through {cell} but the game goes on"
                    ));
                }
            }
        }
        Ok(six)
    }
}

/// A board from two cell lists, each colour at most 21 stones, no cell twice.
pub(crate) fn board_from_lists(red: &[Cell], black: &[Cell]) -> Result<Board, String> {
    let mut board = Board::default();
    for (colour, cells) in [(Colour::Red, red), (Colour::Black, black)] {
        if cells.len() > STONES_PER_COLOUR {
            return Err(format!("{colour:?} has more than {STONES_PER_COLOUR} stones").to_lowercase());
        }
        for &c in cells {
            if board.occupied(c) {
                return Err(format!("cell {c} holds two stones"));
            }
            board.set(colour, c);
        }
    }
    Ok(board)
}

pub(crate) fn board_hash(board: &Board) -> u64 {
    Colour::ALL.iter().flat_map(|&c| board.cells(c).map(move |x| zobrist(c, x))).fold(0, |a, b| a ^ b)
}

/// Checks that the field is one piece (or, while the mover chooses, equal
/// parts meeting at the lifted cell) and that the round fits the supplies.
pub(crate) fn check_field(six: &Six) -> Result<(), String> {
    let board = &six.board;
    match six.phase {
        Phase::Keep { lifted } => {
            if board.occupied(lifted) {
                return Err(format!("the lifted cell {lifted} is not empty"));
            }
            let parts = board.parts_around(lifted);
            let sizes: Vec<usize> = (0..parts.len()).map(|i| parts.part(i).len()).collect();
            if parts.len() < 2 || board.outside(&parts) != 0 || sizes.iter().any(|&s| s != sizes[0]) {
                return Err("choosing a part needs equal parts meeting at the lifted cell".into());
            }
        }
        Phase::Replace { lifted } if board.occupied(lifted) => {
            return Err(format!("the lifted cell {lifted} is not empty"));
        }
        _ if !board.is_connected() => return Err("the field is not connected".into()),
        _ => {}
    }
    let placed = six.placed_total();
    match six.phase {
        Phase::Place if placed >= FIRST_ROUND_STONES => {
            Err("all stones are placed: the first round is over".into())
        }
        Phase::Place => {
            // Seats place in turn from the beginner: the counts and the seat to
            // move follow from the number placed.
            let players = six.options.players as usize;
            let starter = six.starter as usize;
            if six.to_move as usize != (starter + placed) % players {
                return Err("the seat to move does not follow from the stones placed".into());
            }
            for seat in 0..players {
                let turns = (0..placed).filter(|k| (starter + k) % players == seat).count();
                if six.placed[seat] as usize != turns {
                    return Err(format!("seat {seat} placed {} stones, not {turns}", six.placed[seat]));
                }
            }
            for colour in Colour::ALL {
                let by_colour: usize = (0..six.options.players as usize)
                    .filter(|&s| Colour::of_seat(s) == colour)
                    .map(|s| six.placed[s] as usize)
                    .sum();
                if six.stones(colour) != by_colour + 1 {
                    return Err(format!(
                        "{} has {} stones on the field but placed {by_colour} besides its starting stone",
                        format!("{colour:?}").to_lowercase(),
                        six.stones(colour)
                    ));
                }
            }
            Ok(())
        }
        Phase::Lift | Phase::Keep { .. } | Phase::Replace { .. } if placed != FIRST_ROUND_STONES => {
            Err("the second round begins only when every stone is placed".into())
        }
        _ => Ok(()),
    }
}
