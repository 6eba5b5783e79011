//! # The conformance suite
//!
//! One function, [`check`], that every game's tests call for every player
//! count and variant. Seeded random playouts check that:
//!
//! - the game ends within [`Game::max_actions`], and `turn`, the legal
//!   actions and the chance outcomes agree with each other at every step;
//!   seats decide together ([`Game::together`]) only in a game whose
//!   options say so ([`Game::decides_together`]);
//! - the legal actions are exactly the accepted ones: every listed action is
//!   accepted by the checked `apply`, and actions seen legal elsewhere but not
//!   listed here are rejected; listed actions have no duplicates and their
//!   notation reads back to the same action;
//! - chance outcomes have positive weights (so probabilities are exact and
//!   sum to 1);
//! - the state and every view survive a JSON round trip at every step;
//! - replaying the record rebuilds the final state, and the same seed plays
//!   the same game;
//! - scores lie within [`Game::score_bounds`], ranks and teams are well formed;
//! - the static part ([`Game::static_part`]) depends only on the options:
//!   the same from the options given, from the game's own, and at every step
//!   of a playout, and it survives a JSON round trip;
//! - views hide what they must: a state resampled from a seat's view (and
//!   the static part) gives
//!   that seat (and the spectator) the very same view, the same turn and the
//!   same legal actions, while the other seats' secrets are re-dealt;
//! - the log people read tells no more than a viewer sees of an action
//!   ([`Game::sight`]): each viewer's event for an action is the same for
//!   every other action it sees alike (another card drawn, another rider's
//!   hidden answer), and an action it does not see adds nothing; events survive a JSON round trip and
//!   have words in both languages;
//! - so does an action as data, at every step: what a viewer observes of it
//!   ([`spieltisch_core::ActionData::observed`]) is the action's data when
//!   the viewer sees it plainly, else its kind alone (another seat's
//!   `draw 6` is `{"kind": "draw", "params": {}}`), the same for every
//!   action it sees written the same way.
//!
//! [`check_setups`] holds positions set up by hand ([`FromSetup`]) to the
//! same contract: an accepted setup gives a state that passes these checks
//! and plays on to a well-formed end; a refused one gives a
//! [`PositionError`] with a reason, never a panic.
//!
//! [`playthrough`] writes a seeded game as text for a golden snapshot, and
//! [`golden()`] the same game with every viewer's view and log at each step.
//!
//! Each game declares its test plan ([`VariantSet`]s for [`check`],
//! [`Golden`] games) in its crate's `test_plan` module; the catalog's tests
//! run them for every registered game.

pub mod golden;
pub mod kuhn;
pub mod plan;
mod words;

pub use golden::{fnv1a64, golden};
pub use plan::{Golden, Steps, VariantSet};

use rand::{Rng, SeedableRng};
use spieltisch_core::{
    ActionData, Actor, FromSetup, GameRng, Lang, Logged, Package, PositionError, Record, Seen, Sight, Turn,
    Viewer, chance::pick_weighted,
};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// How much to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Random playouts per option set.
    pub playouts: usize,
    /// Base seed; playout `i` uses `seed + i`.
    pub seed: u64,
    /// Check the serde round trip, views and resampling at every `n`-th step
    /// (1 = every step). Longer games may choose a larger stride.
    pub stride: usize,
    /// Resamples per checked step and seat.
    pub resamples: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { playouts: 20, seed: 1, stride: 1, resamples: 1 }
    }
}

/// Runs the whole suite for each option set. Panics with a message naming the
/// game, options, seed and step on the first failure.
pub fn check<G: Package>(option_sets: &[G::Options], config: Config) {
    assert!(!option_sets.is_empty(), "give at least one option set");
    for options in option_sets {
        let mut seen_actions: Vec<G::Action> = Vec::new();
        for i in 0..config.playouts {
            let seed = config.seed + i as u64;
            let ctx = format!("{} {:?} seed {seed}", G::info().id, options);
            let record = playout::<G>(options, seed, config, &mut seen_actions, &ctx);
            let again =
                playout::<G>(options, seed, Config { stride: usize::MAX, ..config }, &mut Vec::new(), &ctx);
            assert_eq!(record.actions, again.actions, "{ctx}: the same seed played a different game");
        }
    }
}

