//! The result of a finished game.

use crate::Seat;
use serde::{Deserialize, Serialize};

/// The result of a finished game: each seat's score and rank, and the teams.
///
/// Ranks count from 1 (best); equal ranks are ties. Partners share a rank.
/// `scores` are the game's own points (for display and `mean_score`); the
/// exact score sheet, where the game has one, is part of the final view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    pub scores: Vec<f64>,
    pub ranks: Vec<u32>,
    /// `teams[seat]` is the seat's team; every seat is its own team unless the
    /// game has partnerships.
    pub teams: Vec<usize>,
}

impl Outcome {
    /// An outcome where each seat is its own team and ranks follow the
    /// scores (higher is better, equal scores tie).
    pub fn from_scores(scores: Vec<f64>) -> Self {
        let ranks = ranks_by(&scores, |a, b| b.total_cmp(a));
        let teams = (0..scores.len()).collect();
        Outcome { scores, ranks, teams }
    }

    /// Seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.ranks.len()).filter(|&s| self.ranks[s] == 1).collect()
    }

    /// The winning team, or `None` when teams share first place (a draw).
    pub fn winning_team(&self) -> Option<usize> {
        let winners = self.winners();
        let team = self.teams[*winners.first()?];
        winners.iter().all(|&s| self.teams[s] == team).then_some(team)
    }

    /// True when no single team ranks first.
    pub fn is_draw(&self) -> bool {
        self.winning_team().is_none()
    }

    /// True when `seat` (with its partners) won outright.
    pub fn is_win(&self, seat: Seat) -> bool {
        self.winning_team() == Some(self.teams[seat])
    }

    /// A reward in `[0, 1]` per seat for search: the share of other teams this
    /// seat's team beat, ties counting half.
    pub fn rewards(&self) -> Vec<f64> {
        let n = self.ranks.len();
        (0..n)
            .map(|s| {
                let mut beaten = 0.0;
                let mut others = 0.0;
                for t in 0..n {
                    if self.teams[t] == self.teams[s] {
                        continue;
                    }
                    others += 1.0;
                    beaten += match self.ranks[s].cmp(&self.ranks[t]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                }
                if others == 0.0 { 0.5 } else { beaten / others }
            })
            .collect()
    }
}

/// Ranks (1 = best, ties share) of items ordered by `better_first`.
pub fn ranks_by<T>(items: &[T], better_first: impl Fn(&T, &T) -> std::cmp::Ordering) -> Vec<u32> {
    (0..items.len())
        .map(|i| {
            1 + items
                .iter()
                .filter(|other| better_first(other, &items[i]) == std::cmp::Ordering::Less)
                .count() as u32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties() {
        assert_eq!(ranks_by(&[3.0, 5.0, 3.0, 1.0], |a: &f64, b| b.total_cmp(a)), vec![2, 1, 2, 4]);
    }

    #[test]
    fn partnership_win_is_not_a_draw() {
        let o =
            Outcome { scores: vec![1.0, 0.0, 1.0, 0.0], ranks: vec![1, 3, 1, 3], teams: vec![0, 1, 0, 1] };
        assert!(!o.is_draw());
        assert!(o.is_win(2));
        assert!(!o.is_win(1));
        assert_eq!(o.rewards(), vec![1.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn shared_first_place_is_a_draw() {
        let o = Outcome::from_scores(vec![2.0, 2.0, 1.0]);
        assert!(o.is_draw());
        assert_eq!(o.rewards(), vec![0.75, 0.75, 0.0]);
    }
}
