//! What a viewer sees of a match of Six: everything, as nothing in Six is
//! hidden. The view is the state written for its readers (people, boards,
//! bots): stones as cell lists, the turn's phase with what it concerns, the
//! results with why each game ended. It is a complete information state:
//! [`Six::from_view`] rebuilds exactly the state it was made from, checking
//! on the way that a view read from outside is one that play can reach; a
//! state is written and read as its view.
//!
//! Field by field, with the JSON shapes, in `docs/api.md` ("Six").

use crate::{
    board::{Board, Colour, zobrist, zobrist_turn},
    cell::Cell,
    game::{FIRST_ROUND_STONES, GameResult, Phase, STONES_PER_COLOUR, Six},
    moves::{Move, Stones},
    options::Options,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
#[cfg(doc)]
use spieltisch_core::Game;
use spieltisch_core::{PositionError, Seat};

/// A count per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ColourCounts {
    pub red: u8,
    pub black: u8,
}

/// Where the turn stands; on the wire an object whose `kind` names the step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PhaseView {
    /// First round: the seat to move places a stone from its supply.
    Place,
    /// Second round: the seat to move lifts one of its stones (or passes,
    /// in the basic variant, when every one holds the field together).
    Lift,
    /// Lifting the stone from `lifted` split the field into equal largest
    /// `parts` (each in reading order, listed by its first cell): the mover
    /// keeps one, the others are captured. `captured`: smaller parts already
    /// gone.
    Keep { lifted: Cell, captured: Stones, parts: Vec<Vec<Cell>> },
    /// The mover puts the stone lifted from `lifted` on another empty cell
    /// touching the field; `captured` is what the lift captured.
    Replace { lifted: Cell, captured: Stones },
    /// The match is over.
    Over,
}

/// What every viewer sees of a match of Six (the same for every seat and a
/// spectator).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The match's options: players, variant, games, and the draw rules
    /// (`move_limit`, `repetitions`, `repeat_shifted`).
    pub options: Options,
    /// The stones on the field. While a stone is lifted it is on neither list.
    pub stones: Stones,
    pub phase: PhaseView,
    /// The seat to move; `None` once the match is over.
    pub to_move: Option<Seat>,
    /// The seat that began the current game.
    pub began: Seat,
    /// Stones each seat has still to place in the first round, per seat.
    pub supply: Vec<u8>,
    /// Stones of each colour captured in the current game.
    pub captured: ColourCounts,
    /// Second-round moves made in the current game (every seat's turn
    /// counts); at `options.move_limit` the game is drawn.
    pub moves: u16,
    /// What the repetition rule needs: the second-round moves made since the
    /// last capture (or since the second round began), oldest first, none
    /// capturing. Taking them back one by one from the stones on the field
    /// (the lifted stone put back) gives every position seen at the start of
    /// a turn since then, the only ones that can recur, since a capture
    /// leaves fewer stones. Empty in the first round, in a turn whose lift
    /// captured, and once the match is over.
    pub since_capture: Vec<Move>,
    /// The last whole move of the current game, `None` before the first.
    pub last: Option<Move>,
    /// How each finished game of the match ended, in order.
    pub results: Vec<GameResult>,
}

impl View {
    /// The view of `six`.
    pub fn of(six: &Six) -> View {
        let mut stones = Stones::default();
        for colour in Colour::ALL {
            stones.push_all(colour, six.board.cells(colour));
        }
        let phase = match six.phase {
            Phase::Place => PhaseView::Place,
            Phase::Lift => PhaseView::Lift,
            Phase::Keep { lifted } => {
                let parts = six.board.parts_around(lifted);
                let mut parts: Vec<Vec<Cell>> = (0..parts.len())
                    .map(|i| {
                        let mut part = parts.part(i).to_vec();
                        part.sort_by_key(|c| c.reading_key());
                        part
                    })
                    .collect();
                parts.sort_by_key(|p| p[0].reading_key());
                PhaseView::Keep { lifted, captured: six.captured_now.clone(), parts }
            }
            Phase::Replace { lifted } => PhaseView::Replace { lifted, captured: six.captured_now.clone() },
            Phase::Over => PhaseView::Over,
        };
        View {
            options: six.options.clone(),
            stones,
            phase,
            to_move: (six.phase != Phase::Over).then_some(six.to_move as Seat),
            began: six.starter as Seat,
            supply: (0..six.options.players as usize).map(|s| six.supply(s) as u8).collect(),
            captured: ColourCounts {
                red: six.captured(Colour::Red) as u8,
                black: six.captured(Colour::Black) as u8,
            },
            moves: six.moves,
            since_capture: six.since_capture.clone(),
            last: six.last.clone(),
            results: six.results.clone(),
        }
    }

    /// Match points of `colour`: 1 per game won, ½ per game drawn.
    pub fn points(&self, colour: Colour) -> f64 {
        self.results.iter().map(|r| r.points(colour)).sum()
    }

    /// The number of the current game, counting from 1 (the last game once
    /// the match is over).
    pub fn game_number(&self) -> usize {
        (self.results.len() + 1).min(usize::from(self.options.games))
    }