/// Checks a game's positions set up by hand. Each setup of `accepted` must
/// build a state that keeps the contract as one reached by play does: the
/// checks of [`check`] on it (JSON round trips, listed actions that apply
/// and read back, views that resample to the same view and turn), then
/// `config.playouts` seeded random games from it, checked every
/// `config.stride`-th step, that end well formed within
/// [`Game::max_actions`]. Each setup of `refused` must be refused with a
/// [`PositionError`] that has a code and a reason, not with a panic.
pub fn check_setups<G: FromSetup + Package>(accepted: &[G::Setup], refused: &[G::Setup], config: Config)
where
    G::Setup: Clone,
{
    let id = G::info().id;
    for (i, setup) in accepted.iter().enumerate() {
        let state = G::from_setup(setup.clone())
            .unwrap_or_else(|e| panic!("{id}: accepted setup {i} is refused: {e}"));
        for playout in 0..config.playouts {
            let seed = config.seed + playout as u64;
            play_on(state.clone(), seed, config, &format!("{id} accepted setup {i} seed {seed}"));
        }
    }
    for (i, setup) in refused.iter().enumerate() {
        let outcome = catch_unwind(AssertUnwindSafe(|| G::from_setup(setup.clone())));
        let error: PositionError = match outcome {
            Ok(Ok(_)) => panic!("{id}: refused setup {i} is accepted"),
            Ok(Err(e)) => e,
            Err(_) => panic!("{id}: refused setup {i} panics instead of being refused"),
        };
        let (code, reason) = (error.code(), error.to_string());
        assert!(
            ["position.", "options."].iter().any(|p| code.starts_with(p)) && !reason.trim().is_empty(),
            "{id}: refused setup {i} is refused without a code or a reason: {code}: {reason}"
        );
    }
}

/// A seeded random game from `state` (set up, not from the start), checked
/// as [`playout`] checks one, but without a record or a log from the start.
fn play_on<G: Package>(mut state: G, seed: u64, config: Config, ctx: &str) {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut check_rng = GameRng::seed_from_u64(seed ^ 0x5eed_c0de);
    // A set-up state may hold a part of its static part that its options
    // do not name (a track drawn for a test): its own is the reference.
    let fixed = state.static_of();
    let options = state.options().clone();
    let limit = G::max_actions(&options);
    let (mut legal, mut chance, mut seen) = (Vec::new(), Vec::new(), Vec::new());
    for step in 0.. {
        let ctx = format!("{ctx} step {step}");
        legal.clear();
        chance.clear();
        state.legal_actions(&mut legal);
        state.chance_outcomes(&mut chance);
        if step % config.stride.max(1) == 0 {
            check_state(&state, &fixed, &legal, &mut seen, &mut check_rng, config, &ctx);
        }
        let Some(action) = pick_listed(&state, &legal, &chance, &mut rng, &ctx) else { break };
        state.apply(&action).unwrap_or_else(|e| panic!("{ctx}: listed action {action} rejected: {e}"));
        assert!(step < limit, "{ctx}: the game did not end within its bound of {limit} actions");
    }
    check_end(&state, &options, &ctx_end(ctx));
    roundtrip(&state, "the final state", ctx);
}

/// Checks what `state` lists against its turn (nothing after the end; at a
/// chance node distinct outcomes with positive weights and distinct data;
/// at a seat's turn some legal action of a seat that plays), then picks an
/// action as a seeded playout does: chance by its weights, a seat's move
/// uniformly. `None` at the end.
fn pick_listed<G: Package>(
    state: &G,
    legal: &[G::Action],
    chance: &[(G::Action, spieltisch_core::Weight)],
    rng: &mut GameRng,
    ctx: &str,
) -> Option<G::Action> {
    if state.together().is_some() {
        assert!(G::decides_together(state.options()), "{ctx}: seats decide together, which its options deny");
    }
    Some(match state.turn() {
        Turn::Over => {
            assert!(legal.is_empty() && chance.is_empty(), "{ctx}: actions listed after the end");
            return None;
        }
        Turn::Chance => {
            assert!(legal.is_empty(), "{ctx}: legal actions listed at a chance node");
            assert!(!chance.is_empty(), "{ctx}: a chance node without outcomes");
            assert!(chance.iter().all(|(_, w)| *w > 0), "{ctx}: a chance outcome with weight 0");
            let distinct: HashSet<_> = chance.iter().map(|(a, _)| a).collect();
            assert_eq!(distinct.len(), chance.len(), "{ctx}: duplicate chance outcomes");
            let data: HashSet<String> = chance
                .iter()
                .map(|(a, _)| G::action_data(a))
                .map(|d| format!("{} {}", d.kind, d.params))
                .collect();
            assert_eq!(data.len(), chance.len(), "{ctx}: two chance outcomes have the same data");
            pick_weighted(chance, rng)
        }
        Turn::Seat(seat) => {
            let seats = state.seats();
            assert!(seat < seats, "{ctx}: seat {seat} of {seats} to move");
            assert!(chance.is_empty(), "{ctx}: chance outcomes listed at a seat's turn");
            assert!(!legal.is_empty(), "{ctx}: seat {seat} to move without legal actions");
            legal[rng.random_range(0..legal.len())].clone()
        }
    })
}

