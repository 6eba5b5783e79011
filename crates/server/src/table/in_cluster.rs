//! A table in a cluster ([`crate::cluster`]): its owner publishes every
//! change and answers the requests other nodes forward; a replica applies
//! the owner's changes, forwards what its clients ask to change, and takes
//! the table over when its owner is gone.

use super::{Live, Seating, Table, Window};
use crate::cluster::{Answer, Change, Cluster, LEASE, Reply, Request, Unforwarded, WindowShape};
use crate::error::Refusal;
use crate::error::ServerError;
use crate::storage::Loaded;
use futures_util::StreamExt;
use spieltisch_catalog::session_from_record;
use spieltisch_core::Viewer;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};

/// The sending end of a table's outbox: one task publishes its changes in
/// the order they were made, and ends with the table.
pub(super) fn publisher(cluster: Arc<Cluster>, table: String) -> tokio::sync::mpsc::UnboundedSender<Change> {
    let (outbox, mut changes) = tokio::sync::mpsc::unbounded_channel::<Change>();
    tokio::spawn(async move {
        while let Some(change) = changes.recv().await {
            cluster.publish(&table, &change).await;
        }
    });
    outbox
}

fn millis_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

impl Table {
    /// Whether this node owns the table (always, without a cluster).
    pub fn owns(&self) -> bool {
        self.owner.load(Ordering::Acquire)
    }

    fn cluster(&self) -> Option<&Arc<Cluster>> {
        self.settings.cluster.as_ref()
    }

    /// The owner publishes the table as it stands now: the actions since it
    /// last published, and everything else its messages show.
    pub(super) fn publish(&self, live: &mut Live) {
        let Some(outbox) = &self.outbox else { return };
        if !self.owns() {
            return;
        }
        live.seq.1 += 1;
        let version = live.session.version();
        let from = live.published.min(version);
        let change = Change {
            seq: live.seq,
            from,
            actions: live.session.record().actions[from..].to_vec(),
            seating: self.seating_now(self.seats()).stored(),
            auto_pass: live.auto_pass.clone(),
            window: live.window.as_ref().map(|w| WindowShape {
                version: w.version,
                seats: w.seats.clone(),
                answered: w.answers.iter().map(Option::is_some).collect(),
                pass: w.pass.clone(),
            }),
            stalled: self.stalled.borrow().clone(),
        };
        live.published = version;
        live.last_change = Some(change.clone());
        let _ = outbox.send(change);
    }

    /// Forwards `request` to the owner and applies the change it made.
    /// `None` when the owner is gone and this node took the table over:
    /// the caller then does it here.
    pub(super) async fn forwarded(self: &Arc<Self>, request: Request) -> Result<Option<Answer>, ServerError> {
        let Some(cluster) = self.cluster().cloned() else { return Ok(None) };
        match cluster.forward(&self.id, &request).await {
            Ok(Reply { result, change }) => {
                if let Some(change) = change {
                    self.apply_change(change).await;
                }
                result.map(Some).map_err(ServerError::Relayed)
            }
            Err(Unforwarded::NoOwner) if self.take_over().await => Ok(None),
            Err(Unforwarded::NoOwner) => Err(ServerError::Moving),
            Err(Unforwarded::Failed(e)) => {
                tracing::warn!(table = %self.id, "a request to the owner failed: {e}");
                Err(ServerError::Moving)
            }
        }
    }

    /// Does what another node forwarded, as the owner, and answers with
    /// the change it made.
    ///
    /// Boxed: serving a request may take the table over, and taking it
    /// over starts serving requests (the future would contain itself).
    fn serve(self: Arc<Self>, request: Request) -> std::pin::Pin<Box<dyn Future<Output = Reply> + Send>> {
        Box::pin(async move { self.serve_now(request).await })
    }

