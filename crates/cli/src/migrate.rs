//! `spieltisch migrate --from sqlite:PATH --to postgres://…`: copies every
//! table of a server's SQLite database into an empty PostgreSQL database
//! (the step from one node to a cluster, [docs/deploy.md]): each table with
//! its actions, seats, tokens, names, progress, expiry and quarantine
//! marks. Then it reads every table back from the target, checks its
//! actions against the source's, replays every table that is not
//! quarantined, and prints the counts and a checksum of the whole copy.

use crate::error::CliError;
use clap::Args;
use spieltisch_server::DbAddress;
use spieltisch_server::storage::postgres::Postgres;
use spieltisch_server::store::{self, Checksum, StoreError};
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

/// One table as copied: enough to check and replay it on the target.
struct Copied {
    id: String,
    record: spieltisch_core::Record,
    quarantined: bool,
    sum: Checksum,
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
    let (source, target) = (from.display().to_string(), to.redacted());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Game(e.to_string()))?;
    let pg = runtime.block_on(Postgres::open(to, store::BUSY_TIMEOUT)).map_err(failed(target.clone()))?;
    if !runtime.block_on(pg.is_empty()).map_err(failed(target.clone()))? {
        return Err(CliError::Usage(format!(
            "{target} holds tables already: migrate copies into an empty database only"
        )));
    }
    let mut copied = Vec::new();
    let (mut actions, mut expired) = (0, 0);
    store::export_tables(from, |table| {
        runtime.block_on(pg.import(&table))?;
        actions += table.actions.len();
        expired += usize::from(table.expired.is_some());
        copied.push(Copied {
            sum: Checksum::of(&table.actions),
            quarantined: table.quarantined.is_some(),
            record: spieltisch_core::Record {
                format: table.row.format,
                options: serde_json::from_str(&table.row.options).unwrap_or_default(),
                game: table.row.game,
                seed: table.row.seed as u64,
                actions: table.actions,
            },
            id: table.row.id,
        });
        Ok(())
    })
    .map_err(failed(source))?;
    // Read back from the target: every table's actions as the source had them.
    let mut whole = (Checksum::of(&[]), Checksum::of(&[]));
    let mut replayed = 0;
    let mut unplayable = Vec::new();
    for table in &copied {
        let there = runtime.block_on(pg.stored_actions(&table.id)).map_err(failed(target.clone()))?;
        let line = |sum: Checksum| format!("{} {}", table.id, sum.hex());
        whole = (whole.0.then(&line(table.sum)), whole.1.then(&line(Checksum::of(&there))));
        if table.quarantined {
            continue;
        }
        let record = spieltisch_core::Record { actions: there, ..table.record.clone() };
        match spieltisch_catalog::session_from_record(&record) {
            Ok(_) => replayed += 1,
            Err(e) => unplayable.push(format!("{}: {e}", table.id)),
        }
    }
    let quarantined = copied.iter().filter(|t| t.quarantined).count();
    writeln!(
        out,
        "copied {} tables ({quarantined} quarantined, {expired} expired) with {actions} actions to {target}",
        copied.len()
    )?;
    writeln!(out, "replayed on the target: {replayed} of {}", copied.len() - quarantined)?;
    for why in &unplayable {
        writeln!(out, "  does not replay: {why}")?;
    }
    writeln!(out, "checksum: source {}, target {}", whole.0.hex(), whole.1.hex())?;
    if whole.0 != whole.1 {
        return Err(CliError::Game("the copy differs from the source: do not use it".into()));
    }
    Ok(())
}
