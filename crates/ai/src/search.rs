//! Monte Carlo tree search over the game contract.
//!
//! One algorithm serves both bots: every iteration starts from a world drawn
//! by [`Game::resample`] from the searching seat's view. `mcts` draws one
//! world per search (exact for games without secrets, where the resampler
//! rebuilds the true position); `ismcts` draws a new world every iteration
//! (single-observer information-set MCTS): a child's exploration term counts
//! how often it was *available*, and chance outcomes are keyed by what the
//! searching seat observes of them ([`Game::sight`], as a
//! [`spieltisch_core::Seen`]), so worlds it cannot tell apart share nodes.
//!
//! Rewards are vectors, one entry per seat ([`spieltisch_core::Outcome::rewards`],
//! which counts partners as one side), and at every decision the seat to
//! move maximises its own entry, so 3–8 player games and partnerships are
//! searched sensibly. Chance nodes sample outcomes by their exact weights.
//!
//! Parallel search is root parallelism: each thread grows its own tree from
//! its own seed and the root statistics are summed; with an iteration budget
//! the result depends only on the seed, the budget and the thread count, so
//! the trees may as well grow one after another on one thread
//! ([`SearchConfig::parallel`] off, as a server's search pool runs them).
//!
//! Every rollout is bounded whatever the game's options: it ends at the
//! knowledge's next milestone, its depth ([`SearchConfig::rollout_depth`]),
//! or its limit ([`Knowledge::rollout_limit`]), each judged by
//! [`Knowledge::evaluate`]; [`SearchResult::steps`] counts the work done.

use crate::knowledge::Knowledge;
use crate::tree::{Edge, Tree};
use rand::{Rng, RngCore, SeedableRng};
use spieltisch_core::{Bot, Decision, Game, GameRng, Seat, Seen, Turn, Viewer, chance::sample_chance};
use std::time::{Duration, Instant};

/// How worlds are drawn from the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Determinize {
    /// One world per search (plain MCTS).
    Once,
    /// A new world every iteration (information-set MCTS).
    EachIteration,
}

/// Search parameters. At least one of `iterations` and `time` must be set.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Total iterations over all threads.
    pub iterations: Option<u64>,
    /// Wall-clock budget per decision.
    pub time: Option<Duration>,
    pub threads: usize,
    /// The UCB exploration constant (rewards lie in `[0, 1]`).
    pub exploration: f64,
    pub determinize: Determinize,
    /// After this many rollout actions, use [`Knowledge::evaluate`] if it gives a value.
    pub rollout_depth: Option<usize>,
    /// In rollouts with a policy, the share of uniformly random actions.
    pub rollout_epsilon: f64,
    /// Whether a bot keeps its tree from one decision to the next (plain
    /// MCTS only; see [`crate::SearchBot`]).
    pub reuse: bool,
    /// Whether the trees of `threads` grow on threads of their own (true),
    /// or one after another on the calling thread, so that whoever calls
    /// bounds the threads (a server's search pool). With an iteration
    /// budget the result is the same either way; a time budget is shared:
    /// trees that start after it ran out run no iteration.
    pub parallel: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            iterations: Some(1000),
            time: None,
            threads: 1,
            exploration: 0.7,
            determinize: Determinize::Once,
            rollout_depth: None,
            rollout_epsilon: 0.1,
            reuse: true,
            parallel: true,
        }
    }
}

/// Why a parameter string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamError {
    #[error("unknown search parameter '{0}' (use iters, ms, threads, c, depth, eps, reuse)")]
    Unknown(String),
    #[error("search parameter '{key}': '{value}' is not valid")]
    Invalid { key: String, value: String },
}