fn roundtrip<T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug>(
    value: &T,
    what: &str,
    ctx: &str,
) {
    let json =
        serde_json::to_string(value).unwrap_or_else(|e| panic!("{ctx}: {what} does not serialize: {e}"));
    let back: T = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{ctx}: {what} does not deserialize: {e}\n{json}"));
    assert_eq!(&back, value, "{ctx}: {what} changed in a JSON round trip");
}

fn playout<G: Package>(
    options: &G::Options,
    seed: u64,
    config: Config,
    seen: &mut Vec<G::Action>,
    ctx: &str,
) -> Record {
    // Checks draw from their own generator so that the playout itself depends
    // only on the seed, whatever is checked.
    let mut rng = GameRng::seed_from_u64(seed);
    let mut check_rng = GameRng::seed_from_u64(seed ^ 0x5eed_c0de);
    let mut state = G::new(options).unwrap_or_else(|e| panic!("{ctx}: options rejected: {e}"));
    // The options the game holds say everything the given ones left to it
    // (a record carries them): they rebuild the same game, also from JSON.
    let held = state.options().clone();
    let rebuilt = G::new(&held).unwrap_or_else(|e| panic!("{ctx}: the game's own options rejected: {e}"));
    assert_eq!(rebuilt, state, "{ctx}: the game's own options build another game");
    let written = spieltisch_core::options::options_to_json::<G>(&held);
    let read = spieltisch_core::options::options_from_record_json::<G>(&written)
        .unwrap_or_else(|e| panic!("{ctx}: the game's own options do not read back: {e}"));
    assert_eq!(read, held, "{ctx}: the game's own options read back as other options");
    let fixed = G::static_part(options);
    assert_eq!(G::static_part(&held), fixed, "{ctx}: the game's own options give another static part");
    assert_eq!(state.static_of(), fixed, "{ctx}: the game gives another static part than its options");
    roundtrip(&fixed, "the static part", ctx);
    let mut record = Record::new::<G>(&held, seed);
    let limit = G::max_actions(options);
    let seats = state.seats();
    let info = G::info();
    assert!(
        (info.min_seats..=info.max_seats).contains(&seats),
        "{ctx}: {seats} seats outside {}..={}",
        info.min_seats,
        info.max_seats
    );
    let teams = state.teams();
    assert_eq!(teams.len(), seats, "{ctx}: teams() must name a team per seat");
    let mut legal = Vec::new();
    let mut chance = Vec::new();
    let mut logs = Logs::<G>::new(seats);
    for step in 0.. {
        let ctx = format!("{ctx} step {step}");
        legal.clear();
        chance.clear();
        state.legal_actions(&mut legal);
        state.chance_outcomes(&mut chance);
        let checked_step = config.stride != usize::MAX && step % config.stride.max(1) == 0;
        if checked_step {
            check_state(&state, &fixed, &legal, seen, &mut check_rng, config, &ctx);
        }
        let Some(action) = pick_listed(&state, &legal, &chance, &mut rng, &ctx) else { break };
        record.actions.push(action.to_string());
        let before = state.clone();
        state.apply(&action).unwrap_or_else(|e| panic!("{ctx}: listed action {action} rejected: {e}"));
        let others: Vec<G::Action> = match before.turn() {
            Turn::Chance => chance.iter().map(|(a, _)| a.clone()).collect(),
            _ => legal.clone(),
        };
        check_observed_data(&before, &action, &others, seats, &ctx);
        if checked_step {
            logs.check_secret_free(&before, &action, &state, &others, &fixed, &ctx);
        }
        logs.record(&before, &action, &state, &ctx);
        assert!(step < limit, "{ctx}: the game did not end within its bound of {limit} actions");
    }
    check_end(&state, options, &ctx_end(ctx));
    roundtrip(&state, "the final state", ctx);
    let replayed: G = record.replay().unwrap_or_else(|e| panic!("{ctx}: the record does not replay: {e}"));
    assert_eq!(replayed, state, "{ctx}: the replay reached a different state");
    roundtrip(&record, "the record", ctx);
    record
}

