//! `spieltisch sim`: many bot games in parallel, summarised.
//!
//! Game `i` draws chance and bot decisions from generators seeded by
//! `(seed, i)` alone, and games are tallied in fixed blocks merged in order,
//! so the same seed gives the same summary whatever `--threads` is.
//!
//! With different seat specs, seating rotates: game `i` shifts every spec
//! `i mod n` seats on, so each spec sits in each position equally often and
//! none profits from moving first. `wins[j]` and `mean_score[j]` always
//! belong to the `j`-th spec given, wherever it sat; `seat_wins[s]` counts
//! the wins of seat position `s`.

use crate::{SimArgs, error::CliError, setup, wilson::wilson95};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rayon::prelude::*;
use serde_json::{Map, Value, json};
use spieltisch_catalog::{CatalogGame, GameVisitor, SeatSpec, Stat, bot_rng, with_game};
use spieltisch_core::{Bot, Decision, Game, GameRng, Outcome, Turn, chance::sample_chance, options};
use std::{
    io::{IsTerminal, Write},
    time::Instant,
};

/// Games tallied together before merging; fixed, so the order of floating
/// point sums does not depend on the number of threads.
const BLOCK: u64 = 64;

/// Runs `spieltisch sim`.
pub fn run(args: &SimArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_game(&args.table.game, SimGame { args, out })?
}

struct SimGame<'a> {
    args: &'a SimArgs,
    out: &'a mut dyn Write,
}

impl GameVisitor for SimGame<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self) -> Self::Output {
        let args = self.args;
        let (options, specs) = setup::table::<G>(&args.table, |_| SeatSpec::plain("random"))?;
        if let Some(human) = specs.iter().position(SeatSpec::is_human) {
            return Err(CliError::Usage(format!(
                "sim needs a bot in every seat, but seat {human} is 'human' (use random, heuristic, ...)"
            )));
        }
        for spec in &specs {
            spec.bot::<G>()?;
        }
        if args.games == 0 {
            return Err(CliError::Usage("--games must be at least 1".into()));
        }
        if args.threads == Some(0) {
            return Err(CliError::Usage("--threads must be at least 1".into()));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads.unwrap_or(0))
            .build()
            .map_err(|e| CliError::Usage(format!("cannot start worker threads: {e}")))?;
        let plan: Plan<G> = Plan {
            options: &options,
            specs: &specs,
            seed: args.table.seed.unwrap_or(0),
            rotate: specs.windows(2).any(|w| w[0] != w[1]),
        };
        let bar = progress_bar(args);
        let started = Instant::now();
        let (tally, threads) = pool.install(|| {
            let blocks: Result<Vec<Tally>, String> = (0..args.games.div_ceil(BLOCK))
                .into_par_iter()
                .map(|block| {
                    let mut tally = Tally::new(specs.len());
                    for i in block * BLOCK..((block + 1) * BLOCK).min(args.games) {
                        tally.add(plan.play(i)?);
                        bar.inc(1);
                    }
                    Ok(tally)
                })
                .collect();
            (blocks, rayon::current_num_threads())
        });
        let elapsed = started.elapsed().as_secs_f64();
        bar.finish_and_clear();
        let mut total = Tally::new(specs.len());
        for block in tally.map_err(CliError::Game)? {
            total.merge(block);
        }
        let summary = Summary {
            game: G::info().id,
            options: options::options_to_json::<G>(&options),
            seed: plan.seed,
            threads,
            specs: &specs,
            rotated: plan.rotate,
            tally: &total,
            elapsed,
        };
        if args.json {
            let line = serde_json::to_string(&summary.to_json())
                .map_err(|e| CliError::Usage(format!("cannot write the summary: {e}")))?;
            writeln!(self.out, "{line}")?;
        } else {
            summary.write_text(&G::info().name.en, self.out)?;
        }
        Ok(())
    }
}

fn progress_bar(args: &SimArgs) -> ProgressBar {
    if args.json || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(args.games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, {eta} left") {
        bar.set_style(style);
    }
    bar
}

