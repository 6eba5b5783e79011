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
    let panic = std::panic::catch_unwind(leaky::run::<leaky::Everything, false, false>)
        .expect_err("the suite accepted a view that leaks a secret");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("shows that seat a different view"), "failed for another reason: {message}");
}

#[test]
fn a_leaky_log_is_caught() {
    // A game whose log tells a seat the other seat's card must fail the suite.
    leaky::run::<leaky::Honest, false, false>();
    let panic = std::panic::catch_unwind(leaky::run::<leaky::Honest, true, false>)
        .expect_err("the suite accepted a log that leaks a secret");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("but logged differently"), "failed for another reason: {message}");
}

#[test]
fn leaky_action_data_is_caught() {
    // A game whose deals are of a kind per card tells every seat the other
    // seat's card in the data it observes of a hidden deal.
    let panic = std::panic::catch_unwind(leaky::run::<leaky::Honest, false, true>)
        .expect_err("the suite accepted action data that leaks a secret");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("but observes different data"), "failed for another reason: {message}");
}

mod leaky {
    //! Kuhn poker with a view (`Everything`), a log (`LOG`) or action data
    //! (`DATA`) that shows both cards to everyone.
    use serde::{Deserialize, Serialize};
    use spieltisch_conformance::{
        Config, check,
        kuhn::{Kuhn, KuhnAction, KuhnOptions},
    };
    use spieltisch_core::*;

    /// What a seat's view shows.
    pub trait Shown: Clone + std::fmt::Debug + PartialEq + Send + Sync + 'static {
        type View: Clone + std::fmt::Debug + PartialEq + Serialize + serde::de::DeserializeOwned + Send + Sync;
        fn show(kuhn: &Kuhn, viewer: Viewer) -> Self::View;
        /// The seat's honest view, for an honest resampler.
        fn honest(view: &Self::View, seat: Seat) -> <Kuhn as Game>::View;
    }

    /// The whole state, both cards.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Everything;
    impl Shown for Everything {
        type View = Kuhn;
        fn show(kuhn: &Kuhn, _: Viewer) -> Kuhn {
            kuhn.clone()
        }
        fn honest(view: &Kuhn, seat: Seat) -> <Kuhn as Game>::View {
            view.view(Viewer::Seat(seat))
        }
    }

    /// Kuhn poker's own view.
    #[derive(Clone, Debug, PartialEq)]
    pub struct Honest;
    impl Shown for Honest {
        type View = <Kuhn as Game>::View;
        fn show(kuhn: &Kuhn, viewer: Viewer) -> Self::View {
            kuhn.view(viewer)
        }
        fn honest(view: &Self::View, _: Seat) -> <Kuhn as Game>::View {
            view.clone()
        }
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(bound = "")]
    pub struct Leaky<V: Shown, const LOG: bool, const DATA: bool>(
        Kuhn,
        #[serde(skip)] std::marker::PhantomData<V>,
    );

    impl<V: Shown, const LOG: bool, const DATA: bool> Game for Leaky<V, LOG, DATA> {
        type Action = KuhnAction;

        type Options = KuhnOptions;

        type View = V::View;

        type Static = ();

        fn info() -> GameInfo {
            Kuhn::info()
        }

        fn new(o: &KuhnOptions) -> Result<Self, OptionsError> {
            Kuhn::new(o).map(|kuhn| Leaky(kuhn, Default::default()))
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

        fn sight(&self, action: &KuhnAction, viewer: Viewer) -> Sight {
            self.0.sight(action, viewer)
        }

        fn view(&self, viewer: Viewer) -> V::View {
            V::show(&self.0, viewer)
        }

        fn static_part(_options: &KuhnOptions) {}

        fn resample(view: &V::View, fixed: &(), seat: Seat, rng: &mut dyn rand::RngCore) -> Self {
            // An honest resampler: re-deals what the seat's real view hides.
            Leaky(Kuhn::resample(&V::honest(view, seat), fixed, seat, rng), Default::default())
        }

        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }

        fn action_data(action: &KuhnAction) -> ActionData {
            match action {
                // A kind per card: `deal ?` still, but the kind names the card.
                KuhnAction::Deal { card } if DATA => ActionData::bare(&format!("deal_{card}")),
                _ => Kuhn::action_data(action),
            }
        }

        fn score_bounds(o: &KuhnOptions) -> (f64, f64) {
            Kuhn::score_bounds(o)
        }

        fn max_actions(o: &KuhnOptions) -> usize {
            Kuhn::max_actions(o)
        }
    }

    impl<V: Shown, const LOG: bool, const DATA: bool> Telling for Leaky<V, LOG, DATA> {
        type Event = spieltisch_core::Plain;

        fn log_event(
            &self,
            action: &KuhnAction,
            after: &Self,
            viewer: Viewer,
            last: Option<&mut Plain>,
        ) -> Logged<Plain> {
            if LOG {
                // Tells everyone the action as it is, the deals included.
                let data = Kuhn::action_data(action);
                let words = [action.to_string(), action.to_string()];
                return Logged::New(Plain { kind: data.kind, params: data.params, words });
            }
            self.0.log_event(action, &after.0, viewer, last)
        }

        fn describe_event(event: &Plain, actor: Actor, names: &[String], fixed: &(), lang: Lang) -> String {
            Kuhn::describe_event(event, actor, names, fixed, lang)
        }
    }

    impl<V: Shown, const LOG: bool, const DATA: bool> Records for Leaky<V, LOG, DATA> {}

    pub fn run<V: Shown, const LOG: bool, const DATA: bool>() {
        check::<Leaky<V, LOG, DATA>>(
            &[KuhnOptions::default()],
            Config { playouts: 30, resamples: 4, ..Config::default() },
        );
    }
}

