//! What one bot decision may cost on a server, and what it runs with.
//!
//! A server's bots decide from the seed and the version alone, whatever the
//! machine's speed or load, so their budgets are iterations, never time:
//!
//! - [`BotLimits`] are the operator's caps. One figure states the most a
//!   decision may cost, in milliseconds of one core; each game's iteration
//!   cap is that figure times the game's calibrated rate
//!   ([`CatalogGame::ITERATIONS_PER_SECOND`], measured at the cap's own
//!   iteration count, where an iteration costs most). A search written
//!   beyond a cap is refused when the table is made ([`BotLimits::check`],
//!   `seat.too_expensive`, naming the parameter and its cap); a level
//!   (`hard`) beyond it is held to it.
//! - A time budget (`ms=500`) is turned into the iterations the game runs in
//!   that time at its calibrated rate, so it too replays exactly.
//! - The wall clock is only a safety net: a search that runs
//!   [`BotLimits::deadline_factor`] times as long as its iterations should
//!   take is stopped where it is ([`SearchReport::cut_short`]; the server
//!   logs it). Only then does a move depend on the machine.
//! - The root trees of `threads=N` grow one after another on the calling
//!   thread ([`spieltisch_ai::SearchConfig::parallel`] off): the server's
//!   search pool bounds the threads, and the result is the same.
//!
//! The command line's `play` and `sim` have no such caps: they run on the
//! machine of the person who asks.

use crate::{CatalogError, CatalogGame, GameVisitor, SeatError, SeatSpec, with_game};
use spieltisch_ai::{Effort, SearchBot, SearchConfig};
use std::time::Duration;

/// The caps a server puts on its bots (`spieltisch serve --bot-max-ms`,
/// `--bot-max-threads`; docs/security.md).
#[derive(Clone, Debug, PartialEq)]
pub struct BotLimits {
    /// The most one decision may cost, in milliseconds of one core: a
    /// game's iteration cap is this times its calibrated rate, and a time
    /// budget (`ms=`) may be at most this.
    pub max_ms: u64,
    /// The most root trees (`threads=`) a search may grow.
    pub max_threads: usize,
    /// A search is stopped after this many times the time its iterations
    /// take at the calibrated rate (on the wall clock).
    pub deadline_factor: u32,
    /// The shortest deadline, for searches so small that a pause of the
    /// thread would otherwise cut them short.
    pub min_deadline: Duration,
}

impl Default for BotLimits {
    fn default() -> Self {
        BotLimits { max_ms: 2000, max_threads: 1, deadline_factor: 4, min_deadline: Duration::from_secs(1) }
    }
}

/// What one search decision runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The iterations it runs: the spec's, within the caps.
    pub iterations: u64,
    /// How long they take on one core at the game's calibrated rate.
    pub expected: Duration,
    /// When the search is stopped whatever it has done (the safety net).
    pub deadline: Duration,
}

/// A bot's move, and what its search did if it searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotMove {
    /// The move in notation.
    pub action: String,
    /// `None` for bots that do not search, and for a forced move.
    pub search: Option<SearchReport>,
}

/// What one search did against its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchReport {
    pub budget: Budget,
    pub effort: Effort,
    /// The wall-clock time it took.
    pub elapsed: Duration,
}

impl SearchReport {
    /// True when the deadline stopped the search before its iterations
    /// were run: the move then depends on the machine.
    pub fn cut_short(&self) -> bool {
        self.effort.iterations < self.budget.iterations
    }
}

/// The search parameters of a spec as written: `iters`, `ms`, `threads`.
struct Asked {
    iterations: Option<u64>,
    ms: Option<u64>,
    threads: usize,
    config: SearchConfig,
}

impl BotLimits {
    /// The most iterations one decision of `G` may run: [`BotLimits::max_ms`]
    /// at the game's calibrated rate (at least one).
    pub fn max_iterations<G: CatalogGame>(&self) -> u64 {
        (self.max_ms.saturating_mul(u64::from(G::ITERATIONS_PER_SECOND)) / 1000).max(1)
    }

    /// Checks that a seat spec stays within these limits in game `game`;
    /// bots that do not search always do, and so do the levels (`easy`,
    /// `medium`, `hard`), whose searches are held to the caps
    /// ([`BotLimits::budget`]): a level is the game's to define, and a
    /// person who asks for `hard` gets the hardest bot the server allows.
    ///
    /// # Errors
    /// `game.unknown`; the spec's own errors (`seat.*`); and
    /// `seat.too_expensive` naming the first parameter beyond its cap
    /// (`iters`, `ms` or `threads`) and the cap.
    pub fn check(&self, game: &str, spec: &SeatSpec) -> Result<(), CatalogError> {
        with_game(game, Check { limits: self, spec })?
    }

