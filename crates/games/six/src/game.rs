//! The state of a match of Six and its rules: how a turn goes, how a game
//! ends, and how a match goes on.

use crate::{
    action::Action,
    board::{Board, Colour, FormedSix, zobrist, zobrist_turn},
    cell::Cell,
    moves::{Move, Stones},
    options::Options,
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{ActionError, Game, OptionsError, Outcome, Seat, Turn, ranks_by};

/// Stones per colour, the starting stone included.
pub const STONES_PER_COLOUR: usize = 21;
/// Stones placed in the first round by both sides together.
pub const FIRST_ROUND_STONES: usize = 40;
/// The starting pair: red's stone and black's stone, side by side.
pub const START_RED: Cell = Cell::new(0, 0);
pub const START_BLACK: Cell = Cell::new(1, 0);

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// First round: the seat to move places a stone from its supply.
    Place,
    /// Second round, start of a turn: the seat to move lifts a stone of its colour.
    Lift,
    /// Lifting split the field into equal largest parts: the mover picks the
    /// part that stays.
    Keep { lifted: Cell },
    /// The mover puts the lifted stone on a different empty cell touching the field.
    Replace { lifted: Cell },
    /// The match is over.
    Over,
}

/// How a game of the match ended, and why: on the wire an object whose
/// `reason` is the variant's name in snake_case, with its fields beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case", tag = "reason", deny_unknown_fields)]
pub enum GameResult {
    /// `seat` completed `formation` for its side.
    Six { winner: Colour, seat: usize, formation: FormedSix },
    /// The other side was left with fewer than six stones.
    Starved { winner: Colour },
    /// Both sides were left with fewer than six stones: a draw.
    BothStarved,
    /// The same position occurred for the `repetitions`-th time: a draw.
    Repetition,
    /// `move_limit` second-round moves passed without a winner: a draw.
    MoveLimit,
}

