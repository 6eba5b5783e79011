//! `spieltisch rate`: a round robin between bots and a Bradley–Terry ratings
//! table (on the Elo scale, with 95% intervals).
//!
//! Every pair of bots plays `--games` games. The seats are filled with the
//! two bots alternately (a, b, a, … in half of the games and b, a, b, … in the
//! other half, so neither has more seats), and seating rotates from game to
//! game. A game counts as a win for the bot whose seat (team) wins outright;
//! anything else is a draw, counting half for each.

use crate::error::CliError;
use crate::sim::Plan;
use crate::{TableArgs, setup};
use clap::Args;
use rayon::prelude::*;
use serde_json::json;
use spieltisch_catalog::{CatalogGame, GameVisitor, SeatSpec, parse_seats, with_game};
use std::io::Write;

#[derive(Debug, Args)]
pub struct RateArgs {
    /// The game id.
    pub game: String,
    /// The bots to rate, comma-separated (at least two): e.g. random,easy,medium.
    #[arg(long)]
    pub bots: String,
    /// Games per pair of bots.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// A game option as key=value (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (default: one per core). Does not change the results.
    #[arg(long)]
    pub threads: Option<usize>,
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &RateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    with_game(&args.game, Rate { args, out })?
}

struct Rate<'a> {
    args: &'a RateArgs,
    out: &'a mut dyn Write,
}

/// One pair's results: wins of the first bot, of the second, and draws.
#[derive(Clone, Copy, Debug, Default)]
struct PairResult {
    a: usize,
    b: usize,
    a_wins: u64,
    b_wins: u64,
    draws: u64,
}

impl GameVisitor for Rate<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self) -> Self::Output {
        let args = self.args;
        let bots = parse_seats(&args.bots)?;
        if bots.len() < 2 || bots.iter().any(SeatSpec::is_human) {
            return Err(CliError::Usage("--bots needs at least two bots (no 'human')".into()));
        }
        for bot in &bots {
            bot.bot::<G>()?;
        }
        if args.games < 2 {
            return Err(CliError::Usage("--games must be at least 2".into()));
        }
        let table =
            TableArgs { game: args.game.clone(), seats: None, options: args.options.clone(), seed: None };
        let (options, default_seats) = setup::table::<G>(&table, |_| SeatSpec::plain("random"))?;
        let seats = default_seats.len();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads.unwrap_or(0))
            .build()
            .map_err(|e| CliError::Usage(format!("cannot start worker threads: {e}")))?;
        let pairs: Vec<(usize, usize)> =
            (0..bots.len()).flat_map(|a| (a + 1..bots.len()).map(move |b| (a, b))).collect();
        let started = std::time::Instant::now();
        let results: Result<Vec<PairResult>, String> = pool.install(|| {
            pairs
                .par_iter()
                .map(|&(a, b)| play_pair::<G>(&options, &bots, a, b, seats, args.games, args.seed))
                .collect()
        });
        let results = results.map_err(CliError::Game)?;
        let ratings = bradley_terry(bots.len(), &results);
        let seconds = started.elapsed().as_secs_f64();
        if args.json {
            let rows: Vec<_> = bots
                .iter()
                .zip(&ratings)
                .map(|(bot, r)| json!({"bot": bot.to_string(), "elo": r.elo, "ci95": r.ci95, "score": r.score, "games": r.games}))
                .collect();
            let pairs: Vec<_> = results
                .iter()
                .map(|p| json!({"a": bots[p.a].to_string(), "b": bots[p.b].to_string(), "a_wins": p.a_wins, "b_wins": p.b_wins, "draws": p.draws}))
                .collect();
            writeln!(
                self.out,
                "{}",
                json!({"game": G::info().id, "games_per_pair": args.games, "seed": args.seed, "ratings": rows, "pairs": pairs, "seconds": seconds})
            )?;
            return Ok(());
        }
        writeln!(
            self.out,
            "{}: round robin, {} games per pair, seed {}, {:.1} s",
            &G::info().name.en,
            args.games,
            args.seed,
            seconds
        )?;
        let mut order: Vec<usize> = (0..bots.len()).collect();
        order.sort_by(|&x, &y| ratings[y].elo.total_cmp(&ratings[x].elo));
        writeln!(self.out, "  {:<28} {:>7} {:>9} {:>7}", "bot", "Elo", "95% ±", "score")?;
        for i in order {
            let r = &ratings[i];
            writeln!(
                self.out,
                "  {:<28} {:>7.0} {:>9.0} {:>6.1}%",
                bots[i].to_string(),
                r.elo,
                r.ci95,
                r.score * 100.0
            )?;
        }
        for p in &results {
            writeln!(
                self.out,
                "  {} vs {}: {}–{} ({} draws)",
                bots[p.a], bots[p.b], p.a_wins, p.b_wins, p.draws
            )?;
        }
        Ok(())
    }
}

