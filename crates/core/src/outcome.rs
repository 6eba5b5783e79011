//! The result of a finished game.

use crate::Seat;
use serde::{Deserialize, Serialize};

/// The result of a finished game: each seat's score and rank, and the teams.
///
/// Ranks count from 1 (best); equal ranks are ties. Partners share a rank.
/// `scores` are the game's own points (for display and `mean_score`); the
/// exact score sheet, where the game has one, is part of the final view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    pub scores: Vec<f64>,
    pub ranks: Vec<u32>,
    /// `teams[seat]` is the seat's team; every seat is its own team unless the
    /// game has partnerships.
    pub teams: Vec<usize>,
    /// How the ranks were decided, as data, where more than the scores
    /// decide them: the criteria in the order they count, each with every
    /// seat's value (6-Tage Rennen: laps down, then points). Empty: the
    /// ranks follow the scores, higher first, equal scores tie.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Criterion>>", optional))]
    pub ranked_by: Vec<Criterion>,
}

/// One criterion of a ranking ([`Outcome::ranked_by`]): seats are compared
/// by it when every criterion before it is equal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Criterion {
    /// What is compared, a snake_case word documented per game
    /// (`laps_down`, `points`, `match_points`).
    pub key: String,
    /// Whether less is better (laps down) rather than more (points).
    pub lower_is_better: bool,
    /// Each seat's value.
    pub values: Vec<f64>,
}

impl Criterion {
    /// A criterion on which more is better.
    pub fn higher(key: &str, values: Vec<f64>) -> Self {
        Criterion { key: key.to_string(), lower_is_better: false, values }
    }

    /// A criterion on which less is better.
    pub fn lower(key: &str, values: Vec<f64>) -> Self {
        Criterion { key: key.to_string(), lower_is_better: true, values }
    }
}

impl Outcome {
    /// An outcome where each seat is its own team and ranks follow the
    /// scores (higher is better, equal scores tie).
    pub fn from_scores(scores: Vec<f64>) -> Self {
        let ranks = ranks_by(&scores, |a, b| b.total_cmp(a));
        let teams = (0..scores.len()).collect();
        Outcome { scores, ranks, teams, ranked_by: Vec::new() }
    }

    /// An outcome ranked by `criteria` in order (each seat its own team);
    /// the ranks are computed from them, so they always agree.
    pub fn ranked(scores: Vec<f64>, criteria: Vec<Criterion>) -> Self {
        let seats: Vec<usize> = (0..scores.len()).collect();
        let ranks = ranks_by(&seats, |&a, &b| {
            criteria
                .iter()
                .map(|c| {
                    let order = c.values[b].total_cmp(&c.values[a]);
                    if c.lower_is_better { order.reverse() } else { order }
                })
                .find(|o| o.is_ne())
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        Outcome { scores, ranks, teams: seats, ranked_by: criteria }
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
        let o = Outcome {
            scores: vec![1.0, 0.0, 1.0, 0.0],
            ranks: vec![1, 3, 1, 3],
            teams: vec![0, 1, 0, 1],
            ranked_by: Vec::new(),
        };
        assert!(!o.is_draw());
        assert!(o.is_win(2));
        assert!(!o.is_win(1));
        assert_eq!(o.rewards(), vec![1.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn criteria_decide_in_order_and_say_how() {
        // Fewer laps down first, then more points: seat 0, with the most
        // points, is a lap down and last.
        let o = Outcome::ranked(
            vec![30.0, 12.0, 8.0, 12.0],
            vec![
                Criterion::lower("laps_down", vec![1.0, 0.0, 0.0, 0.0]),
                Criterion::higher("points", vec![30.0, 12.0, 8.0, 12.0]),
            ],
        );
        assert_eq!(o.ranks, vec![4, 1, 3, 1]);
        let json = serde_json::to_value(&o).unwrap();
        assert_eq!(json["ranked_by"][0]["key"], "laps_down");
        assert_eq!(json["ranked_by"][0]["lower_is_better"], true);
        assert!(serde_json::to_value(Outcome::from_scores(vec![1.0])).unwrap().get("ranked_by").is_none());
    }

    #[test]
    fn shared_first_place_is_a_draw() {
        let o = Outcome::from_scores(vec![2.0, 2.0, 1.0]);
        assert!(o.is_draw());
        assert_eq!(o.rewards(), vec![0.75, 0.75, 0.0]);
    }
}