    /// [`BotLimits::check`] for game `G`.
    ///
    /// # Errors
    /// As [`BotLimits::check`].
    pub fn check_for<G: CatalogGame>(&self, spec: &SeatSpec) -> Result<(), SeatError> {
        let resolved = spec.resolve::<G>()?;
        if resolved != *spec {
            return Ok(());
        }
        let Some(asked) = asked(&resolved)? else { return Ok(()) };
        let shown = spec.to_string();
        let too_much = |key: &'static str, value: u64, limit: u64, why: String| SeatError::TooExpensive {
            spec: shown.clone(),
            key,
            value,
            limit,
            why,
        };
        let max_iterations = self.max_iterations::<G>();
        if let Some(n) = asked.iterations.filter(|&n| n > max_iterations) {
            return Err(too_much(
                "iters",
                n,
                max_iterations,
                format!(
                    "a decision may cost {} ms of one core, which is {max_iterations} iterations in {}",
                    self.max_ms,
                    G::info().id
                ),
            ));
        }
        if let Some(ms) = asked.ms.filter(|&ms| ms > self.max_ms) {
            return Err(too_much(
                "ms",
                ms,
                self.max_ms,
                "a time budget runs as the iterations one core does in that time".into(),
            ));
        }
        if asked.threads > self.max_threads {
            return Err(too_much(
                "threads",
                asked.threads as u64,
                self.max_threads as u64,
                "the root trees a search may grow".into(),
            ));
        }
        Ok(())
    }

    /// The budget of one decision of `spec` (a level as `G` defines it),
    /// within these limits, or `None` for a bot that does not search. A
    /// spec beyond a cap is held to it (a table made under higher caps
    /// plays on under today's): refusing is [`BotLimits::check`]'s job.
    ///
    /// # Errors
    /// The spec's own errors (`seat.*`).
    pub fn budget<G: CatalogGame>(&self, spec: &SeatSpec) -> Result<Option<Budget>, SeatError> {
        Ok(self.search::<G>(spec)?.map(|(_, budget)| budget))
    }

    /// The search bot of `spec` within these limits, with its budget; `None`
    /// for a bot that does not search.
    pub(crate) fn search_bot<G: CatalogGame>(
        &self,
        spec: &SeatSpec,
    ) -> Result<Option<(SearchBot<G>, Budget)>, SeatError> {
        let resolved = spec.resolve::<G>()?;
        let Some((config, budget)) = self.search::<G>(&resolved)? else { return Ok(None) };
        let bot = match resolved.kind() {
            "ismcts" => SearchBot::ismcts(config, G::knowledge()),
            _ => SearchBot::mcts(config, G::knowledge()),
        };
        Ok(Some((bot, budget)))
    }

    fn search<G: CatalogGame>(&self, spec: &SeatSpec) -> Result<Option<(SearchConfig, Budget)>, SeatError> {
        let resolved = spec.resolve::<G>()?;
        let Some(asked) = asked(&resolved)? else { return Ok(None) };
        let rate = u64::from(G::ITERATIONS_PER_SECOND).max(1);
        let in_time = asked.ms.map(|ms| (ms.min(self.max_ms).saturating_mul(rate) / 1000).max(1));
        let iterations = match (asked.iterations, in_time) {
            (Some(n), Some(t)) => n.min(t),
            (Some(n), None) => n,
            (None, Some(t)) => t,
            (None, None) => SearchConfig::default().iterations.unwrap_or(1),
        }
        .min(self.max_iterations::<G>());
        let expected = Duration::from_secs_f64(iterations as f64 / rate as f64);
        let deadline = expected.saturating_mul(self.deadline_factor).max(self.min_deadline);
        let config = SearchConfig {
            iterations: Some(iterations),
            time: Some(deadline),
            threads: asked.threads.clamp(1, self.max_threads.max(1)),
            parallel: false,
            ..asked.config
        };
        Ok(Some((config, Budget { iterations, expected, deadline })))
    }
}

/// The search parameters of a resolved spec, or `None` for a bot that does
/// not search.
fn asked(spec: &SeatSpec) -> Result<Option<Asked>, SeatError> {
    if !spec.is_search() {
        return Ok(None);
    }
    let config = spec.search_config()?;
    let given = |key: &str| spec.params().iter().any(|(k, _)| k == key);
    Ok(Some(Asked {
        iterations: config.iterations.filter(|_| given("iters") || given("iterations")),
        ms: config.time.map(|t| t.as_millis() as u64),
        threads: config.threads,
        config,
    }))
}

