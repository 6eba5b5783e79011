use spieltisch_conformance::{Config, check, kuhn::Kuhn, playthrough};

#[test]
fn kuhn_poker_conforms() {
    check::<Kuhn>(&[Default::default()], Config { playouts: 50, resamples: 3, ..Config::default() });
}

#[test]
fn playthrough_is_deterministic() {
    let a = playthrough::<Kuhn>(&Default::default(), 7);
    assert_eq!(a, playthrough::<Kuhn>(&Default::default(), 7));
    assert!(a.ends_with("]\n"));
}

#[test]
fn a_leaky_view_is_caught() {
    // A game whose seat view shows the other seat's card must fail the suite.
    let panic = std::panic::catch_unwind(leaky::check_leaky)
        .expect_err("the suite accepted a view that leaks a secret");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("shows that seat a different view"), "failed for another reason: {message}");
}

mod leaky {
    //! Kuhn poker with a view that shows both cards to everyone.
    use serde::{Deserialize, Serialize};
    use spieltisch_conformance::{
        Config, check,
        kuhn::{Kuhn, KuhnAction, KuhnOptions},
    };
    use spieltisch_core::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Leaky(Kuhn);

    impl Game for Leaky {
        type Action = KuhnAction;
        type Options = KuhnOptions;
        type View = Kuhn;
        fn info() -> GameInfo {
            Kuhn::info()
        }
        fn new(o: &KuhnOptions) -> Result<Self, OptionsError> {
            Kuhn::new(o).map(Leaky)
        }
        fn options(&self) -> &KuhnOptions {
            self.0.options()
        }
        fn seats(&self) -> usize {
            2
        }
        fn turn(&self) -> Turn {
            self.0.turn()
        }
        fn legal_actions(&self, out: &mut Vec<KuhnAction>) {
            self.0.legal_actions(out)
        }
        fn chance_outcomes(&self, out: &mut Vec<(KuhnAction, Weight)>) {
            self.0.chance_outcomes(out)
        }
        fn apply_unchecked(&mut self, a: &KuhnAction) {
            self.0.apply_unchecked(a)
        }
        fn view(&self, _: Viewer) -> Kuhn {
            self.0.clone()
        }
        fn resample(view: &Kuhn, seat: Seat, rng: &mut dyn rand::RngCore) -> Self {
            // An honest resampler: re-deals what the seat's real view hides.
            Leaky(Kuhn::resample(&view.view(Viewer::Seat(seat)), seat, rng))
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn score_bounds(o: &KuhnOptions) -> (f64, f64) {
            Kuhn::score_bounds(o)
        }
        fn max_actions(o: &KuhnOptions) -> usize {
            Kuhn::max_actions(o)
        }
    }

    pub fn check_leaky() {
        check::<Leaky>(&[KuhnOptions::default()], Config { playouts: 30, resamples: 4, ..Config::default() });
    }
}
