//! One pool of threads for the bot decisions of every table.
//!
//! A search bot's decision is CPU work of up to the budget's time on one
//! core (`spieltisch_catalog::BotLimits`). It never runs on the async
//! runtime's threads, and never on a thread of its own: every search of
//! every table waits in one queue for one of the pool's search threads, at
//! most the cores but one (so one core is always left for HTTP, WebSockets
//! and people's moves), each at a lower priority than the rest of the
//! server (Linux: a nice value 10 higher). A table full of bots therefore
//! slows only bots.
//!
//! Bots that do not search (`random`, `heuristic`, a level that is the
//! heuristic bot) decide in well under a millisecond, so they have a lane
//! of their own ([`Lane::Quick`]: one more thread, with a queue of its own):
//! they never wait behind a search, however many searches are queued.
//!
//! Each lane's queue is fair per client address, then per table
//! ([`FairQueue`]): the addresses whose tables have decisions waiting take
//! turns, one decision each, and within an address its tables take turns,
//! so neither a table with many bots nor a client with many tables of bots
//! can starve anyone else's bots. `GET /api/health` reports each lane's
//! length and oldest wait ([`BotPool::stats`]).

use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How much lower the pool's threads are scheduled than the server's own
/// (a nice value this much higher, up to the lowest priority, 19).
pub const NICE_INCREMENT: i32 = 10;

/// What waits under one key of a [`FairQueue`], in the order it is served:
/// a plain line ([`VecDeque`]), or a fair queue of its own, so that queues
/// nest (addresses take turns, and within an address its tables).
pub trait Line: Default {
    type Item;
    fn add(&mut self, item: Self::Item);
    fn next(&mut self) -> Option<Self::Item>;
    fn is_empty(&self) -> bool;
}

impl<T> Line for VecDeque<T> {
    type Item = T;
    fn add(&mut self, item: T) {
        self.push_back(item);
    }
    fn next(&mut self) -> Option<T> {
        self.pop_front()
    }
    fn is_empty(&self) -> bool {
        VecDeque::is_empty(self)
    }
}

/// Items waiting under keys, served one key at a time in turn, in rounds:
/// each pop takes the next item of the key whose turn it is, and that key,
/// if it still has items, waits for the next round. A key that comes with
/// nothing waiting joins the round being served, after the keys still to
/// have their turn in it and before those that had theirs (unless it had
/// its own turn in this round already). So a key with one item waits behind
/// at most one item of every other key, counting the one being served: a
/// person's bot behind a busy client's bots waits for the decision in
/// progress, not for the next one as well.
#[derive(Debug)]
pub struct FairQueue<K, L> {
    /// The keys with items waiting and the round of each one's turn, in
    /// the order they are served (the rounds never decrease along it).
    turns: VecDeque<(K, u64)>,
    waiting: HashMap<K, L>,
    /// The round of the last item served.
    round: u64,
    /// The round each key was last served in, while that can still matter
    /// (this round or the one before).
    served: HashMap<K, u64>,
    len: usize,
}

/// A fair queue whose keys each keep a plain line.
pub type Fifo<K, T> = FairQueue<K, VecDeque<T>>;

impl<K: Clone + Eq + Hash, L: Line> Default for FairQueue<K, L> {
    fn default() -> Self {
        FairQueue {
            turns: VecDeque::new(),
            waiting: HashMap::new(),
            round: 0,
            served: HashMap::new(),
            len: 0,
        }
    }
}

impl<K: Clone + Eq + Hash, L: Line> FairQueue<K, L> {
    /// Adds `item` behind the other items of `key`; a key with nothing
    /// waiting joins the round being served, or the next one if it was
    /// served in this one.
    pub fn push(&mut self, key: K, item: L::Item) {
        let items = self.waiting.entry(key.clone()).or_default();
        if items.is_empty() {
            let turn = self.served.get(&key).map_or(self.round, |&last| (last + 1).max(self.round));
            let at = self.turns.iter().position(|&(_, round)| round > turn).unwrap_or(self.turns.len());
            self.turns.insert(at, (key, turn));
        }
        items.add(item);
        self.len += 1;
    }

