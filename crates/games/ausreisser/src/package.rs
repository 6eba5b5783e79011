//! Where the crate meets the platform's contract: [`Game`], [`Telling`] and
//! [`Records`] for [`Ausreisser`], each handing on to the rules in
//! `game.rs` and to what is derived from them (the view, the log, the
//! resampler).

use crate::{
    action::Action, card::Card, game::Ausreisser, log::Event, options::Options, resample::resample,
    view::View, words::say,
};
use spieltisch_core::{
    Actor, Game, GameInfo, Lang, Logged, OptionsError, Outcome, Records, Said, Seat, Sight, Telling,
    Together, Turn, Viewer, Weight,
};

impl Game for Ausreisser {
    type Action = Action;
    type Options = Options;
    type View = View;
    type Static = ();

    fn info() -> GameInfo {
        GameInfo {
            id: "ausreisser",
            name: Said::with(|lang| say(lang, "game-name", &[])),
            min_seats: 2,
            max_seats: 6,
            options: Options::specs(),
            rules_source: "Der Ausreisser (F.X. Schmid, 1989; Pierre Jacquot), English rules; decisions in the crate docs",
        }
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Ausreisser::new(options)
    }

    fn options(&self) -> &Options {
        self.options()
    }

    fn seats(&self) -> usize {
        self.seats()
    }

    fn turn(&self) -> Turn {
        self.turn()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        self.chance_outcomes(out);
    }

    fn apply_unchecked(&mut self, action: &Action) {
        self.apply_unchecked(action);
    }

    fn view(&self, viewer: Viewer) -> View {
        let seat = match viewer {
            Viewer::Seat(s) if s < self.seats() => Some(s),
            _ => None,
        };
        View::of(self, seat)
    }

    /// No static board data: the view is the whole information state.
    fn static_part(_options: &Options) {}

    fn resample(view: &View, _fixed: &(), seat: Seat, rng: &mut dyn rand::RngCore) -> Self {
        resample(view, seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn score_bounds(options: &Options) -> (f64, f64) {
        Ausreisser::score_bounds(options)
    }

    fn max_actions(options: &Options) -> usize {
        Ausreisser::max_actions(options)
    }

    fn sight(&self, action: &Action, viewer: Viewer) -> Sight {
        self.sight(action, viewer)
    }

    fn together(&self) -> Option<Together<Action>> {
        self.together()
    }

    /// Steigung windows are the special cards' rule.
    fn decides_together(options: &Options) -> bool {
        options.special
    }
}

impl Telling for Ausreisser {
    type Event = Event;

    fn log_event(
        &self,
        action: &Action,
        after: &Self,
        viewer: Viewer,
        last: Option<&mut Event>,
    ) -> Logged<Event> {
        self.event_of(action, after, viewer, last)
    }

    fn describe_event(event: &Event, _actor: Actor, names: &[String], _fixed: &(), lang: Lang) -> String {
        crate::log::describe(event, names, lang)
    }

    fn describe_view(view: &View, _fixed: &(), lang: Lang) -> String {
        crate::view::describe(view, &[], lang)
    }

    fn describe_view_as(view: &View, _fixed: &(), names: &[String], lang: Lang) -> String {
        crate::view::describe(view, names, lang)
    }

    fn describe_action(&self, action: &Action, lang: Lang) -> String {
        crate::view::describe_action(self, action, &[], lang)
    }

    fn describe_action_as(&self, action: &Action, names: &[String], lang: Lang) -> String {
        crate::view::describe_action(self, action, names, lang)
    }
}

impl Records for Ausreisser {
    /// Records of format 1 asked only the riders holding a Steigung, and
    /// never the mover: everyone else passed without a word.
    fn implied_action(&self, format: u32) -> Option<Action> {
        let seat = self.asked()?;
        (format < 2 && (self.asked == self.table.mover || self.hands[seat][Card::HILL.index()] == 0))
            .then_some(Action::Pass {})
    }
}
