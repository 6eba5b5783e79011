//! `spieltisch admin`: looking after a server's database while the server
//! is stopped or running (SQLite and PostgreSQL let both at once): listing its tables,
//! quarantined ones among them, and deleting tables, the only way anything
//! stored is ever deleted; and, for a damaged SQLite file, checking it and
//! salvaging what reads back into a new one ([`crate::salvage`]).

use crate::error::CliError;
use clap::{Args, Subcommand};
use spieltisch_server::DbAddress;
use spieltisch_server::storage::postgres::Postgres;
use spieltisch_server::storage::{self, sqlite};
use std::io::Write;

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
        /// The database: sqlite:PATH, a bare PATH, or
        /// postgres://USER@HOST:PORT/DBNAME (default: the file `spieltisch
        /// serve` uses).
        #[arg(long, value_name = "ADDRESS")]
        db: Option<DbAddress>,
        /// Only the tables the server found damaged and keeps out of service.
        #[arg(long)]
        quarantined: bool,
        /// One JSON object per line instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Report what is damaged in an SQLite database: pages SQLite cannot
    /// read, tables lost on them, actions without a table, and tables that
    /// cannot be resumed exactly (actions that do not match their checksum,
    /// a replay that does not stand where the table's row says). Only
    /// reads the file (it examines a copy); exits with 1 if anything is
    /// damaged.
    Check {
        /// The database: sqlite:PATH or a bare PATH (default: the file
        /// `spieltisch serve` uses).
        #[arg(long, value_name = "ADDRESS")]
        db: Option<DbAddress>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Copy every table of a damaged SQLite database that can be read into
    /// a new database, those that do not read back exactly quarantined
    /// there; list the tables lost. The damaged file is only read.
    Salvage {
        /// The damaged database: sqlite:PATH or a bare PATH.
        #[arg(long, value_name = "ADDRESS")]
        from: DbAddress,
        /// Where to make the new database (no file may be there yet).
        #[arg(long, value_name = "PATH")]
        to: std::path::PathBuf,
    },
    /// Delete tables with all their actions, for good.
    Purge {
        /// The database: sqlite:PATH, a bare PATH, or
        /// postgres://USER@HOST:PORT/DBNAME (default: the file `spieltisch
        /// serve` uses).
        #[arg(long, value_name = "ADDRESS")]
        db: Option<DbAddress>,
        /// The ids of the tables to delete.
        #[arg(required = true, value_name = "TABLE")]
        tables: Vec<String>,
    },
}

pub fn run(args: &AdminArgs, out: &mut impl Write) -> Result<(), CliError> {
    match &args.command {
        AdminCommand::Tables { db: given, quarantined, json } => {
            let tables = on_database(given, |db| match db {
                Database::File(path) => sqlite::list_tables(path, *quarantined),
                Database::Postgres(url) => postgres(url, async |pg| pg.list(*quarantined).await),
            })?;
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
        AdminCommand::Check { db: given, json } => crate::salvage::check(&sqlite_file(given)?, *json, out)?,
        AdminCommand::Salvage { from, to } => {
            crate::salvage::salvage(&sqlite_file(&Some(from.clone()))?, to, out)?;
        }
        AdminCommand::Purge { db: given, tables } => {
            let deleted = on_database(given, |db| match db {
                Database::File(path) => sqlite::purge(path, tables),
                Database::Postgres(url) => postgres(url, async |pg| pg.purge(tables).await),
            })?;
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

/// The SQLite file `given` names (default: the file `spieltisch serve`
/// uses), for the commands that read SQLite files only.
fn sqlite_file(given: &Option<DbAddress>) -> Result<std::path::PathBuf, CliError> {
    match given.clone().unwrap_or_else(|| DbAddress::Sqlite(crate::serve::default_db())) {
        DbAddress::Sqlite(path) => Ok(path),
        _ => Err(CliError::Usage(
            "check and salvage read SQLite files (sqlite:PATH); PostgreSQL has its own tools (amcheck, backups)"
                .into(),
        )),
    }
}

/// A database that holds stored tables.
enum Database {
    File(std::path::PathBuf),
    Postgres(spieltisch_server::PostgresUrl),
}

/// Runs `command` on the database `given` (default: the file `spieltisch
/// serve` uses), saying which database failed if it does.
fn on_database<T>(
    given: &Option<DbAddress>,
    command: impl FnOnce(&Database) -> Result<T, storage::StoreError>,
) -> Result<T, CliError> {
    let database = match given.clone().unwrap_or_else(|| DbAddress::Sqlite(crate::serve::default_db())) {
        DbAddress::Sqlite(path) => Database::File(path),
        DbAddress::Postgres(url) => Database::Postgres(url),
        DbAddress::Memory => {
            return Err(CliError::Usage("a database in memory holds no stored tables".into()));
        }
    };
    command(&database).map_err(|e| CliError::BadFile {
        path: match &database {
            Database::File(path) => path.clone(),
            Database::Postgres(url) => url.redacted().into(),
        },
        reason: e.to_string(),
    })
}

/// Runs `command` on the PostgreSQL database at `url`, brought to today's
/// schema.
fn postgres<T>(
    url: &spieltisch_server::PostgresUrl,
    command: impl AsyncFnOnce(&Postgres) -> Result<T, storage::StoreError>,
) -> Result<T, storage::StoreError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| storage::StoreError::Failed(e.to_string()))?;
    runtime.block_on(async {
        let pg = Postgres::open(url, storage::BUSY_TIMEOUT).await?;
        command(&pg).await
    })
}