impl SearchConfig {
    /// Applies `key=value` parameters separated by commas or colons:
    /// `iters=2000`, `ms=500`, `threads=2`, `c=0.7`, `depth=30`, `eps=0.1`,
    /// `reuse=0` (or `1`).
    pub fn with_params(mut self, params: &str) -> Result<Self, ParamError> {
        // A time budget alone replaces the default iteration budget.
        let (mut iterations_given, mut time_given) = (false, false);
        for part in params.split([',', ':']).map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| ParamError::Unknown(part.to_string()))?;
            let bad = || ParamError::Invalid { key: key.to_string(), value: value.to_string() };
            match key {
                "iters" | "iterations" => {
                    self.iterations = Some(value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?);
                    iterations_given = true;
                }
                "ms" => {
                    let ms: u64 = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?;
                    self.time = Some(Duration::from_millis(ms));
                    time_given = true;
                }
                "threads" => {
                    self.threads = value.parse().ok().filter(|&n| (1..=256).contains(&n)).ok_or_else(bad)?
                }
                "c" => {
                    self.exploration =
                        value.parse().ok().filter(|c: &f64| c.is_finite() && *c >= 0.0).ok_or_else(bad)?
                }
                "depth" => self.rollout_depth = Some(value.parse().map_err(|_| bad())?),
                "eps" => {
                    self.rollout_epsilon =
                        value.parse().ok().filter(|e| (0.0..=1.0).contains(e)).ok_or_else(bad)?
                }
                "reuse" => {
                    self.reuse = match value {
                        "1" | "true" | "on" => true,
                        "0" | "false" | "off" => false,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(ParamError::Unknown(key.to_string())),
            }
        }
        if time_given && !iterations_given {
            self.iterations = None;
        }
        Ok(self)
    }
}

/// The statistics of one root action.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStat<A> {
    pub action: A,
    pub visits: u64,
    /// The mean reward of the searching seat after this action, in `[0, 1]`:
    /// an estimate of its winning chance (a draw counting half).
    pub value: f64,
}

/// The result of a search: root actions, most visited first.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<A> {
    pub moves: Vec<MoveStat<A>>,
    /// Iterations run for this decision.
    pub iterations: u64,
    /// Visits of the root carried over from the previous decision's tree
    /// (tree reuse); included in the moves' visits.
    pub reused: u64,
    /// Actions applied to worlds in all iterations (down the tree and in
    /// rollouts, chance outcomes included): the search's work, whatever
    /// the machine's speed.
    pub steps: u64,
}

/// What one search did: its iterations and its steps ([`SearchResult::steps`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effort {
    pub iterations: u64,
    pub steps: u64,
}

impl<A> SearchResult<A> {
    /// The iterations and steps of this search.
    pub fn effort(&self) -> Effort {
        Effort { iterations: self.iterations, steps: self.steps }
    }
}

impl<A: Clone> SearchResult<A> {
    /// The most visited action.
    pub fn best(&self) -> Option<A> {
        self.moves.first().map(|m| m.action.clone())
    }
}

/// Searches the decision of `seat`, who sees `view` (with the table's static
/// part `fixed`) and may play `legal`.
///
/// # Panics
/// If `legal` is empty or neither an iteration nor a time budget is set.
pub fn search<G: Game>(
    view: &G::View,
    fixed: &G::Static,
    seat: Seat,
    legal: &[G::Action],
    config: &SearchConfig,
    knowledge: &dyn Knowledge<G>,
    seed: u64,
) -> SearchResult<G::Action> {
    search_from(view, fixed, seat, legal, config, knowledge, seed, Vec::new()).0
}

/// A tree grown by plain MCTS in one world, kept for the next decision.
pub(crate) struct Grown<G: Game> {
    world: G,
    tree: Tree<G::Action>,
}

