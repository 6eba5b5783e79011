//! # Der Ausreisser
//!
//! The cycling card game by Pierre Jacquot (F.X. Schmid, 1989) for 2 to 6
//! riders: each turn a rider draws a card and plays a speed card against the
//! leader's tempo; close behind the leader a rider sits in the wind shadow,
//! further back every km/h costs a penalty minute; a faster card takes the
//! lead and the yellow jersey.
//!
//! ## Rules source
//!
//! The printed rulebook in its English version, cited by its section
//! headings (*Help! I have penalty points!*, *Stage End*), and the project's
//! decisions where it is silent, each under its own heading in
//! `docs/rules/ausreisser.md`. Every rule statement of the rulebook is a
//! test in `tests/rules.rs` citing its sentence.
//!
//! The game's words, English and German, are in `words/en.ftl` and `words/de.ftl`.
//!
//! ## Options
//!
//! Declared once, with their labels and help, in [`Options`]
//! ([`spieltisch_core::options!`]).
//!
//! | key | values | default | meaning |
//! | --- | --- | --- | --- |
//! | `players` | 2–6 | 4 | riders |
//! | `special` | true/false | true | with Steigung, Gegenwind and Spurt; `false` is the simplified game with the 84 speed cards |
//! | `stages` | 1–10 | 4 | stages in the series (the rules say usually 3–5) |
//!
//! One game state is the whole series. Scores are the game points summed
//! over the stages; the highest total wins, equal totals share the rank.
//!
//! ## Notation
//!
//! | action | meaning |
//! | --- | --- |
//! | `play 45` | play the speed card 45 |
//! | `play 45 +2 +2 -2 hill` | with two Spurts, one Gegenwind, and a Steigung (leader only) |
//! | `hill` / `pass` | in a Steigung window: put a Steigung on the leader's pile out of turn, or not |
//! | `draw 45`, `draw hill`, `draw wind`, `draw spurt` | chance: the card drawn |
//!
//! As data, the JSON form of [`Action`], a play is `{"kind": "play",
//! "params": {"speed": 45, "spurts": 2, "winds": 1, "hill": true}}`; `hill`
//! and `pass` have no parameters, a draw has its `card`.
//!
//! Legal plays are listed by speed card ascending, then number of Spurts
//! ascending, then without before with Steigung. Every Gegenwind in the
//! hand is part of every play (see below), so each distinct combination of
//! cards appears once.
//!
//! ## Decisions beyond the rulebook
//!
//! From `docs/rules/ausreisser.md` (binding):
//! - Deck: seven each of 39–50, five each of Steigung, Gegenwind, Spurt.
//! - First leader: each rider draws a card, the highest speed card leads, ties
//!   draw again; the cards then go back and the deck is shuffled.
//! - A Gegenwind in an opening hand counts as drawn on that rider's first turn.
//! - A Gegenwind goes with the speed card of the turn on which it was drawn;
//!   the exception is a card drawn to refill after a Steigung played out of
//!   turn, played on that rider's next turn instead.
//! - Pack rules: without chips 0–2 below the tempo is free and 3 or more below
//!   costs the whole difference (45 against 42 costs 3); with chips every km/h
//!   below gains one and every km/h above hands one back (never below zero);
//!   a rider with chips never takes the lead, not even when the last chip
//!   goes back.
//! - Steigung: by the leader with the speed card, or by anyone else out of
//!   turn onto the leader's pile, in a reaction window after a play; under a
//!   hill nobody takes the lead and every km/h below costs a chip, chips are
//!   still handed back; it lasts until the leader's next turn; the rider who
//!   played it out of turn refills at the start of their next turn.
//! - Stage score +1 for the yellow jersey, 0 without chips, −chips otherwise.
//!
//! Our own decisions:
//! - **Choosing the first leader** is a sequence of chance draws, one card at
//!   a time from the deck, seat 1 first. A special card drawn does not count:
//!   the rider lays it aside and draws again. Tied riders draw again, the
//!   cards already drawn staying out until the leader is found (then all go
//!   back). Should the deck run out of speed cards first (it cannot in
//!   practice), the first tied seat leads.
//! - **Dealing**: six cards each, one at a time around the table from the
//!   leader, each a chance draw weighted by the cards left.
//! - **A turn**: the rider first draws any cards owed for a Steigung played
//!   out of turn, then the turn's card, then plays, then refills the hand to
//!   six. A Gegenwind drawn before the play must go with this play (for the
//!   owed cards this is the "next turn" of the exception). A Gegenwind drawn
//!   in the refill after the play is "laid down too": it goes on the play
//!   just made and lowers its speed by 2 (and another card is drawn in its
//!   place). The play's chips, tempo and lead are settled after the refill.
//! - **No speed card**: a rider whose hand holds no speed card after drawing
//!   draws one more card at a time until it does. If the pile is empty and
//!   there is still no speed card, the rider cannot play and the stage ends.
//! - **The cap** applies to the final speed (card + Spurts − Gegenwinds):
//!   50 when a hill is in force or the leader adds one to this play, 52
//!   otherwise. Spurts beyond the cap are legal (they are simply wasted).
//! - **The leader**: whenever the jersey holder is to play, the rider was not
//!   passed, so the new tempo is free; the hill of the previous round ends as
//!   the leader's turn begins. Only the jersey holder, on their own turn, can
//!   add a Steigung to the speed card. Equal to the tempo never takes the lead.
//! - **Steigung windows** (`docs/rules/ausreisser.md#steigung-windows` and
//!   `docs/rules/ausreisser.md#windows-reveal-no-hand`): after each play
//!   every rider but the leader, the one who just played included, may lay
//!   one Steigung on the leader's pile or pass. The engine asks them one at a
//!   time in a fixed order, from the rider after the mover round to the
//!   mover (the mover last): that order is also the priority of their
//!   answers, and the first `hill` closes the window. A rider without a
//!   Steigung can only pass, but is asked all the same, so the window shows
//!   nothing about hands. The window is not opened when every Steigung of
//!   the deck lies played (and never in the game without special cards),
//!   while a hill is in force (a second one would change nothing), when the
//!   leader plays next (the hill would end before anyone rode under it), or
//!   after the last play of a stage: all public facts. Online, a table asks every rider of the
//!   window at once ([`spieltisch_core::Together`]) and applies the answers
//!   in this order once all are in.
//! - **Between stages**: the jersey holder of the last stage leads the next;
//!   all cards are gathered and shuffled, six dealt to each; chips go back.
//! - **Penalty chips are unlimited**: the 20 blue (1 minute) and 20 red
//!   (5 minutes) chips of the box are denominations, not a limit.
//! - **Forgetting to draw** ("they must carry on with the lower number of
//!   cards") cannot happen here: every draw is part of the turn.
//! - The stage can end in a refill or an owed draw: whoever draws the last
//!   card finishes the turn, and then the stage ends.
//!
//! ## Hidden information
//!
//! Hands and the pile's order are secret; chips, tempo, jersey, every played
//! card and the size of every hand are public. A card drawn is seen only by
//! its drawer, except a Gegenwind laid on a play during the refill, and the
//! face-up draws for the first leader. Every Gegenwind held goes down with
//! the next play, so the table knows how many of a rider's cards can be one
//! (`drawn_since_play` in the view); the resampler deals the unknown cards uniformly among the
//! deals that respect it. A Steigung window shows nothing per rider: who is
//! being asked is in no other viewer's view (a view says only whether its
//! own seat has still to answer, `asked`), a pass is logged as `pass` for
//! the rider alone, as nothing for everyone else, and the last answer as
//! its kind, `pass ?`, in the notation (the window closed); the log for people ([`Event`]) tells no
//! pass at all, only the window's result, the same to everyone, and names a
//! card drawn only in its drawer's log. Records of format 1 (before every rider was asked)
//! replay with the passes they did not write filled in.

