//! The admin commands on a PostgreSQL database, which no serving node
//! runs: the list of its tables, the purge of some, and the import of
//! tables exported from SQLite (`spieltisch admin`, `spieltisch migrate`).
//! Apart from the engine because the server never calls them.

use super::{Postgres, failed, in_order_of, insert_actions};
use crate::storage::error::StoreError;
use crate::storage::rows::{Exported, Listed, ROW_COLUMNS};
use crate::storage::table_sum::{RecordHead, TableSum};

impl Postgres {
    /// Every table, or only the quarantined ones, oldest first
    /// (`spieltisch admin tables`).
    pub async fn list(&self, quarantined_only: bool) -> Result<Vec<Listed>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id, game, created_at, quarantined, version, waiting, expired FROM tables
                 WHERE NOT $1 OR quarantined IS NOT NULL ORDER BY created_at, id",
                &[&quarantined_only],
            )
            .await
            .map_err(failed)?;
        Ok(rows
            .iter()
            .map(|r| Listed {
                id: r.get(0),
                game: r.get(1),
                created_at: r.get(2),
                quarantined: r.get(3),
                actions: r.get::<_, i64>(4).max(0) as usize,
                waiting: r.get(5),
                expired: r.get(6),
            })
            .collect())
    }

    /// Whether the database holds no table (`spieltisch migrate` copies
    /// into an empty one only).
    pub async fn is_empty(&self) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let row = client.query_one("SELECT NOT EXISTS (SELECT 1 FROM tables)", &[]).await.map_err(failed)?;
        Ok(row.get(0))
    }

    /// Writes `table` as it was exported from another database, with its
    /// actions, version and checksum, in one transaction.
    pub async fn import(&self, table: &Exported) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute(
            &format!(
                "INSERT INTO tables ({ROW_COLUMNS}, version, checksum, turn, waiting, ranks, active_at, visited,
                                     public, expired, quarantined)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)"
            ),
            &[
                &table.row.id,
                &table.row.game,
                &table.row.options,
                &table.row.seed,
                &table.row.seats,
                &table.row.spectator_token,
                &table.row.created_at,
                &(table.row.format as i32),
                &table.row.creator,
                &(table.actions.len() as i64),
                &TableSum::of(RecordHead::from(&table.row), &table.actions).text(),
                &table.turn,
                &table.waiting,
                &table.ranks,
                &table.active_at,
                &table.visited,
                &table.public,
                &table.expired,
                &table.quarantined,
            ],
        )
        .await
        .map_err(failed)?;
        insert_actions(&tx, &table.row.id, 0, &table.actions).await?;
        tx.commit().await.map_err(failed)
    }

    /// A table's stored actions and whether it is quarantined, read as
    /// they are (`spieltisch migrate` checks the copy).
    pub async fn stored_actions(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query("SELECT action FROM actions WHERE table_id = $1 ORDER BY idx", &[&table])
            .await
            .map_err(failed)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Deletes the tables named, with their actions (`spieltisch admin
    /// purge`): the only way anything stored is deleted. Returns the ids
    /// that were found and deleted, in the order given.
    pub async fn purge(&self, ids: &[String]) -> Result<Vec<String>, StoreError> {
        let mut client = self.client().await?;
        let tx = client.transaction().await.map_err(failed)?;
        tx.execute("DELETE FROM actions WHERE table_id = ANY($1)", &[&ids]).await.map_err(failed)?;
        tx.execute("DELETE FROM table_leases WHERE table_id = ANY($1)", &[&ids]).await.map_err(failed)?;
        let rows =
            tx.query("DELETE FROM tables WHERE id = ANY($1) RETURNING id", &[&ids]).await.map_err(failed)?;
        tx.commit().await.map_err(failed)?;
        let deleted = rows.iter().map(|r| (r.get::<_, String>(0), r.get::<_, String>(0))).collect();
        Ok(in_order_of(ids, deleted))
    }
}
