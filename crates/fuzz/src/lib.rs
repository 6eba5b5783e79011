//! # spieltisch-fuzz: nothing panics on input
//!
//! One fuzz body for every way text from outside enters spieltisch: every
//! notation parser, every data-file loader and the engine's request lines.
//! A body is a plain function of the input bytes that returns quietly when
//! the input is handled as promised and panics, naming the input, when it
//! is not. Bodies check invariants, not only the absence of panics:
//!
//! | body | what it reads | what it checks |
//! | --- | --- | --- |
//! | [`action_notation`] | an action of one game | a parse error is `action.parse` with a reason; an action prints and reads back to itself, also through JSON |
//! | [`action_in_play`] | an action, in a state reached by seeded random play | the checked apply takes it exactly when it is listed (legal or a chance outcome), and a refusal leaves the state as it was |
//! | [`seat_spec`] | a seat spec or a list of them | specs print and read back; a spec that validates builds its bot |
//! | [`options`] | `key=value` lines or a JSON object of options, or one option value | accepted options survive the record's JSON; values the schema accepts pass its check of JSON values; the game starts or says why not |
//! | [`record`] | a game record (JSON) | a record loads or is refused with a code; a loaded game's record and saved state load back to the same game |
//! | [`session`] | a saved session (JSON, as `load` takes it) | only a session that its own record rebuilds loads, and it saves and loads back unchanged |
//! | [`state_json`] | a game state (JSON) | a state reads back from its own JSON; Six, whose states are validated on reading, plays on from any it accepts |
//! | [`view_json`] | a view (JSON) | a view reads back from its own JSON |
//! | [`six_position`] | a Six position in text (`red=0,0 2,0; black=1,0; turn=black; round=1`) | an accepted position writes back as text that reads to the same state, and play goes on from it |
//! | [`board`] | an Um Reifenbreite board file | a board prints as a board file that reads back to the same board |
//! | [`course`] | an Um Reifenbreite course file, on the built-in board or one given before it | an accepted course unrolls into a well-formed track on which a race plays to its end |
//! | [`track`] | a 6-Tage Rennen track file | an accepted track reads back from its JSON and keeps its bounds |
//! | [`engine`] | lines of the engine protocol | every line that is not blank gets one well-formed reply, never an internal error |
//!
//! Every body takes `&[u8]`. Bodies that serve every game read the game
//! from the first byte ([`Input::game`]), and bodies that need a state in
//! play read options, a seed and a number of random steps from the bytes
//! after it ([`reach`]). [`seeds`] has valid inputs for every body, from
//! which the tests' near-valid inputs and the fuzzers' first corpus grow.
//!
//! The tests (`tests/bodies.rs`) run every body on a few hundred random and
//! near-valid inputs; `fuzz/` at the root of the repository runs them under
//! cargo fuzz for as long as one likes (`docs/fuzzing.md`).
//!
//! ```
//! spieltisch_fuzz::action_notation(b"\x00place 2,-1");
//! spieltisch_fuzz::board(br#"{"name": "x", "segments": [], "starts": []}"#);
//! spieltisch_fuzz::engine(b"{\"cmd\": \"new\", \"game\": \"six\"}\n{\"cmd\": \"legal\"}\nnonsense\n");
//! ```

mod board;
mod course;
mod engine;
mod input;
mod notation;
mod options;
mod position;
mod record;
mod seats;
pub mod seeds;
mod state;
mod track;

pub use board::{board, board_file};
pub use course::course;
pub use engine::engine;
pub use input::{Input, game_byte, pick_options, reach};
pub use notation::{action_in_play, action_notation};
pub use options::options;
pub use position::six_position;
pub use record::{record, session};
pub use seats::seat_spec;
pub use state::{state_json, view_json};
pub use track::track;