    /// The next item of the key whose turn it is.
    pub fn pop(&mut self) -> Option<(K, L::Item)> {
        let (key, turn) = self.turns.pop_front()?;
        let items = self.waiting.get_mut(&key)?;
        let item = items.next()?;
        if items.is_empty() {
            self.waiting.remove(&key);
        } else {
            self.turns.push_back((key.clone(), turn + 1));
        }
        self.round = turn;
        self.served.insert(key.clone(), turn);
        if self.served.len() > 2 * self.waiting.len() + 16 {
            // A key last served before this round joins it like a new one.
            let round = self.round;
            self.served.retain(|_, &mut last| last >= round);
        }
        self.len -= 1;
        Some((key, item))
    }

    /// How many items wait.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        self.turns.clear();
        self.waiting.clear();
        self.served.clear();
        self.len = 0;
    }
}

impl<K: Clone + Eq + Hash, L: Line> Line for FairQueue<K, L> {
    type Item = (K, L::Item);
    fn add(&mut self, (key, item): Self::Item) {
        self.push(key, item);
    }
    fn next(&mut self) -> Option<Self::Item> {
        self.pop()
    }
    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// A decision waiting for a thread.
struct Job {
    work: Box<dyn FnOnce() + Send>,
    queued: Instant,
}

/// The decisions waiting: client addresses take turns, and within an
/// address its tables, so that neither a table with many bots nor a client
/// with many tables of bots starves anyone else.
#[derive(Default)]
struct Queue {
    jobs: FairQueue<String, Fifo<String, Job>>,
    closed: bool,
}

impl Queue {
    /// The oldest job waiting, when any does.
    fn oldest(&self) -> Option<Instant> {
        let tables = self.jobs.waiting.values().flat_map(|tables| tables.waiting.values());
        tables.filter_map(VecDeque::front).map(|job| job.queued).min()
    }
}

/// Where a decision waits: searches and the bots that do not search never
/// share a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A search (`mcts`, `ismcts`, a level that searches): up to a budget of
    /// CPU time.
    Search,
    /// A bot that does not search: a heuristic's or a random choice.
    Quick,
}

/// One lane: its queue and its threads.
struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
    running: AtomicUsize,
    threads: usize,
}

impl Shared {
    /// A lane of `threads` threads named `name-N`, serving until its
    /// [`Owner`] goes.
    fn start(name: &str, threads: usize) -> Arc<Shared> {
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue::default()),
            ready: Condvar::new(),
            running: AtomicUsize::new(0),
            threads,
        });
        for n in 0..threads {
            let lane = Arc::clone(&shared);
            let spawned = std::thread::Builder::new().name(format!("{name}-{n}")).spawn(move || serve(&lane));
            if let Err(e) = spawned {
                tracing::error!("cannot start bot thread {name}-{n}: {e}");
            }
        }
        shared
    }

    fn stats(&self) -> LaneStats {
        let (queue, oldest) = match self.queue.lock() {
            Ok(queue) => (queue.jobs.len(), queue.oldest()),
            Err(_) => (0, None),
        };
        LaneStats {
            threads: self.threads,
            queue,
            running: self.running.load(Ordering::Relaxed),
            oldest_wait_ms: oldest.map_or(0, |t| t.elapsed().as_millis() as u64),
        }
    }
}

/// The pool; clones share it. Its threads end when the last clone is
/// dropped (decisions still waiting are dropped, their callers told).
#[derive(Clone)]
pub struct BotPool {
    owner: Arc<Owner>,
}

/// Closes both lanes' queues when the last [`BotPool`] goes.
struct Owner {
    search: Arc<Shared>,
    quick: Arc<Shared>,
}

impl Owner {
    fn lane(&self, lane: Lane) -> &Shared {
        match lane {
            Lane::Search => &self.search,
            Lane::Quick => &self.quick,
        }
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        for shared in [&self.search, &self.quick] {
            if let Ok(mut queue) = shared.queue.lock() {
                queue.closed = true;
                queue.jobs.clear();
            }
            shared.ready.notify_all();
        }
    }
}

impl std::fmt::Debug for BotPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotPool").field("stats", &self.stats()).finish()
    }
}

/// What `GET /api/health` reports of the pool: its search lane, and its
/// lane for the bots that do not search under `quick`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PoolStats {
    #[serde(flatten)]
    pub search: LaneStats,
    pub quick: LaneStats,
}

