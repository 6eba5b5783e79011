//! `spieltisch migrate --from sqlite:PATH --to postgres://…`: copies every
//! table of a server's SQLite database into an empty PostgreSQL database
//! (the step from one node to a cluster, [docs/deploy.md]): each table with
//! its actions, seats, tokens, names, progress, expiry and quarantine
//! marks; then it checks the copy ([`crate::copy`]).

use crate::copy::{Copying, Target};
use crate::error::CliError;
use clap::Args;
use spieltisch_server::DbAddress;
use spieltisch_server::storage::postgres::Postgres;
use spieltisch_server::storage::{self, Exported, StoreError, sqlite};
use std::io::Write;

#[derive(Debug, Args)]
pub struct MigrateArgs {
    /// The database to copy: sqlite:PATH, or a bare PATH (stop its server
    /// first, so that nothing is written meanwhile).
    #[arg(long, value_name = "ADDRESS")]
    from: DbAddress,
    /// The PostgreSQL database to copy into: postgres://USER@HOST:PORT/DBNAME.
    /// It must hold no tables; its schema is made.
    #[arg(long, value_name = "ADDRESS")]
    to: DbAddress,
}

/// A PostgreSQL database as a target of the copy.
struct Postgresql<'a> {
    runtime: &'a tokio::runtime::Runtime,
    pg: &'a Postgres,
}

impl Target for Postgresql<'_> {
    fn import(&mut self, table: &Exported) -> Result<(), StoreError> {
        self.runtime.block_on(self.pg.import(table))
    }

    fn stored_actions(&mut self, table: &str) -> Result<Vec<String>, StoreError> {
        self.runtime.block_on(self.pg.stored_actions(table))
    }
}

pub fn run(args: &MigrateArgs, out: &mut impl Write) -> Result<(), CliError> {
    let DbAddress::Sqlite(from) = &args.from else {
        return Err(CliError::Usage("--from takes the SQLite database to copy: sqlite:PATH".into()));
    };
    let DbAddress::Postgres(to) = &args.to else {
        return Err(CliError::Usage(
            "--to takes a PostgreSQL database: postgres://USER@HOST:PORT/DBNAME".into(),
        ));
    };
    let failed =
        |path: String| move |e: StoreError| CliError::BadFile { path: path.into(), reason: e.to_string() };
    let (source, target_name) = (from.display().to_string(), to.redacted());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Game(e.to_string()))?;
    let pg =
        runtime.block_on(Postgres::open(to, storage::BUSY_TIMEOUT)).map_err(failed(target_name.clone()))?;
    if !runtime.block_on(pg.is_empty()).map_err(failed(target_name.clone()))? {
        return Err(CliError::Usage(format!(
            "{target_name} holds tables already: migrate copies into an empty database only"
        )));
    }
    let mut target = Postgresql { runtime: &runtime, pg: &pg };
    let mut copy = Copying::default();
    sqlite::export_tables(from, |table| copy.table(&mut target, table)).map_err(failed(source))?;
    copy.check(&mut target, &target_name, out)
}
