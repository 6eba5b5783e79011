//! Scoring (18): places, sprints and the yellow jersey (15), photo cards
//! that disqualify (14), and the stage race's total (17).

use crate::game::{Phase, Reifenbreite, bit};
use crate::options::JerseyJudged;
use crate::points::{PLACE_POINTS, team_scores};

impl Reifenbreite {
    /// The yellow jersey (15.1), only with more than one sprint.
    pub(crate) fn sprint_won(&mut self, sprint: usize, rider: u8) {
        if !self.rules.jersey || self.track().sprints.len() < 2 {
            return;
        }
        match self.jersey {
            None if sprint == 0 => self.jersey = Some((rider, self.round)),
            Some((holder, _)) if holder != rider => match self.rules.jersey_judged {
                JerseyJudged::AtCrossing => self.judge_jersey(rider),
                JerseyJudged::RoundEnd => self.jersey_pending.push(rider),
            },
            _ => {}
        }
    }

    /// "Ist dies der neue Fahrer" (15.1): the new sprint winner `rider`
    /// takes the jersey if he now has more sprint points than every other
    /// rider; on a tie the holder keeps it.
    pub(crate) fn judge_jersey(&mut self, rider: u8) {
        let mine = self.sprint_points[rider as usize];
        let best_other =
            (0..self.riders.len()).filter(|&o| o != rider as usize).map(|o| self.sprint_points[o]).max();
        if best_other.is_none_or(|b| mine > b) {
            self.jersey = Some((rider, self.round));
        }
    }

    /// Points of every rider in the current stage (18): place, sprints,
    /// yellow jersey; disqualified riders score nothing (14).
    pub fn stage_points(&self) -> Vec<u16> {
        let dq = self.disqualified_now();
        (0..self.riders.len())
            .map(|r| {
                if dq & bit(r as u8) != 0 {
                    return 0;
                }
                let place = self.finish.iter().position(|&f| f as usize == r);
                place.map(|p| PLACE_POINTS[p.min(15)]).unwrap_or(0)
                    + self.sprint_points[r]
                    + self.jersey_points[r]
            })
            .collect()
    }

    pub(crate) fn disqualified_now(&self) -> u16 {
        let mut dq = 0;
        if self.director.len() == 2 {
            for (r, p) in self.photos.iter().enumerate() {
                if p.iter().any(|n| self.director.contains(n)) {
                    dq |= bit(r as u8);
                }
            }
        }
        dq
    }

    pub(crate) fn finalize_stage(&mut self) {
        self.results.push(self.stage_points());
        self.disqualified.push(self.disqualified_now());
        if (self.stage as usize) + 1 < self.tracks.len() {
            self.stage += 1;
            self.setup_stage();
        } else {
            self.phase = Phase::Over;
        }
    }

    /// Team totals over all finished stages, with the stage-race bonus (17):
    /// stages × the best rider's total + the team total, with two or more
    /// stages.
    pub fn team_scores(&self) -> Vec<u32> {
        team_scores(&self.results, self.options.teams)
    }
}
