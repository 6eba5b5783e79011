//! The race as a game of the core's contract: whose turn, the legal
//! actions and chance outcomes of each decision, and how an action changes
//! the race (the rules themselves are in [`crate::race`]).

use crate::action::{self, Action};
use crate::cards::{ChanceCard, ENERGY_KINDS, Energy};
use crate::fixed::Fixed;
use crate::options::{self, Options};
use crate::race::{self, MAX_TOWS, Phase, Reifenbreite, Rider, Status, bit};
use crate::view::View;
use crate::{describe, log};
use rand::RngCore;
use spieltisch_core::{
    ActionData, Actor, Game, GameInfo, Lang, Logged, OptionsError, Outcome, Seat, Text, Turn, Viewer, Weight,
};

/// The totals of two dice with their number of ways (out of 36).
const TWO_DICE: [(Action, u32); 11] = {
    let mut totals = [(Action::Roll(0), 0); 11];
    let mut i = 0;
    while i < 11 {
        let total = i as u32 + 2;
        totals[i] = (Action::Roll(total as u8), 6 - total.abs_diff(7));
        i += 1;
    }
    totals
};

const ONE_DIE: [(Action, u32); 6] = [
    (Action::Roll(1), 1),
    (Action::Roll(2), 1),
    (Action::Roll(3), 1),
    (Action::Roll(4), 1),
    (Action::Roll(5), 1),
    (Action::Roll(6), 1),
];

/// The photo cards 1–6 of a tow, equally likely.
const PHOTOS: [(Action, u32); 6] = [
    (Action::Photo(1), 1),
    (Action::Photo(2), 1),
    (Action::Photo(3), 1),
    (Action::Photo(4), 1),
    (Action::Photo(5), 1),
    (Action::Photo(6), 1),
];

