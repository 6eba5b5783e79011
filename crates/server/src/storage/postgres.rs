//! PostgreSQL: the database that the nodes of a cluster share
//! (`spieltisch serve --db postgres://…`).
//!
//! Every command runs on a connection of a pool, in a transaction of its
//! own, and is answered once it is committed (PostgreSQL's commit is
//! durable: its log is flushed). The database orders each table's actions:
//! an append locks the table's row, checks that the table has exactly as
//! many actions as the append says, and writes the actions under the
//! primary key (table, index), so two nodes can never both commit action N
//! of a table. The loser hears [`StoreError::OutOfOrder`], and its table
//! answers `action.stale`.
//!
//! A table is read back in one repeatable-read transaction, so that its
//! version, checksum and actions are of one moment even while another node
//! appends to it.
//!
//! # The schema
//!
//! As in SQLite ([`super::sqlite`]), and by the same rules (the shared
//! `storage/migrations.rs`): an ordered list of named steps
//! (`postgres/schema.rs`), each recorded in `schema_migrations` once it
//! has run, all those a database lacks run on start in one transaction. Nodes that
//! start together take an advisory lock first, so a step runs once. A
//! database of a newer build (more steps, or other ones) is refused
//! unchanged, and so is one whose tables another program made. The steps
//! are PostgreSQL's own: no database of an older build needs bringing up,
//! so step 1 is the schema as it is today.

mod admin;
mod schema;

pub use schema::SCHEMA_VERSION;

use super::checks::{
    LOADED_COLUMNS, SERVER_ACTS, SUMMARY_COLUMNS, StoredTable, UNFINISHED, in_order, public_table, summary,
};
use super::checksum::Checksum;
use super::contract::{Pending, Storage, Unfinished};
use super::error::{StoreError, TableCap, TableCaps};
use super::ledger::{Ledger, StoreHealth};
use super::progress::{Progress, ranks_json, turn_json};
use super::rows::{Loaded, PublicTable, ROW_COLUMNS, RawRow, Summary, TableRow, now};
use super::stored_progress::StoredProgress;
use super::table_sum::TableSum;
use super::written::{NewRow, upgraded_sum};
use crate::db_address::PostgresUrl;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime, Timeouts};
use spieltisch_core::Record;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio_postgres::{IsolationLevel, NoTls};

/// Connections a node keeps at most: enough for the commits of many
/// tables at once (each is a short transaction), few enough that a handful
/// of nodes stay well inside PostgreSQL's default of 100.
const POOL_SIZE: usize = 16;

/// Connections kept apart for renewing this node's leases and looking for
/// tables without owner, so that a node whose pool is busy with commits
/// still renews its leases in time (else it would lose every table at once
/// under load, and the other nodes take them over only to lose them too).
const LEASE_POOL_SIZE: usize = 2;

/// Taken for a creation's transaction, so that the count of unfinished
/// tables and the new table's row are one step across the cluster.
const CREATION_LOCK: i64 = 0x5350_4945_4c54_4341; // "SPIELTCA"

/// The server's tables in a PostgreSQL database.
#[derive(Debug)]
pub struct Postgres {
    pool: Pool,
    lease_pool: Pool,
    ledger: Arc<Ledger>,
}

/// A failed command as [`StoreError`]: wrong in itself if it broke a
/// constraint (class 23 of SQLSTATE), else worth trying again.
fn failed(e: tokio_postgres::Error) -> StoreError {
    let (message, transient) = match e.as_db_error() {
        Some(db) => (format!("{} ({})", db.message(), db.code().code()), !db.code().code().starts_with("23")),
        None => (e.to_string(), true),
    };
    StoreError::Postgres { message, transient }
}

fn pool_failed(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => failed(e),
        other => StoreError::Postgres { message: other.to_string(), transient: true },
    }
}

