//! The named levels as a newcomer picks them.

use spieltisch_catalog::SeatSpec;
use spieltisch_core::{Decision, FromSetup, Game, rng_from_seed};
use spieltisch_six::{Options, Setup, Six, tactics::TACTICS};

/// The Six tactics suite (win-now and block-now positions): `medium` and
/// `hard` solve every position, for every seed tried.
#[test]
fn six_medium_and_hard_solve_the_tactics_suite() {
    for level in ["medium", "hard"] {
        for seed in 0..2 {
            let mut bot = level.parse::<SeatSpec>().unwrap().bot::<Six>().unwrap().expect("a bot");
            for tactic in TACTICS {
                let options = Options { players: tactic.players, ..Options::default() };
                let state = Six::from_setup(Setup::new(options, tactic.position)).unwrap();
                let seat = state.turn().seat().unwrap();
                let legal = state.legal_vec();
                let choice = bot.choose(&Decision::new(&state, seat, &legal), &mut rng_from_seed(seed));
                assert!(
                    tactic.answers.contains(&choice.to_string().as_str()),
                    "{level}, seed {seed}, {}: played {choice}, answers {:?}",
                    tactic.name,
                    tactic.answers
                );
            }
        }
    }
}
