//! `spieltisch analyze`: the best moves for the seat to move, by its own view.

use crate::error::CliError;
use clap::Args;
use spieltisch_catalog::{FileAccess, SeatSpec, load_session, read_record_files, session_from_record};
use spieltisch_core::{Record, Turn};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The game id.
    pub game: String,
    /// A saved state (the engine's `state` reply, or its `state` field) or a
    /// game record (`play --save`).
    #[arg(long, value_name = "FILE")]
    pub state: PathBuf,
    /// The seat to advise; it must be the seat to move (default: that seat).
    #[arg(long)]
    pub seat: Option<usize>,
    /// The searching bot: medium, hard, mcts:…, ismcts:….
    #[arg(long, default_value = "hard")]
    pub bot: String,
    /// How many moves to list.
    #[arg(long, default_value_t = 10)]
    pub top: usize,
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &AnalyzeArgs, out: &mut impl Write) -> Result<(), CliError> {
    let text = std::fs::read_to_string(&args.state)
        .map_err(|source| CliError::File { path: args.state.clone(), source })?;
    let bad = |reason: String| CliError::BadFile { path: args.state.clone(), reason };
    let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let json = json.get("state").cloned().unwrap_or(json);
    let session = if json.get("actions").is_some() && json.get("seed").is_some() {
        let mut record: Record =
            serde_json::from_value(json).map_err(|e| bad(format!("not a game record: {e}")))?;
        read_record_files(&mut record, FileAccess::Local)?;
        session_from_record(&record)?
    } else {
        load_session(&json)?
    };
    if session.info().id != args.game {
        return Err(bad(format!("the file holds a game of {}, not {}", session.info().id, args.game)));
    }
    let seat = match session.turn() {
        Turn::Seat(s) => s,
        Turn::Over => return Err(CliError::Usage("the game is over: nothing to analyse".into())),
        Turn::Chance => return Err(CliError::Usage("chance is to move, not a seat".into())),
    };
    if let Some(asked) = args.seat
        && asked != seat
    {
        return Err(CliError::Usage(format!("seat {asked} is not to move (seat {seat} is)")));
    }
    let spec: SeatSpec = args.bot.parse()?;
    let moves = session.analyze(&spec)?;
    if args.json {
        let reply =
            serde_json::json!({"game": args.game, "seat": seat, "bot": spec.to_string(), "moves": moves});
        writeln!(out, "{reply}")?;
        return Ok(());
    }
    writeln!(out, "{}: seat {seat} to move; {} thinks:", args.game, spec)?;
    writeln!(out, "  {:<28} {:>8} {:>8}", "move", "visits", "win")?;
    for m in moves.iter().take(args.top) {
        writeln!(out, "  {:<28} {:>8} {:>7.1}%", m.action, m.visits, m.win * 100.0)?;
    }
    Ok(())
}