/// Each viewer's last log event (the seats, then the spectator), as a
/// playout goes: what the game folds the next actions into.
struct Logs<G: Package> {
    last: Vec<Option<G::Event>>,
    names: Vec<String>,
}

impl<G: Package> Logs<G> {
    fn new(seats: usize) -> Self {
        Logs { last: vec![None; seats + 1], names: (0..seats).map(|s| G::seat_name(s, Lang::En)).collect() }
    }

    fn viewer(&self, index: usize) -> Viewer {
        if index + 1 < self.last.len() { Viewer::Seat(index) } else { Viewer::Spectator }
    }

    /// What `action` logs for each viewer, checked: a fold needs an entry
    /// to fold into, and events survive JSON.
    fn record(&mut self, before: &G, action: &G::Action, after: &G, ctx: &str) {
        for index in 0..self.last.len() {
            let viewer = self.viewer(index);
            let (logged, last) = event_of(before, action, after, viewer, &self.last[index]);
            match logged {
                Logged::New(event) => {
                    roundtrip(&event, "a log event", ctx);
                    self.last[index] = Some(event);
                }
                Logged::Folded => {
                    assert!(last.is_some(), "{ctx}: {action} folded for {viewer} into an empty log");
                    self.last[index] = last;
                }
                Logged::Unseen => {}
            }
        }
    }

    /// The log tells `viewer` no more than it sees of the action
    /// ([`spieltisch_core::Game::sight`]): every other listed action it sees
    /// alike logs the same, and an action it does not see at all adds
    /// nothing to its log.
    fn check_secret_free(
        &self,
        before: &G,
        action: &G::Action,
        after: &G,
        others: &[G::Action],
        fixed: &G::Static,
        ctx: &str,
    ) {
        let actor = Actor::of(before.turn()).expect("an action is taken before the end");
        for index in 0..self.last.len() {
            let viewer = self.viewer(index);
            let seen = Seen::of(before, action, viewer);
            let told = event_of(before, action, after, viewer, &self.last[index]);
            if seen == Seen::Nothing {
                assert_eq!(told.0, Logged::Unseen, "{ctx}: {viewer} does not see {action}, but it is logged");
            }
            if let (Logged::New(event), _) | (Logged::Folded, Some(event)) = &told {
                for lang in [Lang::En, Lang::De] {
                    let words = G::describe_event(event, actor, &self.names, fixed, lang);
                    assert!(
                        !words.trim().is_empty(),
                        "{ctx}: an event without words for {viewer}: {event:?}"
                    );
                }
            }
            let alike =
                others.iter().filter(|other| *other != action && Seen::of(before, other, viewer) == seen);
            for other in alike.take(4) {
                let mut elsewhere = before.clone();
                elsewhere.apply(other).unwrap_or_else(|e| panic!("{ctx}: listed {other} rejected: {e}"));
                let then = event_of(before, other, &elsewhere, viewer, &self.last[index]);
                assert_eq!(
                    then, told,
                    "{ctx}: {viewer} sees {action} and {other} alike ({seen:?}) but logged differently"
                );
            }
        }
    }
}