impl<G: Game> Grown<G> {
    /// The part of the tree at the position the game has reached, if the
    /// tree holds it: the world after `chosen` and the plies since, whose
    /// view for `seat` is `view`. Only the plies the tree holds are tried
    /// (the others' actions and chance outcomes it expanded, and this seat's
    /// forced moves, which it did not search), breadth first.
    pub fn advance(self, chosen: &G::Action, seat: Seat, view: &G::View) -> Option<Grown<G>> {
        let first = self.tree.find_action(0, chosen, 0)?;
        let mut after = self.world;
        after.apply_unchecked(chosen);
        let mut queue = std::collections::VecDeque::from([(first, after)]);
        let mut outcomes = Vec::new();
        let mut legal = Vec::new();
        while let Some((node, state)) = queue.pop_front() {
            match state.turn() {
                Turn::Over => {}
                Turn::Seat(mover) => {
                    if mover == seat {
                        if state.view(Viewer::Seat(seat)) == *view {
                            return Some(Grown { tree: self.tree.subtree(node), world: state });
                        }
                        legal.clear();
                        state.legal_actions(&mut legal);
                        if legal.len() > 1 {
                            continue;
                        }
                    }
                    for (edge, child) in &self.tree.nodes[node as usize].children {
                        if let Edge::Action(action) = edge {
                            let mut next = state.clone();
                            next.apply_unchecked(action);
                            queue.push_back((*child, next));
                        }
                    }
                }
                Turn::Chance => {
                    outcomes.clear();
                    state.chance_outcomes(&mut outcomes);
                    for (edge, child) in &self.tree.nodes[node as usize].children {
                        let Edge::Seen(seen) = edge else { continue };
                        for (outcome, _) in &outcomes {
                            if Seen::of(&state, outcome, Viewer::Seat(seat)) == *seen {
                                let mut next = state.clone();
                                next.apply_unchecked(outcome);
                                queue.push_back((*child, next));
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// [`search`], continuing the trees in `kept` (one per thread, for plain
/// MCTS) where given, and giving back the trees grown (plain MCTS only).
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_from<G: Game>(
    view: &G::View,
    fixed: &G::Static,
    seat: Seat,
    legal: &[G::Action],
    config: &SearchConfig,
    knowledge: &dyn Knowledge<G>,
    seed: u64,
    mut kept: Vec<Option<Grown<G>>>,
) -> (SearchResult<G::Action>, Vec<Grown<G>>) {
    assert!(!legal.is_empty(), "search needs at least one legal action");
    assert!(config.iterations.is_some() || config.time.is_some(), "search needs a budget");
    let threads = config.threads.max(1);
    kept.resize_with(threads, || None);
    let reused = kept.iter().flatten().map(|g| u64::from(g.tree.nodes[0].visits)).sum();
    let deadline = config.time.map(|t| Instant::now() + t);
    let share =
        |t: usize| config.iterations.map(|n| n / threads as u64 + u64::from((t as u64) < n % threads as u64));
    let thread_seed = |t: usize| seed ^ (t as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let per_thread: Vec<ThreadResult<G>> = if threads == 1 || !config.parallel {
        kept.into_iter()
            .enumerate()
            .map(|(t, start)| {
                search_one::<G>(
                    view,
                    fixed,
                    seat,
                    legal,
                    share(t),
                    deadline,
                    config,
                    knowledge,
                    thread_seed(t),
                    start,
                )
            })
            .collect()
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = kept
                .into_iter()
                .enumerate()
                .map(|(t, start)| {
                    scope.spawn(move || {
                        search_one::<G>(
                            view,
                            fixed,
                            seat,
                            legal,
                            share(t),
                            deadline,
                            config,
                            knowledge,
                            thread_seed(t),
                            start,
                        )
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().expect("a search thread panicked")).collect()
        })
    };
    let mut moves: Vec<MoveStat<G::Action>> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let (visits, total) =
                per_thread.iter().fold((0, 0.0), |(v, t), r| (v + r.stats[i].0, t + r.stats[i].1));
            MoveStat {
                action: a.clone(),
                visits,
                value: if visits == 0 { 0.0 } else { total / visits as f64 },
            }
        })
        .collect();
    // Stable sort: ties keep the game's legal-action order, so results are deterministic.
    moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    let iterations = per_thread.iter().map(|r| r.iterations).sum();
    let steps = per_thread.iter().map(|r| r.steps).sum();
    let grown = per_thread.into_iter().filter_map(|r| r.grown).collect();
    (SearchResult { moves, iterations, reused, steps }, grown)
}

/// One thread's search.
struct ThreadResult<G: Game> {
    /// Per root action (in legal order): its visits and reward total.
    stats: Vec<(u64, f64)>,
    /// Iterations run in this search.
    iterations: u64,
    /// Actions applied to worlds in this search.
    steps: u64,
    /// The tree and its world, for plain MCTS.
    grown: Option<Grown<G>>,
}

/// One thread's search, continuing `start` if given (plain MCTS).
#[allow(clippy::too_many_arguments)]
fn search_one<G: Game>(
    view: &G::View,
    fixed: &G::Static,
    seat: Seat,
    legal_at_root: &[G::Action],
    iterations: Option<u64>,
    deadline: Option<Instant>,
    config: &SearchConfig,
    knowledge: &dyn Knowledge<G>,
    seed: u64,
    start: Option<Grown<G>>,
) -> ThreadResult<G> {
    let mut rng = GameRng::seed_from_u64(seed);
    let once = config.determinize == Determinize::Once;
    let (fixed_world, mut tree) = match start {
        Some(Grown { world, tree }) if once => (Some(world), tree),
        _ => {
            let world = G::resample(view, fixed, seat, &mut rng);
            let tree = Tree::new(world.seats());
            (once.then_some(world), tree)
        }
    };
    let seats = tree.seats;
    let mut policy = knowledge.rollout_policy();
    let mut legal = Vec::new();
    let mut path = Vec::new();
    let mut done = 0u64;
    let mut steps = 0u64;
    loop {
        if iterations.is_some_and(|n| done >= n)
            || (done.is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        let mut state = match &fixed_world {
            Some(world) => world.clone(),
            None => G::resample(view, fixed, seat, &mut rng),
        };
        let milestone = knowledge.milestone(&state);
        path.clear();
        path.push(0u32);
        let mut node = 0u32;
        let rewards = loop {
            match state.turn() {
                Turn::Over => break state.outcome().map(|o| o.rewards()).unwrap_or_else(|| vec![0.5; seats]),
                Turn::Chance => {
                    let action = sample_chance(&state, &mut rng);
                    let seen = Edge::Seen(Seen::of(&state, &action, Viewer::Seat(seat)));
                    let (child, created) = tree.child_or_add(node, seen);
                    state.apply_unchecked(&action);
                    steps += 1;
                    node = child;
                    path.push(child);
                    if created {
                        break rollout(
                            state,
                            milestone,
                            &mut policy,
                            knowledge,
                            config,
                            &mut rng,
                            seats,
                            &mut steps,
                        );
                    }
                }
                Turn::Seat(mover) => {
                    legal.clear();
                    if node == 0 {
                        legal.extend_from_slice(legal_at_root);
                    } else {
                        state.legal_actions(&mut legal);
                    }
                    let mut best: Option<(f64, u32, usize)> = None;
                    let mut untried = 0usize;
                    let mut pick_untried = None;
                    for (i, action) in legal.iter().enumerate() {
                        match tree.find_action(node, action, i) {
                            Some(child) => {
                                let n = &mut tree.nodes[child as usize];
                                n.available += 1;
                                let explore = config.exploration
                                    * (f64::from(n.available).ln() / f64::from(n.visits.max(1))).sqrt();
                                let score = tree.mean(child, mover) + explore;
                                if best.is_none_or(|(b, _, _)| score > b) {
                                    best = Some((score, child, i));
                                }
                            }
                            None => {
                                // Reservoir sampling: a uniformly random untried action.
                                untried += 1;
                                if rng.random_range(0..untried) == 0 {
                                    pick_untried = Some(i);
                                }
                            }
                        }
                    }
                    if let Some(i) = pick_untried {
                        let child = tree.add_child(node, Edge::Action(legal[i].clone()));
                        tree.nodes[child as usize].available += 1;
                        state.apply_unchecked(&legal[i]);
                        steps += 1;
                        path.push(child);
                        break rollout(
                            state,
                            milestone,
                            &mut policy,
                            knowledge,
                            config,
                            &mut rng,
                            seats,
                            &mut steps,
                        );
                    }
                    let (_, child, i) = best.expect("a seat node has a legal action");
                    state.apply_unchecked(&legal[i]);
                    steps += 1;
                    node = child;
                    path.push(child);
                }
            }
        };
        tree.backup(&path, &rewards);
        done += 1;
    }
    let stats = legal_at_root
        .iter()
        .enumerate()
        .map(|(i, a)| match tree.find_action(0, a, i) {
            Some(c) => {
                let n = u64::from(tree.nodes[c as usize].visits);
                (n, tree.mean(c, seat) * n as f64)
            }
            None => (0, 0.0),
        })
        .collect();
    let grown = fixed_world.map(|world| Grown { world, tree });
    ThreadResult { stats, iterations: done, steps, grown }
}

/// Plays `state` out (or up to the next milestone after `milestone`, to the
/// rollout depth, or to the knowledge's rollout limit, where the knowledge
/// evaluates) and gives the rewards; counts each action applied in `work`.
/// At the limit a position the knowledge cannot evaluate counts as even
/// for every seat: the limit bounds the work whatever the game's options.
#[allow(clippy::too_many_arguments)]
fn rollout<G: Game>(
    mut state: G,
    milestone: Option<u32>,
    policy: &mut Option<Box<dyn Bot<G>>>,
    knowledge: &dyn Knowledge<G>,
    config: &SearchConfig,
    rng: &mut GameRng,
    seats: usize,
    work: &mut u64,
) -> Vec<f64> {
    let mut legal = Vec::new();
    let mut steps = 0usize;
    let limit = knowledge.rollout_limit();
    loop {
        let turn = state.turn();
        if turn != Turn::Over
            && milestone.is_some_and(|m| knowledge.milestone(&state).is_some_and(|now| now != m))
            && let Some(values) = knowledge.evaluate(&state)
        {
            return values;
        }
        if turn != Turn::Over && limit.is_some_and(|l| steps >= l) {
            return knowledge.evaluate(&state).unwrap_or_else(|| vec![0.5; seats]);
        }
        match turn {
            Turn::Over => return state.outcome().map(|o| o.rewards()).unwrap_or_else(|| vec![0.5; seats]),
            Turn::Chance => {
                let action = sample_chance(&state, rng);
                state.apply_unchecked(&action);
            }
            Turn::Seat(mover) => {
                if config.rollout_depth.is_some_and(|d| steps >= d)
                    && let Some(values) = knowledge.evaluate(&state)
                {
                    return values;
                }
                legal.clear();
                state.legal_actions(&mut legal);
                let action = match policy {
                    Some(bot) if legal.len() > 1 && rng.random::<f64>() >= config.rollout_epsilon => {
                        bot.choose(&Decision::new(&state, mover, &legal), rng as &mut dyn RngCore)
                    }
                    _ => legal[rng.random_range(0..legal.len())].clone(),
                };
                state.apply_unchecked(&action);
            }
        }
        steps += 1;
        *work += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_six::{Options, Six};

    /// Six after three opening moves: the searching seat, its view and legal actions.
    fn six() -> (Six, Seat, Vec<spieltisch_six::Action>) {
        let mut state = Six::new(&Options::default()).unwrap();
        for a in ["place 2,0", "place 1,1", "place 3,0"] {
            state.apply(&a.parse().unwrap()).unwrap();
        }
        let seat = state.turn().seat().unwrap();
        let legal = state.legal_vec();
        (state, seat, legal)
    }

    #[test]
    fn trees_grown_one_after_another_give_the_parallel_result() {
        let (state, seat, legal) = six();
        let view = state.view(Viewer::Seat(seat));
        let parallel = SearchConfig { iterations: Some(300), threads: 3, ..Default::default() };
        let sequential = SearchConfig { parallel: false, ..parallel.clone() };
        let a = search::<Six>(&view, &(), seat, &legal, &parallel, &(), 11);
        let b = search::<Six>(&view, &(), seat, &legal, &sequential, &(), 11);
        assert_eq!(a, b);
        assert_eq!(a.iterations, 300);
        assert!(a.steps > a.iterations, "every iteration applies actions: {}", a.steps);
    }

    /// Knowledge that only limits rollouts.
    struct Limited(usize);

    impl Knowledge<Six> for Limited {
        fn rollout_limit(&self) -> Option<usize> {
            Some(self.0)
        }
    }

    #[test]
    fn the_rollout_limit_bounds_the_work_of_each_iteration() {
        let (state, seat, legal) = six();
        let view = state.view(Viewer::Seat(seat));
        let config = SearchConfig { iterations: Some(200), ..Default::default() };
        let free = search::<Six>(&view, &(), seat, &legal, &config, &(), 3);
        let limited = search::<Six>(&view, &(), seat, &legal, &config, &Limited(3), 3);
        // Random games of Six last about 80 actions; a limited rollout plays
        // at most 3, after the few actions down the tree.
        assert!(free.steps > 30 * free.iterations, "{}", free.steps);
        assert!(limited.steps < 10 * limited.iterations, "{}", limited.steps);
        assert_eq!(limited.iterations, 200);
    }
}
