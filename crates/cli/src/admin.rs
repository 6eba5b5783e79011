//! `spieltisch admin`: looking after a server's database while the server
//! is stopped or running (SQLite lets both at once): listing its tables,
//! quarantined ones among them, and deleting tables, the only way anything
//! stored is ever deleted.

use crate::error::CliError;
use clap::{Args, Subcommand};
use spieltisch_server::{DbAddress, store};
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
}

#[derive(Debug, Subcommand)]
enum AdminCommand {
    /// List the stored tables: id, game, actions stored, whom each waits
    /// for (people, bots, or over), which expired unfinished, and why a
    /// quarantined table is out of service.
    Tables {
        /// The database: sqlite:PATH or a bare PATH (default: the one
        /// `spieltisch serve` uses).
        #[arg(long, value_name = "ADDRESS")]
        db: Option<DbAddress>,
        /// Only the tables the server found damaged and keeps out of service.
        #[arg(long)]
        quarantined: bool,
        /// One JSON object per line instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Delete tables with all their actions, for good.
    Purge {
        /// The database: sqlite:PATH or a bare PATH (default: the one
        /// `spieltisch serve` uses).
        #[arg(long, value_name = "ADDRESS")]
        db: Option<DbAddress>,
        /// The ids of the tables to delete.
        #[arg(required = true, value_name = "TABLE")]
        tables: Vec<String>,
    },
}

pub fn run(args: &AdminArgs, out: &mut impl Write) -> Result<(), CliError> {
    let failed = |path: &PathBuf, e: store::StoreError| CliError::BadFile {
        path: path.clone(),
        reason: e.to_string(),
    };
    match &args.command {
        AdminCommand::Tables { db: given, quarantined, json } => {
            let path = database_file(given)?;
            let tables = store::list_tables(&path, *quarantined).map_err(|e| failed(&path, e))?;
            for table in &tables {
                if *json {
                    writeln!(
                        out,
                        "{}",
                        serde_json::to_string(table).map_err(|e| CliError::Game(e.to_string()))?
                    )?;
                } else {
                    let state = match (&table.quarantined, table.expired, &table.waiting) {
                        (Some(why), _, _) => format!("quarantined: {why}"),
                        (None, Some(_), _) => "expired unfinished".to_string(),
                        (None, None, Some(waiting)) => waiting.clone(),
                        (None, None, None) => "not loaded since an older build".to_string(),
                    };
                    writeln!(out, "{}  {:<12}  {:>6} actions  {state}", table.id, table.game, table.actions)?;
                }
            }
            if !*json && tables.is_empty() {
                writeln!(out, "{}", if *quarantined { "no quarantined tables" } else { "no tables" })?;
            }
        }
        AdminCommand::Purge { db: given, tables } => {
            let path = database_file(given)?;
            let deleted = store::purge(&path, tables).map_err(|e| failed(&path, e))?;
            for id in tables {
                let said = if deleted.contains(id) { "deleted" } else { "not found" };
                writeln!(out, "{id}: {said}")?;
            }
            if deleted.len() != tables.len() {
                return Err(CliError::Usage(format!(
                    "{} of {} tables not found",
                    tables.len() - deleted.len(),
                    tables.len()
                )));
            }
        }
    }
    Ok(())
}

/// The file of the database `given` (default: the one `spieltisch serve`
/// uses).
fn database_file(given: &Option<DbAddress>) -> Result<PathBuf, CliError> {
    match given.clone().unwrap_or_else(|| DbAddress::Sqlite(crate::serve::default_db())) {
        DbAddress::Sqlite(path) => Ok(path),
        DbAddress::Memory => Err(CliError::Usage("a database in memory holds no stored tables".into())),
    }
}