/// One lane of the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LaneStats {
    /// The lane's threads.
    pub threads: usize,
    /// Decisions waiting for a thread.
    pub queue: usize,
    /// Decisions being made now.
    pub running: usize,
    /// How long the decision that has waited longest has waited, in
    /// milliseconds (0 when none waits).
    pub oldest_wait_ms: u64,
}

/// Why a decision gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PoolError {
    #[error("the bot's decision failed (it panicked)")]
    Failed,
    #[error("the server is shutting down")]
    Closed,
}

/// The default size of the pool: the machine's cores but one, at least one.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1)).max(1)
}

/// The threads of the lane for bots that do not search: their decisions
/// take well under a millisecond each.
pub const QUICK_THREADS: usize = 1;

impl BotPool {
    /// A pool of `threads` search threads (at least one) and
    /// [`QUICK_THREADS`] for the bots that do not search.
    pub fn new(threads: usize) -> BotPool {
        let search = Shared::start("spieltisch-bot", threads.max(1));
        let quick = Shared::start("spieltisch-bot-quick", QUICK_THREADS);
        BotPool { owner: Arc::new(Owner { search, quick }) }
    }

    /// Runs `work` (a decision of table `table`, made by the client
    /// address `client`) on one of the threads of `lane`, when its turn
    /// comes, and gives its result.
    ///
    /// # Errors
    /// [`PoolError::Failed`] when `work` panicked; [`PoolError::Closed`]
    /// when the pool was dropped before it ran.
    pub async fn run<T: Send + 'static>(
        &self,
        lane: Lane,
        client: &str,
        table: &str,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let shared = self.owner.lane(lane);
        {
            let mut queue = shared.queue.lock().map_err(|_| PoolError::Closed)?;
            if queue.closed {
                return Err(PoolError::Closed);
            }
            let work = Box::new(move || {
                let _ = tx.send(work());
            });
            let job = Job { work, queued: Instant::now() };
            queue.jobs.push(client.to_string(), (table.to_string(), job));
        }
        shared.ready.notify_one();
        rx.await.map_err(|_| PoolError::Failed)
    }

    /// Each lane's threads, queue and oldest wait.
    pub fn stats(&self) -> PoolStats {
        PoolStats { search: self.owner.search.stats(), quick: self.owner.quick.stats() }
    }
}

/// One thread of a lane: takes decisions in the queue's order until the
/// pool is dropped.
fn serve(shared: &Shared) {
    lower_priority();
    loop {
        let (table, job) = {
            let Ok(mut queue) = shared.queue.lock() else { return };
            loop {
                if queue.closed {
                    return;
                }
                if let Some((_, next)) = queue.jobs.pop() {
                    break next;
                }
                queue = match shared.ready.wait(queue) {
                    Ok(queue) => queue,
                    Err(_) => return,
                };
            }
        };
        let waited = job.queued.elapsed();
        if waited > Duration::from_secs(10) {
            tracing::warn!(table = %table, waited_ms = waited.as_millis() as u64, "a bot decision waited long for the search pool");
        }
        shared.running.fetch_add(1, Ordering::Relaxed);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.work));
        shared.running.fetch_sub(1, Ordering::Relaxed);
        if outcome.is_err() {
            tracing::error!(table = %table, "a bot decision panicked");
        }
    }
}

