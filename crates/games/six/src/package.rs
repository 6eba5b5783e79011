//! Where Six meets the platform's contract: [`Game`], [`Telling`] and
//! [`Records`], each handing on to the state's rules, its view, its log and
//! its words.

use crate::{
    action::Action,
    board::Colour,
    describe,
    game::{FIRST_ROUND_STONES, Six},
    log::{self, Event},
    options::Options,
    view::View,
    words::say,
};
use spieltisch_core::{
    ActionError, Actor, Game, GameInfo, Lang, Logged, OptionsError, Outcome, Records, Said, Seat, Telling,
    Turn, Viewer, Weight,
};

impl Game for Six {
    type Action = Action;
    type Options = Options;
    type View = View;
    type Static = ();

    fn info() -> GameInfo {
        GameInfo {
            id: "six",
            name: Said::with(|lang| say(lang, "game-name", &[])),
            min_seats: 2,
            max_seats: 4,
            options: Options::specs(),
            rules_source: "Six, Steffen-Spiele 2003, by Steffen Mühlhäuser (English rules, tr. Bruce Murphy)",
        }
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Six::new_match(options)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        self.options.players as usize
    }

    fn teams(&self) -> Vec<usize> {
        (0..self.seats()).map(|s| Colour::of_seat(s).index()).collect()
    }

    /// As between the games of a match: the loser begins, after a draw the
    /// side that did not begin (seat 0's side began). With four players the
    /// losing side's first seat after seat 0 begins, so partners stay
    /// opposite.
    fn rematch_shift(outcome: &Outcome, seats: usize) -> usize {
        Six::rematch_beginner(outcome, seats)
    }

    fn turn(&self) -> Turn {
        self.whose_turn()
    }

    /// Order: cells in reading order (row `r` from the top, then `q` from
    /// the left); `pass` alone when it is the only move.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_steps(out);
    }

    fn chance_outcomes(&self, _out: &mut Vec<(Action, Weight)>) {}

    fn apply_unchecked(&mut self, action: &Action) {
        self.play(action);
    }

    fn view(&self, _viewer: Viewer) -> View {
        View::of(self)
    }

    /// No static board data: the view is the whole information state.
    fn static_part(_options: &Options) {}

    /// The state the view shows: nothing is hidden, so there is one. Only
    /// what building it needs is checked (bots rebuild their state this way
    /// at every decision); [`Six::from_view`] checks a view from outside.
    ///
    /// # Panics
    /// When `view` is not one that [`Six::view`] made.
    fn resample(view: &View, _fixed: &(), _seat: Seat, _rng: &mut dyn rand::RngCore) -> Self {
        let six = Six::built_from(view).unwrap_or_else(|e| panic!("not a view of Six: {e}"));
        debug_assert_eq!(six.check_shows(view), Ok(()), "not a view of Six");
        six
    }

    fn outcome(&self) -> Option<Outcome> {
        self.match_outcome()
    }

    fn score_bounds(options: &Options) -> (f64, f64) {
        (0.0, f64::from(options.games))
    }

    fn max_actions(options: &Options) -> usize {
        // Per game: the first-round placements, then at most lift, keep and
        // place for each second-round move.
        options.games as usize * (FIRST_ROUND_STONES + 3 * options.move_limit as usize)
    }

    /// Besides the notation, a bare cell `q,r` is read as the one kind of
    /// step that fits the phase, and `keep` (or `capture`, when exactly two
    /// parts are in question) accepts any cell of a part. With
    /// `wrapped_cells` (records before format 4) a cell names the cell next
    /// to the field that it is modulo 64.
    fn parse_action(&self, input: &str) -> Result<Action, ActionError> {
        self.read_action(input)
    }
}

impl Telling for Six {
    type Event = Event;

    /// Nothing in Six is hidden: every viewer reads the same log.
    fn log_event(
        &self,
        action: &Action,
        after: &Self,
        _viewer: Viewer,
        last: Option<&mut Event>,
    ) -> Logged<Event> {
        self.event_of(action, after, last)
    }

    fn describe_event(event: &Event, actor: Actor, names: &[String], _fixed: &(), lang: Lang) -> String {
        log::describe(event, actor, names, lang)
    }

    fn describe_view(view: &View, _fixed: &(), lang: Lang) -> String {
        describe::draw(view, &[], lang)
    }

    fn describe_view_as(view: &View, _fixed: &(), names: &[String], lang: Lang) -> String {
        describe::draw(view, names, lang)
    }

    fn describe_action(&self, action: &Action, lang: Lang) -> String {
        describe::action(self, action, lang)
    }
}

impl Records for Six {
    /// Records before format 4 wrote cells modulo 64 ([`crate::cell`]).
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        if format < 4 {
            options.insert("wrapped_cells".into(), true.into());
        }
    }
}