    async fn serve_now(self: &Arc<Self>, request: Request) -> Reply {
        if !self.owns() {
            // Never passed on again: two nodes must not send it round.
            return Reply { result: Err(Refusal::from(&ServerError::Moving)), change: None };
        }
        let result = match request {
            Request::Act { seat, expected, action } => {
                self.act(seat, expected, &action).await.map(Answer::Version)
            }
            Request::AutoPass { seat, on } => self.set_auto_pass(seat, on).await.map(|()| Answer::Done),
            Request::Connected { seat, open } => {
                self.connected(Viewer::Seat(seat), open).await;
                Ok(Answer::Done)
            }
            Request::Claim { seat, name, token } => {
                self.claim(seat, name, token).await.map(|()| Answer::Done)
            }
            Request::Rematch { made } => {
                self.keep_rematch(&mut *self.live.lock().await, made).await.map(Answer::Rematch)
            }
        };
        let change = self.live.lock().await.last_change.clone();
        Reply { result: result.map_err(|e| Refusal::from(&e)), change }
    }

    /// A replica applies a change its owner made (or one it already
    /// applied, or an older one: those change nothing).
    pub(super) async fn apply_change(self: &Arc<Self>, change: Change) {
        if self.owns() {
            return;
        }
        let mut live = self.live.lock().await;
        if change.seq <= live.seq {
            return;
        }
        live.seq = change.seq;
        let before = live.session.version();
        if change.from > before {
            // A change was missed: what the database holds is whole.
            self.catch_up(&mut live).await;
        } else {
            for action in change.actions.iter().skip(before - change.from) {
                let seat = live.session.turn().seat();
                if let Err(e) = live.apply(seat, action) {
                    tracing::error!(table = %self.id, "a change of the owner does not apply here ({e}); reading the table again");
                    self.catch_up(&mut live).await;
                    break;
                }
            }
        }
        live.auto_pass = change.auto_pass;
        live.window = change.window.map(|w| Window {
            version: w.version,
            answers: w.answered.iter().map(|&answered| answered.then(String::new)).collect(),
            seats: w.seats,
            pass: w.pass,
            deadline: None,
        });
        self.stalled.send_if_modified(|stalled| {
            let changed = *stalled != change.stalled;
            stalled.clone_from(&change.stalled);
            changed
        });
        let seating = Seating::from_stored(&change.seating, &self.spectator_token);
        if let Ok(seating) = seating
            && (seating.seats != self.seats() || seating.rematch != self.rematch())
        {
            if let Ok(mut seats) = self.seats.write() {
                *seats = seating.seats;
            }
            if let Ok(mut rematch) = self.rematch.write() {
                *rematch = seating.rematch;
            }
            self.seating.send_modify(|changes| *changes += 1);
        }
        live.frames.written.clear();
        if live.session.version() != before {
            self.updates.send_replace(live.session.version());
        }
    }

    /// Brings the session up to what the database holds.
    async fn catch_up(&self, live: &mut Live) {
        let actions = match self.store.load(&self.id).await {
            Ok(Some(Loaded::Table(_, actions, _))) => actions,
            Ok(_) => return,
            Err(e) => {
                tracing::warn!(table = %self.id, "cannot read the table to catch up: {e}");
                return;
            }
        };
        let version = live.session.version();
        if actions.len() < version || actions[..version] != live.session.record().actions[..] {
            // This node ran ahead of the database (it lost a race): rebuild.
            let mut record = live.session.record().clone();
            record.actions = actions;
            match session_from_record(&record) {
                Ok(session) => live.session = session,
                Err(e) => tracing::error!(table = %self.id, "the stored table does not replay: {e}"),
            }
        } else {
            for action in &actions[version..] {
                let seat = live.session.turn().seat();
                if let Err(e) = live.apply(seat, action) {
                    tracing::error!(table = %self.id, "a stored action does not apply: {e}");
                    break;
                }
            }
        }
        live.published = live.session.version();
        live.frames.written.clear();
        self.updates.send_replace(live.session.version());
    }