//! ## Bot and speed (measured)
//!
//! [`HeuristicBot`] against random riders, 10,000 series of 4 stages each,
//! the bot's seat rotating (`cargo run --release -p spieltisch-ausreisser
//! --example winrate -- 10000 <players> [special]`): it wins outright 94.2%
//! with 2 players, 98.0% with 4, 98.5% with 6, and 99.1% in the simplified
//! 4-player game (measured again once every rider was asked in each
//! Steigung window; before: 94.3%, 97.6%, 98.2%, 99.1%).
//!
//! Full random 6-player stages (`stages=1`: choosing the leader, the deal and
//! the whole stage, about 252 actions of which 146 are decisions, most of
//! them answers in Steigung windows): `perf stat -e task-clock
//! target/release/examples/stages 300000` gives 2.07 s, about 145,000 stages
//! per CPU-second on one core (Zen 4 host, load 5; with windows that asked
//! only holders, 164 actions of which 57 decisions, 2.00–2.02 s at load
//! below 2). `cargo bench -p spieltisch-ausreisser
//! --bench ausreisser` measures wall time: 21.8 µs per stage on a shared
//! 2-core machine at load average 8, where the process got well under one
//! core.
//!
//! ## Positions
//!
//! A position is set up with a [`Setup`] (the public [`Table`], every hand,
//! the pile and, in a Steigung window, the rider asked;
//! [`Ausreisser::to_setup`] gives one to change) and built with
//! [`Ausreisser::from_setup`](spieltisch_core::FromSetup::from_setup),
//! which refuses what cannot be with a [`spieltisch_core::PositionError`]
//! ([`setup`]). The rules tests build their positions this way.
//!
//! ## Example
//!
//! ```
//! use spieltisch_ausreisser::{Action, Ausreisser, Options};
//! use spieltisch_core::{Game, Turn, driver::play_to_end, Bot, RandomBot};
//! use spieltisch_ausreisser::HeuristicBot;
//! use rand::SeedableRng;
//!
//! let options = Options { players: 3, special: true, stages: 1 };
//! let mut game = Ausreisser::new(&options).unwrap();
//! assert_eq!(game.turn(), Turn::Chance); // choosing the first leader
//! let mut bots: Vec<Box<dyn Bot<Ausreisser>>> =
//!     vec![Box::new(HeuristicBot), Box::new(RandomBot), Box::new(RandomBot)];
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! play_to_end(&mut game, &mut bots, &mut rng);
//! let outcome = game.outcome().unwrap();
//! assert_eq!(outcome.scores.len(), 3);
//! assert_eq!("play 45 +2 -2".parse::<Action>().unwrap().to_string(), "play 45 +2 -2");
//! ```

mod action;
mod bot;
mod card;
mod game;
mod log;
mod options;
mod package;
mod resample;
pub mod setup;
mod table;
pub mod test_plan;
mod view;
mod words;

pub use action::{Action, Play};
pub use bot::HeuristicBot;
pub use card::{Card, Counts, KINDS, full_deck};
pub use game::Ausreisser;
pub use log::{
    Drawn, Event, FaceUp, Hand, Lead, Ride, Settlement, StageEnd, Turn as TurnEvent,
    describe as describe_event,
};
pub use options::Options;
pub use setup::Setup;
pub use table::{HAND_SIZE, MAX_PLAYERS, Phase, Played, Table};
pub use view::{
    Cards, PhaseView, Rider, Top, View, cards_of, counts_of, describe as describe_view, describe_action,
    hand_text,
};
