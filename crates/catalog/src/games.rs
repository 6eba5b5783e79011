//! [`CatalogGame`] for each registered game: its heuristic bot, whether it
//! has secrets, its test plan (declared by the game crate) and its extra
//! summary figures.

use crate::{CatalogGame, Stat};
use spieltisch_ai::{Knowledge, Series, standings_rewards};
use spieltisch_conformance::{Golden, VariantSet};
use spieltisch_core::{Bot, Game};
use std::path::Path;
use std::sync::Arc;

/// A game's `HeuristicBot`, boxed.
fn boxed<G: Game, B: Bot<G> + Default + 'static>() -> Box<dyn Bot<G>> {
    Box::new(B::default())
}

/// Six: everything is on the board.
impl CatalogGame for spieltisch_six::Six {
    const HIDDEN_INFORMATION: bool = false;

    /// `bot_budget` (2026-12, one core of the project's build machine): at
    /// the cap of 8,000 iterations, with 4 players in a 99-game match with
    /// `move_limit=5000`, a decision costs a median of 1.0 s of CPU and a
    /// 99th percentile of 1.8 s, within the 2 s: the rate is left where it
    /// was (`docs/benchmarks.md`).
    const ITERATIONS_PER_SECOND: u32 = 4_000;

    fn heuristic() -> Box<dyn Bot<Self>> {
        boxed::<Self, spieltisch_six::HeuristicBot>()
    }

    /// Rollouts by the heuristic bot that end with the game in play, and
    /// at the latest after as many actions as a whole game with the
    /// default move limit can take (`SixMatch`).
    fn knowledge() -> Arc<dyn Knowledge<Self>> {
        Arc::new(SixMatch)
    }

    fn conformance() -> Vec<VariantSet<Self::Options>> {
        spieltisch_six::test_plan::conformance()
    }

    fn goldens() -> Vec<Golden<Self::Options>> {
        spieltisch_six::test_plan::goldens()
    }
}

/// What the search knows of Six, so that a decision costs the same in a
/// match of 99 games with a move limit of 5,000 as in one game with the
/// defaults:
///
/// - a rollout ends with the game in play (later games of a match do not
///   decide this move); the match points then give the rewards, each game
///   left swinging the lead by about half a point;
/// - it ends at the latest after [`SixMatch::ROLLOUT_LIMIT`] actions, as
///   many as a whole game with the default move limit (200) can take, where
///   the game in play counts as undecided, as the default limit would draw
///   it. With the default options no rollout reaches the limit, so searches
///   there are unchanged.
#[derive(Clone, Copy, Debug)]
struct SixMatch;

impl SixMatch {
    /// The first round's 40 placements and 200 second-round moves of at
    /// most three actions each (lift, keep, place).
    const ROLLOUT_LIMIT: usize = spieltisch_six::FIRST_ROUND_STONES + 3 * 200;
    /// The swing of the lead over one game, in match points (the logistic
    /// scale of a lead of ±1 in about half the games).
    const SPREAD_PER_GAME: f64 = 0.55;
}

impl Knowledge<spieltisch_six::Six> for SixMatch {
    fn rollout_policy(&self) -> Option<Box<dyn Bot<spieltisch_six::Six>>> {
        Some(spieltisch_six::Six::heuristic())
    }

    /// Each seat's chance that its side wins the match, from the match
    /// points and the games left (the game in play among them).
    fn evaluate(&self, state: &spieltisch_six::Six) -> Option<Vec<f64>> {
        use spieltisch_six::Colour;
        let points = Colour::ALL.map(|c| state.points(c));
        let left = usize::from(state.options().games).saturating_sub(state.results().len());
        let sides = standings_rewards(&points, Self::SPREAD_PER_GAME * (left as f64).sqrt());
        Some((0..state.seats()).map(|seat| sides[Colour::of_seat(seat).index()]).collect())
    }

    /// The games of the match finished so far.
    fn milestone(&self, state: &spieltisch_six::Six) -> Option<u32> {
        Some(state.results().len() as u32)
    }

    fn rollout_limit(&self) -> Option<usize> {
        Some(Self::ROLLOUT_LIMIT)
    }
}

/// 6-Tage Rennen: hands of cards are secret; `sim` also reports each seat
/// spec's mean laps down over the series.
impl CatalogGame for spieltisch_sechstage::Sechstage {
    const HIDDEN_INFORMATION: bool = true;

    /// `bot_budget` (2026-12, one core of the project's build machine): at
    /// 8 riders and 20 races a decision's cost varies tenfold and more with
    /// the position, and an attacker keeps its tables where it is highest,
    /// so the 99th percentile sets the rate: at 11,000 iterations it was
    /// 3.1 s (median 1.0 s), and the cap is 6,000 (22,000 a second,
    /// measured over 4,000-iteration searches, made the cap 44,000
    /// iterations and a decision 12.9 s; `docs/benchmarks.md`).
    const ITERATIONS_PER_SECOND: u32 = 3_000;

