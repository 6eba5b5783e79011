//! The schema of either engine as versioned steps, and the rules both run
//! them by, written once: each engine lists its own steps (SQL for
//! PostgreSQL, a function of the connection for SQLite, whose first step
//! brings up the files of builds before versioned steps) and records each
//! step it has run in `schema_migrations` (version, name, when); a
//! database's version is how many steps it has run. Apart from the
//! engines, which only read that history, run the steps [`due`] in one
//! transaction and record them.
//!
//! A database whose history is not a beginning of this build's steps is
//! refused before anything is written to it: more steps than this build
//! knows (a newer build's, [`StoreError::Newer`]), or other ones (another
//! line of builds, [`StoreError::Unrecognised`]).

use super::error::StoreError;

/// One step of a schema, run once per database, in order.
pub(crate) struct Migration<Step> {
    /// Recorded with the step's version in `schema_migrations`; a database
    /// whose steps have other names than this build's was written by
    /// another line of builds and is refused.
    pub(crate) name: &'static str,
    /// What the step runs, in the engine's terms.
    pub(crate) step: Step,
}

/// Where each engine records the steps it has run, read in order of
/// version as `(version, name)`.
pub(crate) const HISTORY: &str = "SELECT version, name FROM schema_migrations ORDER BY version";

/// The version of a database whose [`HISTORY`] is `applied`: how many of
/// `steps` (an engine's, oldest first) it has run. Refuses a database of a
/// newer build, and one whose steps are not these.
pub(crate) fn version_of<Step>(
    steps: &[Migration<Step>],
    applied: &[(i64, String)],
) -> Result<usize, StoreError> {
    if applied.len() > steps.len() {
        return Err(StoreError::Newer { found: applied.len(), known: steps.len() });
    }
    for (i, ((version, name), step)) in applied.iter().zip(steps).enumerate() {
        if *version != i as i64 + 1 {
            return Err(StoreError::Unrecognised(format!(
                "its schema steps skip version {} (the next recorded is {version})",
                i + 1
            )));
        }
        if *name != step.name {
            return Err(StoreError::Unrecognised(format!(
                "its schema step {version} is '{name}', this build's is '{}'",
                step.name
            )));
        }
    }
    Ok(applied.len())
}

/// The steps a database at version `done` lacks, oldest first, each with
/// the version it brings the database to (step `i` of the list brings it
/// to `i + 1`): to be run and recorded in one transaction.
pub(crate) fn due<Step>(
    steps: &[Migration<Step>],
    done: usize,
) -> impl Iterator<Item = (i64, &Migration<Step>)> {
    steps.iter().enumerate().skip(done).map(|(i, step)| (i as i64 + 1, step))
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: &[Migration<&str>] =
        &[Migration { name: "baseline", step: "a" }, Migration { name: "leases", step: "b" }];

    fn applied(steps: &[(i64, &str)]) -> Vec<(i64, String)> {
        steps.iter().map(|(version, name)| (*version, name.to_string())).collect()
    }

    #[test]
    fn a_beginning_of_the_steps_is_a_version_and_the_rest_are_due() {
        assert_eq!(version_of(STEPS, &[]).unwrap(), 0);
        assert_eq!(version_of(STEPS, &applied(&[(1, "baseline")])).unwrap(), 1);
        let rest: Vec<(i64, &str)> = due(STEPS, 1).map(|(version, step)| (version, step.step)).collect();
        assert_eq!(rest, [(2, "b")]);
        assert_eq!(version_of(STEPS, &applied(&[(1, "baseline"), (2, "leases")])).unwrap(), 2);
        assert_eq!(due(STEPS, 2).count(), 0);
    }

    #[test]
    fn more_steps_or_other_ones_are_refused() {
        let newer = applied(&[(1, "baseline"), (2, "leases"), (3, "later")]);
        assert!(matches!(version_of(STEPS, &newer), Err(StoreError::Newer { found: 3, known: 2 })));
        let other = version_of(STEPS, &applied(&[(1, "another line")])).unwrap_err();
        assert!(matches!(&other, StoreError::Unrecognised(why) if why.contains("another line")), "{other}");
        let skipped = version_of(STEPS, &applied(&[(2, "leases")])).unwrap_err();
        assert!(
            matches!(&skipped, StoreError::Unrecognised(why) if why.contains("skip version 1")),
            "{skipped}"
        );
    }
}
