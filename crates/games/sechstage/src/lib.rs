//! # 6-Tage Rennen
//!
//! The six-day cycling race card game (Holtmann VIP, 1986; Walter Toncar) for
//! 3–8 players: a series of one-lap races in which no rider holds cards
//! enough for a lap, so everyone has to ride in someone's slipstream.
//!
//! **Rules source:** the rulebook as an English summary of it gives it,
//! cited by the summary's section headings (*Gameplay*, *Special spaces*);
//! where it is silent, the project's decisions in `docs/rules/sechstage.md`,
//! each under its own heading, which this crate follows throughout. Every
//! rule statement and worked example of the summary is a test that cites its
//! sentence (`src/rules_tests.rs`).
//!
//! The game's words, English and German, are in `words/en.ftl` and `words/de.ftl`.
//!
//! ## The rules as implemented
//!
//! - **Track.** One lap of 81 spaces (a track data file, see below). Riders start
//!   behind the line at 0 and have finished on reaching 81 or more. Sprint
//!   lines after spaces 27 and 54, *Fahrerwechsel* on 30, *Sturz* on 60. Any
//!   number of riders may share a space.
//! - **Cards.** Green hands: with 3–5 players four 1s, four 2s, three 3s, three
//!   4s, two 5s, one 7 (17 cards); with 6–8 players three each of 1–4, two 5s,
//!   one 7 (15 cards). Grey piles: 1–3 (sixteen of each) and 4–6 (eleven 4s,
//!   eleven 5s, ten 6s), each in hidden random order.
//! - **A turn.** Play any card from hand and move that many spaces. If the move
//!   ends on a plain space where riders already stand, the rider moves on
//!   value × (riders there) more: once only, whatever the bonus reaches.
//!   Never a bonus on *Fahrerwechsel* or *Sturz*.
//! - **Fahrerwechsel.** Ending a move there (after a bonus too): discard all
//!   green cards, draw 4 from the 4–6 pile and 7 (3–5 players) or 6 (6–8) from
//!   the 1–3 pile. Piles are not reshuffled: draw what is left.
//! - **Sturz.** Ending a move there (after a bonus too): miss the next turn.
//! - **Points.** At each sprint line the first four across score 5, 3, 2, 1;
//!   at the finish 10, 6, 4, 2 in crossing order. After the first finisher
//!   every other rider gets exactly one more turn in normal order, then the
//!   race ends. Finishing points nobody took go to the riders closest to the
//!   line; tied riders share the tied places' points exactly.
//! - **Laps down.** A rider not across the line is one lap down per full four
//!   spaces short of it, at most 5: 3 short is no lap, 4 to 7 short one,
//!   19 short four, 20 or more five (decision 10; option `laps_down`).
//! - **Series.** The series winner has the fewest laps down in total; most race
//!   points break a tie (equal on both: a shared rank). The starting player
//!   rotates from race to race; with the balancing rule the order is the
//!   reverse of the last race's placings.
//!
//! ## Decisions beyond the rulebook (ours)
//!
//! 1. Each race starts afresh: the green hands are dealt again and both grey
//!    piles are complete and shuffled again.
//! 2. Riders who crossed the finish leave the track: nobody slipstreams on
//!    them, and a move ending past the line gets no bonus.
//! 3. A sprint line is crossed by the whole move, bonus included (from space 27
//!    or before to 28 or after for the line after 27). Several riders never
//!    cross in the same move, so the crossing order is the order of moves.
//! 4. At a driver change the 4 cards of the 4–6 pile are drawn first, then the
//!    1–3 cards, one chance draw each.
//! 5. A rider who fell misses the next turn even when it is the last turn
//!    after the first finisher. Missed turns and a pass for lack of cards
//!    happen by themselves (they are not actions).
//! 6. The race also ends as soon as no rider still on the track holds a card.
//! 7. The first race starts with seat 0; without balancing, race *r* (from 0)
//!    starts with seat *r* mod players, in seat order.
//! 8. Race placings (for the balancing rule): finishers in crossing order, then
//!    the others by distance to the line, then race points, then the earlier
//!    turn in that race.
//! 9. Hand colours never mix: at a driver change every green card goes, and
//!    green cards never come back, so a card's value says all about it.
//! 10. Laps down: the rulebook's "a lap down for every four spaces their token
//!     is from the finish line, to a maximum of five" is read by default as one
//!     lap per *full* four spaces (`laps_down=full_four`), as
//!     `docs/rules/sechstage.md#laps-down` decides. The other reading, one
//!     lap per four spaces or part of four and so at least one for every rider
//!     short of the line, is the option `laps_down=part_of_four`; it was the
//!     only reading before the option existed, so a record of format 1 (which
//!     has no `laps_down` key) is read with it ([`Records::upgrade_options`](spieltisch_core::Records::upgrade_options)).
//!
//! ## Hidden information
//!
//! A seat's view ([`View`]) shows its own hand; other hands appear
//! as sizes only. Every card played is public, as are the number of cards
//! each rider drew from each grey pile and the piles' sizes. Since everyone
//! starts with the same green hand, a green hand can be worked out by
//! counting ([`View::known_hand`]); grey cards of another seat
//! cannot. [`Game::redact`](spieltisch_core::Game::redact) shows another seat's draw as `draw ?`, and
//! [`Game::resample`](spieltisch_core::Game::resample) re-deals the other seats' grey cards from the cards the
//! seat has not seen, the rest forming the piles.
//!
//! The log people read ([`log`]) has one entry per card played, with the
//! driver change's draws folded in: the drawing seat's entry lists the grey
//! cards drawn, every other viewer's only how many came from each pile.
//!
//! ## Options
//!
//! Declared once, with their labels and help, in [`Options`]
//! ([`spieltisch_core::options!`]).
//!
//! | key | values | default | meaning |
//! | --- | --- | --- | --- |
//! | `players` | 3–8 | 4 | number of riders |
//! | `races` | 1–20 | 6 | races in the series |
//! | `balancing` | bool | false | the optional balancing rule |
//! | `track` | `default`, a track file, or a track as content | `default` | the track |
//! | `laps_down` | `full_four`, `part_of_four` | `full_four` | one lap down per full four spaces short of the line, or per four spaces or part of four (decision 10) |
//!
//! ## Track files
//!
//! JSON, like the built-in `tracks/default.json`:
//! `{"name": "...", "description": "...", "length": 81, "sprints": [27, 54],
//! "fahrerwechsel": [30], "sturz": [60]}`. `length` is 10–200; each sprint
//! line is given by the space it follows (1 to length−2, increasing, at most
//! 8); special spaces lie inside the lap (1 to length−1) and no space is
//! listed twice. A bad file is rejected with an error naming the problem.
//!
//! The rules never read a file: the program played with reads track files
//! ([`read_track_file`]; only regular files of at most 1 MiB), the command
//! line as given, `spieltisch serve` only from inside the folder of
//! `--game-files DIR` (and none without it). The options carry the track
//! itself (the built-in one too), and so does every record: a series
//! replays anywhere and outlives its file.
//!
//! ## Action notation
//!
//! `play 4` (short: `4` or `p4`) plays a card of value 4; `draw 5` is the
//! chance outcome of a driver change drawing a 5. Legal actions are listed
//! by increasing value; chance outcomes by value, weighted by the cards of
//! that value left in the pile. As data, the JSON form of [`Action`], they
//! are `{"kind": "play", "params": {"value": 4}}` and `{"kind": "draw",
//! "params": {"value": 5}}`; a seat that sees another's draw as `draw ?`
//! observes `{"kind": "draw", "params": {}}`.
//!
//! ## Scores and results
//!
//! Race points are exact fractions ([`Points`], shown as `5 1/3`). The
//! outcome ranks by fewest total laps down, then most points; `scores` are the
//! total race points as `f64`.
//!
//! ## Bot and speed
//!
//! [`HeuristicBot`] (`heuristic`) scores every card by its slipstream bonus
//! against the bonus the card could earn later, sprint points, driver changes
//! and falls, the spread of values it keeps, and the slipstream it hands the
//! riders behind; late in a race it plays for distance. It never looks at laps
//! down, so the reading of them changes its results, not its play. Against
//! random bots (10,000 seeded series each, seats rotated, default options, so
//! laps down per full four spaces):
//!
//! | players, races | heuristic wins | fair share | mean laps down (heuristic / random) |
//! | --- | --- | --- | --- |
//! | 4, 6 | 10,000 (100%) | 25% | 8.5 / 24.1 |
//! | 8, 1 | 6,861 (68.6%) | 12.5% | 1.06 / 3.5 |
//!
//! from `spieltisch sim sechstage --seats heuristic,random,random,random
//! --games 10000 --seed 1 --json` (and the 8-seat equivalent with `--option
//! races=1`); `examples/bot_strength.rs` gives the same picture without the
//! command-line tool (10,000 / 10,000, and 99.8% of six-race series with 8
//! players).
//!
//! Random 8-player races (one-race series; `legal_actions`, a random pick,
//! `apply_unchecked`, about 148 actions a race): about 205,000 races per
//! second of CPU time (0.96–0.98 s task-clock for 200,000 races) on one core
//! of a shared 2.4 GHz EPYC whose other hardware threads were busy
//! (`perf stat -e task-clock target/release/examples/race_speed 200000`).
//! The criterion benchmark of the same loop is `cargo bench -p
//! spieltisch-sechstage --bench sechstage -- --quick`; its wall-clock
//! figure is only meaningful on an idle machine.
//!
//! ## Positions
//!
//! A position is set up with a [`Setup`] (the score sheet, turn order,
//! mover, riders, hands and piles; [`Sechstage::to_setup`] gives one to
//! change) and built with
//! [`Sechstage::from_setup`](spieltisch_core::FromSetup::from_setup), which
//! refuses what cannot be with a [`spieltisch_core::PositionError`] and
//! derives the rest ([`setup`]).
//! Every rules test builds its positions this way, and so does the
//! resampler.
//!
//! ## Example
//!
//! ```
//! use spieltisch_core::{Game, Turn};
//! use spieltisch_sechstage::{Action, Sechstage, Options};
//!
//! let mut game = Sechstage::new(&Options { races: 1, ..Default::default() }).unwrap();
//! assert_eq!(game.turn(), Turn::Seat(0));
//! // Seat 0 plays a 5 onto an empty track: no slipstream.
//! game.apply(&"play 5".parse().unwrap()).unwrap();
//! assert_eq!(game.position(0), 5);
//! // Seat 1 plays a 5 as well and lands on seat 0: 5 + 5 × 1.
//! game.apply(&Action::Play { value: 5 }).unwrap();
//! assert_eq!(game.position(1), 10);
//! ```

mod action;
mod bot;
mod cards;
mod describe;
mod fixed;
mod game;
pub mod log;
mod movement;
mod options;
mod package;
mod points;
pub mod setup;
pub mod test_plan;
mod track;
mod view;
mod words;

#[cfg(test)]
mod rules_tests;

pub use action::Action;
pub use bot::HeuristicBot;
pub use cards::{ByPile, CardCount, Cards, GREEN_LARGE_FIELD, GREEN_SMALL_FIELD, GREY_DECK, Pile};
pub use describe::{hand_text, rider_letter};
pub use fixed::Fixed;
pub use game::{FINISH_POINTS, MAX_LAPS_DOWN, RaceResult, SPACES_PER_LAP, SPRINT_POINTS, Sechstage};
pub use movement::{Move, resolve};
pub use options::{LapsDown, MAX_PLAYERS, MAX_RACES, MIN_PLAYERS, Options};
pub use points::{Mixed, Points};
pub use setup::{RiderSetup, Setup};
pub use track::{DEFAULT_TRACK, Space, Track, TrackError, TrackFile, read_track_file};
pub use view::{RaceLine, RaceRow, RiderView, Standing, View};