    /// True in the second round (and once a match is over whose last game
    /// reached it).
    pub fn second_round(&self) -> bool {
        match self.phase {
            PhaseView::Place => false,
            PhaseView::Over => self.supply.iter().all(|&s| s == 0),
            _ => true,
        }
    }

    /// The cell of the stone lifted in the turn being played, if any.
    pub fn lifted(&self) -> Option<Cell> {
        match self.phase {
            PhaseView::Keep { lifted, .. } | PhaseView::Replace { lifted, .. } => Some(lifted),
            _ => None,
        }
    }
}

impl From<Six> for View {
    fn from(six: Six) -> View {
        View::of(&six)
    }
}

impl TryFrom<View> for Six {
    type Error = PositionError;

    fn try_from(view: View) -> Result<Six, PositionError> {
        Six::from_view(&view)
    }
}

/// A state is written as its view.
impl Serialize for Six {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        View::of(self).serialize(serializer)
    }
}

/// A state is read as its view, checked by [`Six::from_view`].
impl<'de> Deserialize<'de> for Six {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Six, D::Error> {
        Six::from_view(&View::deserialize(deserializer)?).map_err(serde::de::Error::custom)
    }
}

impl Six {
    /// The state that `view` shows, checked: a view read from outside is
    /// accepted only if play can reach it (one field, supplies and stones
    /// that add up, no six on the table in a running game, moves since the
    /// last capture that lead to the stones on the field) and its derived
    /// fields (`captured`, the parts to keep) are what the stones say.
    ///
    /// # Errors
    /// [`PositionError::Invalid`] naming what does not fit,
    /// [`PositionError::Options`] for invalid options.
    pub fn from_view(view: &View) -> Result<Six, PositionError> {
        let six = Six::built_from(view)?;
        six.check_shows(view).map_err(PositionError::Invalid)?;
        Ok(six)
    }

    /// The state `view` shows, with the checks that building it needs (seats,
    /// supplies, cells, the moves since the last capture) but not those that
    /// a view made by [`Six::view`] passes anyway, so that a bot rebuilds
    /// its state cheaply ([`Game::resample`]).
    pub(crate) fn built_from(view: &View) -> Result<Six, PositionError> {
        let invalid = |m: String| PositionError::Invalid(m);
        view.options.validate()?;
        let players = view.options.players as usize;
        let over = view.phase == PhaseView::Over;
        let to_move = match (view.to_move, over) {
            (Some(seat), false) if seat < players => seat,
            (None, true) => view.began,
            (Some(_), true) => return Err(invalid("nobody is to move once the match is over".into())),
            _ => return Err(invalid(format!("the seat to move is one of 0 to {}", players - 1))),
        };
        if view.began >= players {
            return Err(invalid(format!("seats count from 0 to {}", players - 1)));
        }
        if view.supply.len() != players {
            return Err(invalid(format!("supply needs one count per seat ({players})")));
        }
        let per_seat = FIRST_ROUND_STONES / players;
        if view.supply.iter().any(|&s| s as usize > per_seat) {
            return Err(invalid(format!("no seat has more than {per_seat} stones to place")));
        }
        let games = usize::from(view.options.games);
        if (over && view.results.len() != games) || (!over && view.results.len() >= games) {
            return Err(invalid("the results do not fit the match length and phase".into()));
        }
        for result in &view.results {
            if let GameResult::Six { winner, seat, .. } = *result
                && (seat >= players || Colour::of_seat(seat) != winner)
            {
                return Err(invalid(format!("seat {seat} does not play {winner:?}").to_lowercase()));
            }
        }
        if !over && view.moves >= view.options.move_limit {
            return Err(invalid(format!("{} moves reach the move limit: the game is drawn", view.moves)));
        }
        for seat in view.last.iter().chain(&view.since_capture).map(|m| m.seat) {
            if seat >= players {
                return Err(invalid(format!(
                    "a move by seat {seat}, but seats count from 0 to {}",
                    players - 1
                )));
            }
        }
        let board = board_from_lists(&view.stones.red, &view.stones.black).map_err(invalid)?;
        let (phase, captured_now) = match &view.phase {
            PhaseView::Place => (Phase::Place, Stones::default()),
            PhaseView::Lift => (Phase::Lift, Stones::default()),
            PhaseView::Keep { lifted, captured, .. } => (Phase::Keep { lifted: *lifted }, captured.clone()),
            PhaseView::Replace { lifted, captured } => (Phase::Replace { lifted: *lifted }, captured.clone()),
            PhaseView::Over => (Phase::Over, Stones::default()),
        };
        for &cell in captured_now.red.iter().chain(&captured_now.black) {
            if board.occupied(cell) || Some(cell) == view.lifted() {
                return Err(invalid(format!("the captured cell {cell} is not empty")));
            }
        }
        let mut placed = [0u8; 4];
        for (seat, &supply) in view.supply.iter().enumerate() {
            placed[seat] = (per_seat - supply as usize) as u8;
        }
        let mut six = Six {
            hash: board_hash(&board),
            on_board: [view.stones.red.len() as u8, view.stones.black.len() as u8],
            board,
            options: view.options.clone(),
            phase,
            to_move: to_move as u8,
            starter: view.began as u8,
            placed,
            moves: view.moves,
            history: Vec::new(),
            since_capture: view.since_capture.clone(),
            captured_now,
            last: view.last.clone(),
            results: view.results.clone(),
        };
        rebuild_history(&mut six).map_err(invalid)?;
        Ok(six)
    }

