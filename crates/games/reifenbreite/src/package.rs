//! Where the crate meets the platform's contract: [`Game`], [`Telling`] and
//! [`Records`] for [`Reifenbreite`], each handing on to the rules in
//! `game.rs` and to what is derived from them (the view, the static part,
//! the log and the words).

use crate::action::Action;
use crate::fixed::Fixed;
use crate::game::Reifenbreite;
use crate::options::Options;
use crate::view::View;
use crate::words::say;
use crate::{describe, log};
use rand::RngCore;
use spieltisch_core::{
    Actor, Game, GameInfo, Lang, Logged, OptionsError, Outcome, Records, Said, Seat, Sight, Telling, Turn,
    Viewer, Weight,
};

impl Game for Reifenbreite {
    type Action = Action;
    type Options = Options;
    type View = View;
    type Static = Fixed;

    fn info() -> GameInfo {
        GameInfo {
            id: "reifenbreite",
            name: Said::with(|lang| say(lang, "game-name", &[])),
            min_seats: 2,
            max_seats: 4,
            options: Options::specs(),
            rules_source: "Um Reifenbreite, Jumbo 1991 (Rob Bontenbal), German rulebook 3554; English translation",
        }
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Reifenbreite::create(options)
    }

    fn options(&self) -> &Options {
        self.options()
    }

    fn seats(&self) -> usize {
        self.seats()
    }

    // `#[inline]` as the rules they hand on to, for the same reason (see
    // there): the loops that call them live in other crates.
    #[inline]
    fn turn(&self) -> Turn {
        self.turn()
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions(out);
    }

    #[inline]
    fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        self.chance_outcomes(out);
    }

    #[inline]
    fn apply_unchecked(&mut self, action: &Action) {
        self.apply_unchecked(action);
    }

    /// Designed data ([`crate::view`]): photo-card numbers hidden until the
    /// race is over, the course and the rules left to the static part.
    fn view(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn static_part(options: &Options) -> Fixed {
        Fixed::of_options(options)
    }

    fn static_of(&self) -> Fixed {
        Fixed::of(self)
    }

    fn resample(view: &View, fixed: &Fixed, _seat: Seat, rng: &mut dyn RngCore) -> Self {
        view.resample(fixed, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn score_bounds(options: &Options) -> (f64, f64) {
        Reifenbreite::score_bounds(options)
    }

    fn max_actions(options: &Options) -> usize {
        Reifenbreite::max_actions(options)
    }

    fn sight(&self, action: &Action, viewer: Viewer) -> Sight {
        self.sight(action, viewer)
    }
}

impl Telling for Reifenbreite {
    type Event = log::Event;

    /// Everyone reads the same log: the photo cards, the only secret, are
    /// logged without their numbers.
    fn log_event(
        &self,
        action: &Action,
        after: &Self,
        _viewer: Viewer,
        last: Option<&mut log::Event>,
    ) -> Logged<log::Event> {
        self.event_of(action, after, last)
    }

    fn describe_event(
        event: &log::Event,
        actor: Actor,
        names: &[String],
        fixed: &Fixed,
        lang: Lang,
    ) -> String {
        log::describe(event, actor, names, fixed, lang)
    }

    fn describe_view(view: &View, fixed: &Fixed, lang: Lang) -> String {
        describe::view(&view.race(fixed), view.viewer, &[], lang)
    }

    fn describe_view_as(view: &View, fixed: &Fixed, names: &[String], lang: Lang) -> String {
        describe::view(&view.race(fixed), view.viewer, names, lang)
    }

    fn describe_action(&self, action: &Action, lang: Lang) -> String {
        describe::action(self, action, lang)
    }
}

impl Records for Reifenbreite {
    /// A record of format 1 was played under edition 1 (see the crate
    /// documentation, "Records of older formats").
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        if format < 2 {
            options.insert("edition".into(), 1.into());
        }
    }
}
