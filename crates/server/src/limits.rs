//! What one client may take of the server: requests, connections and
//! tables, per address group ([`AddrGroup`]) and in total.
//!
//! [`Limits`] is the configuration (every number with its default and its
//! `spieltisch serve` flag in `docs/security.md`); [`Gate`] keeps the counts
//! and the rate limiters. Everything the gate remembers is bounded:
//!
//! - the rate limiters (GCRA, from `governor`) hold one state per address
//!   seen recently: states that are indistinguishable from a fresh one are
//!   pruned every few seconds, and at most [`Limits::tracked_addresses`]
//!   are held; addresses beyond that share one state until the pruning
//!   makes room, so a flood of fresh addresses slows only the newcomers;
//! - the connection and table counts hold one entry per address that has
//!   something open, so they are bounded by the caps on what is open.
//!
//! A refusal is an error with a stable code ([`ServerError`]); the counts
//! are taken and given back atomically, so that no two requests can both
//! take the last place.
//!
//! The nodes of a cluster count the unfinished tables in their shared
//! database, exactly ([`crate::storage::Storage::create_within`]); the
//! rates and connections each node counts for itself, so across N nodes a
//! client gets up to N times its rates (docs/deploy.md).

use crate::client_addr::{AddrGroup, TrustedProxies};
use crate::error::ServerError;
use crate::storage::TableCaps;
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::keyed::{HashMapStateStore, ShrinkableKeyedStateStore};
use governor::state::{InMemoryState, NotKeyed, StateStore};
use governor::{Quota, RateLimiter};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Every limit of the server. The defaults suit a public server for people;
/// [`Limits::per_client`] off lifts every per-address and per-connection
/// limit together, for benchmarks only (`spieltisch serve --no-client-limits`).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Whether the per-address and per-connection limits apply.
    pub per_client: bool,
    /// HTTP requests (WebSocket upgrades included) per second and address,
    /// after a burst of [`Limits::request_burst`].
    pub requests_per_second: u32,
    pub request_burst: u32,
    /// Open HTTP connections per address (a trusted proxy is exempt).
    pub connections_per_address: usize,
    /// Open HTTP connections in all; a WebSocket counts under
    /// [`Limits::max_websockets`] once upgraded.
    pub max_connections: usize,
    pub websockets_per_address: usize,
    pub max_websockets: usize,
    /// Tables an address may create per minute (also its burst).
    pub tables_per_minute: u32,
    /// Unfinished tables an address may hold; a finished table no longer counts.
    pub tables_per_address: usize,
    /// How long a client may take to send a request's headers (also how
    /// long an idle kept-alive connection stays open).
    pub header_timeout: Duration,
    /// How often the server pings a WebSocket.
    pub ws_ping: Duration,
    /// A WebSocket from which nothing (not even a pong) has come for this
    /// long is closed.
    pub ws_idle: Duration,
    /// Proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: TrustedProxies,
    /// The most addresses each rate limiter tracks at once.
    pub tracked_addresses: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_client: true,
            requests_per_second: 50,
            request_burst: 300,
            connections_per_address: 64,
            max_connections: 4096,
            websockets_per_address: 32,
            max_websockets: 4096,
            tables_per_minute: 30,
            tables_per_address: 100,
            header_timeout: Duration::from_secs(10),
            ws_ping: Duration::from_secs(20),
            ws_idle: Duration::from_secs(60),
            trusted_proxies: TrustedProxies::default(),
            tracked_addresses: 100_000,
        }
    }
}

type Rate =
    RateLimiter<AddrGroup, BoundedStore, DefaultClock, NoOpMiddleware<<DefaultClock as Clock>::Instant>>;

/// A rate limiter's per-address states: at most `cap` addresses, the rest
/// sharing `overflow`.
#[derive(Debug)]
struct BoundedStore {
    map: HashMapStateStore<AddrGroup>,
    overflow: InMemoryState,
    cap: usize,
}

impl StateStore for BoundedStore {
    type Key = AddrGroup;

    fn measure_and_replace<T, F, E>(&self, key: &AddrGroup, f: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        let mut map = self.map.lock();
        if let Some(state) = map.get(key) {
            return state.measure_and_replace(&NotKeyed::NonKey, f);
        }
        if map.len() < self.cap {
            return map.entry(*key).or_default().measure_and_replace(&NotKeyed::NonKey, f);
        }
        drop(map);
        self.overflow.measure_and_replace(&NotKeyed::NonKey, f)
    }
}

impl ShrinkableKeyedStateStore<AddrGroup> for BoundedStore {
    fn retain_recent(&self, drop_below: Nanos) {
        self.map.retain_recent(drop_below);
    }

