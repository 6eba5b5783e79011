//! PostgreSQL's schema: its steps, oldest first, and how opening a
//! database runs those it lacks (or refuses one it cannot use). Apart from
//! the engine because it runs only when a node starts.

use super::{Postgres, failed};
use crate::storage::error::StoreError;
use crate::storage::migrations::{HISTORY, Migration, due, version_of};
use crate::storage::rows::now;

/// Every step, oldest first; only ever appended to.
const MIGRATIONS: &[Migration<&str>] = &[
    Migration {
        name: "baseline",
        step: "CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed BIGINT NOT NULL,
            seats TEXT NOT NULL,
            spectator_token TEXT NOT NULL,
            created_at BIGINT NOT NULL,
            format INTEGER NOT NULL,
            creator TEXT,
            version BIGINT NOT NULL,
            checksum TEXT NOT NULL,
            turn TEXT,
            waiting TEXT,
            ranks TEXT,
            active_at BIGINT NOT NULL,
            visited BOOLEAN NOT NULL,
            public BOOLEAN NOT NULL,
            expired BIGINT,
            quarantined TEXT
        );
        CREATE TABLE actions (
            table_id TEXT NOT NULL REFERENCES tables (id),
            idx BIGINT NOT NULL,
            action TEXT NOT NULL,
            PRIMARY KEY (table_id, idx)
        );
        CREATE INDEX unfinished ON tables (created_at)
            WHERE quarantined IS NULL AND expired IS NULL AND waiting IS DISTINCT FROM 'over';
        CREATE INDEX public_tables ON tables (created_at) WHERE public;",
    },
    // Which node of a cluster owns a table, until when (seconds since the
    // epoch, by the database's clock, so the nodes' clocks do not matter).
    Migration {
        name: "leases",
        step: "CREATE TABLE table_leases (
            table_id TEXT PRIMARY KEY REFERENCES tables (id),
            node TEXT NOT NULL,
            expires_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX table_leases_node ON table_leases (node);",
    },
    // The caps on unfinished tables per creator are counted at every
    // creation (the total uses `unfinished`).
    Migration {
        name: "unfinished by creator",
        step: "CREATE INDEX unfinished_by_creator ON tables (creator)
            WHERE quarantined IS NULL AND expired IS NULL AND waiting IS DISTINCT FROM 'over';",
    },
];

/// The schema version this build writes and reads.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Taken for the migration's transaction, so that nodes starting at once
/// run the steps one after the other (the second finds them done).
const MIGRATION_LOCK: i64 = 0x5350_4945_4c54_4953; // "SPIELTIS"

impl Postgres {
    /// Runs every step the database lacks, in one transaction.
    pub(super) async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await.map_err(failed)?;
        let done = schema_version(&tx).await?;
        if done == SCHEMA_VERSION {
            // Today's schema: only read, so a node may run as a role that
            // cannot create tables.
            return tx.commit().await.map_err(failed);
        }
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                applied_at BIGINT NOT NULL
            )",
        )
        .await
        .map_err(failed)?;
        for (version, step) in due(MIGRATIONS, done) {
            tx.batch_execute(step.step).await.map_err(failed)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                &[&(version as i32), &step.name, &now()],
            )
            .await
            .map_err(failed)?;
        }
        tx.commit().await.map_err(failed)
    }
}

/// The database's schema version: how many steps it has run (0 for a new
/// one). Refuses one this build cannot read: of a newer build, with other
/// steps than this build's, or made by another program.
async fn schema_version(client: &deadpool_postgres::Transaction<'_>) -> Result<usize, StoreError> {
    let exists = |name: &'static str| async move {
        let row = client.query_one("SELECT to_regclass($1) IS NOT NULL", &[&name]).await.map_err(failed)?;
        Ok::<bool, StoreError>(row.get(0))
    };
    if !exists("schema_migrations").await? {
        for table in ["tables", "actions"] {
            if exists(table).await? {
                return Err(StoreError::Unrecognised(format!(
                    "it has a table '{table}' but no schema_migrations: spieltisch did not make it"
                )));
            }
        }
        return Ok(0);
    }
    let applied: Vec<(i64, String)> = client
        .query(HISTORY, &[])
        .await
        .map_err(failed)?
        .iter()
        .map(|r| (i64::from(r.get::<_, i32>(0)), r.get(1)))
        .collect();
    version_of(MIGRATIONS, &applied)
}
