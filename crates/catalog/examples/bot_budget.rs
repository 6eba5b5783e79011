//! The budget benchmark: what one server bot decision at a game's cap
//! costs, in CPU time of the search thread, from positions spread over
//! whole games at the game's most expensive accepted options. It is the
//! calibration of the server's bot budgets: each game's
//! [`CatalogGame::ITERATIONS_PER_SECOND`] is chosen so that a decision at
//! the cap (`--bot-max-ms` at that rate) costs a median within the budget
//! and a 99th percentile under twice it; the four games' rates hold the
//! 99th percentile within the budget itself, since an attacker keeps its
//! tables where decisions cost most (figures in `docs/benchmarks.md`).
//!
//! For each case it plays seeded games with the heuristic bot on every seat
//! and takes `--per-game` positions from each, evenly spread from the first
//! decision to the last (late positions included); at each it lets the
//! server's bot decide exactly as a table does
//! ([`DynSession::bot_move_within`] under [`BotLimits`]: the cap's
//! iterations on one thread), and times it in the thread's own CPU time
//! (Linux: `/proc/thread-self/schedstat`, so other work on the machine
//! counts little; elsewhere the wall clock). The safety net's deadline is
//! lifted here, so that every search runs its iterations.
//!
//! `cargo run --release -p spieltisch-catalog --example bot_budget -- [--game ID] [--kind mcts|ismcts]
//! [--games N] [--per-game N] [--iters N] [--max-ms MS]`
//!
//! `--iters` searches that many iterations in place of the cap, to find a
//! rate that holds (the last column: the iterations per CPU-second at which
//! the median would be the budget and the 99th percentile twice it,
//! whichever is lower).

use spieltisch_catalog::{BotLimits, CatalogGame, DynSession, GameVisitor, SeatSpec, new_session, with_game};
use spieltisch_core::Turn;
use std::time::Instant;

/// A game at its most expensive accepted options, with the search bot that
/// costs most there.
struct Case {
    game: &'static str,
    options: &'static [&'static str],
    kind: &'static str,
}

/// The most players, the longest matches and the heaviest rules each game
/// accepts; `ismcts` draws a world every iteration, the most expensive
/// search of all four games.
const CASES: &[Case] = &[
    Case { game: "six", options: &["players=4", "games=99", "move_limit=5000"], kind: "ismcts" },
    Case { game: "sechstage", options: &["players=8", "races=20"], kind: "ismcts" },
    Case { game: "ausreisser", options: &["players=6", "stages=10", "special=true"], kind: "ismcts" },
    Case { game: "reifenbreite", options: &["teams=4", "course=tour", "rules=pro"], kind: "ismcts" },
];

/// The thread's CPU time in seconds, or the wall clock since `start` where
/// it cannot be read.
fn cpu_seconds(start: Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(|| start.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// `key=value` pairs as a JSON object of options (numbers and booleans as
/// such, anything else as text).
fn options_json(pairs: &[&str]) -> serde_json::Value {
    let map = pairs
        .iter()
        .map(|pair| {
            let (key, value) = pair.split_once('=').expect("options are key=value");
            let value = value.parse::<i64>().map(serde_json::Value::from).unwrap_or_else(|_| {
                value.parse::<bool>().map_or_else(|_| value.into(), serde_json::Value::from)
            });
            (key.to_string(), value)
        })
        .collect();
    serde_json::Value::Object(map)
}

/// `per_game` positions of the seeded game `seed`, evenly spread from its
/// first decision to its last (a decision with one legal action is not a
/// search, and is left out).
fn positions(case: &Case, seed: u64, per_game: usize) -> Vec<Box<dyn DynSession>> {
    let heuristic = SeatSpec::plain("heuristic");
    let mut session = new_session(case.game, &options_json(case.options), seed).expect("valid options");
    let mut decisions = Vec::new();
    loop {
        session.run_chance();
        if session.turn() == Turn::Over {
            break;
        }
        if session.legal().len() > 1 {
            decisions.push(session.clone_box());
        }
        session.bot_move(&heuristic).expect("the heuristic bot moves");
    }
    let last = decisions.len().saturating_sub(1);
    let picks: Vec<usize> = (0..per_game).map(|i| i * last / per_game.saturating_sub(1).max(1)).collect();
    picks.into_iter().filter_map(|i| decisions.get(i).map(|d| d.clone_box())).collect()
}

/// The game's iteration cap under `limits`.
struct Cap<'a>(&'a BotLimits);

impl GameVisitor for Cap<'_> {
    type Output = u64;
    fn visit<G: CatalogGame>(self) -> u64 {
        self.0.max_iterations::<G>()
    }
}

