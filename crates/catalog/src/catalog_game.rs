//! What the front ends need of a game beyond the [`Game`] contract.

use spieltisch_ai::{Knowledge, RolloutWith};
use spieltisch_conformance::{Golden, VariantSet};
use spieltisch_core::{Bot, Package};
use std::path::Path;
use std::sync::Arc;

/// A game as the catalog registers it: the [`Game`] contract plus the few
/// things the command line, the engine protocol and the server need to know
/// about it. Implemented in this crate for every registered game.
pub trait CatalogGame: Package {
    /// True when seats hold secrets (hands of cards): hot-seat play then
    /// hides each seat's view before passing the screen on.
    const HIDDEN_INFORMATION: bool;

    /// How many search iterations one core runs per second for this game,
    /// measured at the cap's own iteration count: a server turns a stated
    /// time per decision into an iteration cap with it ([`crate::BotLimits`]),
    /// so that its bots decide from the seed and the version alone, whatever
    /// the machine's speed. An iteration costs more as the tree grows, and
    /// more in some positions than in others, so the rate is chosen where a
    /// decision at the cap costs most: at the game's most expensive accepted
    /// options, from positions spread over whole games, it must cost a
    /// median within the stated time and a 99th percentile under twice it
    /// (the registered games hold it within the stated time), in the search
    /// thread's CPU time (`cargo run --release -p spieltisch-catalog
    /// --example bot_budget`; figures in `docs/benchmarks.md`). Required,
    /// like the test plan: a game is calibrated the day it is registered.
    const ITERATIONS_PER_SECOND: u32;

    /// The game's own heuristic bot (seat spec `heuristic`).
    fn heuristic() -> Box<dyn Bot<Self>>;

    /// The option sets the conformance suite checks: every player count and
    /// variant, as the game crate declares them (its `test_plan` module).
    /// Required, like [`CatalogGame::goldens`], so that no game is registered
    /// without its tests: `tests/catalog/every_game.rs` of this crate runs them for
    /// every registered game.
    fn conformance() -> Vec<VariantSet<Self::Options>>;

    /// The seeded games whose every step a golden file pins (at least one
    /// written in full: a short one), as the game crate declares them.
    fn goldens() -> Vec<Golden<Self::Options>>;

    /// The seat spec behind a named level (`easy`, `medium`, `hard`), for
    /// newcomers who need not know the algorithms; each level is meant to be
    /// clearly stronger than the one below (measured in `docs/strength.md`).
    /// Default: `easy` is the heuristic bot; `medium` and `hard` search (MCTS,
    /// or information-set MCTS where seats hold secrets) with heuristic
    /// rollouts, 1,000 and 3,000 iterations a decision.
    fn level(name: &str) -> Option<&'static str> {
        Some(match (name, Self::HIDDEN_INFORMATION) {
            ("easy", _) => "heuristic",
            ("medium", false) => "mcts:iters=1000",
            ("medium", true) => "ismcts:iters=1000",
            ("hard", false) => "mcts:iters=3000",
            ("hard", true) => "ismcts:iters=3000",
            _ => return None,
        })
    }

    /// What the search bots (`mcts`, `ismcts`) know of the game. Default:
    /// rollouts played by the game's heuristic bot.
    fn knowledge() -> Arc<dyn Knowledge<Self>> {
        Arc::new(RolloutWith(Self::heuristic))
    }

    /// The option that sets the number of seats (`players`, or `teams` in
    /// Um Reifenbreite), if the game has one: `play` and `sim` fill it in
    /// from the number of seat specs when it is not given (and fill in an
    /// option named `seats`, where the game has one, when it is).
    fn seats_option() -> Option<&'static str> {
        Self::info().options.iter().map(|o| o.key).find(|&k| k == "players" || k == "teams")
    }

    /// Reads the data file at `path` that option `key` names, for a front
    /// end (the rules never read files): its content as the option's value
    /// carries it, or why it cannot be used. Errors name the file as
    /// `shown`, never `path`. Default: the game reads no files.
    fn read_option_file(key: &str, path: &Path, shown: &str) -> Result<serde_json::Value, String> {
        let _ = (key, path);
        Err(format!("{shown}: {} reads no files", Self::info().id))
    }

    /// Figures worth summarising over many games, read from a finished game
    /// (e.g. laps down per rider in 6-Tage Rennen). `sim` averages each one
    /// over all games and reports it under its key, per seat spec for
    /// [`Stat::PerSeat`]. Default: none.
    fn extra_stats(final_state: &Self) -> Vec<(&'static str, Stat)> {
        let _ = final_state;
        Vec::new()
    }
}

/// One figure of a finished game for [`CatalogGame::extra_stats`].
#[derive(Clone, Debug, PartialEq)]
pub enum Stat {
    /// One value per seat (in seat order).
    PerSeat(Vec<f64>),
    /// One value for the whole game.
    Total(f64),
}
