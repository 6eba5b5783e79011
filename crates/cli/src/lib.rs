//! `spieltisch`: play, simulate and script the spieltisch games.
//!
//! - `spieltisch games [--json]`: the games, their seats and options;
//! - `spieltisch play GAME`: a game in the terminal against bots or hot-seat;
//! - `spieltisch sim GAME --seats a,b --games N`: many bot games in parallel,
//!   with win rates and a JSON summary;
//! - `spieltisch engine`: the JSON-lines protocol of `docs/protocol.md`;
//! - `spieltisch replay FILE`: steps through a record saved by `play --save`.
//!
//! Every failure is one line on standard error with a non-zero exit code
//! (2 for bad arguments, 1 otherwise).
//!
//! A library rather than only a binary so that a second, test-only binary
//! (`spieltisch-fixture-cli`) can register the test fixtures in its own
//! process and then run exactly these commands: the product's registry never
//! holds a fixture.

mod admin;
mod analyze;
mod copy;
mod engine;
mod error;
mod games_list;
mod input;
mod loadtest;
mod migrate;
mod play;
mod rate;
mod replay;
mod salvage;
mod serve;
mod setup;
mod sim;
mod text;
mod wilson;
mod words;

use clap::{Args, Parser, Subcommand};
use error::CliError;
use spieltisch_core::Lang;
use std::{io, path::PathBuf, process::ExitCode};

#[derive(Debug, Parser)]
#[command(name = "spieltisch", version, about = "Play, simulate and script classic German tabletop games.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the games with their seats and options.
    Games {
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Language of names and help texts (de or en).
        #[arg(long, default_value = "en")]
        lang: Lang,
    },
    /// Play a game in the terminal.
    Play(PlayArgs),
    /// Play many games between bots and summarise them.
    Sim(SimArgs),
    /// Serve the JSON-lines engine protocol on standard input and output.
    Engine,
    /// Step through a saved game record.
    Replay(ReplayArgs),
    /// Rate bots in a round robin (Bradley–Terry, Elo scale, 95% intervals).
    Rate(rate::RateArgs),
    /// The best moves for the seat to move in a saved game, with win chances.
    Analyze(analyze::AnalyzeArgs),
    /// Serve the web front end, the lobby and online play (see docs/api.md).
    Serve(serve::ServeArgs),
    /// Load a game server (spieltisch, or boardgame.io as an anchor) with many concurrent games over WebSocket.
    Loadtest(loadtest::LoadtestArgs),
    /// Look after a server's database: list tables (quarantined ones too), delete tables.
    Admin(admin::AdminArgs),
    /// Copy a server's SQLite database into an empty PostgreSQL database, checked and replayed.
    Migrate(migrate::MigrateArgs),
}

/// What a game is played with: options and seats.
#[derive(Debug, Args)]
pub(crate) struct TableArgs {
    /// The game id (see `spieltisch games`).
    pub game: String,
    /// Who sits where, comma-separated in seat order: human, random, heuristic.
    #[arg(long)]
    pub seats: Option<String>,
    /// A game option as key=value (repeatable); see `spieltisch games`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The seed of the game (chance and bots); the same seed plays the same game.
    #[arg(long)]
    pub seed: Option<u64>,
}

#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// Language of the board and messages (de or en).
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// Save the game record to FILE when the game ends (or is left).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub(crate) struct SimArgs {
    #[command(flatten)]
    pub table: TableArgs,
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Worker threads (default: one per core). Does not change the results.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print exactly one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// A record saved by `spieltisch play --save` (or the engine's `record`).
    pub file: PathBuf,
    /// Whose view to show (a seat from 0); default: the spectator's.
    #[arg(long)]
    pub seat: Option<usize>,
    /// Language of the board and messages (de or en).
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

fn run(cli: Cli) -> Result<(), CliError> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Games { json, lang } => games_list::run(json, lang, &mut out),
        Command::Play(args) => play::run(&args, &mut io::stdin().lock(), &mut out),
        Command::Sim(args) => sim::run(&args, &mut out),
        Command::Engine => engine::run(&mut io::stdin().lock(), &mut out),
        Command::Replay(args) => replay::run(&args, &mut io::stdin().lock(), &mut out),
        Command::Analyze(args) => analyze::run(&args, &mut out),
        Command::Rate(args) => rate::run(&args, &mut out),
        Command::Serve(args) => serve::serve(&args),
        Command::Loadtest(args) => loadtest::run(&args, &mut out),
        Command::Admin(args) => admin::run(&args, &mut out),
        Command::Migrate(args) => migrate::run(&args, &mut out),
    }
}

/// Serves the engine protocol of `spieltisch engine` (`docs/protocol.md`)
/// from `input` to `out` until `input` ends: one reply line for each request
/// line that is not blank. For drivers that speak the protocol in process
/// (the fuzz bodies of `spieltisch-fuzz`).
///
/// # Errors
/// Only when `input` cannot be read or `out` cannot be written; what the
/// requests say never ends the loop.
pub fn serve_engine(input: &mut dyn io::BufRead, out: &mut dyn io::Write) -> io::Result<()> {
    engine::run(input, out).map_err(|e| match e {
        CliError::Io(e) => e,
        other => io::Error::other(other.to_string()),
    })
}

/// Runs the command named on the command line and returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spieltisch: error: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}