    fn shrink_to_fit(&self) {
        self.map.shrink_to_fit();
    }

    fn len(&self) -> usize {
        self.map.len()
    }

    fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

/// A per-address rate.
#[derive(Debug)]
struct PerAddress {
    limiter: Rate,
    clock: DefaultClock,
}

impl PerAddress {
    fn new(quota: Quota, cap: usize) -> Self {
        let clock = DefaultClock::default();
        let store =
            BoundedStore { map: HashMapStateStore::default(), overflow: InMemoryState::default(), cap };
        PerAddress { limiter: RateLimiter::new(quota, store, clock.clone()), clock }
    }

    /// Takes one from `group`'s allowance, or says how long to wait.
    fn check(&self, group: AddrGroup) -> Result<(), Duration> {
        self.limiter.check_key(&group).map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }

    fn prune(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }

    fn len(&self) -> usize {
        self.limiter.len()
    }
}

fn nonzero(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
}

/// Whole seconds to wait, at least one (what `Retry-After` says).
pub fn seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

/// Open things (connections, WebSockets) per address and in all.
#[derive(Debug)]
pub struct Counter {
    per_address: Option<usize>,
    total: usize,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<AddrGroup, usize>,
}

/// One open thing, given back when dropped.
#[derive(Debug)]
pub struct Slot {
    counter: Arc<Counter>,
    group: Option<AddrGroup>,
}

/// Why a [`Counter`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The address has its limit open.
    Address(usize),
    /// The server has its limit open.
    Total(usize),
}

impl Counter {
    fn new(per_address: Option<usize>, total: usize) -> Arc<Self> {
        Arc::new(Counter { per_address, total, open: Mutex::new(Open::default()) })
    }

    /// Takes a place for `group` (`None`: counted in the total only).
    pub fn take(self: &Arc<Self>, group: Option<AddrGroup>) -> Result<Slot, Refusal> {
        let mut open = self.open.lock().expect("counter lock");
        if open.total >= self.total {
            return Err(Refusal::Total(self.total));
        }
        let group = group.filter(|_| self.per_address.is_some());
        if let (Some(group), Some(cap)) = (group, self.per_address) {
            let mine = open.by_address.entry(group).or_default();
            if *mine >= cap {
                return Err(Refusal::Address(cap));
            }
            *mine += 1;
        }
        open.total += 1;
        Ok(Slot { counter: Arc::clone(self), group })
    }

    /// How many are open.
    pub fn open(&self) -> usize {
        self.open.lock().expect("counter lock").total
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.counter.open.lock().expect("counter lock");
        open.total = open.total.saturating_sub(1);
        if let Some(group) = self.group
            && let Some(mine) = open.by_address.get_mut(&group)
        {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                open.by_address.remove(&group);
            }
        }
    }
}

/// The unfinished tables, in all and per creating address (by the
/// address's stored name, so that the count survives a restart).
#[derive(Debug)]
pub struct Tables {
    per_address: Option<usize>,
    total: usize,
    open: Mutex<TableCounts>,
}

#[derive(Debug, Default)]
struct TableCounts {
    total: usize,
    by_creator: HashMap<String, usize>,
}

/// An unfinished table's place in the counts (or a place reserved for a
/// table being created), given back when dropped: when the game ends, or
/// when its creation fails.
#[derive(Debug)]
pub struct TableSlot {
    tables: Arc<Tables>,
    creator: Option<String>,
}

impl Tables {
    fn new(per_address: Option<usize>, total: usize) -> Arc<Self> {
        Arc::new(Tables { per_address, total, open: Mutex::new(TableCounts::default()) })
    }

    /// Reserves a place for a new table of `creator`: the check and the
    /// count are one step, so the limits hold under any concurrency.
    pub fn reserve(self: &Arc<Self>, creator: &str) -> Result<TableSlot, ServerError> {
        let mut open = self.open.lock().expect("tables lock");
        if open.total >= self.total {
            return Err(ServerError::Full(self.total));
        }
        if let Some(cap) = self.per_address {
            let mine = open.by_creator.get(creator).copied().unwrap_or(0);
            if mine >= cap {
                return Err(ServerError::TooManyTables(cap));
            }
        }
        Ok(Self::count(&mut open, self, Some(creator.to_string())))
    }

    /// Counts a table that is already there (resumed after a restart),
    /// whatever the limits say.
    pub fn admit(self: &Arc<Self>, creator: Option<String>) -> TableSlot {
        let mut open = self.open.lock().expect("tables lock");
        Self::count(&mut open, self, creator)
    }