struct Check<'a> {
    limits: &'a BotLimits,
    spec: &'a SeatSpec,
}

impl GameVisitor for Check<'_> {
    type Output = Result<(), CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        Ok(self.limits.check_for::<G>(self.spec)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_six::Six;

    fn spec(text: &str) -> SeatSpec {
        text.parse().unwrap()
    }

    #[test]
    fn specs_beyond_a_cap_are_refused_naming_the_parameter_and_the_cap() {
        let limits = BotLimits::default();
        let six_cap = limits.max_iterations::<Six>();
        assert_eq!(six_cap, 2 * u64::from(Six::ITERATIONS_PER_SECOND));
        for ok in
            ["human", "random", "heuristic", "easy", "medium", "hard", "mcts:iters=500", "ismcts:ms=2000"]
        {
            limits.check("six", &spec(ok)).unwrap_or_else(|e| panic!("{ok}: {e}"));
        }
        let cases = [
            (format!("mcts:iters={}", six_cap + 1), "iters", six_cap),
            ("mcts:iters=1000000000".to_string(), "iters", six_cap),
            ("mcts:ms=6000".to_string(), "ms", 2000),
            ("mcts:iters=100:threads=256".to_string(), "threads", 1),
        ];
        for (text, key, limit) in cases {
            let err = limits.check("six", &spec(&text)).unwrap_err();
            assert_eq!(err.code(), "seat.too_expensive", "{text}");
            let CatalogError::Seat(SeatError::TooExpensive { key: k, limit: l, .. }) = &err else {
                panic!("{text}: {err:?}")
            };
            assert_eq!((*k, *l), (key, limit), "{text}");
            assert!(err.to_string().contains(&limit.to_string()), "{err}");
        }
        // A level beyond the caps is held to them, not refused; the search
        // it stands for, written out, is refused.
        let tight = BotLimits { max_ms: 100, ..BotLimits::default() };
        let hard = Six::level("hard").unwrap();
        let hard_iterations = spec(hard).search_config().unwrap().iterations.unwrap();
        assert!(hard_iterations > tight.max_iterations::<Six>(), "{hard} within the tight caps");
        assert!(tight.check("six", &spec("hard")).is_ok());
        assert_eq!(
            tight.budget::<Six>(&spec("hard")).unwrap().unwrap().iterations,
            tight.max_iterations::<Six>()
        );
        assert_eq!(tight.check("six", &spec(hard)).unwrap_err().code(), "seat.too_expensive");
        assert!(tight.check("six", &spec("easy")).is_ok());
        // The spec's own errors come first.
        assert_eq!(limits.check("six", &spec("mcts:iters=0")).unwrap_err().code(), "seat.bad_param");
        assert_eq!(limits.check("chess", &spec("random")).unwrap_err().code(), "game.unknown");
    }

    #[test]
    fn budgets_are_iterations_with_a_deadline_as_a_safety_net() {
        let limits = BotLimits::default();
        let rate = u64::from(Six::ITERATIONS_PER_SECOND);
        assert_eq!(limits.budget::<Six>(&spec("heuristic")).unwrap(), None);
        let hard = limits.budget::<Six>(&spec("hard")).unwrap().unwrap();
        assert_eq!(hard.iterations, 3000);
        assert_eq!(hard.expected, Duration::from_secs_f64(3000.0 / rate as f64));
        assert_eq!(hard.deadline, (hard.expected * 4).max(Duration::from_secs(1)));
        // A time budget runs as the iterations of that time at the rate.
        let timed = limits.budget::<Six>(&spec("mcts:ms=500")).unwrap().unwrap();
        assert_eq!(timed.iterations, rate / 2);
        let both = limits.budget::<Six>(&spec("mcts:ms=500:iters=10")).unwrap().unwrap();
        assert_eq!(both.iterations, 10);
        assert_eq!(both.deadline, Duration::from_secs(1), "the shortest deadline");
        // Beyond the caps (a table made under higher ones): held to them.
        let huge = limits.budget::<Six>(&spec("mcts:iters=1000000000:ms=900000")).unwrap().unwrap();
        assert_eq!(huge.iterations, limits.max_iterations::<Six>());
        let (bot, _) = limits.search_bot::<Six>(&spec("ismcts:iters=50:threads=8")).unwrap().unwrap();
        assert_eq!(bot.config().threads, 1);
        assert!(!bot.config().parallel);
        assert_eq!(bot.config().determinize, spieltisch_ai::Determinize::EachIteration);
    }
}