/// Lowers the calling thread's priority by [`NICE_INCREMENT`] (on Linux a
/// nice value belongs to the thread); elsewhere, or when refused, the
/// thread keeps the server's priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{getpriority_process, setpriority_process};
        let lowered = getpriority_process(None)
            .and_then(|now| setpriority_process(None, (now + NICE_INCREMENT).min(19)));
        if let Err(e) = lowered {
            tracing::debug!("bot thread keeps the server's priority: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_take_turns_so_one_with_many_decisions_starves_nobody() {
        let mut queue = Fifo::default();
        for n in 0..10 {
            queue.push("a", n);
        }
        queue.push("b", 0);
        assert_eq!(queue.len(), 11);
        let order: Vec<(&str, i32)> = std::iter::from_fn(|| queue.pop()).collect();
        assert_eq!(&order[..3], &[("a", 0), ("b", 0), ("a", 1)], "b is served second");
        let a: Vec<i32> = order.iter().filter(|(k, _)| *k == "a").map(|&(_, n)| n).collect();
        assert_eq!(a, (0..10).collect::<Vec<_>>(), "each table in its own order");
        assert!(queue.is_empty() && queue.pop().is_none());
        // Three tables: round robin; a, served last just now, waits for
        // the round's newcomers b and c.
        for (key, n) in [("a", 0), ("a", 1), ("a", 2), ("b", 0), ("b", 1), ("c", 0)] {
            queue.push(key, n);
        }
        let keys: Vec<&str> = std::iter::from_fn(|| queue.pop()).map(|(k, _)| k).collect();
        assert_eq!(keys, ["b", "c", "a", "b", "a", "a"]);
        // The same in a fresh queue.
        let mut fresh = Fifo::default();
        for (key, n) in [("a", 0), ("a", 1), ("a", 2), ("b", 0), ("b", 1), ("c", 0)] {
            fresh.push(key, n);
        }
        let keys: Vec<&str> = std::iter::from_fn(|| fresh.pop()).map(|(k, _)| k).collect();
        assert_eq!(keys, ["a", "b", "c", "a", "b", "a"]);
    }

    #[test]
    fn a_key_that_comes_while_another_is_served_goes_next_but_not_twice_in_a_row() {
        let mut queue = Fifo::default();
        for n in 0..3 {
            queue.push("busy", n);
        }
        assert_eq!(queue.pop(), Some(("busy", 0)), "busy's decision runs");
        queue.push("person", 0);
        assert_eq!(queue.pop(), Some(("person", 0)), "the person's comes next, not busy's second");
        queue.push("person", 1);
        assert_eq!(queue.pop(), Some(("busy", 1)), "a person asking again at once waits for busy's turn");
        assert_eq!(queue.pop(), Some(("person", 1)));
        assert_eq!(queue.pop(), Some(("busy", 2)));
        assert!(queue.is_empty());
        // Many keys that come and go: the rounds keep the ones that wait in turn.
        for round in 0..50 {
            queue.push("busy", round);
            queue.push(if round % 2 == 0 { "even" } else { "odd" }, round);
            let first = queue.pop().unwrap();
            assert_ne!(first.0, "busy", "round {round}: the newcomer is not behind busy's next: {first:?}");
            assert_eq!(queue.pop().unwrap().0, "busy");
        }
        // A thousand keys that come once each are not all remembered.
        let mut many: Fifo<String, u8> = Fifo::default();
        for k in 0..1000 {
            many.push(format!("k{k}"), 0);
            many.push("busy".to_string(), 0);
            assert_eq!(many.pop().unwrap().0, format!("k{k}"));
            assert_eq!(many.pop().unwrap().0, "busy");
        }
        assert!(many.served.len() <= 17, "{} keys remembered", many.served.len());
    }

    #[test]
    fn addresses_take_turns_and_within_an_address_its_tables() {
        // An attacker's ten tables with a decision each, and one person's.
        let mut queue: FairQueue<&str, Fifo<String, u8>> = FairQueue::default();
        for t in 0..10 {
            queue.push("attacker", (format!("a{t}"), 0));
            queue.push("attacker", (format!("a{t}"), 1));
        }
        queue.push("person", ("p".to_string(), 0));
        queue.push("person", ("p".to_string(), 1));
        assert_eq!(queue.len(), 22);
        let order: Vec<String> =
            std::iter::from_fn(|| queue.pop()).map(|(_, (t, n))| format!("{t}.{n}")).collect();
        assert_eq!(&order[..4], ["a0.0", "p.0", "a1.0", "p.1"], "the person's bots go every other turn");
        let attacker: Vec<&str> =
            order.iter().filter(|d| d.starts_with('a')).map(String::as_str).take(11).collect();
        assert_eq!(
            attacker[..],
            ["a0.0", "a1.0", "a2.0", "a3.0", "a4.0", "a5.0", "a6.0", "a7.0", "a8.0", "a9.0", "a0.1"]
        );
    }

    /// Runs `pool.run` to completion on a small runtime of its own.
    fn block_on<F: std::future::Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(future)
    }

    #[test]
    fn the_pool_serves_tables_in_turn_on_its_own_threads() {
        let pool = BotPool::new(1);
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let order = Arc::new(Mutex::new(Vec::new()));
        block_on(async {
            // The only thread is busy while table a queues ten decisions and b one.
            let mut busy = Box::pin(pool.run(Lane::Search, "x", "gate", move || gate.recv().ok()));
            assert!(futures_util::poll!(busy.as_mut()).is_pending());
            while pool.stats().search.running == 0 {
                std::thread::sleep(Duration::from_millis(1));
            }
            let mut runs = Vec::new();
            for (table, n) in (0..10).map(|n| ("a", n)).chain([("b", 0)]) {
                let order = Arc::clone(&order);
                runs.push(Box::pin(pool.run(Lane::Search, "x", table, move || {
                    let name = std::thread::current().name().unwrap_or_default().to_string();
                    order.lock().unwrap().push(format!("{table}{n}"));
                    name
                })));
            }
            // Polled once each, so that every decision is queued.
            for run in &mut runs {
                assert!(futures_util::poll!(run.as_mut()).is_pending());
            }
            let stats = pool.stats().search;
            assert_eq!((stats.threads, stats.queue, stats.running), (1, 11, 1), "{stats:?}");
            release.send(()).unwrap();
            assert_eq!(busy.await, Ok(Some(())));
            for run in runs {
                assert!(run.await.unwrap().starts_with("spieltisch-bot-"), "never the caller's thread");
            }
        });
        let order = order.lock().unwrap();
        assert_eq!(order.len(), 11);
        let b = order.iter().position(|d| d == "b0").unwrap();
        assert!(b < 2, "b's one decision is among the first two: {order:?}");
        // The last answer is sent just before its thread counts it done.
        while pool.stats().search.running > 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!((pool.stats().search.queue, pool.stats().search.oldest_wait_ms), (0, 0));
    }

    #[test]
    fn a_bot_that_does_not_search_never_waits_behind_searches() {
        let pool = BotPool::new(1);
        // The only search thread is held until the quick decision has run,
        // and another address's searches queue behind it: were the quick
        // decision behind them, the hold would never be released.
        let (ran, quick_ran) = std::sync::mpsc::channel::<()>();
        block_on(async {
            let mut held = Box::pin(pool.run(Lane::Search, "attacker", "a0", move || {
                quick_ran.recv_timeout(Duration::from_secs(60)).is_ok()
            }));
            assert!(futures_util::poll!(held.as_mut()).is_pending());
            let tables: Vec<String> = (1..30).map(|t| format!("a{t}")).collect();
            let mut queued: Vec<_> =
                tables.iter().map(|t| Box::pin(pool.run(Lane::Search, "attacker", t, || true))).collect();
            for search in &mut queued {
                assert!(futures_util::poll!(search.as_mut()).is_pending());
            }
            assert_eq!(pool.stats().search.queue + pool.stats().search.running, 30);
            let quick = pool.run(Lane::Quick, "person", "p", move || {
                ran.send(()).unwrap();
                std::thread::current().name().unwrap_or_default().to_string()
            });
            assert_eq!(quick.await.unwrap(), "spieltisch-bot-quick-0");
            assert_eq!(held.await, Ok(true), "the quick decision ran while every search waited");
            for search in queued {
                assert_eq!(search.await, Ok(true));
            }
        });
    }

    #[test]
    fn a_decision_that_panics_is_reported_and_the_thread_goes_on() {
        let pool = BotPool::new(1);
        block_on(async {
            let failed = pool.run(Lane::Search, "x", "t", || -> u8 { panic!("a bug in a bot") }).await;
            assert_eq!(failed, Err(PoolError::Failed));
            assert_eq!(pool.run(Lane::Search, "x", "t", || 7).await, Ok(7));
        });
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_pool_runs_at_a_lower_priority() {
        /// The calling thread's nice value, from /proc.
        fn nice() -> i32 {
            let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
            let after_name = &stat[stat.rfind(')').unwrap() + 2..];
            after_name.split(' ').nth(16).unwrap().parse().unwrap()
        }
        let pool = BotPool::new(1);
        let mine = nice();
        for lane in [Lane::Search, Lane::Quick] {
            let theirs = block_on(pool.run(lane, "x", "t", nice)).unwrap();
            assert_eq!(theirs, (mine + NICE_INCREMENT).min(19), "{lane:?}");
        }
        assert_eq!(nice(), mine, "the caller's priority is its own");
    }
}