    fn count(open: &mut TableCounts, tables: &Arc<Tables>, creator: Option<String>) -> TableSlot {
        open.total += 1;
        if let Some(creator) = &creator {
            *open.by_creator.entry(creator.clone()).or_default() += 1;
        }
        TableSlot { tables: Arc::clone(tables), creator }
    }

    /// How many tables are unfinished (or being created).
    pub fn open(&self) -> usize {
        self.open.lock().expect("tables lock").total
    }
}

impl Drop for TableSlot {
    fn drop(&mut self) {
        let mut open = self.tables.open.lock().expect("tables lock");
        open.total = open.total.saturating_sub(1);
        if let Some(creator) = &self.creator
            && let Some(mine) = open.by_creator.get_mut(creator)
        {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                open.by_creator.remove(creator);
            }
        }
    }
}

/// The limits in force and what they count.
#[derive(Debug)]
pub struct Gate {
    pub limits: Limits,
    requests: Option<PerAddress>,
    creations: Option<PerAddress>,
    pub connections: Arc<Counter>,
    pub websockets: Arc<Counter>,
    /// Replays built or waiting to be built, per address (one at a time):
    /// the server-wide number at once is the app's own
    /// (`ServerConfig::replay_builds`), so that one client cannot take
    /// every build from the others.
    pub replays: Arc<Counter>,
    pub tables: Arc<Tables>,
    /// The caps on unfinished tables, for a database that counts them.
    pub table_caps: TableCaps,
}

/// Replays one address may have built or waiting at once.
pub const REPLAYS_PER_ADDRESS: usize = 1;

impl Gate {
    /// A gate for `limits`, and at most `max_tables` unfinished tables,
    /// counted here unless `database_counts` (the nodes of a cluster share
    /// the count in their database: [`Gate::table_caps`]; here only the
    /// node's own are counted, for its health).
    pub fn new(limits: Limits, max_tables: usize, database_counts: bool) -> Gate {
        let per_client = limits.per_client;
        let cap = limits.tracked_addresses.max(1);
        let requests = per_client.then(|| {
            let quota = Quota::per_second(nonzero(limits.requests_per_second))
                .allow_burst(nonzero(limits.request_burst));
            PerAddress::new(quota, cap)
        });
        let creations =
            per_client.then(|| PerAddress::new(Quota::per_minute(nonzero(limits.tables_per_minute)), cap));
        let per = |n: usize| per_client.then_some(n);
        Gate {
            requests,
            creations,
            connections: Counter::new(per(limits.connections_per_address), limits.max_connections),
            websockets: Counter::new(per(limits.websockets_per_address), limits.max_websockets),
            replays: Counter::new(per(REPLAYS_PER_ADDRESS), usize::MAX),
            tables: if database_counts {
                Tables::new(None, usize::MAX)
            } else {
                Tables::new(per(limits.tables_per_address), max_tables)
            },
            table_caps: TableCaps { total: max_tables, per_creator: per(limits.tables_per_address) },
            limits,
        }
    }

    /// The group a request is counted under: its connection's peer, or
    /// the client a trusted proxy names.
    pub fn client(&self, peer: IpAddr, headers: &axum::http::HeaderMap) -> AddrGroup {
        AddrGroup::of(self.limits.trusted_proxies.client(peer, headers))
    }

    /// One HTTP request of `group`.
    pub fn request(&self, group: AddrGroup) -> Result<(), ServerError> {
        match &self.requests {
            Some(rate) => rate.check(group).map_err(|wait| ServerError::RateLimited(seconds(wait))),
            None => Ok(()),
        }
    }

    /// One table created by `group`: its rate, then its place.
    pub fn create_table(&self, group: AddrGroup) -> Result<TableSlot, ServerError> {
        if let Some(rate) = &self.creations {
            rate.check(group).map_err(|wait| ServerError::RateLimited(seconds(wait)))?;
        }
        self.tables.reserve(&group.to_string())
    }

    /// One seat taken by `group`: it counts under the same rate as tables
    /// created (both write a table), so that nobody takes every free seat
    /// of the lobby at once.
    pub fn claim(&self, group: AddrGroup) -> Result<(), ServerError> {
        match &self.creations {
            Some(rate) => rate.check(group).map_err(|wait| ServerError::RateLimited(seconds(wait))),
            None => Ok(()),
        }
    }

    /// A new TCP connection from `peer`; a trusted proxy counts only in the total.
    pub fn connection(&self, peer: IpAddr) -> Result<Slot, Refusal> {
        let group = (!self.limits.trusted_proxies.contains(peer)).then(|| AddrGroup::of(peer));
        self.connections.take(group)
    }