fn raw_row(r: &tokio_postgres::Row) -> RawRow {
    RawRow {
        id: r.get(0),
        game: r.get(1),
        options: r.get(2),
        seed: r.get(3),
        seats: r.get(4),
        spectator_token: r.get(5),
        created_at: r.get(6),
        format: r.get::<_, i32>(7) as u32,
        creator: r.get(8),
    }
}

/// The rows of `found` in the order their ids have in `ids` (a query with
/// `id = ANY(…)` answers in no particular order).
fn in_order_of<T>(ids: &[String], mut found: Vec<(String, T)>) -> Vec<T> {
    found.sort_by_key(|(id, _)| ids.iter().position(|i| i == id));
    found.into_iter().map(|(_, t)| t).collect()
}

impl Postgres {
    /// Connects to the database at `url` and brings its schema up to date;
    /// a write waits at most `busy_timeout` for a row another node has
    /// locked, and for a free connection.
    pub async fn open(url: &PostgresUrl, busy_timeout: Duration) -> Result<Self, StoreError> {
        let cannot = |reason: String| StoreError::Open { path: url.redacted().into(), reason };
        let mut config = tokio_postgres::Config::from_str(url.as_str()).map_err(|e| cannot(e.to_string()))?;
        let lock_timeout = format!("-c lock_timeout={}", busy_timeout.as_millis().max(1));
        let options = match config.get_options() {
            Some(given) => format!("{given} {lock_timeout}"),
            None => lock_timeout,
        };
        config.options(&options);
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(5));
        }
        if config.get_application_name().is_none() {
            config.application_name("spieltisch");
        }
        let wait = Some(busy_timeout.max(Duration::from_millis(100)));
        let pool_of = |size: usize| {
            let manager = Manager::from_config(
                config.clone(),
                NoTls,
                ManagerConfig { recycling_method: RecyclingMethod::Fast },
            );
            Pool::builder(manager)
                .max_size(size)
                .runtime(Runtime::Tokio1)
                .timeouts(Timeouts { wait, create: Some(Duration::from_secs(5)), recycle: wait })
                .build()
                .map_err(|e| cannot(e.to_string()))
        };
        let store = Postgres {
            pool: pool_of(POOL_SIZE)?,
            lease_pool: pool_of(LEASE_POOL_SIZE)?,
            ledger: Arc::new(Ledger::default()),
        };
        store.migrate().await.map_err(|e| match e {
            StoreError::Postgres { message, .. } => cannot(message),
            other => other,
        })?;
        Ok(store)
    }

    async fn client(&self) -> Result<deadpool_postgres::Client, StoreError> {
        self.pool.get().await.map_err(pool_failed)
    }

    /// A connection of the pool kept for the leases.
    async fn lease_client(&self) -> Result<deadpool_postgres::Client, StoreError> {
        self.lease_pool.get().await.map_err(pool_failed)
    }

    /// Runs `write` and keeps the ledger: how many writes wait, whether
    /// storage fails.
    async fn tracked<T>(&self, write: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
        self.ledger.queue.fetch_add(1, Ordering::Relaxed);
        let result = write.await;
        self.ledger.queue.fetch_sub(1, Ordering::Relaxed);
        match &result {
            Err(e) if e.is_transient() => self.ledger.failed(e, 1),
            Err(_) => {}
            Ok(_) => self.ledger.succeeded(),
        }
        result
    }

    /// Runs one statement in a transaction of its own; answers how many
    /// rows it changed.
    async fn execute(
        &self,
        sql: &str,
        params: &[&(dyn tokio_postgres::types::ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        let client = self.client().await?;
        let statement = client.prepare_cached(sql).await.map_err(failed)?;
        client.execute(&statement, params).await.map_err(failed)
    }

    async fn create_table(&self, row: TableRow, progress: Progress) -> Result<(), StoreError> {
        let client = self.client().await?;
        insert_table(&client, &row, &progress).await
    }

    /// Stores a new table unless the unfinished tables are at `caps`; the
    /// count and the row are written under one lock that every node's
    /// creations take, so no two nodes can both take the last place.
    async fn create_table_within(
        &self,
        row: TableRow,
        progress: Progress,
        caps: TableCaps,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&CREATION_LOCK]).await.map_err(failed)?;
        let count = tx
            .prepare_cached(&format!(
                "SELECT count(*), count(*) FILTER (WHERE creator = $1) FROM tables WHERE {UNFINISHED}"
            ))
            .await
            .map_err(failed)?;
        let counted = tx.query_one(&count, &[&row.creator]).await.map_err(failed)?;
        let (total, mine): (i64, i64) = (counted.get(0), counted.get(1));
        if usize::try_from(total).unwrap_or(usize::MAX) >= caps.total {
            return Err(StoreError::Cap(TableCap::Total(caps.total)));
        }
        if let Some(cap) = caps.per_creator
            && usize::try_from(mine).unwrap_or(usize::MAX) >= cap
        {
            return Err(StoreError::Cap(TableCap::PerCreator(cap)));
        }
        insert_table(&tx, &row, &progress).await?;
        tx.commit().await.map_err(failed)
    }

    async fn write_actions(
        &self,
        table: &str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        // The row lock orders the appends of every node to this table.
        let lock = tx
            .prepare_cached("SELECT version, checksum FROM tables WHERE id = $1 FOR UPDATE")
            .await
            .map_err(failed)?;
        let Some(found) = tx.query_opt(&lock, &[&table]).await.map_err(failed)? else {
            return Err(StoreError::Missing(table.to_string()));
        };
        let (stored, checksum): (i64, String) = (found.get(0), found.get(1));
        in_order(table, first_index, stored)?;
        // The checksum goes on in the version it was written in; an
        // unreadable one stays wrong: loading the table then finds it
        // damaged.
        let sum = TableSum::parse(&checksum).unwrap_or(TableSum::Actions(Checksum::EMPTY));
        insert_actions(&tx, table, first_index, &actions).await?;
        let sum = sum.then_all(&actions);
        let version = (first_index + actions.len()) as i64;
        let update = tx
            .prepare_cached(
                "UPDATE tables SET version = $2, checksum = $3, turn = $4, waiting = $5, active_at = $6, ranks = $7
                 WHERE id = $1",
            )
            .await
            .map_err(failed)?;
        tx.execute(
            &update,
            &[
                &table,
                &version,
                &sum.text(),
                &turn_json(progress.turn),
                &progress.waiting.word(),
                &now(),
                &ranks_json(&progress),
            ],
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    async fn upgrade_record(&self, table: &str, record: Record) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        let options = record.options.to_string();
        // The checksum covers the game and seed as stored.
        let Some(stored) = tx
            .query_opt(
                "UPDATE tables SET options = $2, format = $3 WHERE id = $1 RETURNING game, seed",
                &[&table, &options, &(record.format as i32)],
            )
            .await
            .map_err(failed)?
        else {
            return Err(StoreError::Missing(table.to_string()));
        };
        let (game, seed): (String, i64) = (stored.get(0), stored.get(1));
        tx.execute("DELETE FROM actions WHERE table_id = $1", &[&table]).await.map_err(failed)?;
        insert_actions(&tx, table, 0, &record.actions).await?;
        let sum = upgraded_sum(&game, seed, &record, &options);
        tx.execute(
            "UPDATE tables SET version = $2, checksum = $3 WHERE id = $1",
            &[&table, &(record.actions.len() as i64), &sum.text()],
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)
    }

    async fn mark_expired(&self, tables: Vec<String>) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!("UPDATE tables SET expired = $2 WHERE id = ANY($1) AND {UNFINISHED} RETURNING id"),
                &[&tables, &now()],
            )
            .await
            .map_err(failed)?;
        let marked = rows.iter().map(|r| (r.get::<_, String>(0), r.get::<_, String>(0))).collect();
        Ok(in_order_of(&tables, marked))
    }

    async fn load_table(&self, id: &str) -> Result<Option<Loaded>, StoreError> {
        let mut client = self.client().await?;
        let tx = client
            .build_transaction()
            .isolation_level(IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .await
            .map_err(failed)?;
        let read_row = tx
            .prepare_cached(&format!(
                "SELECT {ROW_COLUMNS}, {LOADED_COLUMNS} FROM tables WHERE id = $1 AND quarantined IS NULL"
            ))
            .await
            .map_err(failed)?;
        let Some(found) = tx.query_opt(&read_row, &[&id]).await.map_err(failed)? else {
            return Ok(None);
        };
        let table = StoredTable {
            raw: raw_row(&found),
            version: Some(found.get::<_, i64>(9)),
            checksum: Some(found.get::<_, String>(10)),
            expired: found.get(11),
            progress: StoredProgress {
                turn: found.get(12),
                waiting: found.get(13),
                ranks: found.get(14),
                stamped: false,
            },
        };
        if !table.needs_actions() {
            return Ok(Some(table.loaded(Vec::new())));
        }
        let read_actions = tx
            .prepare_cached("SELECT idx, action FROM actions WHERE table_id = $1 ORDER BY idx")
            .await
            .map_err(failed)?;
        let stored = tx
            .query(&read_actions, &[&id])
            .await
            .map_err(failed)?
            .iter()
            .map(|r| (r.get::<_, i64>(0), r.get::<_, String>(1)))
            .collect();
        tx.commit().await.map_err(failed)?;
        Ok(Some(table.loaded(stored)))
    }

    async fn table_summaries(&self, ids: Vec<String>) -> Result<Vec<Summary>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!(
                "SELECT {ROW_COLUMNS}, {SUMMARY_COLUMNS} FROM tables WHERE id = ANY($1) AND quarantined IS NULL"
            ))
            .await
            .map_err(failed)?;
        let mut found = Vec::new();
        for r in client.query(&query, &[&ids]).await.map_err(failed)? {
            let version = r.get::<_, i64>(9).max(0) as usize;
            let Some(summary) = summary(raw_row(&r), version, r.get(10), r.get(11), r.get(12)) else {
                continue;
            };
            found.push((summary.row.id.clone(), summary));
        }
        Ok(in_order_of(&ids, found))
    }

    async fn public(&self, limit: usize) -> Result<Vec<PublicTable>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!(
                "SELECT {ROW_COLUMNS}, waiting IS NOT DISTINCT FROM 'over', version FROM tables
                 WHERE public AND quarantined IS NULL AND expired IS NULL
                 ORDER BY created_at DESC, id LIMIT $1"
            ))
            .await
            .map_err(failed)?;
        let rows = client.query(&query, &[&(limit as i64)]).await.map_err(failed)?;
        let version = |r: &tokio_postgres::Row| r.get::<_, i64>(10).max(0) as usize;
        Ok(rows.iter().filter_map(|r| public_table(raw_row(r), r.get(9), version(r))).collect())
    }

    async fn due_to_expire(
        &self,
        unvisited_before: i64,
        idle_before: i64,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!(
                // Due to expire: created before $1 and never visited, or
                // inactive since before $2.
                "SELECT id FROM tables
                 WHERE {UNFINISHED} AND ((NOT visited AND created_at < $1) OR active_at < $2) LIMIT $3"
            ))
            .await
            .map_err(failed)?;
        let rows = client
            .query(&query, &[&unvisited_before, &idle_before, &(limit as i64)])
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    async fn unfinished_tables(&self) -> Result<Vec<Unfinished>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                &format!(
                    "SELECT id, creator, {SERVER_ACTS} FROM tables WHERE {UNFINISHED} ORDER BY created_at, id"
                ),
                &[],
            )
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect())
    }
}

