//! # Um Reifenbreite (Jumbo, 1991; Rob Bontenbal)
//!
//! A cycling race for 2–4 teams of four riders. The managers move their
//! riders with two dice, in slipstreams, with energy cards and breakaways;
//! chance cards bring wind, punctures and crashes; the team with the most
//! points for finishing places (and, with the professional rules, sprints
//! and the yellow jersey) wins.
//!
//! ## Rules source
//! The printed German rulebook (Jumbo 3554, 1991) is authoritative; the
//! English translation of part of it helps. A bare number such as 4.3 or
//! 15.1 cites a section of the German rulebook, "figure 10" its figure.
//! Where both are silent, the project decides: its decisions are in
//! `docs/rules/reifenbreite.md`, each under its own heading, and are
//! listed here as this crate plays them, with the crate's own.
//! Its words are in its catalogs `words/en.ftl` and `words/de.ftl` (its options' in [`options`]).
//!
//! ## The board and courses
//! No public layout of the printed board exists, so the board is ours
//! (`docs/rules/reifenbreite.md#board`; [`board`], `boards/default.json`): a
//! circuit A → B → C with two branches back to A (C → D → A, C → E → A),
//! Start 1 just before A, Start 2 just before C, four lanes (three in
//! places), curves whose lanes differ in length with thick lines between
//! them. Surfaces: A→B asphalt with a climb and a descent, B→C mountains, C→D
//! cobbles with asphalt breaks, D→A asphalt, C→E cobbles, E→A mountains. The
//! four printed courses of 13.2 are built in ([`course`]); a course file or a
//! board file of your own can be loaded.
//!
//! ## Decisions
//! - **Movement** (5.3): each step goes to the next space straight on or
//!   diagonally into a neighbouring lane; never sideways or backwards, never
//!   across a thick line (inside curves, and on the steps into and out of a
//!   curve), never onto or through an occupied space; a diagonal step
//!   between two riders is allowed. A rider picks any space he can reach in
//!   at most the rolled number of steps (5.5); he must move at least one
//!   space when he can. A space past the finish can only be taken with the
//!   full move: it must be the farthest the rider can get to (8); stopping
//!   short of the line stays allowed.
//! - **Order** (5.2): furthest ahead on the common measure of the course
//!   first, rightmost (lane 1) first at equal height.
//! - **Drafting** (5.4): after a rider moved (not in a breakaway, 6.1), the
//!   rider on the space directly behind his starting space may draft if he
//!   has not moved this round, can reach the space directly behind the
//!   leader's new space in at most as many steps as the leader took (the
//!   leader's count is the shortest path of his move), and (advanced rules,
//!   9.1) starts on the same surface colour. A rider who declines ends the
//!   chain; he moves later in the normal order.
//! - **Energy cards** (4.3, 6, 10;
//!   `docs/rules/reifenbreite.md#energy-cards`): each team has two rows as
//!   the English edition prints them, row 1 21-6M, 21-5, 22-6M, 23-6M, 24-5,
//!   J-6M, J-5 and row 2 21-6M, 21-5, 22-5, 23-6M, 24-5, J-6M, J-5
//!   ([`cards::ENERGY_ROWS`]): rider 22 holds one 6M and one 5 on long
//!   courses (records of edition 1 differ, see below). Paris–Roubaix and
//!   Lüttich use row 1 only. Cards are public. Not in the start round; at
//!   most two per move, each replacing a die. Advanced: no `M` card on a
//!   climb, only one card on cobbles. A breakaway needs at least one card.
//! - **Chance cards** (7): drawn on a total of 7 from two dice or a card and
//!   a die, not in the start round. Our own deck of 22 ([`cards::ChanceCard`]):
//!   4 falls, 3 lost moves, 3 feeding stations (a spent card back), 3 hunger
//!   knocks (a card lost), headwind −1/−2/−3, tailwind +1/+2/+3, family
//!   cheering (+2), a stop at the family (−2), and one photo card, which is
//!   only in the pile with the chase-car rule. The pile is drawn without
//!   replacement and reshuffled when empty. A card given back is the rider's
//!   own spent card in row order (the 6 first), else a spent joker; a card
//!   taken is his own in row order, else a joker, else nothing.
//! - **Falls** (7.1, figure 10): riders directly behind a fallen rider fall,
//!   and riders beside a fallen rider, except those to the right of the rider
//!   who caused it. Fallen riders lose their move for the rest of the round.
//! - **Surfaces** (9, advanced rules): the number of the space a rider starts
//!   from is taken off (climb, cobbles) or added (descent) on every move under
//!   his own power: dice, cards, a chance card's 7 ± its shift (the photo
//!   card's 7 too). A drafting rider does not count them: he only needs to
//!   reach the space behind his leader. Numbers are 1–6 on climbs and 1–4
//!   elsewhere.
//! - **Tows** (14; `docs/rules/reifenbreite.md#tows`): the car pulls, so a
//!   tow moves exactly its number (one die + 6, or a flat 12) whatever the
//!   surface: never shortened by a climb or cobbles, never lengthened by a
//!   descent, and it never dismounts the rider (records of edition 1 differ,
//!   see below).
//! - **Dismounting** (9.2): at a move of 0 or less; the rider returns at the
//!   end of the round in the order he dismounted, to his space, else the
//!   nearest free space beside it (rightmost on a tie), else one row further
//!   back, and so on.
//! - **Finish** (8): the rider leaves the road at the end of the round in
//!   which he crossed the line. The race ends when every rider has finished.
//!   As a safety bound no real race reaches, the race director ends a race
//!   after 200 rounds, placing riders still on the road behind the finishers
//!   in road order.
//! - **Start** (5.1): the roll-off is one chance event (each team equally
//!   likely to place first); teams then place one rider each in turn, never
//!   two of a team in one lane.
//! - **Scoring** (18): places 50, 40, 35, 32, 30, 28, 26, 24, 22, 20, 18, 16,
//!   14, 12, 10, 8; sprints the course's points; the team total is the sum of
//!   its riders (the printed 171 is a misprint for 111). A manager with
//!   several teams scores their sum. The highest score wins; the rulebook
//!   breaks no tie, so equal scores share the rank (the result says so).
//! - **Professional rules** (11–17), each switchable: sprints; the yellow
//!   jersey (only with more than one sprint: the winner of the first sprint
//!   takes it as he crosses; a later sprint winner who is not its wearer
//!   takes it if he then has more sprint points than any other rider, and
//!   on a tie the wearer keeps it; its wearer scores 2 points for each
//!   further round that ends while he wears it and is still racing); the
//!   chase car (`tow`: one die + 6 and one photo card, `tow12`: 12 and two
//!   photo cards, at most 4 tows, also in the start round; no chance card
//!   for a tow, whose 6 is neither a die nor an energy card; at the end the
//!   race director draws two different photo cards, and riders with either
//!   number noted score nothing; photo numbers are hidden from everyone until
//!   the race is over); lead exchange (the rider about to move may offer the
//!   lead to the rider directly behind; on a refusal, to the next in the
//!   line; on an acceptance the two swap places and the new leader moves
//!   first; once per rider and round); stage races (`stages`: every stage is
//!   a fresh race with fresh cards; the result is stages × the best
//!   rider's total + the team total).
//! - **When the jersey changes** (15.1;
//!   `docs/rules/reifenbreite.md#when-the-jersey-changes`): "Gewinnt den
//!   nächsten Sprint aber ein anderer Fahrer, so berechnet der Rennleiter,
//!   welcher Fahrer jetzt die meisten Punkte hat".
//!   With `jersey_judged=at_crossing` (the default, the literal "jetzt") the
//!   new winner is judged the moment he crosses, counting every sprint point
//!   scored up to then; the jersey changes at once, and the round's 2
//!   points go to nobody (the new wearer took it this round). With
//!   `jersey_judged=round_end` he is judged at the end of that round,
//!   counting every sprint point scored by then (a wearer who crosses
//!   second right behind him counts with those points): only that sprint's
//!   new winner can take it ("Ist dies der neue Fahrer"), a tie keeps the
//!   wearer, and the round's 2 points go to the rider who wore the jersey
//!   through the round, before it changes. The first sprint's winner takes
//!   the jersey as he crosses under both.
//! - **Two sprints won in one round** (`round_end`, our decision): each
//!   sprint's new winner is judged once at the end of the round, in the
//!   order the sprints were won, each against the jersey as the judgement
//!   before left it, all with the points of the whole round. Only one rider
//!   can have more points than every other, so at most one of them takes
//!   it; a rider who won both sprints takes it at his first judgement or
//!   not at all.
//! - **Records keep their reading**
//!   (`docs/rules/reifenbreite.md#energy-cards`,
//!   `docs/rules/reifenbreite.md#tows`): a record written before those
//!   readings (record format 1) is replayed under edition 1, with the deck
//!   and the tows of its time; see "Records of older formats" below.
//! - **Where the professional rules are silent** (our decisions):
//!   - A tow is the whole move: it is chosen instead of energy cards and
//!     cannot be a breakaway (14 gives it its own length: one die + 6, or
//!     12).
//!   - The lead is offered before the rider chooses any energy card: once
//!     he has played a card he is moving himself.
//!   - Tows and lead exchanges are allowed in the start round: its
//!     exceptions (6, 7) concern energy and chance cards only.
//!   - The rider directly behind may draft after a tow, as after any move
//!     that is not a breakaway (5.4, 6.1).
//!   - A stage race has at most 21 stages, as many as the Tour de France
//!     rides (the rulebook sets no number; each stage is a whole race, so
//!     the list is bounded like every other size); more are refused
//!     (`options.invalid`).
//!   - In a stage race each stage is a race of its own (14: "während eines
//!     Rennens"): every rider may hitch up to four tows per stage, photo
//!     cards and the race director's draw belong to the stage, and the
//!     yellow jersey is won anew on each stage's sprints.
//!
//! ## Own boards and courses
//! `course=FILE` rides a course file ([`course`]); its optional `board` key
//! names a board file ([`board`]) to ride on instead of the built-in board,
//! as a path relative to the course file's folder (no absolute path, no
//! `..`). Both are validated when read, with errors naming the segment,
//! block or line at fault (dead ends, unknown lines, routes the board cannot
//! ride); only regular files of at most 1 MiB are read. `stages` takes
//! built-in courses and course files alike.
//!
//! The rules never read a file. The program played with reads course and
//! board files ([`course::read_course_file`]): the command line as given,
//! `spieltisch serve` only from inside the folder of `--game-files DIR`
//! (and no file without it). The options then carry the course itself, the
//! board written out in full ([`course::Course`]), and so does every record:
//! a race replays anywhere, outlives its files, and no later edit of a file
//! (built-in ones included) changes a race already written down. The game's
//! own options ([`spieltisch_core::Game::options`]) name the course ridden
//! also when none was given.
//!
//! ## Options
//! Declared once, with their labels and help, in [`Options`]
//! ([`spieltisch_core::options!`]); [`Options::resolve`] adds the rules
//! across options (managers and teams, the jersey and the sprints, a course
//! or stages).
//!
//! | key | values | not given |
//! | --- | --- | --- |
//! | `teams` | 2–4 | 4 |
//! | `seats` | managers, 2..=teams; team i is managed by seat i mod seats | follows `teams` |
//! | `course` | `paris-roubaix`, `luettich`, `giro`, `tour`, a course file, or a course as content | `auto`: `paris-roubaix`, unless `stages` is given (not both) |
//! | `rules` | `basic`, `advanced`, `pro` | `basic` |
//! | `sprints`, `chase_car`, `lead_exchange` | true/false | `auto`: true with `rules=pro` |
//! | `jersey` | true/false (needs sprints) | `auto`: true with `rules=pro` unless `sprints=false` |
//! | `jersey_judged` | `at_crossing`, `round_end` (needs the jersey) | `auto`: `at_crossing`, as every race before the option |
//! | `stages` | comma-separated courses, or a list of names and courses as content; at most 21 ([`options::MAX_STAGES`]) | `none`: a single race |
//!
//! The schema ([`Options::specs`]) says which defaults are values and which
//! are decided otherwise ([`spieltisch_core::OptionDefault`]). The word of a
//! default that is no value (`teams`, `auto`, `none`) may be given: it
//! means "not given". `course` and `jersey_judged` are not given unless
//! named, even as `paris-roubaix` or `at_crossing`: a named course may not
//! go with `stages`, and a record keeps both as it was written.
//!
//! ## Records of older formats
//! A record keeps the reading of the rules it was played under. Records of
//! format 1 (written before 2026-11) carry the record-only option
//! `edition=1` once read ([`spieltisch_core::Record::upgraded`]); today's
//! records are edition 2 and do not name it. People cannot set it
//! (`options_from_pairs` and `options_from_json` refuse the key); only a
//! record's options ([`spieltisch_core::options::options_from_record_json`])
//! accept it. Edition 1 differs from edition 2 only where listed:
//! - a tow counted the surface as a move under the rider's own power:
//!   shortened on a climb or cobbles (down to dismounting at 0 or less),
//!   lengthened on a descent. (It never dismounted a rider all the same: a
//!   tow is at least 7 and a climb at most 6.)
//! - energy row 2 was a copy of row 1: rider 22 held two 6M and no 5 on long
//!   courses.
//!
//! A record without `jersey_judged` (every record older than the option)
//! is judged at the crossing, as it was played.
//!
//! ## Views and the static part
//! A table's static part ([`Fixed`], `Game::Static`) holds what the options
//! fix for the whole race: the courses drawn ([`layout`]), the rules in
//! force, the riders with their printed numbers, the points for places and
//! the kinds of energy card. A view ([`View`]) holds the rest, as designed
//! data: riders by number, words for states and phases, `null` for what is
//! not there yet, and the photo-card numbers hidden (`null`) until the race
//! is over. Together they rebuild the race ([`View::race`]); both are
//! documented field by field in `docs/api.md`.
//!
//! ## Notation
//! See [`action`]: `place 21 5`, `card 6M`, `ride`, `break`, `to 123`,
//! `draft`, `skip`, `tow`, `tow12`, `ask`, `accept`, `refuse`; chance:
//! `first 3`, `roll 9`, `chance fall`, `photo 4`, `director 2`. As data,
//! the JSON form of [`Action`], riders are named by their printed numbers
//! and energy cards by their notation with what they are worth:
//! `{"kind": "place", "params": {"rider": 21, "space": 5}}`,
//! `{"kind": "card", "params": {"card": "J6M", "joker": true, "value": 6,
//! "mountain": true}}`.
//!
//! ## Decisions, one small step at a time
//! A rider's turn is split into small decisions, each with its legal actions
//! in a fixed order, so that search stays tractable and a front end can map
//! them to clicks:
//! 1. placing (5.1): `place <rider> <space>`, by rider, then by space number;
//! 2. before moving: `ask` (lead exchange), then `card 6M`, `card 5`,
//!    `card J6M`, `card J5` (a second card only of the same or a later kind
//!    in this order, so each pair is listed once), `ride`, `break` (with a
//!    card), `tow`, `tow12`; a rider with nothing to choose rolls at once;
//! 3. after the dice: `to <space>` for every reachable space, by space number
//!    (space numbers grow along the course);
//! 4. after a rider moved: `draft` or `skip` for the rider directly behind;
//! 5. an offer of the lead: `accept` or `refuse`.
//!
//! Chance events, with exact weights: the roll-off (`first`), dice totals
//! (`roll`: 2–12 weighted 1–6–1 for two dice, 1–6 for one), chance cards
//! (`chance`, weighted by the copies left in the pile), photo cards (`photo`,
//! 1–6), and the race director's two different photo cards (`director`).
//!
//! ## Positions
//! A race in the middle of a round, as the rulebook's figures show one, is
//! built by [`Setup`]: the track, the teams and rules, the round, the
//! riders by number on their spaces, and what is spent (riders moved, energy
//! cards held, tows taken, the rider to move).
//! [`Reifenbreite::from_setup`](spieltisch_core::FromSetup::from_setup)
//! checks it and returns the race, or a [`spieltisch_core::PositionError`]
//! naming what does not fit (an [`Impossible`] reason).
//!
//! ## Measured
//! - Speed: `cargo bench -p spieltisch-reifenbreite -- --warm-up-time 1
//!   --measurement-time 8`: a random 4-team Tour de France race with
//!   professional rules (about 2,700 actions) takes 165 µs, some 6,000
//!   races per second on one core of the project's machine (AMD Zen 4,
//!   virtualised); `perf stat -e task-clock target/release/examples/speed
//!   3000` (the same loop, `spieltisch_core::driver::RandomPlayouts`) gives 161–168 µs
//!   per race. An older host of the same machine class took 197–202 µs
//!   (about 5,000 races per second); docs/benchmarks.md has both. On
//!   2026-11-27's host (`cargo bench -p spieltisch-reifenbreite --bench
//!   reifenbreite -- --warm-up-time 1 --measurement-time 5`, load about 2)
//!   the race took 214–219 µs before the crate took the shape of the other
//!   games (`game.rs`, `Setup`, the rules split by noun, the road index
//!   always built) and 212–221 µs after: the same within the noise.
//! - Bot: `cargo run --release --example stats -- 2000`: the heuristic
//!   manager against three random managers wins more than 99.5% of 2,000
//!   races on every printed course, basic and professional rules.
//!
//! ## Example
//! ```
//! use spieltisch_core::{Game, Turn};
//! use spieltisch_reifenbreite::{Options, Reifenbreite};
//! let game = Reifenbreite::new(&Options { teams: 2, ..Options::default() }).unwrap();
//! assert_eq!(game.turn(), Turn::Chance); // the roll-off for the start
//! ```

pub mod action;
pub mod board;
pub mod bot;
pub mod cards;
pub mod course;
pub mod describe;
mod drafting;
mod falls;
pub mod fixed;
pub mod game;
pub mod layout;
pub mod log;
pub mod movement;
mod moves;
pub mod options;
mod order;
mod package;
mod points;
mod road;
mod road_index;
#[cfg(test)]
mod rules_tests;
mod scoring;
pub mod setup;
mod surfaces;
pub mod test_plan;
mod track;
pub mod view;
mod words;

pub use action::Action;
pub use bot::HeuristicBot;
pub use fixed::Fixed;
pub use game::{Phase, Reifenbreite, Rider, Status};
pub use options::{EDITION, JerseyJudged, Level, Options, Rules};
pub use setup::{Impossible, Setup};
pub use view::View;
