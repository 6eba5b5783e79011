//! Copying stored tables into another database and checking the copy,
//! as `spieltisch migrate` and `spieltisch admin salvage` do: each table
//! is written with its actions, seats, tokens, names, progress, expiry and
//! quarantine marks; then every table is read back from the target, its
//! actions compared with what was copied, every table that is not
//! quarantined replayed, and the counts and a checksum of the whole copy
//! printed.

use crate::error::CliError;
use spieltisch_server::storage::{Checksum, Exported, StoreError};
use std::io::Write;

/// A database that tables are copied into.
pub(crate) trait Target {
    /// Stores `table` with everything written of it.
    fn import(&mut self, table: &Exported) -> Result<(), StoreError>;
    /// A table's actions as the target holds them.
    fn stored_actions(&mut self, table: &str) -> Result<Vec<String>, StoreError>;
}

/// One table as copied: enough to check and replay it on the target.
struct Copied {
    id: String,
    record: spieltisch_core::Record,
    quarantined: bool,
    sum: Checksum,
}

/// The tables copied so far.
#[derive(Default)]
pub(crate) struct Copying {
    copied: Vec<Copied>,
    actions: usize,
    expired: usize,
}

impl Copying {
    /// Copies `table` into `target`.
    pub(crate) fn table(&mut self, target: &mut impl Target, table: Exported) -> Result<(), StoreError> {
        target.import(&table)?;
        self.actions += table.actions.len();
        self.expired += usize::from(table.expired.is_some());
        self.copied.push(Copied {
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
    }

    /// Reads every copied table back from `target` (named `name`), replays
    /// those not quarantined, and prints the counts and the checksums of
    /// the source and of the copy; an error if they differ.
    pub(crate) fn check(
        self,
        target: &mut impl Target,
        name: &str,
        out: &mut impl Write,
    ) -> Result<(), CliError> {
        let failed = |e: StoreError| CliError::BadFile { path: name.into(), reason: e.to_string() };
        let mut whole = (Checksum::of(&[]), Checksum::of(&[]));
        let mut replayed = 0;
        let mut unplayable = Vec::new();
        for table in &self.copied {
            let there = target.stored_actions(&table.id).map_err(failed)?;
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
        let quarantined = self.copied.iter().filter(|t| t.quarantined).count();
        writeln!(
            out,
            "copied {} tables ({quarantined} quarantined, {} expired) with {} actions to {name}",
            self.copied.len(),
            self.expired,
            self.actions
        )?;
        writeln!(out, "replayed on the target: {replayed} of {}", self.copied.len() - quarantined)?;
        for why in &unplayable {
            writeln!(out, "  does not replay: {why}")?;
        }
        writeln!(out, "checksum: source {}, target {}", whole.0.hex(), whole.1.hex())?;
        if whole.0 != whole.1 {
            return Err(CliError::Game("the copy differs from the source: do not use it".into()));
        }
        Ok(())
    }
}
