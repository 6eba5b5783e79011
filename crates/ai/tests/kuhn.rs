//! The search bots on Kuhn poker, a game small enough to know the right answers.

use spieltisch_ai::{SearchBot, SearchConfig};
use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
use spieltisch_core::{Bot, Decision, Game, GameRng, rng_from_seed};
use std::sync::Arc;

fn dealt(cards: [u8; 2], bets: &[KuhnAction]) -> Kuhn {
    let mut state = Kuhn::new(&Default::default()).unwrap();
    for c in cards {
        state.apply(&KuhnAction::Deal { card: c }).unwrap();
    }
    for b in bets {
        state.apply(b).unwrap();
    }
    state
}

fn ismcts(iters: u64, threads: usize) -> SearchBot<Kuhn> {
    SearchBot::ismcts(SearchConfig { iterations: Some(iters), threads, ..Default::default() }, Arc::new(()))
}

fn decide(bot: &mut SearchBot<Kuhn>, state: &Kuhn, rng: &mut GameRng) -> KuhnAction {
    let seat = state.turn().seat().unwrap();
    let legal = state.legal_vec();
    bot.choose(&Decision::new(state, seat, &legal), rng)
}

#[test]
fn facing_a_bet_calls_with_a_chance_to_win() {
    // Rewards count wins, not chips: facing a bet, the king always wins a
    // showdown, the queen wins half of them (against the jack), while folding
    // always loses. The jack loses either way, so both its answers are worth 0.
    let mut bot = ismcts(3000, 1);
    let mut rng = rng_from_seed(3);
    assert_eq!(decide(&mut bot, &dealt([1, 2], &[KuhnAction::Bet {}]), &mut rng), KuhnAction::Call {});
    assert_eq!(decide(&mut bot, &dealt([0, 1], &[KuhnAction::Bet {}]), &mut rng), KuhnAction::Call {});
    let jack = dealt([1, 0], &[KuhnAction::Bet {}]);
    let legal = jack.legal_vec();
    let result = bot.analyze(&Decision::new(&jack, 1, &legal), 9);
    assert!(result.moves.iter().all(|m| m.value == 0.0), "{result:?}");
    let queen = dealt([2, 1], &[KuhnAction::Bet {}]);
    let legal = queen.legal_vec();
    let call = bot.analyze(&Decision::new(&queen, 1, &legal), 9).moves[0].clone();
    assert_eq!(call.action, KuhnAction::Call {});
    assert!((call.value - 0.5).abs() < 0.05, "the queen's call wins about half: {call:?}");
}

#[test]
fn decisions_do_not_depend_on_the_other_seats_secret() {
    // Seat 1 holds the queen; whether seat 0 holds the jack or the king is hidden from it.
    for iters in [200, 2000] {
        let a = dealt([0, 1], &[KuhnAction::Bet {}]);
        let b = dealt([2, 1], &[KuhnAction::Bet {}]);
        let la = a.legal_vec();
        let lb = b.legal_vec();
        for bot in [
            ismcts(iters, 1),
            SearchBot::mcts(SearchConfig { iterations: Some(iters), ..Default::default() }, Arc::new(())),
        ] {
            let ra = bot.analyze(&Decision::new(&a, 1, &la), 11);
            let rb = bot.analyze(&Decision::new(&b, 1, &lb), 11);
            assert_eq!(ra, rb, "{}: the search saw the hidden card", bot.name());
        }
    }
}

#[test]
fn same_seed_same_search_whatever_the_threads() {
    let state = dealt([1, 0], &[]);
    let legal = state.legal_vec();
    for threads in [1, 2] {
        let bot = ismcts(1000, threads);
        let first = bot.analyze(&Decision::new(&state, 0, &legal), 5);
        assert_eq!(first, bot.analyze(&Decision::new(&state, 0, &legal), 5));
        assert_eq!(first.iterations, 1000);
        assert_eq!(first.moves.iter().map(|m| m.visits).sum::<u64>(), 1000);
    }
}

#[test]
fn params_parse_and_reject() {
    let c = SearchConfig::default().with_params("iters=500,threads=2,c=1.1").unwrap();
    assert_eq!((c.iterations, c.threads, c.exploration), (Some(500), 2, 1.1));
    let timed = SearchConfig::default().with_params("ms=50").unwrap();
    assert_eq!((timed.iterations, timed.time), (None, Some(std::time::Duration::from_millis(50))));
    let both = SearchConfig::default().with_params("ms=50:iters=300").unwrap();
    assert_eq!((both.iterations, both.time), (Some(300), Some(std::time::Duration::from_millis(50))));
    assert!(SearchConfig::default().reuse);
    assert!(!SearchConfig::default().with_params("reuse=0").unwrap().reuse);
    assert!(SearchConfig::default().with_params("iters=0").is_err());
    assert!(SearchConfig::default().with_params("speed=9").is_err());
    assert!(SearchConfig::default().with_params("reuse=maybe").is_err());
}