    /// Listens for the owner's changes (in a cluster), then reads the
    /// database once, so that no change made before listening is missed.
    pub async fn listen(self: &Arc<Self>) -> Result<(), String> {
        let Some(cluster) = self.cluster().cloned() else { return Ok(()) };
        let mut changes = cluster.changes(&self.id).await?;
        let table = Arc::downgrade(self);
        let task = tokio::spawn(async move {
            while let Some(change) = changes.next().await {
                let Some(table) = Weak::upgrade(&table) else { break };
                table.apply_change(change).await;
            }
        });
        if let Ok(mut listeners) = self.listeners.lock() {
            listeners.changes = Some(task.abort_handle());
        }
        if !self.owns() {
            let mut live = self.live.lock().await;
            self.catch_up(&mut live).await;
        }
        Ok(())
    }

    /// Takes the table over if its owner's lease ran out (or nobody held
    /// it); whether this node owns it now.
    pub async fn take_over(self: &Arc<Self>) -> bool {
        if self.owns() {
            return true;
        }
        let Some(cluster) = self.cluster().cloned() else { return true };
        match self.store.lease(&self.id, &cluster.node, LEASE).await {
            Ok(true) => {
                if let Err(e) = self.become_owner(true).await {
                    tracing::warn!(table = %self.id, "cannot serve the table's requests: {e}");
                    return false;
                }
                tracing::info!(table = %self.id, node = %cluster.node, "took the table over");
                true
            }
            Ok(false) => false,
            Err(e) => {
                tracing::warn!(table = %self.id, "cannot take the table's lease: {e}");
                false
            }
        }
    }

    /// This node holds the lease now: it serves the table's requests and,
    /// with `resume`, reads the table again (another node may have changed
    /// it) and asks whoever decides.
    pub async fn become_owner(self: &Arc<Self>, resume: bool) -> Result<(), String> {
        let Some(cluster) = self.cluster().cloned() else { return Ok(()) };
        let mut requests = cluster.requests(&self.id).await?;
        let table = Arc::downgrade(self);
        let serving = Arc::clone(&cluster);
        let task = tokio::spawn(async move {
            while let Some((request, reply_to)) = requests.next().await {
                let Some(table) = Weak::upgrade(&table) else { break };
                let cluster = Arc::clone(&serving);
                // Each request on its own: one waiting for the table's lock
                // must not hold up the answers to the others.
                tokio::spawn(async move {
                    let reply = table.serve(request).await;
                    cluster.answer(reply_to, &reply).await;
                });
            }
        });
        if let Ok(mut listeners) = self.listeners.lock()
            && let Some(old) = listeners.requests.replace(task.abort_handle())
        {
            old.abort();
        }
        {
            let mut live = self.live.lock().await;
            if resume {
                self.catch_up(&mut live).await;
            }
            live.seq = (millis_now(), 0);
            live.published = live.session.version();
            self.owner.store(true, Ordering::Release);
            self.publish(&mut live);
        }
        if resume {
            self.resume().await;
        }
        Ok(())
    }

    /// This node lost the table's lease: it keeps a replica.
    pub fn demote(&self) {
        if self.settings.cluster.is_none() {
            return;
        }
        self.owner.store(false, Ordering::Release);
        if let Ok(mut listeners) = self.listeners.lock()
            && let Some(task) = listeners.requests.take()
        {
            task.abort();
        }
    }

    /// Another node stored version `before` first: this one gives the table
    /// up and reads it again; the action that lost answers `action.stale`.
    pub(super) async fn lost_the_race(&self, live: &mut Live, before: usize) -> ServerError {
        tracing::warn!(table = %self.id, version = before, "another node stored this version first: now a replica");
        self.demote();
        if let Some(window) = live.window.take()
            && let Some(deadline) = window.deadline
        {
            deadline.abort();
        }
        self.catch_up(live).await;
        ServerError::Stale { sent: before, current: live.session.version() }
    }
}
