//! `spieltisch admin check` and `spieltisch admin salvage`: what is
//! damaged in a server's SQLite database, and a new database with every
//! table that reads back exactly ([`spieltisch_server::storage::sqlite::salvage`]).
//! PostgreSQL has its own tools for both (`amcheck`, backups and
//! point-in-time recovery); these read SQLite files only.

use crate::copy::{Copying, Target};
use crate::error::CliError;
use spieltisch_server::storage::sqlite::salvage::{Examined, Finding, NewDatabase, Verdict, examine};
use spieltisch_server::storage::{Exported, StoreError};
use std::io::Write;
use std::path::{Path, PathBuf};

impl Target for NewDatabase {
    fn import(&mut self, table: &Exported) -> Result<(), StoreError> {
        NewDatabase::import(self, table)
    }

    fn stored_actions(&mut self, table: &str) -> Result<Vec<String>, StoreError> {
        NewDatabase::stored_actions(self, table)
    }
}

fn unreadable(path: &Path) -> impl FnOnce(StoreError) -> CliError + '_ {
    move |e| CliError::BadFile { path: path.to_path_buf(), reason: e.to_string() }
}

/// Writes what `examined` found besides sound tables, one line each.
fn report(examined: &Examined, out: &mut impl Write) -> std::io::Result<()> {
    for page in &examined.pages {
        writeln!(out, "damaged page: {page}")?;
    }
    for note in &examined.notes {
        writeln!(out, "damaged: {note}")?;
    }
    for Finding { id, verdict } in &examined.findings {
        match verdict {
            Verdict::Sound => {}
            Verdict::Quarantined { reason } => writeln!(out, "quarantined: {id}: {reason}")?,
            Verdict::Lost { reason } => writeln!(out, "lost: {id}: {reason}")?,
        }
    }
    let count = |sound: fn(&Verdict) -> bool| examined.findings.iter().filter(|f| sound(&f.verdict)).count();
    writeln!(
        out,
        "{} tables: {} sound, {} quarantined, {} lost",
        examined.findings.len(),
        count(|v| *v == Verdict::Sound),
        count(|v| matches!(v, Verdict::Quarantined { .. })),
        count(|v| matches!(v, Verdict::Lost { .. })),
    )
}

/// A folder of its own for the copy that is examined.
fn scratch(beside: &Path) -> PathBuf {
    let name = beside.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    beside.with_file_name(format!(".{name}.examining-{}", std::process::id()))
}

/// `admin check`: reports the damage of the database at `path`; an error
/// (naming the command that salvages it) if there is any.
pub fn check(path: &Path, json: bool, out: &mut impl Write) -> Result<(), CliError> {
    let examined =
        examine(path, &std::env::temp_dir().join(scratch(path).file_name().unwrap_or_default()), |_, _| {
            Ok(())
        })
        .map_err(unreadable(path))?;
    if json {
        let line = serde_json::to_string(&examined).map_err(|e| CliError::Game(e.to_string()))?;
        writeln!(out, "{line}")?;
    } else {
        report(&examined, out)?;
    }
    if examined.is_sound() {
        return Ok(());
    }
    Err(CliError::BadFile {
        path: path.to_path_buf(),
        reason: format!(
            "damaged; copy every table that reads back exactly into a new file with `spieltisch admin salvage --from {} --to NEW.db`",
            path.display()
        ),
    })
}

/// `admin salvage`: copies every table of `from` that can be read into a
/// new database at `to` (those that do not read back exactly quarantined),
/// lists the rest as lost, and checks the copy.
pub fn salvage(from: &Path, to: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let mut target = NewDatabase::create(to).map_err(unreadable(to))?;
    let mut copy = Copying::default();
    let examined = examine(from, &scratch(to), |_, table| match table {
        Some(table) => copy.table(&mut target, table),
        None => Ok(()),
    });
    let examined = match examined {
        Ok(examined) => examined,
        Err(e) => {
            // Nothing was salvaged into the file this command made.
            drop(target);
            let _ = std::fs::remove_file(to);
            let _ = std::fs::remove_file(PathBuf::from(format!("{}-wal", to.display())));
            let _ = std::fs::remove_file(PathBuf::from(format!("{}-shm", to.display())));
            return Err(unreadable(from)(e));
        }
    };
    report(&examined, out)?;
    copy.check(&mut target, &to.display().to_string(), out)?;
    writeln!(out, "serve the salvaged tables with `spieltisch serve --db {}`", to.display())?;
    Ok(())
}