/// Writes `actions` as the table's actions from `first_index` on, in one
/// statement.
async fn insert_actions(
    tx: &deadpool_postgres::Transaction<'_>,
    table: &str,
    first_index: usize,
    actions: &[String],
) -> Result<(), StoreError> {
    let insert = tx
        .prepare_cached(
            "INSERT INTO actions (table_id, idx, action)
             SELECT $1, $2 + listed.n - 1, listed.action FROM unnest($3::text[]) WITH ORDINALITY AS listed (action, n)",
        )
        .await
        .map_err(failed)?;
    // Under the row lock of the append, no other node writes these
    // indexes; a row already there is a damaged table's, refused by the key.
    tx.execute(&insert, &[&table, &(first_index as i64), &actions]).await.map_err(failed)?;
    Ok(())
}

/// Writes a new table's row (on a connection, or in a transaction).
async fn insert_table(
    client: &impl deadpool_postgres::GenericClient,
    row: &TableRow,
    progress: &Progress,
) -> Result<(), StoreError> {
    let new = NewRow::of(row, progress);
    let statement = client
        .prepare_cached(&format!(
            "INSERT INTO tables ({ROW_COLUMNS}, version, checksum, turn, waiting, active_at, visited, public)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $12, $7, false, $13)"
        ))
        .await
        .map_err(failed)?;
    client
        .execute(
            &statement,
            &[
                &row.id,
                &row.game,
                &new.options,
                &(row.seed as i64),
                &row.seats.to_string(),
                &row.spectator_token,
                &row.created_at,
                &(row.format as i32),
                &row.creator,
                &new.checksum.text(),
                &new.turn,
                &new.waiting,
                &new.public,
            ],
        )
        .await
        .map_err(failed)?;
    Ok(())
}