    /// Checks that play can reach this state and that `view` is what it
    /// shows, derived fields and the order of cells included.
    pub(crate) fn check_shows(&self, view: &View) -> Result<(), String> {
        let six = self;
        let players = six.options.players as usize;
        check_field(six)?;
        if six.phase != Phase::Over {
            for colour in Colour::ALL {
                if let Some((cell, formation)) = six.board.any_six(colour) {
                    return Err(format!(
                        "{colour:?} has a {formation:?} through {cell} but the game goes on"
                    ));
                }
            }
        }
        // Every stone is on the field, in a supply, in hand or captured.
        for colour in Colour::ALL {
            let supply: usize =
                (0..players).filter(|&s| Colour::of_seat(s) == colour).map(|s| view.supply[s] as usize).sum();
            let in_hand = usize::from(view.lifted().is_some() && six.mover_colour() == colour);
            if supply + in_hand + six.stones(colour) > STONES_PER_COLOUR {
                return Err(format!("{colour:?} has more than {STONES_PER_COLOUR} stones").to_lowercase());
            }
        }
        let again = View::of(six);
        if again.captured != view.captured {
            return Err(format!(
                "the stones say {} red and {} black captured, not {} and {}",
                again.captured.red, again.captured.black, view.captured.red, view.captured.black
            ));
        }
        if let (PhaseView::Keep { parts, .. }, PhaseView::Keep { parts: given, .. }) =
            (&again.phase, &view.phase)
            && parts != given
        {
            return Err("the parts to keep are not the equal parts around the lifted cell".into());
        }
        if again != *view {
            return Err("cells are listed in reading order (row r, then q), each once".into());
        }
        Ok(())
    }
}

/// A board from two cell lists, each colour at most 21 stones, no cell
/// twice, within the span a connected field of them can have.
pub(crate) fn board_from_lists(red: &[Cell], black: &[Cell]) -> Result<Board, String> {
    // The board's frame holds a field of up to 62 rows and columns; one of
    // 42 stones spans at most 42 when it is connected.
    let span = |coordinate: fn(&Cell) -> i32| {
        let values = red.iter().chain(black).map(coordinate);
        values.clone().max().unwrap_or(0) - values.min().unwrap_or(0)
    };
    let widest = (red.len() + black.len()) as i32;
    if span(|c| c.q()) > widest || span(|c| c.r()) > widest {
        return Err("the field is not connected".into());
    }
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

/// Rebuilds the hashes of the positions seen at the start of each
/// second-round turn since the last capture (what the repetition rule
/// counts) from the moves since then, taking them back from the stones on
/// the field. Checks that the moves fit: each by the seat before the next,
/// each taking a stone of its colour back from a cell it holds to an empty
/// one, and none where no position is remembered.
pub(crate) fn rebuild_history(six: &mut Six) -> Result<(), String> {
    six.history.clear();
    let moves = &six.since_capture;
    let lifted = match six.phase {
        Phase::Lift => None,
        Phase::Replace { lifted } if six.captured_now.is_empty() => Some(lifted),
        _ if moves.is_empty() => return Ok(()),
        _ => return Err("moves since the last capture, but no position is remembered now".into()),
    };
    if moves.len() > usize::from(six.moves) {
        return Err(format!("{} moves since the last capture, but {} in the game", moves.len(), six.moves));
    }
    let players = six.options.players as usize;
    let mut board = six.board.clone();
    let mut seat = six.to_move as usize;
    if let Some(cell) = lifted {
        board.set(Colour::of_seat(seat), cell);
    }
    let hash_of = |board: &Board, seat: usize| {
        let stones = if six.options.repeat_shifted { board.shape_hash() } else { board_hash(board) };
        stones ^ zobrist_turn(seat)
    };
    let mut hashes = vec![hash_of(&board, seat)];
    for m in moves.iter().rev() {
        let before = (seat + players - 1) % players;
        if m.seat != before {
            return Err(format!("a move by seat {} where seat {before} moved", m.seat));
        }
        if !m.captured.is_empty() {
            return Err("a move since the last capture captured".into());
        }
        let colour = Colour::of_seat(m.seat);
        match (m.lifted, m.placed) {
            (None, None) => {}
            (Some(from), Some(to))
                if from != to
                    && board.holds(colour, to)
                    && board.in_frame(from)
                    && !board.occupied(from)
                    && board.touches_field(from) =>
            {
                board.clear(to);
                board.set(colour, from);
            }
            _ => {
                return Err(format!(
                    "the move {:?} → {:?} does not lead to the stones on the field",
                    m.lifted, m.placed
                ));
            }
        }
        seat = before;
        hashes.push(hash_of(&board, seat));
    }
    hashes.reverse();
    six.history = hashes;
    Ok(())
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