/// The `p`-th percentile (nearest rank) of sorted figures.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

struct Args {
    game: Option<String>,
    kind: Option<String>,
    games: u64,
    per_game: usize,
    iters: Option<u64>,
    max_ms: u64,
}

const USAGE: &str = "usage: bot_budget [--game six|sechstage|ausreisser|reifenbreite] [--kind mcts|ismcts] \
     [--games N] [--per-game N] [--iters N] [--max-ms MS]";

/// The command line, or why it cannot be used.
fn args() -> Result<Args, String> {
    let mut args = Args { game: None, kind: None, games: 6, per_game: 10, iters: None, max_ms: 2000 };
    let mut given = std::env::args().skip(1);
    while let Some(flag) = given.next() {
        let value = given.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || match value.parse::<u64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("{flag}: '{value}' is not a positive number")),
        };
        match flag.as_str() {
            "--game" if CASES.iter().any(|c| c.game == value) => args.game = Some(value.clone()),
            "--kind" if matches!(value.as_str(), "mcts" | "ismcts") => args.kind = Some(value.clone()),
            "--game" | "--kind" => return Err(format!("{flag}: '{value}' is not one of those above")),
            "--games" => args.games = number()?,
            "--per-game" => args.per_game = number()? as usize,
            "--iters" => args.iters = Some(number()?),
            "--max-ms" => args.max_ms = number()?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(args)
}

fn main() {
    let args = args().unwrap_or_else(|why| {
        eprintln!("{why}\n{USAGE}");
        std::process::exit(2)
    });
    // The safety net is lifted: the benchmark measures the iterations' cost.
    let limits = BotLimits { max_ms: args.max_ms, deadline_factor: 1000, ..BotLimits::default() };
    let budget_s = args.max_ms as f64 / 1000.0;
    println!(
        "| game | options | bot | decisions | median CPU ms | p90 | p99 | max | steps per iteration | holding rate |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for case in CASES.iter().filter(|c| args.game.as_deref().is_none_or(|g| g == c.game)) {
        let kind = args.kind.as_deref().unwrap_or(case.kind);
        let cap = with_game(case.game, Cap(&limits)).expect("a registered game");
        let iterations = args.iters.unwrap_or(cap);
        let spec: SeatSpec = format!("{kind}:iters={iterations}").parse().expect("a search spec");
        let (mut seconds, mut iters, mut steps, mut cut) = (Vec::new(), 0u64, 0u64, 0);
        for seed in 1..=args.games {
            for mut position in positions(case, seed, args.per_game) {
                let start = Instant::now();
                let before = cpu_seconds(start);
                let decided = position.bot_move_within(&spec, &limits).expect("the bot decides");
                seconds.push(cpu_seconds(start) - before);
                let report = decided.search.expect("a search");
                iters += report.effort.iterations;
                steps += report.effort.steps;
                cut += usize::from(report.cut_short());
            }
        }
        assert_eq!(cut, 0, "no search may be cut short here");
        seconds.sort_by(f64::total_cmp);
        let (median, p99) = (percentile(&seconds, 0.5), percentile(&seconds, 0.99));
        let holding = iterations as f64 * (budget_s / median).min(2.0 * budget_s / p99) / budget_s;
        let ms = |s: f64| format!("{:.0}", s * 1000.0);
        println!(
            "| {} | {} | {spec} | {} | {} | {} | {} | {} | {:.1} | {:.0} |",
            case.game,
            case.options.join(" "),
            seconds.len(),
            ms(median),
            ms(percentile(&seconds, 0.9)),
            ms(p99),
            ms(seconds[seconds.len() - 1]),
            steps as f64 / iters as f64,
            holding,
        );
    }
}