fn play_pair<G: CatalogGame>(
    options: &G::Options,
    bots: &[SeatSpec],
    a: usize,
    b: usize,
    seats: usize,
    games: u64,
    seed: u64,
) -> Result<PairResult, String> {
    let mut result = PairResult { a, b, ..PairResult::default() };
    for half in 0..2 {
        // Half the games seat a first, half b first; seating rotates within each.
        let first = if half == 0 { a } else { b };
        let second = if half == 0 { b } else { a };
        let specs: Vec<SeatSpec> =
            (0..seats).map(|s| if s % 2 == 0 { bots[first].clone() } else { bots[second].clone() }).collect();
        let plan: Plan<G> =
            Plan { options, specs: &specs, seed: seed ^ ((a * 64 + b) as u64) << 32 ^ half, rotate: true };
        let count = if half == 0 { games / 2 } else { games - games / 2 };
        for i in 0..count {
            let game = plan.play(i)?;
            let outcome = &game.outcome;
            let winner = (0..seats).find(|&s| outcome.is_win(s)).map(|s| game.spec_at[s] % 2);
            match winner {
                Some(0) if first == a => result.a_wins += 1,
                Some(0) => result.b_wins += 1,
                Some(_) if first == a => result.b_wins += 1,
                Some(_) => result.a_wins += 1,
                None => result.draws += 1,
            }
        }
    }
    Ok(result)
}

/// One bot's rating.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rating {
    elo: f64,
    /// Half-width of the 95% interval, in Elo.
    ci95: f64,
    /// Points scored over games played (draws half).
    score: f64,
    games: u64,
}

/// Bradley–Terry strengths by the minorization–maximization iteration,
/// on the Elo scale (mean 0); intervals from the diagonal of the Fisher
/// information. Draws count half a win for each side; an unbeaten or
/// winless bot gets a small prior (half a draw against every opponent) so
/// its rating stays finite.
fn bradley_terry(n: usize, pairs: &[PairResult]) -> Vec<Rating> {
    let mut wins = vec![vec![0.0f64; n]; n];
    for p in pairs {
        let d = p.draws as f64 / 2.0 + 0.25;
        wins[p.a][p.b] += p.a_wins as f64 + d;
        wins[p.b][p.a] += p.b_wins as f64 + d;
    }
    let games = |i: usize, j: usize| wins[i][j] + wins[j][i];
    let mut strength = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = strength.clone();
        for i in 0..n {
            let w: f64 = wins[i].iter().sum();
            let denom: f64 =
                (0..n).filter(|&j| j != i).map(|j| games(i, j) / (strength[i] + strength[j])).sum();
            next[i] = if denom > 0.0 { w / denom } else { strength[i] };
        }
        let mean_log = next.iter().map(|s| s.ln()).sum::<f64>() / n as f64;
        for s in &mut next {
            *s = (s.ln() - mean_log).exp();
        }
        let change = next.iter().zip(&strength).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        strength = next;
        if change < 1e-12 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..n)
        .map(|i| {
            let info: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = strength[i] / (strength[i] + strength[j]);
                    games(i, j) * p * (1.0 - p)
                })
                .sum();
            let played: f64 = (0..n).filter(|&j| j != i).map(|j| games(i, j)).sum();
            let real: u64 =
                pairs.iter().filter(|p| p.a == i || p.b == i).map(|p| p.a_wins + p.b_wins + p.draws).sum();
            Rating {
                elo: scale * strength[i].ln(),
                ci95: if info > 0.0 { 1.96 * scale / info.sqrt() } else { f64::INFINITY },
                score: if played > 0.0 { wins[i].iter().sum::<f64>() / played } else { 0.5 },
                games: real,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_follow_the_results() {
        // a beats b 75 to 25, b beats c 75 to 25: a > b > c, a - b ≈ b - c ≈ 190 Elo.
        let pairs = [
            PairResult { a: 0, b: 1, a_wins: 75, b_wins: 25, draws: 0 },
            PairResult { a: 1, b: 2, a_wins: 75, b_wins: 25, draws: 0 },
            PairResult { a: 0, b: 2, a_wins: 90, b_wins: 10, draws: 0 },
        ];
        let r = bradley_terry(3, &pairs);
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!(r.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6, "ratings are centred");
        let gap = r[0].elo - r[1].elo;
        assert!((150.0..260.0).contains(&gap), "gap {gap}");
        assert!(r.iter().all(|x| x.ci95 > 0.0 && x.ci95 < 200.0));
    }

    #[test]
    fn an_unbeaten_bot_stays_finite() {
        let r = bradley_terry(2, &[PairResult { a: 0, b: 1, a_wins: 40, b_wins: 0, draws: 0 }]);
        assert!(r[0].elo.is_finite() && r[0].elo > r[1].elo);
    }
}
