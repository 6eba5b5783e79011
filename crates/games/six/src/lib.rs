//! # Six
//!
//! Six (Steffen-Spiele, 2003; Steffen Mühlhäuser), for 2 players or 4 in two
//! partnerships. Rules source: the printed rulebook in its English
//! translation by Bruce Murphy, whose sections are cited by their headings
//! (*Game Play*, *Capture*). The project's decisions where it is silent are
//! in `docs/rules/six.md`, each under its own heading; *Decisions* below
//! says how this crate plays them and lists the crate's own.
//! Its words are in its catalogs `words/en.ftl` and `words/de.ftl` (its options' in `options.rs`).
//!
//! ## The rules as played
//!
//! - Each colour has 21 hexagonal stones. Red's starting stone lies on `0,0`
//!   and black's beside it on `1,0`; each side places the other 20 (with 4
//!   players each partner places 10 of the team's 20).
//! - **First round.** In turn, a player places a stone on an empty cell that
//!   shares an edge with a stone on the table. The very first stone of a game
//!   may not touch the starting stone of the mover's colour: 3 cells.
//! - **Sixes**, each of six stones of one colour: a *line* along any of the
//!   three axes, a *triangle* (rows of 3, 2, 1, pointing either way), a
//!   *circle* (the ring around any cell, whatever the centre holds). Who first
//!   has one wins.
//! - **Second round**, once all 40 stones are placed without a six: a turn
//!   lifts one of the mover's stones (a fully enclosed one too); if the field
//!   falls apart, the smaller part is captured whatever its colours (equal
//!   parts: the mover chooses; three parts: the largest stays, the mover
//!   breaks ties for largest); then the stone goes on a *different* empty
//!   cell touching the remaining field.
//! - **End.** Formations are judged after the whole move: a six wins, the
//!   mover's first if both sides had one. A side left with fewer than six
//!   stones in play loses.
//! - **4 players**: seats 0 and 2 are red, 1 and 3 black, and play goes
//!   clockwise 0, 1, 2, 3 ([`spieltisch_core::Game::teams`] is `[0, 1, 0, 1]`).
//!   Partners share the colour (a six of both partners' stones counts) and
//!   see exactly what a human in the seat would see: everything, as nothing
//!   in Six is hidden. Table talk and the "throat-clearing" exception are not
//!   modelled.
//!
//! ## Decisions
//!
//! - **Grid and notation.** Cells are axial coordinates `q,r` (see [`cell`]):
//!   `q` to the east, `r` to the south-east, written with their true
//!   coordinates however far the field drifts (records before format 4
//!   wrote them modulo 64: [`Options::wrapped_cells`]). The starting pair is red `0,0`,
//!   black `1,0`, in every game of a match (colours keep their seats).
//!   Red's first-move cells are `2,-1`, `2,0` and `1,1`.
//! - **Who begins** ("Select a starting player"): seat 0 (red) begins the
//!   first game, as in the rulebook's illustration; the table picks seats.
//! - **Turn steps** ([`Action`]): first round `place q,r`; second round
//!   `lift q,r`, then `keep q,r` only when the mover must choose among equal
//!   largest parts (naming any stone of the part that stays; listed by its
//!   first stone in reading order), then `place q,r`. Steps keep the branching
//!   small for search and map to clicks. In the terminal a bare `q,r` is read
//!   as the step the phase asks for, and `capture q,r` (one of two equal
//!   parts) as keeping the other. As data, the JSON form of [`Action`],
//!   a step is its kind with its cell: `{"kind": "place", "params":
//!   {"cell": {"q": 2, "r": -1}}}`, `{"kind": "pass", "params": {}}`.
//! - **Legal order**: cells in reading order, row `r` from the top, then `q`.
//! - **Stones in play** are the stones on the field once the whole move is
//!   made (the lifted stone counts again once it is put back).
//! - **Both sides below six stones** after a capture: a draw (both have
//!   lost the means to win). A six still wins first.
//! - **Both sides with a six**: the mover wins. In play only the mover's
//!   stones can form a new six (lifting, capturing and placing never add a
//!   stone of the other colour), so this arises only by construction; set-up
//!   positions with a six already on the table are refused.
//! - **Draws** (the rulebook is silent): the same position with the same seat
//!   to move for the `repetitions`-th time (default 3) is a draw. Positions
//!   are compared at the start of second-round turns, stone for stone on the
//!   same cells, by a 64-bit Zobrist hash. A copy of the field shifted on the
//!   table is a different position unless `repeat_shifted=true` (players may
//!   well see it as the same). Reaching `move_limit` second-round moves (default
//!   200, counting every seat's turn) is a draw.
//! - **Basic variant** (`split=false`): a stone whose lifting would split the
//!   field may not be lifted. If every stone of the mover is such a stone the
//!   mover passes (`pass`, a second-round move towards the limit).
//! - **Matches** (`games`): the loser of a game begins the next one; after a
//!   draw the side that did not begin does. With 4 players the beginning seat
//!   is the first seat of that side clockwise after the previous beginner.
//!   The first-move restriction applies to every game's beginner. A win
//!   scores 1 and a draw ½ for each side, all games are played, and the side
//!   with more points wins the match (equal points: a draw).
//! - **Scores** ([`spieltisch_core::Outcome`]): every seat gets its side's
//!   match points, in `0..=games`.
//!
//! ## Options
//!
//! Declared once, with their labels and help, in [`Options`]
//! ([`spieltisch_core::options!`]); [`Options::validate`] adds the one rule
//! no range says: three players cannot play.
//!
//! | key | values | default | meaning |
//! | --- | --- | --- | --- |
//! | `players` | 2, 4 | 2 | 4 = two partnerships |
//! | `split` | bool | true | false = basic variant, lifting may not split the field |
//! | `games` | 1..=99 | 1 | games in the match |
//! | `move_limit` | 1..=5000 | 200 | second-round moves before a draw |
//! | `repetitions` | 2..=10 | 3 | occurrences of a position that draw |
//! | `repeat_shifted` | bool | false | a shifted copy of the field repeats the position |
//!
//! ## Drawing, bot
//!
//! [`describe::draw`] (what `describe_view` shows) draws the field as an
//! ASCII hex grid with `r` labelling the rows and `q` the diagonal columns,
//! red `R` and black `B` (German: `R`, `S`), `.` where a stone may go and `~`
//! where a stone was lifted. [`HeuristicBot`] wins at once when it can,
//! blocks the other side's immediate six, makes or spoils double threats,
//! and otherwise builds towards its own formations; it beats the random bot
//! in practically every game.
//!
//! ## Positions in text
//!
//! [`Six::position`] writes a position such as
//! `red=0,0 2,0 3,0; black=1,0 1,1; turn=black; round=1` (format in
//! [`position`]), and [`Six::from_setup`](spieltisch_core::FromSetup::from_setup) reads
//! one, with its options, from a [`Setup`]: checked, or refused with a
//! [`spieltisch_core::PositionError`] that says why. [`describe::draw`] draws it for the terminal.
//! [`tactics::TACTICS`] is a small suite of such positions (win now, block
//! now) with all their answers.
//!
//! ## The view
//!
//! [`View`] is what every seat and a spectator see (the same, as nothing is
//! hidden), designed for its readers: stones as cell lists, the turn's phase
//! with the lifted cell, what a lift captured and the parts to keep, the
//! moves since the last capture (what the repetition rule needs), the last
//! move, and each finished game's [`GameResult`], a six with its formation's
//! kind and cells. It is a complete information state: [`Six::from_view`]
//! rebuilds the very state, checked, and a state is written and read as its
//! view. Field by field in `docs/api.md` ("Six").
//!
//! ## Representation
//!
//! The field lives on a 64 × 64 torus of bitboards (one `u64` per row and
//! colour): the field is connected and has at most 42 stones, so it never
//! wraps onto itself. A frame of 64 × 64 true coordinates that follows the
//! field says which true cell each torus cell stands for, so that cells
//! keep their coordinates however far the field drifts ([`cell`]). Sixes are checked only through the stone just placed;
//! the field's connectivity is searched only when a lifted stone's
//! neighbours form more than one group that stones within two steps do not
//! join (the basic variant finds all splitting stones in one depth-first
//! search); the position hash is kept up to date stone by stone. Random
//! 2-player play (legal actions, a random pick, apply) ran at about 4.8
//! million actions, or 61,000 games, per second on one core of the shared
//! 2-core build machine (`cargo bench -p spieltisch-six --bench six -- --quick`).
//!
//! ## Example
//!
//! ```
//! use spieltisch_core::{Game, Lang, Telling};
//! use spieltisch_six::{Six, Action, Options};
//!
//! let mut six = Six::new(&Options::default()).unwrap();
//! // Red may open only away from its own starting stone.
//! let first: Vec<String> = six.legal_vec().iter().map(|a| a.to_string()).collect();
//! assert_eq!(first, ["place 2,-1", "place 2,0", "place 1,1"]);
//! six.apply(&"place 2,0".parse().unwrap()).unwrap();
//! assert!(six.apply(&"place 9,9".parse().unwrap()).is_err());
//! assert_eq!(six.position(), "red=0,0 2,0; black=1,0; turn=black; round=1");
//! println!("{}", Six::describe_view(&six.view(spieltisch_core::Viewer::Spectator), &(), Lang::En));
//! ```

pub mod action;
pub mod board;
mod bot;
pub mod cell;
pub mod describe;
mod game;
pub mod log;
mod moves;
mod options;
mod package;
pub mod position;
pub mod tactics;
pub mod test_plan;
pub mod view;
mod words;

pub use action::Action;
pub use board::{Board, Colour, Formation, FormedSix};
pub use bot::HeuristicBot;
pub use cell::Cell;
pub use game::{FIRST_ROUND_STONES, GameResult, Phase, START_BLACK, START_RED, STONES_PER_COLOUR, Six};
pub use moves::{Move, Stones};
pub use options::Options;
pub use position::Setup;
pub use view::{ColourCounts, PhaseView, View};