    fn heuristic() -> Box<dyn Bot<Self>> {
        boxed::<Self, spieltisch_sechstage::HeuristicBot>()
    }

    fn conformance() -> Vec<VariantSet<Self::Options>> {
        spieltisch_sechstage::test_plan::conformance()
    }

    fn goldens() -> Vec<Golden<Self::Options>> {
        spieltisch_sechstage::test_plan::goldens()
    }

    /// `track`: a track file.
    fn read_option_file(_key: &str, path: &Path, shown: &str) -> Result<serde_json::Value, String> {
        let track = spieltisch_sechstage::read_track_file(path, shown)?;
        serde_json::to_value(track).map_err(|e| e.to_string())
    }

    /// Rollouts end with the race; the series standings (laps down, race
    /// points breaking ties) then give the rewards, a race swinging them by
    /// about one and a half laps.
    fn knowledge() -> Arc<dyn Knowledge<Self>> {
        const LAPS_PER_RACE: f64 = 1.5;
        Arc::new(Series {
            policy: Self::heuristic,
            milestone: |s: &Self| s.race() as u32,
            standings: |s: &Self| {
                let standing = s
                    .total_laps_down()
                    .into_iter()
                    .zip(s.total_points())
                    .map(|(laps, points)| points.to_f64() / 100.0 - f64::from(laps))
                    .collect();
                let left = s.options().races.saturating_sub(s.race()) as f64;
                Some((standing, LAPS_PER_RACE * left.sqrt()))
            },
        })
    }

    /// With rollouts ending at the race, 3,000 iterations a decision lost
    /// ten-series matches to 1,000 (3–7) and to 300 (4–6), while 1,000 beat
    /// 100 16–4: the levels take 100 and 1,000 (see `docs/strength.md`).
    fn level(name: &str) -> Option<&'static str> {
        Some(match name {
            "easy" => "heuristic",
            "medium" => "ismcts:iters=100",
            "hard" => "ismcts:iters=1000",
            _ => return None,
        })
    }

    fn extra_stats(final_state: &Self) -> Vec<(&'static str, Stat)> {
        let laps = final_state.total_laps_down().into_iter().map(f64::from).collect();
        vec![("laps_down", Stat::PerSeat(laps))]
    }
}

/// Der Ausreisser: hands of cards are secret.
impl CatalogGame for spieltisch_ausreisser::Ausreisser {
    const HIDDEN_INFORMATION: bool = true;

    /// `bot_budget` (2026-12, one core of the project's build machine): at
    /// 6 riders and 10 stages an iteration costs more as the tree grows, so
    /// the rate is measured at the cap (130,000 a second, measured over
    /// 4,000-iteration searches, made the cap 260,000 iterations and a
    /// decision 15–21 s). The first decisions of a stage cost most, and an
    /// attacker keeps its tables there: at 80,000 iterations they cost
    /// 2.8 s, the 99th percentile over whole games 3.2 s (median 1.5 s).
    /// At 44,000 the attack's costliest decisions still took 2.2 s of CPU,
    /// so the cap is 38,000 (`docs/benchmarks.md`, `docs/security.md`).
    const ITERATIONS_PER_SECOND: u32 = 19_000;

    fn heuristic() -> Box<dyn Bot<Self>> {
        boxed::<Self, spieltisch_ausreisser::HeuristicBot>()
    }

    fn conformance() -> Vec<VariantSet<Self::Options>> {
        spieltisch_ausreisser::test_plan::conformance()
    }

    fn goldens() -> Vec<Golden<Self::Options>> {
        spieltisch_ausreisser::test_plan::goldens()
    }

    /// Luck weighs heavily and the heuristic bot is good: the search needs
    /// more iterations than the default to be clearly stronger (measured in
    /// `docs/strength.md`); decisions stay cheap as rollouts end with the stage.
    fn level(name: &str) -> Option<&'static str> {
        Some(match name {
            "easy" => "heuristic",
            "medium" => "ismcts:iters=3000",
            "hard" => "ismcts:iters=10000",
            _ => return None,
        })
    }

    /// Rollouts end with the stage; the series totals then give the rewards,
    /// a stage swinging them by about eight points.
    fn knowledge() -> Arc<dyn Knowledge<Self>> {
        const POINTS_PER_STAGE: f64 = 8.0;
        Arc::new(Series {
            policy: Self::heuristic,
            milestone: |s: &Self| u32::from(s.table().stage),
            standings: |s: &Self| {
                let table = s.table();
                let standing = table.totals[..table.seats()].iter().map(|&t| f64::from(t)).collect();
                let left = f64::from(s.options().stages.saturating_sub(table.stage));
                Some((standing, POINTS_PER_STAGE * left.sqrt()))
            },
        })
    }
}

