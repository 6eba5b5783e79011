//! This node's part in a cluster ([`crate::cluster`]): the tables it
//! joins and leaves, the leases it renews, and the tables without owner
//! that it takes over.

use crate::cluster::{LEASE, RENEW_EVERY};
use std::sync::Arc;

impl crate::App {
    /// Takes the lease of `table`, just loaded or made here, and listens
    /// for its changes: it is this node's to change, or a replica.
    pub(crate) async fn join(&self, table: &Arc<crate::table::Table>) -> Result<(), String> {
        let Some(cluster) = &self.cluster else { return Ok(()) };
        let owns = self.store.lease(&table.id, &cluster.node, LEASE).await.map_err(|e| e.to_string())?;
        if owns {
            table.become_owner(false).await?;
        }
        table.listen().await
    }

    /// A table left this node's memory: its lease goes with it.
    pub(crate) fn leave(&self, table: &str) {
        let Some(cluster) = &self.cluster else { return };
        let (store, node, table) = (self.store.clone(), cluster.node.clone(), table.to_string());
        tokio::spawn(async move {
            if let Err(e) = store.release(&table, &node).await {
                tracing::warn!(table = %table, "cannot give up the table's lease: {e}");
            }
        });
    }

    /// Renews this node's leases; a table whose lease it lost becomes a
    /// replica.
    pub(crate) async fn renew_leases(&self) {
        let Some(cluster) = &self.cluster else { return };
        // The tables owned before the renewal began: their leases were
        // stored before it, so it renews each that has not run out. A
        // table that becomes this node's meanwhile (its lease taken after
        // the renewal read the leases) is not among them, and stays owned.
        let owned: Vec<_> = self.registry.tables().into_iter().filter(|t| t.owns()).collect();
        let held = match self.store.renew(&cluster.node, LEASE).await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!("cannot renew this node's leases: {e}");
                return;
            }
        };
        for table in owned.iter().filter(|t| t.owns() && !held.contains(&t.id)) {
            tracing::warn!(table = %table.id, "this node's lease ran out: now a replica");
            table.demote();
        }
    }

    /// Takes over the tables nobody owns: those whose server is to act,
    /// and those this node keeps replicas of.
    pub(crate) async fn take_over_ownerless(&self) {
        if self.cluster.is_none() {
            return;
        }
        let tables = self.registry.tables();
        let replicas: Vec<String> = tables.iter().filter(|t| !t.owns()).map(|t| t.id.clone()).collect();
        let ownerless = match self.store.ownerless(replicas, 100).await {
            Ok(ownerless) => ownerless,
            Err(e) => {
                tracing::warn!("cannot look for tables without owner: {e}");
                return;
            }
        };
        for id in ownerless {
            match tables.iter().find(|t| t.id == id) {
                Some(table) => {
                    table.take_over().await;
                }
                // Loading takes the lease, if nobody took it meanwhile.
                None => {
                    if let Err(e) = self.lookup(&id).await {
                        tracing::warn!(table = %id, "cannot take the table over: {e}");
                    }
                }
            }
        }
    }
}

/// Renews this node's leases every [`RENEW_EVERY`] while the server runs,
/// and as often sweeps for tables without owner. The two run apart: taking
/// over many tables (each read from the database) must never delay the
/// renewals, or a busy node would lose its own tables meanwhile.
pub(crate) fn keep_leases_every(app: &Arc<crate::App>) {
    if app.cluster.is_none() {
        return;
    }
    every(app, |app| async move { app.renew_leases().await });
    every(app, |app| async move { app.take_over_ownerless().await });
}

/// Runs `work` every [`RENEW_EVERY`] (one at a time) while the app lives.
fn every<F, W>(app: &Arc<crate::App>, work: W)
where
    W: Fn(Arc<crate::App>) -> F + Send + 'static,
    F: std::future::Future<Output = ()> + Send,
{
    let app = Arc::downgrade(app);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(RENEW_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Some(app) = app.upgrade() else { break };
            work(app).await;
        }
    });
}