mod record_format {
    //! The record format: files written before it existed, and formats from
    //! the future.
    use spieltisch_conformance::kuhn::Kuhn;
    use spieltisch_core::{Game, Record, Session};

    fn finished() -> Record {
        let mut session = Session::<Kuhn>::new(&Default::default(), 3).unwrap();
        session.run_chance();
        while !session.state().is_over() {
            let seat = session.turn().seat().unwrap();
            let first = session.state().legal_vec()[0];
            session.apply_as(seat, &first).unwrap();
            session.run_chance();
        }
        session.record().clone()
    }

    #[test]
    fn a_record_without_a_format_is_format_1_and_reads_as_today() {
        let today = finished();
        assert_eq!(today.format, Record::FORMAT);
        let mut json = serde_json::to_value(&today).unwrap();
        json.as_object_mut().unwrap().remove("format");
        let old: Record = serde_json::from_value(json).unwrap();
        assert_eq!(old.format, 1);
        // Kuhn poker's rules did not change: the upgrade only restamps it.
        assert_eq!(old.upgraded::<Kuhn>().unwrap(), today);
        let session = Session::<Kuhn>::from_record(&old).unwrap();
        assert_eq!(session.record(), &today);
        assert_eq!(old.replay::<Kuhn>().unwrap(), today.replay::<Kuhn>().unwrap());
    }

    #[test]
    fn a_format_from_the_future_is_refused_with_its_code() {
        let mut record = finished();
        record.format = Record::FORMAT + 1;
        let err = Session::<Kuhn>::from_record(&record).unwrap_err();
        assert_eq!(err.code(), "record.format");
        assert!(err.to_string().contains(&format!("format {}", Record::FORMAT + 1)), "{err}");
        record.format = 0;
        assert_eq!(record.replay::<Kuhn>().unwrap_err().code(), "record.format");
    }

    #[test]
    fn record_only_keys_are_refused_from_people() {
        // Kuhn poker has none: a key that is no option is refused from a
        // record as from a person.
        let mut record = finished();
        record.options = serde_json::json!({ "edition": 1 });
        assert_eq!(record.replay::<Kuhn>().unwrap_err().code(), "options.unknown");
        assert!(<Kuhn as Game>::Options::RECORD_KEYS.is_empty());
    }
}

mod sight {
    //! The one per-viewer channel: what a seat sees of a deal decides its
    //! notation log, its search key and what a written session says.
    use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};
    use spieltisch_core::{Game, Seen, Session, Sight, Viewer, seen_notation};

    #[test]
    fn a_deal_is_seen_plainly_by_its_owner_and_as_a_deal_by_everyone_else() {
        let state = Kuhn::new(&Default::default()).unwrap();
        let deals = state.chance_vec();
        let (first, second) = (&deals[0].0, &deals[1].0);
        assert_eq!(state.sight(first, Viewer::Seat(0)), Sight::Plainly);
        assert_eq!(seen_notation(&state, first, Viewer::Seat(0)), first.to_string());
        for viewer in [Viewer::Seat(1), Viewer::Spectator] {
            assert_eq!(state.sight(first, viewer), Sight::Kind);
            assert_eq!(seen_notation(&state, first, viewer), "deal ?");
            assert_eq!(
                Seen::of(&state, first, viewer),
                Seen::of(&state, second, viewer),
                "{viewer} tells them apart"
            );
        }
        assert_ne!(Seen::of(&state, first, Viewer::Seat(0)), Seen::of(&state, second, Viewer::Seat(0)));
        assert!(matches!(first, KuhnAction::Deal { .. }));
    }

    #[test]
    fn a_written_session_carries_each_viewers_notation_log_and_reads_back_from_its_record() {
        let mut session = Session::<Kuhn>::new(&Default::default(), 5).unwrap();
        session.run_chance();
        let mut json = serde_json::to_value(&session).unwrap();
        let logs = json["logs"].clone();
        assert_eq!(logs[2], serde_json::json!(["deal ?", "deal ?"]), "the spectator sees two deals");
        assert_eq!(logs[0][0], serde_json::json!(session.record().actions[0]), "seat 0 sees its card");
        assert_eq!(logs[0][1], "deal ?", "seat 0 does not see seat 1's card");
        // The logs follow from the record: what a file says of them is not read.
        json["logs"] = serde_json::json!([]);
        let back = Session::<Kuhn>::from_json(&json).unwrap();
        assert_eq!(back, session);
        assert_eq!(back.log(Viewer::Seat(1)), ["deal ?".to_string(), session.record().actions[1].clone()]);
    }
}
