//! Tree reuse: a plain MCTS bot continues from the part of its last tree that
//! the game went on to, and still decides from its own view only.

use spieltisch_ai::{RolloutWith, SearchBot, SearchConfig};
use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
use spieltisch_core::{Bot, Decision, Game, rng_from_seed};
use spieltisch_six::{HeuristicBot, Options, Six};
use std::sync::Arc;

fn six_bot(reuse: bool) -> SearchBot<Six> {
    let knowledge = Arc::new(RolloutWith(|| Box::new(HeuristicBot) as Box<dyn Bot<Six>>));
    SearchBot::mcts(SearchConfig { iterations: Some(400), reuse, ..Default::default() }, knowledge)
}

/// Plays a Six opening, `bot` against the heuristic bot, and gives the root
/// visits each of the bot's decisions took over from the one before.
fn reused_per_decision(mut bot: SearchBot<Six>) -> Vec<u64> {
    let mut state = Six::new(&Options::default()).unwrap();
    let mut other = HeuristicBot;
    let mut rng = rng_from_seed(4);
    let mut reused = Vec::new();
    for _ in 0..8 {
        let seat = state.turn().seat().unwrap();
        let legal = state.legal_vec();
        let decision = Decision::new(&state, seat, &legal);
        let action = if seat == 0 {
            let action = bot.choose(&decision, &mut rng);
            reused.push(bot.reused());
            action
        } else {
            other.choose(&decision, &mut rng)
        };
        state.apply(&action).unwrap();
    }
    reused
}

#[test]
fn the_tree_of_the_last_decision_is_continued() {
    let reused = reused_per_decision(six_bot(true));
    assert_eq!(reused[0], 0, "the first decision starts afresh");
    // The heuristic's replies are moves the search looked at, so later
    // decisions start with the visits of that line.
    assert!(reused[1..].iter().all(|&n| n > 0), "{reused:?}");
}

#[test]
fn without_reuse_every_decision_starts_afresh() {
    assert!(reused_per_decision(six_bot(false)).iter().all(|&n| n == 0));
}

/// Plays the first legal action: checks and calls in Kuhn poker.
struct FirstLegal;

impl Bot<Kuhn> for FirstLegal {
    fn name(&self) -> String {
        "first".into()
    }

    fn choose(&mut self, decision: &Decision<'_, Kuhn>, _rng: &mut dyn rand::RngCore) -> KuhnAction {
        decision.legal()[0]
    }
}

#[test]
fn a_kept_tree_knows_no_more_than_the_view() {
    // Seat 1 holds one of the two cards seat 0 does not hold. When seat 0
    // checks and seat 1 bets, seat 0's second decision (with the tree of its
    // first) must be the same whichever card seat 1 holds.
    let mut reused_decisions = 0;
    // Seat 0 holds the jack, which loses every showdown: with rollouts that
    // check and call, checking and betting are worth the same at first, and
    // a tiny search checks (the first legal action breaks ties) and has
    // looked at some of the replies.
    for seed in 0..24 {
        let (own, iters) = (0, 3);
        let mut choices = Vec::new();
        for other in (0..3).filter(|&c| c != own) {
            let config = SearchConfig { iterations: Some(iters), rollout_epsilon: 0.0, ..Default::default() };
            let mut bot =
                SearchBot::<Kuhn>::mcts(config, Arc::new(RolloutWith(|| Box::new(FirstLegal) as _)));
            let mut rng = rng_from_seed(seed);
            let mut state = Kuhn::new(&Default::default()).unwrap();
            state.apply(&KuhnAction::Deal { card: own }).unwrap();
            state.apply(&KuhnAction::Deal { card: other }).unwrap();
            let mut played = Vec::new();
            let legal = state.legal_vec();
            let first = bot.choose(&Decision::new(&state, 0, &legal), &mut rng);
            played.push(first);
            if matches!(first, KuhnAction::Check {}) {
                state.apply(&first).unwrap();
                state.apply(&KuhnAction::Bet {}).unwrap();
                let legal = state.legal_vec();
                played.push(bot.choose(&Decision::new(&state, 0, &legal), &mut rng));
                if bot.reused() > 0 {
                    reused_decisions += 1;
                }
            }
            choices.push(played);
        }
        assert_eq!(choices[0], choices[1], "seed {seed}");
    }
    assert!(reused_decisions > 0, "no second decision continued the tree of the first");
}