impl Storage for Postgres {
    fn create(&self, row: TableRow, progress: Progress) -> Pending<'_, ()> {
        Box::pin(self.tracked(self.create_table(row, progress)))
    }

    fn create_within(&self, row: TableRow, progress: Progress, caps: TableCaps) -> Pending<'_, ()> {
        Box::pin(self.tracked(self.create_table_within(row, progress, caps)))
    }

    fn counts_tables(&self) -> bool {
        true
    }

    fn append_actions<'a>(
        &'a self,
        table: &'a str,
        first_index: usize,
        actions: Vec<String>,
        progress: Progress,
    ) -> Pending<'a, ()> {
        Box::pin(self.tracked(self.write_actions(table, first_index, actions, progress)))
    }

    /// Written in the background: nobody waits for a visit, and a failed
    /// one is logged.
    fn visit(&self, table: &str) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let (pool, ledger, table) = (self.pool.clone(), Arc::clone(&self.ledger), table.to_string());
        let visit = Postgres { pool, lease_pool: self.lease_pool.clone(), ledger };
        runtime.spawn(async move {
            let noted = visit
                .tracked(visit.execute(
                    "UPDATE tables SET visited = true, active_at = $2 WHERE id = $1",
                    &[&table, &now()],
                ))
                .await;
            if let Err(e) = noted {
                tracing::warn!(table = %table, "cannot note a visit: {e}");
            }
        });
    }

    fn upgrade<'a>(&'a self, table: &'a str, record: Record) -> Pending<'a, ()> {
        Box::pin(self.tracked(self.upgrade_record(table, record)))
    }

    fn seat<'a>(&'a self, table: &'a str, seats: serde_json::Value) -> Pending<'a, ()> {
        Box::pin(self.tracked(async move {
            self.execute("UPDATE tables SET seats = $2 WHERE id = $1", &[&table, &seats.to_string()]).await?;
            Ok(())
        }))
    }

    fn quarantine<'a>(&'a self, table: &'a str, reason: &'a str) -> Pending<'a, ()> {
        Box::pin(self.tracked(async move {
            self.execute("UPDATE tables SET quarantined = $2 WHERE id = $1", &[&table, &reason]).await?;
            Ok(())
        }))
    }

    fn mark<'a>(&'a self, table: &'a str, progress: Progress) -> Pending<'a, ()> {
        Box::pin(self.tracked(async move {
            self.execute(
                "UPDATE tables SET turn = $2, waiting = $3, ranks = $4 WHERE id = $1",
                &[&table, &turn_json(progress.turn), &progress.waiting.word(), &ranks_json(&progress)],
            )
            .await?;
            Ok(())
        }))
    }

    fn expire_tables(&self, tables: Vec<String>) -> Pending<'_, Vec<String>> {
        Box::pin(self.tracked(self.mark_expired(tables)))
    }

    /// Nothing of a table is kept between commands.
    fn forget(&self, _table: &str) {}

    fn load<'a>(&'a self, table: &'a str) -> Pending<'a, Option<Loaded>> {
        Box::pin(self.load_table(table))
    }

    fn summaries(&self, ids: Vec<String>) -> Pending<'_, Vec<Summary>> {
        Box::pin(self.table_summaries(ids))
    }

    fn public_tables(&self, limit: usize) -> Pending<'_, Vec<PublicTable>> {
        Box::pin(self.public(limit))
    }

    fn expiring(&self, unvisited_before: i64, idle_before: i64, limit: usize) -> Pending<'_, Vec<String>> {
        Box::pin(self.due_to_expire(unvisited_before, idle_before, limit))
    }

    fn unfinished(&self) -> Pending<'_, Vec<Unfinished>> {
        Box::pin(self.unfinished_tables())
    }

    /// PostgreSQL checks its own pages as it reads them, and each table's
    /// actions are checked against its version and checksum whenever it is
    /// loaded; a whole-database scan at every start of every node would
    /// only repeat that. So this asks the server whether it answers.
    fn integrity_check(&self) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let client = self.client().await?;
            client.query_one("SELECT 1", &[]).await.map_err(failed)?;
            Ok(Vec::new())
        })
    }

    fn health(&self) -> StoreHealth {
        self.ledger.report()
    }

    fn lease<'a>(&'a self, table: &'a str, node: &'a str, ttl: Duration) -> Pending<'a, bool> {
        Box::pin(async move {
            let client = self.client().await?;
            let take = client
                .prepare_cached(
                    "INSERT INTO table_leases (table_id, node, expires_at)
                     VALUES ($1, $2, extract(epoch FROM clock_timestamp())::float8 + $3::float8)
                     ON CONFLICT (table_id) DO UPDATE SET node = excluded.node, expires_at = excluded.expires_at
                     WHERE table_leases.node = excluded.node
                        OR table_leases.expires_at < extract(epoch FROM clock_timestamp())
                     RETURNING node",
                )
                .await
                .map_err(failed)?;
            let taken =
                client.query_opt(&take, &[&table, &node, &ttl.as_secs_f64()]).await.map_err(failed)?;
            Ok(taken.is_some())
        })
    }

    fn renew<'a>(&'a self, node: &'a str, ttl: Duration) -> Pending<'a, Vec<String>> {
        Box::pin(async move {
            let client = self.lease_client().await?;
            let rows = client
                .query(
                    "UPDATE table_leases SET expires_at = extract(epoch FROM clock_timestamp())::float8 + $2::float8
                     WHERE node = $1 AND expires_at >= extract(epoch FROM clock_timestamp())
                     RETURNING table_id",
                    &[&node, &ttl.as_secs_f64()],
                )
                .await
                .map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn release<'a>(&'a self, table: &'a str, node: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            self.execute("DELETE FROM table_leases WHERE table_id = $1 AND node = $2", &[&table, &node])
                .await?;
            Ok(())
        })
    }

    fn ownerless(&self, held: Vec<String>, limit: usize) -> Pending<'_, Vec<String>> {
        Box::pin(async move {
            let client = self.lease_client().await?;
            let query = client
                .prepare_cached(&format!(
                    "SELECT id FROM tables t
                     WHERE {UNFINISHED}
                       AND ({SERVER_ACTS} OR id = ANY($1))
                       AND NOT EXISTS (SELECT 1 FROM table_leases l WHERE l.table_id = t.id
                                       AND l.expires_at >= extract(epoch FROM clock_timestamp()))
                     ORDER BY created_at LIMIT $2"
                ))
                .await
                .map_err(failed)?;
            let rows = client.query(&query, &[&held, &(limit as i64)]).await.map_err(failed)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }
}