/// What every game of a run shares.
pub(crate) struct Plan<'a, G: Game> {
    pub options: &'a G::Options,
    pub specs: &'a [SeatSpec],
    pub seed: u64,
    pub rotate: bool,
}

/// One finished game.
pub(crate) struct GameResult {
    /// `spec_at[seat]`: which seat spec sat there.
    pub spec_at: Vec<usize>,
    pub outcome: Outcome,
    actions: u64,
    extra: Vec<(&'static str, Stat)>,
}

/// The seed of game `i` of a run with `seed` (SplitMix64 of both, so
/// neighbouring games and seeds get unrelated generators).
fn game_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<G: CatalogGame> Plan<'_, G> {
    pub fn play(&self, i: u64) -> Result<GameResult, String> {
        let n = self.specs.len();
        let shift = if self.rotate { (i % n as u64) as usize } else { 0 };
        let spec_at: Vec<usize> = (0..n).map(|seat| (seat + shift) % n).collect();
        let mut bots: Vec<Box<dyn Bot<G>>> = Vec::with_capacity(n);
        for &j in &spec_at {
            match self.specs[j].bot::<G>() {
                Ok(Some(bot)) => bots.push(bot),
                _ => return Err(format!("seat spec '{}' is not a bot", self.specs[j])),
            }
        }
        let seed = game_seed(self.seed, i);
        let mut chance = GameRng::seed_from_u64(seed);
        let mut decisions = bot_rng(seed, 0);
        let mut state = G::new(self.options).map_err(|e| e.to_string())?;
        let limit = G::max_actions(self.options) as u64;
        let mut legal = Vec::new();
        let mut actions = 0u64;
        loop {
            let action = match state.turn() {
                Turn::Over => break,
                Turn::Chance => sample_chance(&state, &mut chance),
                Turn::Seat(seat) => {
                    legal.clear();
                    state.legal_actions(&mut legal);
                    bots[seat].choose(&Decision::new(&state, seat, &legal), &mut decisions)
                }
            };
            state.apply_unchecked(&action);
            actions += 1;
            if actions > limit {
                return Err(format!(
                    "game {i} exceeded the game's bound of {limit} actions (a bug in the game)"
                ));
            }
        }
        let outcome =
            state.outcome().ok_or_else(|| format!("game {i} ended without a result (a bug in the game)"))?;
        Ok(GameResult { spec_at, outcome, actions, extra: G::extra_stats(&state) })
    }
}

/// A running sum of extra figures: per spec or for the whole game.
#[derive(Clone, Debug)]
enum ExtraSum {
    PerSpec { sums: Vec<f64>, games: u64 },
    Total { sum: f64, games: u64 },
}

/// Sums over games, per seat spec (`j`) or seat position (`s`).
#[derive(Clone, Debug)]
struct Tally {
    games: u64,
    wins: Vec<u64>,
    seat_wins: Vec<u64>,
    draws: u64,
    score_sums: Vec<f64>,
    actions: u64,
    extra: Vec<(&'static str, ExtraSum)>,
}

impl Tally {
    fn new(specs: usize) -> Self {
        Tally {
            games: 0,
            wins: vec![0; specs],
            seat_wins: vec![0; specs],
            draws: 0,
            score_sums: vec![0.0; specs],
            actions: 0,
            extra: Vec::new(),
        }
    }

    fn add(&mut self, result: GameResult) {
        self.games += 1;
        self.actions += result.actions;
        let outcome = &result.outcome;
        if outcome.is_draw() {
            self.draws += 1;
        }
        for (seat, &j) in result.spec_at.iter().enumerate() {
            let won = outcome.is_win(seat);
            self.wins[j] += u64::from(won);
            self.seat_wins[seat] += u64::from(won);
            self.score_sums[j] += outcome.scores[seat];
        }
        for (key, stat) in result.extra {
            let one = match stat {
                Stat::PerSeat(values) => {
                    let mut sums = vec![0.0; self.wins.len()];
                    for (seat, value) in values.into_iter().enumerate().take(sums.len()) {
                        sums[result.spec_at[seat]] += value;
                    }
                    ExtraSum::PerSpec { sums, games: 1 }
                }
                Stat::Total(value) => ExtraSum::Total { sum: value, games: 1 },
            };
            self.add_extra(key, one);
        }
    }

