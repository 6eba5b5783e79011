//! What a table's row says of where it stands, checked against its replay
//! when it is loaded (and by `spieltisch admin check`): a table whose row
//! says more than its actions give (a finished game whose last action was
//! lost comes back unfinished) is quarantined, never resumed at another
//! version. What an older build did not write is unknown, and agrees with
//! any replay.

use super::progress::{Progress, turn_json};

/// A table's progress as its row stores it, each part as written (`None`:
/// not written, by a build before it was kept).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoredProgress {
    /// [`spieltisch_core::Turn`] as JSON.
    pub turn: Option<String>,
    /// [`super::Waiting`] as its word.
    pub waiting: Option<String>,
    /// The ranks of a finished game, as JSON.
    pub ranks: Option<String>,
    /// Whether the row's version and checksum are written and cover the
    /// whole record ([`super::TableSum`], version 2); a table without them
    /// gets them only once it is verified as it is and its replay agrees
    /// with its row.
    pub stamped: bool,
}

impl StoredProgress {
    /// Why the stored progress disagrees with `replayed`, the progress of
    /// the table's replay, if it does: a part that cannot be read
    /// disagrees, a part not written does not.
    pub fn disagreement(&self, replayed: &Progress) -> Option<String> {
        let said = |part: &str, stored: &str, now: String| {
            format!("its row says {part} {stored}, its replay gives {now}: actions were lost or changed")
        };
        if let Some(waiting) = &self.waiting
            && waiting != replayed.waiting.word()
        {
            return Some(said(
                "it waits for",
                &format!("'{waiting}'"),
                format!("'{}'", replayed.waiting.word()),
            ));
        }
        if let Some(turn) = &self.turn {
            match serde_json::from_str::<spieltisch_core::Turn>(turn) {
                Ok(stored) if stored == replayed.turn => {}
                _ => return Some(said("the turn is", turn, turn_json(replayed.turn))),
            }
        }
        if let Some(ranks) = &self.ranks {
            match serde_json::from_str::<Vec<u32>>(ranks) {
                Ok(stored) if Some(&stored) == replayed.ranks.as_ref() => {}
                _ => {
                    let now = replayed.ranks.as_ref().map_or("no ranks".into(), |r| format!("{r:?}"));
                    return Some(said("the ranks are", ranks, now));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::progress::Waiting;
    use spieltisch_core::Turn;

    const OVER: Progress = Progress { turn: Turn::Over, waiting: Waiting::Over, ranks: None };

    fn stored(turn: Option<&str>, waiting: Option<&str>, ranks: Option<&str>) -> StoredProgress {
        StoredProgress {
            turn: turn.map(String::from),
            waiting: waiting.map(String::from),
            ranks: ranks.map(String::from),
            stamped: true,
        }
    }

    #[test]
    fn what_is_not_written_agrees_with_any_replay() {
        assert_eq!(StoredProgress::default().disagreement(&OVER), None);
        let playing = Progress { turn: Turn::Seat(1), waiting: Waiting::Bots, ranks: None };
        assert_eq!(StoredProgress::default().disagreement(&playing), None);
    }

    #[test]
    fn the_same_progress_agrees() {
        let finished = Progress { ranks: Some(vec![2, 1]), ..OVER };
        let turn = turn_json(Turn::Over);
        assert_eq!(stored(Some(&turn), Some("over"), Some("[2,1]")).disagreement(&finished), None);
    }

    #[test]
    fn a_finished_row_whose_replay_is_not_over_disagrees() {
        let lost_last = Progress { turn: Turn::Seat(1), waiting: Waiting::Bots, ranks: None };
        let why = stored(None, Some("over"), None).disagreement(&lost_last).unwrap();
        assert!(why.contains("'over'") && why.contains("'bots'"), "{why}");
    }

    #[test]
    fn garbage_disagrees() {
        let playing = Progress { turn: Turn::Seat(0), waiting: Waiting::People, ranks: None };
        assert!(stored(None, Some("nobody"), None).disagreement(&playing).is_some());
        assert!(stored(Some("{\"seat\""), None, None).disagreement(&playing).is_some());
        assert!(stored(None, None, Some("[1,")).disagreement(&OVER).is_some());
    }
}