/// What each viewer observes of `action`, played in `before`, as data
/// ([`ActionData::observed`]): the action's data when the viewer sees it
/// plainly, else its kind alone, the same for every other action in
/// `others` that the viewer sees alike.
fn check_observed_data<G: Package>(
    before: &G,
    action: &G::Action,
    others: &[G::Action],
    seats: usize,
    ctx: &str,
) {
    let data = G::action_data(action);
    for viewer in (0..seats).map(Viewer::Seat).chain([Viewer::Spectator]) {
        let observed = ActionData::observed(before, action, viewer);
        let sight = before.sight(action, viewer);
        if sight == Sight::Plainly {
            assert_eq!(observed, data, "{ctx}: {viewer} sees {action} plainly, but not its data");
            continue;
        }
        assert_eq!(
            observed,
            ActionData::bare(&data.kind),
            "{ctx}: {viewer} sees {action} as {sight:?}, but its data tells more than its kind"
        );
        let seen = Seen::of(before, action, viewer);
        for other in others.iter().filter(|other| *other != action && Seen::of(before, other, viewer) == seen)
        {
            assert_eq!(
                ActionData::observed(before, other, viewer),
                observed,
                "{ctx}: {viewer} sees {action} and {other} alike ({sight:?}) but observes different data"
            );
        }
    }
}

/// `before.log_event` on a copy of the viewer's last event: what it logs,
/// and that event afterwards.
fn event_of<G: Package>(
    before: &G,
    action: &G::Action,
    after: &G,
    viewer: Viewer,
    last: &Option<G::Event>,
) -> (Logged<G::Event>, Option<G::Event>) {
    let mut last = last.clone();
    let logged = before.log_event(action, after, viewer, last.as_mut());
    (logged, last)
}

fn ctx_end(ctx: &str) -> String {
    format!("{ctx} at the end")
}

fn check_end<G: Package>(state: &G, options: &G::Options, ctx: &str) {
    let outcome = state.outcome().unwrap_or_else(|| panic!("{ctx}: over but no outcome"));
    let seats = state.seats();
    let (lo, hi) = G::score_bounds(options);
    assert_eq!(outcome.scores.len(), seats, "{ctx}: a score per seat");
    assert_eq!(outcome.ranks.len(), seats, "{ctx}: a rank per seat");
    assert_eq!(outcome.teams, state.teams(), "{ctx}: outcome teams differ from teams()");
    for (s, score) in outcome.scores.iter().enumerate() {
        assert!(
            score.is_finite() && *score >= lo && *score <= hi,
            "{ctx}: seat {s} scored {score}, outside {lo}..={hi}"
        );
    }
    assert!(outcome.ranks.iter().all(|r| (1..=seats as u32).contains(r)), "{ctx}: ranks {:?}", outcome.ranks);
    assert!(outcome.ranks.contains(&1), "{ctx}: nobody ranked first");
    for s in 0..seats {
        for t in 0..seats {
            if outcome.teams[s] == outcome.teams[t] {
                assert_eq!(outcome.ranks[s], outcome.ranks[t], "{ctx}: partners with different ranks");
            }
        }
    }
    let rewards = outcome.rewards();
    assert!(rewards.iter().all(|r| (0.0..=1.0).contains(r)), "{ctx}: rewards {rewards:?}");
}

