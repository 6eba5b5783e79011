//! Many server nodes on one PostgreSQL database and one NATS bus
//! (`spieltisch serve --db postgres://… --bus nats://…`).
//!
//! - **One owner per table.** The node that holds a table's lease in the
//!   database ([`crate::storage::Storage::lease`], renewed every
//!   [`RENEW_EVERY`], lost [`LEASE`] after the last renewal) alone changes
//!   the table: it plays the moves, asks its bots, keeps its decisions
//!   taken together, takes claims, and stores each change before anyone
//!   hears of it, exactly as a single server does.
//! - **Replicas.** Any other node that a client of the table connects to
//!   keeps a replica: it serves views and frames from its own copy, and
//!   forwards what a person asks to change to the owner over the bus
//!   (request and reply on `PREFIX.table.ID.requests`), answering with the
//!   owner's answer. After each change the owner publishes it on
//!   `PREFIX.table.ID.changes`, in order; every replica applies it and tells
//!   its connections. Nobody polls the database: a replica reads it only
//!   when it finds a gap in the versions it heard of.
//! - **Takeover.** When an owner dies its leases run out. A request
//!   forwarded to it finds no owner, and its node takes the lease; every
//!   node also sweeps, every [`RENEW_EVERY`], for tables whose server is to
//!   act (bots, chance) and whose lease ran out, and for the replicas it
//!   holds whose owner is gone, and takes them over. A table's bots thus
//!   move on within a few seconds of a crash.
//! - **Exactly once.** Two nodes that both believe they own a table (a
//!   lease that ran out under a node that was only slow) cannot both store
//!   a move: the database orders each table's actions, the loser's commit
//!   is refused, and it answers `action.stale` and becomes a replica.
//!
//! What a table holds only in memory stays with its owner: answers to an
//! open decision taken together are lost with an owner that dies (as they
//! are on a restart), and everyone is asked again until the deadline.

use crate::error::Refusal;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use spieltisch_core::Seat;
use std::time::Duration;

/// How long a lease lasts without renewal: a dead owner's tables go on
/// elsewhere within this and one sweep.
pub const LEASE: Duration = Duration::from_secs(3);

/// How often a node renews its leases and sweeps for tables without owner.
pub const RENEW_EVERY: Duration = Duration::from_secs(1);

/// How long a forwarded request waits for the owner's answer.
const FORWARD_PATIENCE: Duration = Duration::from_secs(10);

/// Where the bus is, and the prefix of this cluster's subjects.
#[derive(Clone, Debug)]
pub struct BusConfig {
    /// `nats://HOST:PORT`.
    pub url: String,
    /// The first token of every subject, so that clusters (and tests)
    /// can share one bus.
    pub prefix: String,
}

/// This node's place in the cluster: its name and its bus.
#[derive(Debug)]
pub struct Cluster {
    /// Random, new at every start: a restarted node is a new node.
    pub node: String,
    nats: async_nats::Client,
    prefix: String,
}

/// What a replica asks the owner to do, for one of its connections.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Request {
    Act {
        seat: Seat,
        expected: Option<usize>,
        action: String,
    },
    AutoPass {
        seat: Seat,
        on: bool,
    },
    /// A connection of a seat opened or closed on the replica.
    Connected {
        seat: Seat,
        open: bool,
    },
    Claim {
        seat: Seat,
        name: String,
        token: String,
    },
    /// The replica opened the rematch `made`; the owner keeps the first
    /// one asked for and answers with it.
    Rematch {
        made: String,
    },
}

/// The owner's answer, with the change the request made, which the
/// replica applies before it answers its client.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub result: Result<Answer, Refusal>,
    pub change: Option<Change>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    Version(usize),
    Rematch(String),
    Done,
}

/// A table as its owner has it after a change: the actions since `from`,
/// and everything besides the game that its messages show.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Change {
    /// Orders the changes of one table: (when the owner took it, in
    /// milliseconds since the epoch; a count of its changes since). A
    /// replica applies only changes later than the last it applied.
    pub seq: (u64, u64),
    pub from: usize,
    pub actions: Vec<String>,
    /// The seats as stored (people, names, tokens, rematch).
    pub seating: Value,
    pub auto_pass: Vec<bool>,
    pub window: Option<WindowShape>,
    pub stalled: Option<String>,
}

