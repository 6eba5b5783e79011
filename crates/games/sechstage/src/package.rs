//! Where 6-Tage Rennen meets the platform's contract: [`Game`], [`Telling`]
//! and [`Records`], each handing on to the state's rules, its view, its log
//! and its words.

use crate::{
    action::Action,
    cards::{self, GREY_DECK},
    describe,
    fixed::Fixed,
    game::{FINISH_POINTS, Phase, SPRINT_POINTS, Sechstage},
    log,
    options::{MAX_PLAYERS, MIN_PLAYERS, Options},
    view::View,
    words::say,
};
use rand::RngCore;
use spieltisch_core::{
    Actor, Game, GameInfo, Lang, Logged, OptionsError, Outcome, Records, Said, Seat, Sight, Telling, Turn,
    Viewer, Weight,
};

impl Game for Sechstage {
    type Action = Action;
    type Options = Options;
    type View = View;

    /// The options: players, races, the balancing rule, how laps down
    /// count, and the track by content (its drawing: length, sprint lines,
    /// driver-change and fall spaces); with the sprint and finish points
    /// tables.
    type Static = Fixed;

    fn info() -> GameInfo {
        GameInfo {
            id: "sechstage",
            name: Said::with(|lang| say(lang, "game-name", &[])),
            min_seats: MIN_PLAYERS,
            max_seats: MAX_PLAYERS,
            options: Options::specs(),
            rules_source: "6-Tage Rennen, Holtmann VIP 1986 (Walter Toncar); English rules summary",
        }
    }

    /// # Errors
    /// [`OptionsError::Rule`] for a player count outside 3–8, a series length
    /// outside 1–20, or a track file that cannot be read or is invalid.
    fn new(options: &Options) -> Result<Self, OptionsError> {
        Sechstage::new_series(options)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        self.seats as usize
    }

    fn turn(&self) -> Turn {
        self.whose_turn()
    }

    /// `play N` for each value N held, lowest first.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_plays(out);
    }

    /// `draw N` for each value N left in the pile drawn from, weighted by
    /// how many are left.
    fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        self.grey_draws(out);
    }

    fn apply_unchecked(&mut self, action: &Action) {
        match *action {
            Action::Play { value: v } => self.play(v),
            Action::Draw { value: v } => self.draw(v),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn static_part(options: &Options) -> Fixed {
        Fixed::new(options)
    }

    fn resample(view: &View, fixed: &Fixed, seat: Seat, rng: &mut dyn RngCore) -> Self {
        crate::view::resample(view, fixed, seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        // The outcome says how it ranked, with each rider's laps and points.
        Some(self.standings().2)
    }

    /// From 0 to, per race, 5 points for each sprint line plus 10.
    fn score_bounds(options: &Options) -> (f64, f64) {
        let sprints = options.track.sprints().len();
        let per_race = SPRINT_POINTS[0] * sprints as i64 + FINISH_POINTS[0];
        (0.0, (per_race * options.races as i64) as f64)
    }

    /// Per race, every card can be played once and every grey card drawn once.
    fn max_actions(options: &Options) -> usize {
        let green = cards::count(&cards::green_hand(options.players)) as usize;
        let grey = cards::count(&GREY_DECK) as usize;
        options.races * (options.players * green + 2 * grey)
    }

    /// Another seat's grey draw shows as a draw (`draw ?`).
    fn sight(&self, action: &Action, viewer: Viewer) -> Sight {
        match (action, viewer) {
            (Action::Draw { .. }, Viewer::Seat(s)) if self.mover() == Some(s) => Sight::Plainly,
            (Action::Draw { .. }, _) => Sight::Kind,
            _ => Sight::Plainly,
        }
    }
}

impl Telling for Sechstage {
    /// A card played, with all it caused: see [`log::Event`].
    type Event = log::Event;

    /// A draw of a driver change is folded into the play that landed on
    /// the Fahrerwechsel; only the drawing seat's entry holds the values.
    fn log_event(
        &self,
        action: &Action,
        after: &Self,
        viewer: Viewer,
        last: Option<&mut log::Event>,
    ) -> Logged<log::Event> {
        self.event_of(action, after, viewer, last)
    }

    fn describe_event(
        event: &log::Event,
        actor: Actor,
        names: &[String],
        _fixed: &Fixed,
        lang: Lang,
    ) -> String {
        log::describe(event, actor, names, lang)
    }

    fn describe_view(view: &View, fixed: &Fixed, lang: Lang) -> String {
        describe::describe_view(view, &fixed.options, &[], lang)
    }

    fn describe_view_as(view: &View, fixed: &Fixed, names: &[String], lang: Lang) -> String {
        describe::describe_view(view, &fixed.options, names, lang)
    }

    fn describe_action(&self, action: &Action, lang: Lang) -> String {
        describe::describe_action(self, action, &[], lang)
    }

    fn describe_action_as(&self, action: &Action, names: &[String], lang: Lang) -> String {
        describe::describe_action(self, action, names, lang)
    }
}

impl Records for Sechstage {
    /// Records of format 1 were all played under the part-of-four reading
    /// (decision 10): one without a `laps_down` key keeps it.
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        if format < 2 {
            options.entry("laps_down").or_insert_with(|| "part_of_four".into());
        }
    }
}