    fn add_extra(&mut self, key: &'static str, more: ExtraSum) {
        let Some((_, sum)) = self.extra.iter_mut().find(|(k, _)| *k == key) else {
            self.extra.push((key, more));
            return;
        };
        match (sum, more) {
            (ExtraSum::PerSpec { sums, games }, ExtraSum::PerSpec { sums: more, games: g }) => {
                for (a, b) in sums.iter_mut().zip(more) {
                    *a += b;
                }
                *games += g;
            }
            (ExtraSum::Total { sum, games }, ExtraSum::Total { sum: more, games: g }) => {
                *sum += more;
                *games += g;
            }
            // A game reporting one key in both shapes is a bug of the game's
            // hook; the first shape wins.
            _ => {}
        }
    }

    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.actions += other.actions;
        self.draws += other.draws;
        for (a, b) in self.wins.iter_mut().zip(other.wins) {
            *a += b;
        }
        for (a, b) in self.seat_wins.iter_mut().zip(other.seat_wins) {
            *a += b;
        }
        for (a, b) in self.score_sums.iter_mut().zip(other.score_sums) {
            *a += b;
        }
        for (key, sum) in other.extra {
            self.add_extra(key, sum);
        }
    }
}

struct Summary<'a> {
    game: &'static str,
    options: Value,
    seed: u64,
    threads: usize,
    specs: &'a [SeatSpec],
    rotated: bool,
    tally: &'a Tally,
    elapsed: f64,
}

impl Summary<'_> {
    fn per_game(&self, sum: f64) -> f64 {
        sum / self.tally.games as f64
    }

    fn win_rates(&self) -> Vec<f64> {
        self.tally.wins.iter().map(|&w| self.per_game(w as f64)).collect()
    }

    fn intervals(&self) -> Vec<(f64, f64)> {
        self.tally.wins.iter().map(|&w| wilson95(w, self.tally.games)).collect()
    }

    fn mean_scores(&self) -> Vec<f64> {
        self.tally.score_sums.iter().map(|&s| self.per_game(s)).collect()
    }

    fn games_per_sec(&self) -> f64 {
        if self.elapsed > 0.0 { self.tally.games as f64 / self.elapsed } else { 0.0 }
    }

    fn to_json(&self) -> Value {
        let t = self.tally;
        let mut map = Map::new();
        let mut put = |k: &str, v: Value| {
            map.insert(k.to_string(), v);
        };
        put("game", json!(self.game));
        put("options", self.options.clone());
        put("games", json!(t.games));
        put("seed", json!(self.seed));
        put("threads", json!(self.threads));
        put("seats", json!(self.specs.iter().map(ToString::to_string).collect::<Vec<_>>()));
        put("rotated", json!(self.rotated));
        put("wins", json!(t.wins));
        put("draws", json!(t.draws));
        put("win_rate", json!(self.win_rates()));
        put("win_rate_ci95", json!(self.intervals().iter().map(|(lo, hi)| [lo, hi]).collect::<Vec<_>>()));
        put("mean_score", json!(self.mean_scores()));
        put("mean_actions", json!(self.per_game(t.actions as f64)));
        put("seat_wins", json!(t.seat_wins));
        put("elapsed_sec", json!(self.elapsed));
        put("games_per_sec", json!(self.games_per_sec()));
        for (key, sum) in &t.extra {
            if map.contains_key(*key) {
                continue;
            }
            let value = match sum {
                ExtraSum::PerSpec { sums, games } => {
                    json!(sums.iter().map(|s| s / *games as f64).collect::<Vec<_>>())
                }
                ExtraSum::Total { sum, games } => json!(sum / *games as f64),
            };
            map.insert(key.to_string(), value);
        }
        Value::Object(map)
    }

    fn write_text(&self, name: &str, out: &mut dyn Write) -> Result<(), CliError> {
        let t = self.tally;
        writeln!(
            out,
            "{name}: {} games, seed {}, {} threads{}",
            t.games,
            self.seed,
            self.threads,
            if self.rotated { ", seating rotated" } else { "" }
        )?;
        let width = self.specs.iter().map(|s| s.to_string().len()).max().unwrap_or(4).max(4);
        writeln!(
            out,
            "  #  {:<width$}  {:>8}  {:>8}  {:<17}  {:>10}",
            "seat", "wins", "win rate", "95% CI", "mean score"
        )?;
        let (rates, intervals, scores) = (self.win_rates(), self.intervals(), self.mean_scores());
        for (j, spec) in self.specs.iter().enumerate() {
            writeln!(
                out,
                "  {j}  {:<width$}  {:>8}  {:>7.1}%  [{:>5.1}%, {:>5.1}%]  {:>10.3}",
                spec.to_string(),
                t.wins[j],
                rates[j] * 100.0,
                intervals[j].0 * 100.0,
                intervals[j].1 * 100.0,
                scores[j]
            )?;
        }
        writeln!(
            out,
            "draws {} ({:.1}%), mean actions {:.1}, {} games/s ({:.2} s)",
            t.draws,
            self.per_game(t.draws as f64) * 100.0,
            self.per_game(t.actions as f64),
            rate_text(self.games_per_sec()),
            self.elapsed
        )?;
        if self.rotated {
            writeln!(out, "wins by seat position: {:?}", t.seat_wins)?;
        }
        for (key, sum) in &t.extra {
            match sum {
                ExtraSum::PerSpec { sums, games } => {
                    let means: Vec<String> =
                        sums.iter().map(|s| format!("{:.3}", s / *games as f64)).collect();
                    writeln!(out, "{key}: {}", means.join(", "))?;
                }
                ExtraSum::Total { sum, games } => writeln!(out, "{key}: {:.3}", sum / *games as f64)?,
            }
        }
        Ok(())
    }
}