/// Um Reifenbreite: energy cards are public and the hidden chance cards and
/// photo draws are hidden from every seat alike, so no seat has secrets. The
/// number of seat specs sets `teams` (one team per manager) unless `teams`
/// is given, in which case it sets `seats` (managers sharing the teams).
impl CatalogGame for spieltisch_reifenbreite::Reifenbreite {
    const HIDDEN_INFORMATION: bool = false;

    /// `bot_budget` (2026-12, one core of the project's build machine): at
    /// the cap of 10,000 iterations, on the Tour de France with the
    /// professional rules and 4 teams, a decision costs a median of 0.3 s
    /// of CPU and a 99th percentile of 0.8 s: the rate could be higher,
    /// and is left where it was (`docs/benchmarks.md`).
    const ITERATIONS_PER_SECOND: u32 = 5_000;

    fn heuristic() -> Box<dyn Bot<Self>> {
        boxed::<Self, spieltisch_reifenbreite::HeuristicBot>()
    }

    fn conformance() -> Vec<VariantSet<Self::Options>> {
        spieltisch_reifenbreite::test_plan::conformance()
    }

    fn goldens() -> Vec<Golden<Self::Options>> {
        spieltisch_reifenbreite::test_plan::goldens()
    }

    fn seats_option() -> Option<&'static str> {
        Some("teams")
    }

    /// `course` and each file of `stages`: a course file and the board it names.
    fn read_option_file(_key: &str, path: &Path, shown: &str) -> Result<serde_json::Value, String> {
        let course = spieltisch_reifenbreite::course::read_course_file(path, shown)?;
        serde_json::to_value(course).map_err(|e| e.to_string())
    }

    /// Rollouts are short (to the end of the round), so the levels take
    /// 300 and 1,000 iterations a decision.
    fn level(name: &str) -> Option<&'static str> {
        Some(match name {
            "easy" => "heuristic",
            "medium" => "mcts:iters=300",
            "hard" => "mcts:iters=1000",
            _ => return None,
        })
    }

    /// Rollouts end with the round, where [`reifenbreite_projection`] gives
    /// the standings. A whole race of dice is too noisy a judge of one
    /// decision: with rollouts to the finish the search could not tell a
    /// long move from a short one.
    fn knowledge() -> Arc<dyn Knowledge<Self>> {
        /// How far the projection may still move before the finish, in points.
        const SPREAD: f64 = 20.0;
        Arc::new(Series {
            policy: Self::heuristic,
            milestone: |s: &Self| u32::from(s.round()),
            standings: |s: &Self| Some((reifenbreite_projection(s), SPREAD)),
        })
    }
}

/// What an energy card left in hand is worth, in points: it replaces a die
/// with a 5 or 6 once, a few spaces, about a place in the field.
const ENERGY_CARD_POINTS: f64 = 3.0;

/// Each seat's points if the race ended now with the riders in their
/// present order (finished riders keep their places, the others follow by
/// the order of play of their spaces), plus its energy cards left, on top of
/// the stages already run.
fn reifenbreite_projection(s: &spieltisch_reifenbreite::Reifenbreite) -> Vec<f64> {
    use spieltisch_reifenbreite::{Status, game::PLACE_POINTS};
    let order = &s.track().order;
    let mut points: Vec<f64> = s.stage_points().into_iter().map(f64::from).collect();
    let finished = s.finish_order().len();
    let mut racing: Vec<(u32, usize)> = s
        .riders()
        .iter()
        .enumerate()
        .filter(|(r, rider)| {
            !matches!(rider.status, Status::Finished | Status::Out) && !s.finish_order().contains(&(*r as u8))
        })
        .map(|(r, rider)| (order.get(usize::from(rider.space)).copied().unwrap_or(0), r))
        .collect();
    racing.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
    for (place, &(_, r)) in racing.iter().enumerate() {
        points[r] += f64::from(PLACE_POINTS[(finished + place).min(PLACE_POINTS.len() - 1)]);
    }
    let earlier = s.team_scores();
    let seats = s.seats();
    let mut standing = vec![0.0; seats];
    for team in 0..s.teams() {
        let riders: f64 = points[usize::from(team) * 4..usize::from(team) * 4 + 4].iter().sum();
        let cards: f64 = s.energy(team).iter().map(|&n| f64::from(n)).sum();
        standing[s.seat_of_team(team)] +=
            f64::from(earlier[usize::from(team)]) + riders + ENERGY_CARD_POINTS * cards;
    }
    standing
}
