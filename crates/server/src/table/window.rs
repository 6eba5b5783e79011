//! A decision taken together while it collects its answers: who is asked,
//! in which order their answers count, what each has answered, and the
//! task that closes it at the deadline.
//!
//! Apart from the table that runs it (`together.rs`) because more than
//! the table reads it: the messages show who is asked and offer a seat its
//! actions until it has answered, and a cluster's changes carry it to the
//! replicas; none of them needs the table.

use spieltisch_core::Seat;

/// A decision taken together that is collecting its answers.
#[derive(Clone, Debug)]
pub struct Window {
    /// The version at which everyone was asked; answers count for it only.
    pub(super) version: usize,
    /// The seats asked, in the order their answers count.
    pub(super) seats: Vec<Seat>,
    /// The pass, in notation.
    pub(super) pass: String,
    /// Each seat's answer so far, by position in `seats`.
    pub(super) answers: Vec<Option<String>>,
    /// The task waiting for the deadline, stopped once the answers are
    /// applied sooner, so that no sleeping task outlives its window.
    pub(super) deadline: Option<tokio::task::AbortHandle>,
}

impl Window {
    pub(super) fn position(&self, seat: Seat) -> Option<usize> {
        self.seats.iter().position(|&s| s == seat)
    }

    /// True when `seat` is asked and has not answered yet.
    pub(super) fn waits_for(&self, seat: Seat) -> bool {
        self.position(seat).is_some_and(|i| self.answers[i].is_none())
    }

    pub(super) fn complete(&self) -> bool {
        self.answers.iter().all(Option::is_some)
    }
}