/// A rate with as many decimals as make sense: `19513`, `4.6`, `0.46`.
fn rate_text(rate: f64) -> String {
    match rate {
        r if r >= 100.0 => format!("{r:.0}"),
        r if r >= 1.0 => format!("{r:.1}"),
        r => format!("{r:.2}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_rates_keep_their_decimals() {
        assert_eq!(rate_text(19513.4), "19513");
        assert_eq!(rate_text(4.58), "4.6");
        assert_eq!(rate_text(0.4587), "0.46");
    }

    #[test]
    fn game_seeds_differ_between_games_and_runs() {
        let seeds: std::collections::HashSet<u64> =
            (0..1000).flat_map(|i| [game_seed(0, i), game_seed(1, i)]).collect();
        assert_eq!(seeds.len(), 2000);
    }

    #[test]
    fn a_tally_attributes_wins_to_specs_wherever_they_sat() {
        let mut tally = Tally::new(2);
        // Spec 1 sat at seat 0 and won.
        tally.add(GameResult {
            spec_at: vec![1, 0],
            outcome: Outcome::from_scores(vec![2.0, -2.0]),
            actions: 5,
            extra: vec![("x", Stat::PerSeat(vec![10.0, 20.0])), ("t", Stat::Total(3.0))],
        });
        assert_eq!(tally.wins, vec![0, 1]);
        assert_eq!(tally.seat_wins, vec![1, 0]);
        assert_eq!(tally.score_sums, vec![-2.0, 2.0]);
        match &tally.extra[0].1 {
            ExtraSum::PerSpec { sums, games } => assert_eq!((sums.clone(), *games), (vec![20.0, 10.0], 1)),
            other => panic!("{other:?}"),
        }
        let mut total = Tally::new(2);
        total.merge(tally.clone());
        total.merge(tally);
        assert_eq!(total.games, 2);
        assert_eq!(total.wins, vec![0, 2]);
        assert!(matches!(total.extra[1].1, ExtraSum::Total { sum, games: 2 } if sum == 6.0));
    }
}