/// An open decision taken together, as replicas need it: who is asked and
/// who has answered (not what).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WindowShape {
    pub version: usize,
    pub seats: Vec<Seat>,
    pub answered: Vec<bool>,
    pub pass: String,
}

/// Why a request could not be forwarded.
#[derive(Debug)]
pub enum Unforwarded {
    /// Nobody serves the table's requests: its owner is gone.
    NoOwner,
    Failed(String),
}

impl Cluster {
    /// Connects to the bus.
    pub async fn connect(config: &BusConfig) -> Result<Cluster, String> {
        if config.prefix.is_empty()
            || config.prefix.contains(|c: char| c.is_whitespace() || "*>.".contains(c))
        {
            return Err(format!(
                "'{}' is no bus prefix: one word, without spaces, dots, * or >",
                config.prefix
            ));
        }
        let nats = async_nats::ConnectOptions::new()
            .name("spieltisch")
            .connection_timeout(Duration::from_secs(5))
            .connect(config.url.as_str())
            .await
            .map_err(|e| format!("cannot connect to the bus at {}: {e}", config.url))?;
        Ok(Cluster { node: crate::token()[..12].to_string(), nats, prefix: config.prefix.clone() })
    }

    fn subject(&self, table: &str, what: &str) -> String {
        format!("{}.table.{table}.{what}", self.prefix)
    }

    /// Publishes a change of `table` that this node made as its owner.
    pub async fn publish(&self, table: &str, change: &Change) {
        let Ok(payload) = serde_json::to_vec(change) else { return };
        if let Err(e) = self.nats.publish(self.subject(table, "changes"), payload.into()).await {
            tracing::warn!(table = %table, "cannot publish a change: {e}");
        }
    }

    /// The changes of `table`, as its owner publishes them.
    pub async fn changes(
        &self,
        table: &str,
    ) -> Result<impl futures_util::Stream<Item = Change> + use<>, String> {
        let subscriber =
            self.nats.subscribe(self.subject(table, "changes")).await.map_err(|e| e.to_string())?;
        Ok(subscriber.filter_map(|message| std::future::ready(serde_json::from_slice(&message.payload).ok())))
    }

    /// The requests forwarded to `table`'s owner, with where to answer.
    pub async fn requests(
        &self,
        table: &str,
    ) -> Result<impl futures_util::Stream<Item = (Request, async_nats::Subject)> + use<>, String> {
        let subscriber =
            self.nats.subscribe(self.subject(table, "requests")).await.map_err(|e| e.to_string())?;
        // Make sure the server has the subscription before anyone is told
        // this node owns the table.
        self.nats.flush().await.map_err(|e| e.to_string())?;
        Ok(subscriber.filter_map(|message| {
            let request = serde_json::from_slice(&message.payload).ok();
            std::future::ready(request.zip(message.reply))
        }))
    }

    /// Answers a forwarded request.
    pub async fn answer(&self, to: async_nats::Subject, reply: &Reply) {
        let Ok(payload) = serde_json::to_vec(reply) else { return };
        if let Err(e) = self.nats.publish(to, payload.into()).await {
            tracing::warn!("cannot answer a forwarded request: {e}");
        }
    }

    /// Forwards `request` to `table`'s owner and waits for its answer.
    pub async fn forward(&self, table: &str, request: &Request) -> Result<Reply, Unforwarded> {
        let payload = serde_json::to_vec(request).map_err(|e| Unforwarded::Failed(e.to_string()))?;
        let asked = self.nats.request(self.subject(table, "requests"), payload.into());
        match tokio::time::timeout(FORWARD_PATIENCE, asked).await {
            Err(_) => Err(Unforwarded::Failed("the table's owner did not answer in time".into())),
            Ok(Err(e)) if e.kind() == async_nats::RequestErrorKind::NoResponders => Err(Unforwarded::NoOwner),
            Ok(Err(e)) => Err(Unforwarded::Failed(e.to_string())),
            Ok(Ok(message)) => serde_json::from_slice(&message.payload)
                .map_err(|e| Unforwarded::Failed(format!("the owner's answer is unreadable: {e}"))),
        }
    }
}