impl GameResult {
    /// Match points of `colour` for this game: 1 for a win, ½ for a draw.
    pub fn points(self, colour: Colour) -> f64 {
        match self.winner() {
            Some(w) if w == colour => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The winning side, or `None` for a draw.
    pub fn winner(self) -> Option<Colour> {
        match self {
            GameResult::Six { winner, .. } | GameResult::Starved { winner } => Some(winner),
            _ => None,
        }
    }
}

/// A match of Six in progress: the field, whose turn it is and how far the
/// turn has got, the supplies, the positions seen so far, and the results of
/// the games already played.
///
/// There is nothing hidden in Six: every seat and a spectator see the whole
/// state, as a [`View`](crate::View). A state is written and read as its view.
#[derive(Clone, Debug, PartialEq)]
pub struct Six {
    pub(crate) options: Options,
    pub(crate) board: Board,
    /// Zobrist hash of the stones on the board.
    pub(crate) hash: u64,
    pub(crate) phase: Phase,
    pub(crate) to_move: u8,
    /// The seat that began the current game.
    pub(crate) starter: u8,
    /// Stones each seat has placed from its supply in the current game.
    pub(crate) placed: [u8; 4],
    /// Stones of each colour on the field.
    pub(crate) on_board: [u8; 2],
    /// Second-round moves completed in the current game.
    pub(crate) moves: u16,
    /// Hashes (with the seat to move) of the positions at the start of each
    /// second-round turn since the last capture; older positions had more
    /// stones and cannot recur. Derived from `since_capture`, kept for
    /// counting repetitions quickly.
    pub(crate) history: Vec<u64>,
    /// The second-round moves since the last capture, from which `history`
    /// is rebuilt (see [`View::since_capture`](crate::View::since_capture)).
    pub(crate) since_capture: Vec<Move>,
    /// What the lift of the turn being played captured, in reading order.
    pub(crate) captured_now: Stones,
    /// The last whole move of the current game.
    pub(crate) last: Option<Move>,
    pub(crate) results: Vec<GameResult>,
}

impl Six {
    /// The stones on the table.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Where the current turn stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat to move (once the match is over: the seat that began the last game).
    pub fn to_move(&self) -> Seat {
        self.to_move as Seat
    }

    /// The colour of the seat to move.
    pub fn mover_colour(&self) -> Colour {
        Colour::of_seat(self.to_move as usize)
    }

    /// The seat that began the current game.
    pub fn starter(&self) -> Seat {
        self.starter as Seat
    }

    /// Stones `seat` still has to place in the first round.
    pub fn supply(&self, seat: Seat) -> usize {
        self.supply_per_seat() - self.placed[seat] as usize
    }

    /// Stones of `colour` on the field.
    pub fn stones(&self, colour: Colour) -> usize {
        self.on_board[colour.index()] as usize
    }

    /// Stones of `colour` captured in the current game.
    pub fn captured(&self, colour: Colour) -> usize {
        let supply: usize =
            (0..self.seats()).filter(|&s| Colour::of_seat(s) == colour).map(|s| self.supply(s)).sum();
        let lifted = match self.phase {
            Phase::Keep { .. } | Phase::Replace { .. } => usize::from(self.mover_colour() == colour),
            _ => 0,
        };
        STONES_PER_COLOUR - supply - lifted - self.stones(colour)
    }

    /// True in the second round.
    pub fn second_round(&self) -> bool {
        matches!(self.phase, Phase::Lift | Phase::Keep { .. } | Phase::Replace { .. })
            || (self.phase == Phase::Over && self.placed_total() == FIRST_ROUND_STONES)
    }

    /// Second-round moves completed in the current game.
    pub fn moves(&self) -> usize {
        self.moves as usize
    }

    /// The results of the finished games of the match, in order.
    pub fn results(&self) -> &[GameResult] {
        &self.results
    }

    /// The number of the current game, counting from 1.
    pub fn game_number(&self) -> usize {
        (self.results.len() + 1).min(self.options.games as usize)
    }

    /// Match points of `colour`: 1 per game won, ½ per game drawn.
    pub fn points(&self, colour: Colour) -> f64 {
        self.results.iter().map(|r| r.points(colour)).sum()
    }

    /// The last whole move of the current game, if any.
    pub fn last_move(&self) -> Option<&Move> {
        self.last.as_ref()
    }

    /// How often the current position (with this seat to move) has occurred
    /// at the start of a second-round turn, this time included.
    pub fn occurrences(&self) -> usize {
        let h = self.turn_hash();
        self.history.iter().filter(|&&x| x == h).count()
    }

    pub(crate) fn supply_per_seat(&self) -> usize {
        FIRST_ROUND_STONES / self.options.players as usize
    }

    pub(crate) fn placed_total(&self) -> usize {
        self.placed.iter().map(|&p| p as usize).sum()
    }

    /// The hash of the position at the start of a turn, with the seat to move.
    pub(crate) fn turn_hash(&self) -> u64 {
        let stones = if self.options.repeat_shifted { self.board.shape_hash() } else { self.hash };
        stones ^ zobrist_turn(self.to_move as usize)
    }

    fn next_seat(&self) -> u8 {
        (self.to_move + 1) % self.options.players
    }

    /// A new game of the match begun by `starter`: the starting pair in the centre.
    pub(crate) fn start_game(&mut self, starter: u8) {
        self.board = Board::default();
        self.board.set(Colour::Red, START_RED);
        self.board.set(Colour::Black, START_BLACK);
        self.hash = zobrist(Colour::Red, START_RED) ^ zobrist(Colour::Black, START_BLACK);
        self.phase = Phase::Place;
        self.to_move = starter;
        self.starter = starter;
        self.placed = [0; 4];
        self.on_board = [1, 1];
        self.moves = 0;
        self.history.clear();
        self.since_capture.clear();
        self.captured_now = Stones::default();
        self.last = None;
    }

    fn put(&mut self, colour: Colour, cell: Cell) {
        self.board.set(colour, cell);
        self.hash ^= zobrist(colour, cell);
        self.on_board[colour.index()] += 1;
    }

    fn take(&mut self, cell: Cell) -> Option<Colour> {
        let colour = self.board.get(cell)?;
        self.board.clear(cell);
        self.hash ^= zobrist(colour, cell);
        self.on_board[colour.index()] -= 1;
        Some(colour)
    }

    /// Captures the stones on `cells`.
    fn capture(&mut self, cells: &[Cell]) {
        for &c in cells {
            if let Some(colour) = self.take(c) {
                self.captured_now.push(colour, c);
            }
        }
        self.captured_now.sort();
    }

    /// True when lifting the stone on `cell` would split the field.
    pub fn splits_field(&self, cell: Cell) -> bool {
        self.board.neighbour_groups(cell) > 1
            && !self.board.joined_nearby(cell)
            && self.board.parts_around(cell).len() > 1
    }

    /// Lifts the stone on `cell` and captures what falls away; returns true
    /// when the mover must still choose between equal largest parts.
    fn lift(&mut self, cell: Cell) -> bool {
        self.take(cell);
        if self.board.neighbour_groups(cell) <= 1 || self.board.joined_nearby(cell) {
            return false;
        }
        let parts = self.board.parts_around(cell);
        if parts.len() <= 1 {
            return false;
        }
        let largest = parts.largest();
        for i in 0..parts.len() {
            if parts.part(i).len() < largest {
                self.capture(parts.part(i));
            }
        }
        // Positions before a capture had more stones and cannot recur.
        self.history.clear();
        self.since_capture.clear();
        (0..parts.len()).filter(|&i| parts.part(i).len() == largest).count() > 1
    }

    /// Captures every part around `lifted` except the one holding `kept`.
    fn keep(&mut self, lifted: Cell, kept: Cell) {
        let parts = self.board.parts_around(lifted);
        for i in 0..parts.len() {
            if !parts.part(i).contains(&kept) {
                self.capture(parts.part(i));
            }
        }
    }

    /// The end of a whole move: judge it, then hand the turn on.
    fn end_move(&mut self, placed: Option<Cell>) {
        let mover = self.mover_colour();
        let seat = self.to_move as usize;
        let lifted = match self.phase {
            Phase::Replace { lifted } => Some(lifted),
            _ => None,
        };
        let captured = std::mem::take(&mut self.captured_now);
        if self.phase != Phase::Place && captured.is_empty() {
            self.since_capture.push(Move { seat, lifted, placed, captured: Stones::default() });
        }
        self.last = Some(Move { seat, lifted, placed, captured });
        let six = placed.and_then(|c| self.board.formed_six(mover, c)).map(|f| (f, seat));
        // Only the mover's stones can have formed a new six: lifting,
        // capturing and placing never add a stone of the other colour, and
        // a six the other side had before this move would have ended the game.
        debug_assert!(self.board.any_six(mover.other()).is_none(), "the other side has an old six");
        let counts = (self.phase != Phase::Place).then_some(self.on_board);
        let verdict = judge_move(mover, six, None, counts);
        if let Some(result) = verdict {
            return self.finish_game(result);
        }
        self.to_move = self.next_seat();
        if self.phase != Phase::Place {
            self.moves += 1;
            self.phase = Phase::Lift;
            if self.moves >= self.options.move_limit {
                return self.finish_game(GameResult::MoveLimit);
            }
        } else if self.placed_total() == FIRST_ROUND_STONES {
            self.phase = Phase::Lift;
        } else {
            return;
        }
        let h = self.turn_hash();
        self.history.push(h);
        if self.occurrences() >= self.options.repetitions as usize {
            self.finish_game(GameResult::Repetition);
        }
    }

    fn finish_game(&mut self, result: GameResult) {
        self.results.push(result);
        if self.results.len() >= self.options.games as usize {
            // Nothing of the last turn matters any more: the view shows
            // nobody to move and no positions to repeat.
            self.phase = Phase::Over;
            self.to_move = self.starter;
            self.history.clear();
            self.since_capture.clear();
            return;
        }
        // The loser begins the next game; after a draw the other side does.
        let starting = match result.winner() {
            Some(winner) => winner.other(),
            None => Colour::of_seat(self.starter as usize).other(),
        };
        let n = self.options.players;
        let next = (1..=n).map(|k| (self.starter + k) % n).find(|&s| Colour::of_seat(s as usize) == starting);
        self.start_game(next.expect("every colour has a seat"));
    }
}

/// The verdict on a whole move by `mover`: the six it formed (with the seat
/// that formed it), a six the other side has (with its seat), and the stones
/// each colour has in play (`None` in the first round, where stones still in
/// the supply count too and nothing is ever captured).
///
/// A six wins, the mover's first: if both sides have one, the mover wins. Then
/// a side with fewer than six stones loses; if both have fewer, it is a draw.
pub(crate) fn judge_move(
    mover: Colour,
    mover_six: Option<(FormedSix, usize)>,
    other_six: Option<(FormedSix, usize)>,
    on_board: Option<[u8; 2]>,
) -> Option<GameResult> {
    if let Some((formation, seat)) = mover_six {
        return Some(GameResult::Six { winner: mover, seat, formation });
    }
    if let Some((formation, seat)) = other_six {
        return Some(GameResult::Six { winner: mover.other(), seat, formation });
    }
    let on_board = on_board?;
    let short = |c: Colour| (on_board[c.index()] as usize) < 6;
    match (short(mover), short(mover.other())) {
        (true, true) => Some(GameResult::BothStarved),
        (false, true) => Some(GameResult::Starved { winner: mover }),
        (true, false) => Some(GameResult::Starved { winner: mover.other() }),
        (false, false) => None,
    }
}

/// The rules as the platform's contract asks for them.
impl Six {
    /// The first game of a match with `options`, red's seat 0 to begin.
    pub(crate) fn new_match(options: &Options) -> Result<Six, OptionsError> {
        options.validate()?;
        let mut six = Six {
            options: options.clone(),
            board: Board::default(),
            hash: 0,
            phase: Phase::Place,
            to_move: 0,
            starter: 0,
            placed: [0; 4],
            on_board: [0; 2],
            moves: 0,
            history: Vec::new(),
            since_capture: Vec::new(),
            captured_now: Stones::default(),
            last: None,
            results: Vec::new(),
        };
        six.start_game(0);
        Ok(six)
    }

    /// The seat of this match that takes seat 0 in a rematch after `outcome`.
    pub(crate) fn rematch_beginner(outcome: &Outcome, seats: usize) -> usize {
        let Some(&worst) = outcome.ranks.iter().max() else { return 0 };
        if outcome.ranks.iter().all(|&rank| rank == worst) {
            return usize::from(seats > 1);
        }
        (1..=seats).find(|s| outcome.ranks.get(s % seats) == Some(&worst)).map_or(0, |s| s % seats)
    }

    /// Whose turn it is: the seat to move until the match is over.
    pub(crate) fn whose_turn(&self) -> Turn {
        match self.phase {
            Phase::Over => Turn::Over,
            _ => Turn::Seat(self.to_move as Seat),
        }
    }

    /// The legal steps, cells in reading order.
    pub(crate) fn legal_steps(&self, out: &mut Vec<Action>) {
        let mover = self.mover_colour();
        match self.phase {
            Phase::Place => {
                // The first stone of a game may not touch the mover's own starting stone.
                let shunned = (self.placed_total() == 0).then_some(mover);
                self.board
                    .frontier_rows(shunned, |cells| out.extend(cells.map(|cell| Action::Place { cell })));
            }
            Phase::Lift => {
                let start = out.len();
                if self.options.split {
                    self.board.cell_rows(mover, |cells| out.extend(cells.map(|cell| Action::Lift { cell })));
                } else {
                    let cut = self.board.cut_cells();
                    self.board.cell_rows_but(mover, &cut, |cells| {
                        out.extend(cells.map(|cell| Action::Lift { cell }))
                    });
                }
                if out.len() == start {
                    out.push(Action::Pass {});
                }
            }
            Phase::Keep { lifted } => {
                let parts = self.board.parts_around(lifted);
                let mut names: Vec<Cell> = (0..parts.len()).map(|i| parts.name(i)).collect();
                names.sort_by_key(|c| c.reading_key());
                out.extend(names.into_iter().map(|cell| Action::Keep { cell }));
            }
            Phase::Replace { lifted } => {
                self.board.frontier_rows(None, |cells| {
                    out.extend(cells.without(lifted).map(|cell| Action::Place { cell }))
                });
            }
            Phase::Over => {}
        }
    }

    /// Plays `action`, a legal step of the seat to move.
    ///
    /// # Panics
    /// When `action` does not fit the phase.
    pub(crate) fn play(&mut self, action: &Action) {
        let mover = self.mover_colour();
        match (self.phase, *action) {
            (Phase::Place, Action::Place { cell }) => {
                self.put(mover, cell);
                self.placed[self.to_move as usize] += 1;
                self.end_move(Some(cell));
            }
            (Phase::Lift, Action::Lift { cell }) => {
                let must_choose = self.lift(cell);
                self.phase =
                    if must_choose { Phase::Keep { lifted: cell } } else { Phase::Replace { lifted: cell } };
            }
            (Phase::Lift, Action::Pass {}) => self.end_move(None),
            (Phase::Keep { lifted }, Action::Keep { cell: kept }) => {
                self.keep(lifted, kept);
                self.phase = Phase::Replace { lifted };
            }
            (Phase::Replace { .. }, Action::Place { cell }) => {
                self.put(mover, cell);
                self.end_move(Some(cell));
            }
            (phase, action) => panic!("{action} does not fit the phase {phase:?}"),
        }
    }

    /// Every seat's match points, once the match is over.
    pub(crate) fn match_outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let points = [self.points(Colour::Red), self.points(Colour::Black)];
        let scores: Vec<f64> = (0..self.seats()).map(|s| points[Colour::of_seat(s).index()]).collect();
        let ranks = ranks_by(&scores, |a, b| b.total_cmp(a));
        // The match points decide, as the scores say: nothing else to tell.
        Some(Outcome { scores, ranks, teams: self.teams(), ranked_by: Vec::new() })
    }

    /// An action read from notation, or from the shorthands the terminal accepts.
    pub(crate) fn read_action(&self, input: &str) -> Result<Action, ActionError> {
        let text = input.trim();
        let true_cell =
            |cell: Cell| if self.options.wrapped_cells { self.board.in_frame_copy(cell) } else { cell };
        let action = match text.parse::<Cell>().map(true_cell) {
            Ok(cell) => match self.phase {
                Phase::Place | Phase::Replace { .. } => Action::Place { cell },
                Phase::Lift => Action::Lift { cell },
                Phase::Keep { .. } => Action::Keep { cell },
                Phase::Over => return Err(ActionError::GameOver),
            },
            Err(_) => match (self.phase, text.split_once(char::is_whitespace)) {
                (Phase::Keep { lifted }, Some((word, rest))) if word.eq_ignore_ascii_case("capture") => {
                    let cell = true_cell(rest.parse()?);
                    let parts = self.board.parts_around(lifted);
                    match (parts.len(), parts.find(cell)) {
                        (2, Some(i)) => Action::Keep { cell: parts.name(1 - i) },
                        _ => {
                            return Err(ActionError::parse(
                                input,
                                "capture names one of two equal parts; otherwise say which part stays: keep q,r",
                            ));
                        }
                    }
                }
                _ => match text.parse()? {
                    Action::Place { cell } => Action::Place { cell: true_cell(cell) },
                    Action::Lift { cell } => Action::Lift { cell: true_cell(cell) },
                    Action::Keep { cell } => Action::Keep { cell: true_cell(cell) },
                    Action::Pass {} => Action::Pass {},
                },
            },
        };
        Ok(match (self.phase, action) {
            (Phase::Keep { lifted }, Action::Keep { cell }) => {
                let parts = self.board.parts_around(lifted);
                parts.find(cell).map_or(action, |i| Action::Keep { cell: parts.name(i) })
            }
            _ => action,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Formation;

    /// A six of `kind` (its cells do not matter to the verdict).
    fn formed(kind: Formation) -> FormedSix {
        FormedSix { kind, cells: [Cell::new(0, 0); 6] }
    }

    #[test]
    fn a_six_beats_everything_and_the_mover_first() {
        // docs/rules/six.md#winning: a six of one side alone wins; sixes of
        // both sides, the mover wins.
        let both = judge_move(
            Colour::Black,
            Some((formed(Formation::Line), 1)),
            Some((formed(Formation::Circle), 0)),
            None,
        );
        assert_eq!(both.and_then(GameResult::winner), Some(Colour::Black));
        let other = judge_move(Colour::Black, None, Some((formed(Formation::Circle), 0)), Some([12, 12]));
        assert_eq!(other.and_then(GameResult::winner), Some(Colour::Red));
        // A six wins even when a capture left the other side short too.
        let short = judge_move(Colour::Red, Some((formed(Formation::Triangle), 0)), None, Some([6, 3]));
        assert_eq!(
            short,
            Some(GameResult::Six { winner: Colour::Red, seat: 0, formation: formed(Formation::Triangle) })
        );
        // Stone counts only matter in the second round.
        assert_eq!(judge_move(Colour::Red, None, None, None), None);
        assert_eq!(judge_move(Colour::Red, None, None, Some([6, 6])), None);
        assert_eq!(
            judge_move(Colour::Red, None, None, Some([5, 6])),
            Some(GameResult::Starved { winner: Colour::Black })
        );
        assert_eq!(judge_move(Colour::Red, None, None, Some([5, 5])), Some(GameResult::BothStarved));
    }

    fn next_starter(players: u8, starter: u8, result: GameResult) -> u8 {
        let mut six = Six::new(&Options { players, games: 2, ..Options::default() }).unwrap();
        six.start_game(starter);
        six.finish_game(result);
        assert_eq!(six.to_move, six.starter);
        six.starter
    }

    #[test]
    fn who_begins_the_next_game() {
        let red_wins = GameResult::Starved { winner: Colour::Red };
        let black_wins = GameResult::Starved { winner: Colour::Black };
        // The loser begins; after a draw the side that did not begin.
        assert_eq!(next_starter(2, 0, red_wins), 1);
        assert_eq!(next_starter(2, 0, black_wins), 0);
        assert_eq!(next_starter(2, 1, GameResult::MoveLimit), 0);
        assert_eq!(next_starter(2, 0, GameResult::Repetition), 1);
        // Four players: the first seat of that side clockwise after the last beginner.
        assert_eq!(next_starter(4, 0, black_wins), 2);
        assert_eq!(next_starter(4, 2, black_wins), 0);
        assert_eq!(next_starter(4, 0, red_wins), 1);
        assert_eq!(next_starter(4, 1, red_wins), 3);
        assert_eq!(next_starter(4, 3, GameResult::BothStarved), 0);
    }

    #[test]
    fn the_loser_begins_the_rematch() {
        let ranked = |ranks: &[u32]| Outcome {
            scores: ranks.iter().map(|&r| f64::from(3 - r)).collect(),
            ranks: ranks.to_vec(),
            teams: (0..ranks.len()).map(|s| s % 2).collect(),
            ranked_by: Vec::new(),
        };
        // Two players: the loser takes seat 0; after a draw the side that
        // did not begin.
        assert_eq!(Six::rematch_shift(&ranked(&[1, 2]), 2), 1);
        assert_eq!(Six::rematch_shift(&ranked(&[2, 1]), 2), 0);
        assert_eq!(Six::rematch_shift(&ranked(&[1, 1]), 2), 1);
        // Four players in partnerships 0+2 and 1+3: the losing side's first
        // seat after seat 0 begins, and partners stay opposite.
        assert_eq!(Six::rematch_shift(&ranked(&[1, 2, 1, 2]), 4), 1);
        assert_eq!(Six::rematch_shift(&ranked(&[2, 1, 2, 1]), 4), 2);
        assert_eq!(Six::rematch_shift(&ranked(&[1, 1, 1, 1]), 4), 1);
    }

    #[test]
    fn the_match_is_won_on_points() {
        let mut six = Six::new(&Options { games: 3, ..Options::default() }).unwrap();
        six.finish_game(GameResult::Starved { winner: Colour::Black });
        six.finish_game(GameResult::MoveLimit);
        assert!(!six.is_over());
        six.finish_game(GameResult::Starved { winner: Colour::Black });
        let outcome = six.outcome().unwrap();
        assert_eq!(outcome.scores, vec![0.5, 2.5]);
        assert!(outcome.is_win(1));
    }
}