    /// A new WebSocket of `group`.
    pub fn websocket(&self, group: AddrGroup) -> Result<Slot, ServerError> {
        self.websockets.take(Some(group)).map_err(|refusal| match refusal {
            Refusal::Address(cap) => ServerError::TooManyConnections(cap),
            Refusal::Total(cap) => ServerError::Busy(cap),
        })
    }

    /// A replay asked for by `group`, while it waits and is built.
    pub fn replay(&self, group: AddrGroup) -> Result<Slot, ServerError> {
        self.replays.take(Some(group)).map_err(|refusal| match refusal {
            Refusal::Address(cap) | Refusal::Total(cap) => ServerError::ReplaysBusy(cap),
        })
    }

    /// Forgets the rate states that are as good as fresh (run every few seconds).
    pub fn prune(&self) {
        for rate in [&self.requests, &self.creations].into_iter().flatten() {
            rate.prune();
        }
    }

    /// How many addresses the rate limiters track now.
    pub fn tracked(&self) -> usize {
        [&self.requests, &self.creations].into_iter().flatten().map(PerAddress::len).sum()
    }
}

/// The places of the unfinished tables under the table limits, by table
/// id, whether the tables are in memory or not.
#[derive(Debug, Default)]
pub struct OpenTables {
    slots: Mutex<HashMap<String, TableSlot>>,
}

impl OpenTables {
    /// `table` is unfinished and holds `slot` until it ends.
    pub fn hold(&self, table: &str, slot: TableSlot) {
        if let Ok(mut slots) = self.slots.lock() {
            slots.insert(table.to_string(), slot);
        }
    }

    /// `table` ended (or expired, or was quarantined): its place is free.
    pub fn release(&self, table: &str) {
        let slot = self.slots.lock().ok().and_then(|mut slots| slots.remove(table));
        drop(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(n: u8) -> AddrGroup {
        AddrGroup::of(IpAddr::from([192, 0, 2, n]))
    }

    #[test]
    fn a_rate_is_kept_per_address() {
        let rate = PerAddress::new(Quota::per_minute(nonzero(2)), 100);
        assert!(rate.check(group(1)).is_ok() && rate.check(group(1)).is_ok());
        let wait = rate.check(group(1)).unwrap_err();
        assert!(wait > Duration::from_secs(20) && wait <= Duration::from_secs(30), "{wait:?}");
        assert_eq!(seconds(wait), wait.as_secs() + 1);
        assert!(rate.check(group(2)).is_ok(), "another address has its own allowance");
    }

    #[test]
    fn the_tracked_addresses_are_bounded_and_newcomers_share_beyond_the_bound() {
        let rate = PerAddress::new(Quota::per_hour(nonzero(1)), 3);
        for n in 1..=3 {
            rate.check(group(n)).unwrap();
        }
        assert_eq!(rate.len(), 3);
        // Beyond the bound: one shared allowance, which the first newcomer takes.
        assert!(rate.check(group(4)).is_ok());
        assert!(rate.check(group(5)).is_err());
        assert_eq!(rate.len(), 3);
        // The addresses tracked keep their own state.
        assert!(rate.check(group(1)).is_err());
        // States as good as fresh are pruned (none is, an hour after).
        rate.prune();
        assert_eq!(rate.len(), 3);
        let quick = PerAddress::new(Quota::per_second(nonzero(1000)), 3);
        quick.check(group(1)).unwrap();
        std::thread::sleep(Duration::from_millis(5));
        quick.prune();
        assert_eq!(quick.len(), 0);
    }

    #[test]
    fn counts_are_given_back_and_refusals_name_the_limit() {
        let counter = Counter::new(Some(2), 3);
        let a = counter.take(Some(group(1))).unwrap();
        let _b = counter.take(Some(group(1))).unwrap();
        assert_eq!(counter.take(Some(group(1))).unwrap_err(), Refusal::Address(2));
        let _c = counter.take(Some(group(2))).unwrap();
        assert_eq!(counter.take(Some(group(3))).unwrap_err(), Refusal::Total(3));
        drop(a);
        assert_eq!(counter.open(), 2);
        counter.take(Some(group(1))).unwrap();

        let tables = Tables::new(Some(1), 2);
        let first = tables.reserve("a").unwrap();
        assert_eq!(tables.reserve("a").unwrap_err().code(), "tables.too_many");
        let _other = tables.reserve("b").unwrap();
        assert_eq!(tables.reserve("c").unwrap_err().code(), "server.full");
        drop(first);
        assert!(tables.reserve("a").is_ok(), "a finished table does not count");
        let _resumed = tables.admit(Some("a".into()));
        assert_eq!(tables.open(), 2);
    }
}
