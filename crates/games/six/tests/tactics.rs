//! The tactics suite: its answers are exactly right, and the heuristic bot
//! finds one in every position.

use rand::SeedableRng;
use spieltisch_core::{Bot, Decision, FromSetup, Game, GameRng};
use spieltisch_six::{
    Action, HeuristicBot, Options, Phase, Setup, Six,
    tactics::{Goal, TACTICS},
};
use std::collections::BTreeSet;

fn wins_now(six: &Six, action: &Action) -> bool {
    let mover = six.to_move();
    let mut next = six.clone();
    next.apply(action).unwrap();
    match next.phase() {
        Phase::Keep { .. } | Phase::Replace { .. } => next.legal_vec().iter().any(|a| wins_now(&next, a)),
        _ => {
            next.results().first().is_some_and(|r| r.winner() == Some(spieltisch_six::Colour::of_seat(mover)))
        }
    }
}

fn solutions(six: &Six, goal: Goal) -> BTreeSet<String> {
    six.legal_vec()
        .iter()
        .filter(|a| match goal {
            Goal::Win => wins_now(six, a),
            Goal::Block => {
                let mut next = six.clone();
                next.apply(a).unwrap();
                !next.is_over() && !next.legal_vec().iter().any(|b| wins_now(&next, b))
            }
        })
        .map(|a| a.to_string())
        .collect()
}

fn load(players: u8, position: &str) -> Six {
    Six::from_setup(Setup::new(Options { players, ..Options::default() }, position)).unwrap()
}

#[test]
fn the_answers_are_complete_and_correct() {
    for t in TACTICS {
        let six = load(t.players, t.position);
        if t.goal == Goal::Block {
            assert!(solutions(&six, Goal::Win).is_empty(), "{}: the mover could win instead", t.name);
        }
        let expected: BTreeSet<String> = t.answers.iter().map(|a| a.to_string()).collect();
        assert_eq!(solutions(&six, t.goal), expected, "{}", t.name);
    }
}

#[test]
fn the_heuristic_bot_solves_the_suite() {
    for t in TACTICS {
        let six = load(t.players, t.position);
        let legal = six.legal_vec();
        let mut rng = GameRng::seed_from_u64(7);
        let pick = HeuristicBot.choose(&Decision::new(&six, six.to_move(), &legal), &mut rng);
        assert!(t.answers.contains(&pick.to_string().as_str()), "{}: played {pick}", t.name);
    }
}