impl Game for Reifenbreite {
    type Action = Action;
    type Options = Options;
    type View = View;
    type Static = Fixed;
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
        _fixed: &Fixed,
        lang: Lang,
    ) -> String {
        log::describe(event, actor, names, lang)
    }

    fn info() -> GameInfo {
        GameInfo {
            id: "reifenbreite",
            name: Text::new("Um Reifenbreite", "Um Reifenbreite"),
            min_seats: 2,
            max_seats: 4,
            options: options::specs(),
            rules_source: "Um Reifenbreite, Jumbo 1991 (Rob Bontenbal), German rulebook 3554; English translation",
        }
    }

    fn new(options: &Options) -> Result<Self, OptionsError> {
        Reifenbreite::create(options)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    /// `edition`: the reading of the rules a record was played under.
    fn record_keys() -> &'static [&'static str] {
        &["edition"]
    }

    /// A record of format 1 was played under edition 1 (see the crate
    /// documentation, "Records of older formats").
    fn upgrade_options(format: u32, options: &mut serde_json::Map<String, serde_json::Value>) {
        if format < 2 {
            options.insert("edition".into(), 1.into());
        }
    }

    fn seats(&self) -> usize {
        self.options.seats() as usize
    }

    // The entry points of a step of the race (`turn`, `legal_actions`,
    // `chance_outcomes`, `apply_unchecked`) are `#[inline]`: the loops that
    // call them (bots, searches, the benchmark) live in other crates, and
    // without link-time optimization only inlinable code reaches into them.
    #[inline]
    fn turn(&self) -> Turn {
        match self.phase {
            Phase::FirstTeam
            | Phase::Dice { .. }
            | Phase::ChanceDraw { .. }
            | Phase::TowPhoto { .. }
            | Phase::Director => Turn::Chance,
            Phase::Place { team } => Turn::Seat(self.seat_of_team(team)),
            Phase::Choose { rider, .. } | Phase::Move { rider, .. } | Phase::Draft { rider, .. } => {
                Turn::Seat(self.seat_of_rider(rider))
            }
            Phase::Proposal { asked, .. } => Turn::Seat(self.seat_of_rider(asked)),
            Phase::Over => Turn::Over,
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Place { team } => {
                let t = self.track();
                // The team's lanes as bits.
                let lanes_used = (team * 4..team * 4 + 4)
                    .filter(|&r| self.riders[r as usize].status != Status::Waiting)
                    .fold(0u32, |bits, r| bits | 1 << t.space(self.riders[r as usize].space).lane);
                let occ = self.occupied();
                for r in team * 4..team * 4 + 4 {
                    if self.riders[r as usize].status != Status::Waiting {
                        continue;
                    }
                    for &s in &t.start {
                        if !occ.contains(&s) && lanes_used & 1 << t.space(s).lane == 0 {
                            out.push(Action::Place { rider: r, space: s });
                        }
                    }
                }
            }
            Phase::Choose { rider, cards, n, offer } => {
                if self.rules.lead_exchange && n == 0 && self.ask_target(rider, offer).is_some() {
                    out.push(Action::Ask);
                }
                for (e, playable) in Energy::ALL.into_iter().zip(self.playable_cards(rider, cards, n)) {
                    if playable {
                        out.push(Action::Card(e));
                    }
                }
                out.push(Action::Ride);
                if n > 0 {
                    out.push(Action::Break);
                }
                if self.rules.chase_car && n == 0 && self.tows[rider as usize] < MAX_TOWS {
                    out.push(Action::Tow);
                    out.push(Action::Tow12);
                }
            }
            Phase::Move { rider, amount, .. } => self.destinations(rider, amount, out),
            Phase::Draft { .. } => out.extend([Action::Draft, Action::Skip]),
            Phase::Proposal { .. } => out.extend([Action::Accept, Action::Refuse]),
            _ => {}
        }
    }

    #[inline]
    fn chance_outcomes(&self, out: &mut Vec<(Action, Weight)>) {
        match self.phase {
            Phase::FirstTeam => out.extend((0..self.options.teams).map(|t| (Action::First(t), 1))),
            Phase::Dice { dice: 2, .. } => out.extend_from_slice(&TWO_DICE),
            Phase::Dice { .. } => out.extend_from_slice(&ONE_DIE),
            Phase::ChanceDraw { .. } => {
                for (i, (card, _)) in ChanceCard::DECK.iter().enumerate() {
                    if self.pile[i] > 0 {
                        out.push((Action::Chance(*card), self.pile[i] as u32));
                    }
                }
            }
            Phase::TowPhoto { .. } => out.extend_from_slice(&PHOTOS),
            Phase::Director => {
                out.extend((1..=6).filter(|n| !self.director.contains(n)).map(|n| (Action::Director(n), 1)))
            }
            _ => {}
        }
    }

    #[inline]
    fn apply_unchecked(&mut self, action: &Action) {
        match (self.phase, *action) {
            (Phase::FirstTeam, Action::First(t)) => {
                self.first_team = t;
                self.phase = Phase::Place { team: t };
            }
            (Phase::Place { .. }, Action::Place { rider, space }) => {
                self.set_rider(rider, Rider { space, status: Status::Road });
                self.placed += 1;
                if self.placed as usize == self.riders.len() {
                    self.round = 1;
                    self.advance();
                } else {
                    self.phase = Phase::Place { team: (self.first_team + self.placed) % self.options.teams };
                }
            }
            (Phase::Choose { rider, mut cards, n, offer }, a) => match a {
                Action::Card(e) => {
                    let kind = e.kind(rider % 4).unwrap_or(0);
                    self.energy[(rider / 4) as usize][kind] -= 1;
                    cards[n as usize] = kind as u8;
                    self.phase = Phase::Choose { rider, cards, n: n + 1, offer };
                }
                Action::Ride | Action::Break => {
                    let base: u8 = cards[..n as usize].iter().map(|&k| ENERGY_KINDS[k as usize].value).sum();
                    let breakaway = a == Action::Break;
                    if n == 2 {
                        self.resolve_total(rider, base, breakaway);
                    } else {
                        self.phase = Phase::Dice { rider, base, dice: 2 - n, breakaway, tow: false };
                    }
                }
                Action::Tow => {
                    self.tows[rider as usize] += 1;
                    self.phase = Phase::Dice { rider, base: 6, dice: 1, breakaway: false, tow: true };
                }
                Action::Tow12 => {
                    self.tows[rider as usize] += 1;
                    self.phase = Phase::TowPhoto { rider, left: 2, amount: 12, breakaway: false, tow: true };
                }
                Action::Ask => {
                    let asked = self.ask_target(rider, offer).unwrap_or(rider);
                    self.phase = Phase::Proposal { leader: rider, asked };
                }
                _ => unreachable!("not listed"),
            },
            (Phase::Dice { rider, base, tow, breakaway, .. }, Action::Roll(d)) => {
                if tow {
                    self.phase =
                        Phase::TowPhoto { rider, left: 1, amount: base + d, breakaway: false, tow: true };
                } else {
                    self.resolve_total(rider, base + d, breakaway);
                }
            }
            (Phase::ChanceDraw { rider, breakaway }, Action::Chance(card)) => {
                self.pile[card.index()] -= 1;
                if self.pile.iter().all(|&n| n == 0) {
                    self.pile = ChanceCard::full_pile(self.rules.chase_car);
                }
                self.chance_card(rider, card, breakaway);
            }
            (Phase::TowPhoto { rider, left, amount, breakaway, tow }, Action::Photo(n)) => {
                self.photos[rider as usize].push(n);
                if left > 1 {
                    self.phase = Phase::TowPhoto { rider, left: left - 1, amount, breakaway, tow };
                } else {
                    self.start_move(rider, amount as i16, breakaway, tow);
                }
            }
            (Phase::Move { rider, breakaway, amount }, Action::To(s)) => {
                let from = self.riders[rider as usize].space;
                // The steps only matter to a rider who may draft.
                let steps = if !breakaway && self.may_draft_from(from) {
                    self.steps_of(rider, amount, s).unwrap_or(amount)
                } else {
                    0
                };
                self.move_rider(rider, s);
                self.offer_draft(from, s, steps);
            }
            (Phase::Draft { rider, from, to, steps }, Action::Draft) => {
                let d = if self.may_draft_from(from) {
                    self.steps_of(rider, steps, to).unwrap_or(steps)
                } else {
                    0
                };
                self.move_rider(rider, to);
                self.offer_draft(from, to, d);
            }
            (Phase::Draft { .. }, Action::Skip) => self.advance(),
            (Phase::Proposal { leader, asked }, Action::Accept) => {
                // The two take up the same spaces as before, so only their
                // order of play changes places.
                let (a, b) = (self.riders[leader as usize].space, self.riders[asked as usize].space);
                self.riders[leader as usize].space = b;
                self.riders[asked as usize].space = a;
                self.road.order[leader as usize] = self.order_key(leader, self.riders[leader as usize]);
                self.road.order[asked as usize] = self.order_key(asked, self.riders[asked as usize]);
                self.road.set_at(a, asked);
                self.road.set_at(b, leader);
                self.asked |= bit(leader) | bit(asked);
                self.begin_turn(asked);
            }
            (Phase::Proposal { leader, asked }, Action::Refuse) => {
                let offer = self.riders[asked as usize].space;
                self.phase = Phase::Choose { rider: leader, cards: [u8::MAX; 2], n: 0, offer };
                if self.ask_target(leader, offer).is_none() {
                    self.asked |= bit(leader);
                    self.begin_turn(leader);
                }
            }
            (Phase::Director, Action::Director(n)) => {
                self.director.push(n);
                if self.director.len() == 2 {
                    self.finalize_stage();
                }
            }
            (phase, a) => unreachable!("{a} is not listed in {phase:?}"),
        }
    }

    /// Designed data ([`view`]): photo-card numbers hidden until the race
    /// is over, the course and the rules left to the static part.
    fn view(&self, viewer: Viewer) -> View {
        View::of(self, viewer)
    }

    fn static_part(options: &Options) -> Fixed {
        Fixed::of_options(options)
    }

    fn static_of(&self) -> Fixed {
        Fixed::of(self)
    }

    /// The race the view and the static part describe, with every hidden
    /// photo-card number drawn anew (1–6, equally likely).
    fn resample(view: &View, fixed: &Fixed, _seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut race = view.race(fixed);
        for p in race.photos.iter_mut() {
            for n in p.iter_mut().filter(|n| **n == 0) {
                *n = (rng.next_u32() % 6) as u8 + 1;
            }
        }
        race
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let teams = self.team_scores();
        let seats = self.seats();
        let scores: Vec<f64> = (0..seats)
            .map(|s| (0..teams.len()).filter(|&t| t % seats == s).map(|t| teams[t] as f64).sum())
            .collect();
        Some(Outcome::from_scores(scores))
    }

    fn score_bounds(options: &Options) -> (f64, f64) {
        let stages = options.courses();
        let n = stages.len() as f64;
        let mut per_stage = 0.0f64;
        for c in &stages {
            let sprints: f64 =
                c.sprints.iter().map(|s| s.points.iter().map(|&p| p as f64).sum::<f64>()).sum();
            per_stage = per_stage.max(157.0 + sprints + 2.0 * race::ROUND_CAP as f64);
        }
        // A stage race: n × the best rider's total (at most n stages' worth)
        // plus the team total over n stages.
        let team = if n >= 2.0 { n * (n + 1.0) * per_stage } else { per_stage };
        (0.0, team * 4.0)
    }

    /// See the crate documentation, "Actions as data".
    fn action_data(action: &Action) -> ActionData {
        use serde_json::json;
        match *action {
            Action::First(team) => ActionData::with("first", json!({ "team": team })),
            Action::Place { rider, space } => {
                ActionData::with("place", json!({ "rider": action::rider_number(rider), "space": space }))
            }
            Action::Card(energy) => ActionData::with(
                "card",
                json!({
                    "card": energy.notation(),
                    "joker": energy.joker(),
                    "value": energy.value(),
                    "mountain": energy.mountain(),
                }),
            ),
            Action::Ride => ActionData::bare("ride"),
            Action::Break => ActionData::bare("break"),
            Action::Tow => ActionData::bare("tow"),
            Action::Tow12 => ActionData::bare("tow12"),
            Action::Ask => ActionData::bare("ask"),
            Action::Accept => ActionData::bare("accept"),
            Action::Refuse => ActionData::bare("refuse"),
            Action::Roll(total) => ActionData::with("roll", json!({ "total": total })),
            Action::Chance(card) => ActionData::with("chance", json!({ "card": card.slug() })),
            Action::Photo(value) => ActionData::with("photo", json!({ "value": value })),
            Action::Director(value) => ActionData::with("director", json!({ "value": value })),
            Action::To(space) => ActionData::with("to", json!({ "space": space })),
            Action::Draft => ActionData::bare("draft"),
            Action::Skip => ActionData::bare("skip"),
        }
    }

    fn max_actions(options: &Options) -> usize {
        let riders = options.teams as usize * 4;
        // Per rider and round: up to 15 offers of the lead and their answers,
        // two cards, ride, dice, a chance card, two photo cards, the move and
        // one draft decision.
        options.courses().len() * (1 + riders + race::ROUND_CAP as usize * riders * 48 + 2)
    }

    fn redact(&self, action: &Action, _viewer: Viewer) -> String {
        match action {
            Action::Photo(_) => "photo ?".into(),
            a => a.to_string(),
        }
    }

    fn describe_view(view: &View, fixed: &Fixed, lang: Lang) -> String {
        describe::view(&view.race(fixed), view.viewer, lang)
    }

    fn describe_action(&self, action: &Action, lang: Lang) -> String {
        describe::action(self, action, lang)
    }
}