fn check_state<G: Package>(
    state: &G,
    fixed: &G::Static,
    legal: &[G::Action],
    seen: &mut Vec<G::Action>,
    rng: &mut GameRng,
    config: Config,
    ctx: &str,
) {
    roundtrip(state, "the state", ctx);
    assert_eq!(&state.static_of(), fixed, "{ctx}: the static part changed during the game");
    let distinct: HashSet<_> = legal.iter().collect();
    assert_eq!(distinct.len(), legal.len(), "{ctx}: duplicate legal actions");
    for action in legal {
        let text = action.to_string();
        let parsed = state
            .parse_action(&text)
            .unwrap_or_else(|e| panic!("{ctx}: notation '{text}' does not read back: {e}"));
        assert_eq!(&parsed, action, "{ctx}: notation '{text}' reads back as {parsed:?}");
    }
    // Actions as data: front ends pick by kind and parameters, so these
    // tell the listed actions apart as the notation does.
    let data: Vec<ActionData> = legal.iter().map(G::action_data).collect();
    for (action, d) in legal.iter().zip(&data) {
        assert!(!d.kind.is_empty() && d.params.is_object(), "{ctx}: {action} as data: {d:?}");
    }
    let keys: HashSet<String> = data.iter().map(|d| format!("{} {}", d.kind, d.params)).collect();
    assert_eq!(keys.len(), legal.len(), "{ctx}: two legal actions have the same data");
    // Accepted ⊇ listed: a sample of the listed actions must be accepted.
    for _ in 0..legal.len().min(4) {
        let action = &legal[rng.random_range(0..legal.len())];
        let mut probe = state.clone();
        probe.apply(action).unwrap_or_else(|e| panic!("{ctx}: listed {action} rejected: {e}"));
    }
    // Accepted ⊆ listed: actions legal elsewhere but not listed here are rejected.
    if !state.is_over() && state.turn() != Turn::Chance {
        let mut rejected = 0;
        for candidate in seen.iter().rev() {
            if rejected >= 8 {
                break;
            }
            if !legal.contains(candidate) {
                let mut probe = state.clone();
                assert!(probe.apply(candidate).is_err(), "{ctx}: unlisted {candidate} was accepted");
                assert_eq!(&probe, state, "{ctx}: a rejected action changed the state");
                rejected += 1;
            }
        }
    }
    for action in legal.iter().take(16) {
        if !seen.contains(action) {
            seen.push(action.clone());
        }
    }
    if seen.len() > 4096 {
        seen.drain(..2048);
    }
    let spectator = state.view(Viewer::Spectator);
    roundtrip(&spectator, "the spectator view", ctx);
    for seat in 0..state.seats() {
        let view = state.view(Viewer::Seat(seat));
        roundtrip(&view, "a seat's view", ctx);
        for _ in 0..config.resamples {
            let world = G::resample(&view, fixed, seat, rng);
            let wctx = format!("{ctx}: state resampled for seat {seat}");
            assert_eq!(world.view(Viewer::Seat(seat)), view, "{wctx} shows that seat a different view");
            assert_eq!(
                world.view(Viewer::Spectator),
                spectator,
                "{wctx} shows the spectator a different view"
            );
            match state.together() {
                None => assert_eq!(world.turn(), state.turn(), "{wctx} has a different turn"),
                // Seats that decide together do not see who is being asked
                // now: a seat still to answer decides as if it were its turn,
                // and anyone else sees the same decision going on.
                Some(together) => {
                    let in_world =
                        world.together().unwrap_or_else(|| panic!("{wctx}: not deciding together"));
                    assert_eq!(in_world.pass, together.pass, "{wctx}: another pass");
                    assert_eq!(world.turn().seat(), in_world.seats.first().copied(), "{wctx}: turn");
                    let still = together.seats.contains(&seat);
                    assert_eq!(in_world.seats.contains(&seat), still, "{wctx}: whether the seat answers");
                    if still {
                        assert_eq!(world.turn(), Turn::Seat(seat), "{wctx}: the seat itself is asked");
                    }
                }
            }
            if world.turn() == Turn::Seat(seat) {
                let mut ahead = state.clone();
                if let Some(together) = state.together() {
                    for &before in together.seats.iter().take_while(|&&s| s != seat) {
                        assert_eq!(ahead.turn(), Turn::Seat(before), "{ctx}: together out of order");
                        ahead.apply(&together.pass).unwrap_or_else(|e| panic!("{ctx}: pass refused: {e}"));
                    }
                }
                assert_eq!(
                    world.legal_vec(),
                    ahead.legal_vec(),
                    "{wctx} gives that seat different legal actions"
                );
            }
            if state.turn() == Turn::Seat(seat) {
                assert_eq!(world.legal_vec(), legal, "{wctx} gives that seat different legal actions");
            }
        }
    }
}

/// A seeded random game as text, one line per action with the turn, for a
/// golden snapshot; ends with the outcome.
pub fn playthrough<G: Package>(options: &G::Options, seed: u64) -> String {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut state = G::new(options).expect("valid options");
    let mut out = format!(
        "game {} options {} seed {seed}\n",
        G::info().id,
        serde_json::to_string(options).unwrap_or_default()
    );
    while !state.is_over() {
        let (who, action) = match state.turn() {
            Turn::Chance => ("chance".to_string(), pick_weighted(&state.chance_vec(), &mut rng)),
            Turn::Seat(s) => {
                let legal = state.legal_vec();
                (format!("seat {s} ({} legal)", legal.len()), legal[rng.random_range(0..legal.len())].clone())
            }
            Turn::Over => unreachable!(),
        };
        out.push_str(&format!("{who}: {action}\n"));
        state.apply_unchecked(&action);
    }
    let outcome = state.outcome().expect("over");
    out.push_str(&format!("scores {:?} ranks {:?}\n", outcome.scores, outcome.ranks));
    out
}
