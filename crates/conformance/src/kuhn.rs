//! Kuhn poker: the smallest game with chance and hidden cards, used to test
//! the conformance kit, the generic search code and the front ends. Not one
//! of the products' games: the catalog lists it only in a test process that
//! calls `spieltisch_catalog::register_fixtures`.
//!
//! Three cards J < Q < K; each of two seats antes 1 and is dealt one card.
//! Seat 0 checks or bets 1; facing a bet a seat calls or folds; after a check
//! seat 1 checks (showdown for 1) or bets. Scores are the chips won, in -2..=2.

use crate::words::say;
use serde::{Deserialize, Serialize};
use spieltisch_core::{
    ActionError, Game, GameInfo, OptionsError, Outcome, Records, Said, Seat, Sight, Telling, Turn, Viewer,
    Weight,
};
use std::{fmt, str::FromStr};

/// A deal (chance) or a seat's step in the betting; its serde form is its
/// data, `{"kind": "deal", "params": {"card": 2}}` (cards 0 = J to 2 = K).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "params", rename_all = "snake_case")]
pub enum KuhnAction {
    Deal { card: u8 },
    Check {},
    Bet {},
    Call {},
    Fold {},
}

/// A step of the betting as the state and the views keep it (their JSON
/// names the steps `"Check"`, `"Bet"`, …, as the golden games show them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Betting {
    Check,
    Bet,
    Call,
    Fold,
}

impl KuhnAction {
    /// The step of the betting the action is; `None` for a deal.
    fn betting(self) -> Option<Betting> {
        match self {
            KuhnAction::Deal { .. } => None,
            KuhnAction::Check {} => Some(Betting::Check),
            KuhnAction::Bet {} => Some(Betting::Bet),
            KuhnAction::Call {} => Some(Betting::Call),
            KuhnAction::Fold {} => Some(Betting::Fold),
        }
    }
}

impl fmt::Display for KuhnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // A card read from data may be none of the three: it is written, never applied.
            KuhnAction::Deal { card } => match ["J", "Q", "K"].get(usize::from(*card)) {
                Some(name) => write!(f, "deal {name}"),
                None => write!(f, "deal {card}"),
            },
            KuhnAction::Check {} => f.write_str("check"),
            KuhnAction::Bet {} => f.write_str("bet"),
            KuhnAction::Call {} => f.write_str("call"),
            KuhnAction::Fold {} => f.write_str("fold"),
        }
    }
}

impl FromStr for KuhnAction {
    type Err = ActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim() {
            "deal J" => KuhnAction::Deal { card: 0 },
            "deal Q" => KuhnAction::Deal { card: 1 },
            "deal K" => KuhnAction::Deal { card: 2 },
            "check" => KuhnAction::Check {},
            "bet" => KuhnAction::Bet {},
            "call" => KuhnAction::Call {},
            "fold" => KuhnAction::Fold {},
            other => return Err(ActionError::parse(other, "expected deal J|Q|K, check, bet, call or fold")),
        })
    }
}

spieltisch_core::options! {
    /// Kuhn poker has no options; declared as every game's are.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(default, deny_unknown_fields)]
    pub struct KuhnOptions {}
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kuhn {
    cards: Vec<u8>,
    bets: Vec<Betting>,
}

/// A seat's view: its own card, the other's only at a showdown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KuhnView {
    pub seat: Option<Seat>,
    pub cards: Vec<Option<u8>>,
    pub bets: Vec<Betting>,
}

impl Kuhn {
    fn showdown(&self) -> bool {
        self.is_over() && !self.bets.contains(&Betting::Fold)
    }
}

impl Game for Kuhn {
    type Action = KuhnAction;
    type Options = KuhnOptions;
    type View = KuhnView;
    type Static = ();

    fn info() -> GameInfo {
        GameInfo {
            id: "kuhn",
            name: Said::with(|lang| say(lang, "game-name", &[])),
            min_seats: 2,
            max_seats: 2,
            options: KuhnOptions::specs(),
            rules_source: "H. W. Kuhn, 1950",
        }
    }

    fn new(options: &KuhnOptions) -> Result<Self, OptionsError> {
        options.check_ranges()?;
        Ok(Kuhn { cards: vec![], bets: vec![] })
    }

    fn options(&self) -> &KuhnOptions {
        &KuhnOptions {}
    }

    fn seats(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        use Betting::*;
        if self.cards.len() < 2 {
            return Turn::Chance;
        }
        match self.bets.as_slice() {
            [] => Turn::Seat(0),
            [Check] | [Bet] => Turn::Seat(1),
            [Check, Bet] => Turn::Seat(0),
            _ => Turn::Over,
        }
    }

    fn legal_actions(&self, out: &mut Vec<KuhnAction>) {
        use KuhnAction::*;
        if let Turn::Seat(_) = self.turn() {
            if self.bets.last() == Some(&Betting::Bet) {
                out.extend([Call {}, Fold {}]);
            } else {
                out.extend([Check {}, Bet {}]);
            }
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(KuhnAction, Weight)>) {
        if self.turn() == Turn::Chance {
            out.extend((0..3).filter(|c| !self.cards.contains(c)).map(|card| (KuhnAction::Deal { card }, 1)));
        }
    }

    fn apply_unchecked(&mut self, action: &KuhnAction) {
        match *action {
            KuhnAction::Deal { card } => self.cards.push(card),
            step => self.bets.extend(step.betting()),
        }
    }

    fn view(&self, viewer: Viewer) -> KuhnView {
        let seat = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let cards = (0..self.cards.len())
            .map(|i| (seat == Some(i) || self.showdown()).then_some(self.cards[i]))
            .collect();
        KuhnView { seat, cards, bets: self.bets.clone() }
    }

    /// No static board data: the view is the whole information state.
    fn static_part(_options: &KuhnOptions) {}

    fn resample(view: &KuhnView, _fixed: &(), _seat: Seat, rng: &mut dyn rand::RngCore) -> Self {
        let mut cards: Vec<u8> = view.cards.iter().map(|c| c.unwrap_or(u8::MAX)).collect();
        let mut free: Vec<u8> = (0..3).filter(|c| !cards.contains(c)).collect();
        for card in cards.iter_mut().filter(|c| **c == u8::MAX) {
            let i = (rng.next_u32() as usize) % free.len();
            *card = free.swap_remove(i);
        }
        Kuhn { cards, bets: view.bets.clone() }
    }

    fn sight(&self, action: &KuhnAction, viewer: Viewer) -> Sight {
        match action {
            KuhnAction::Deal { .. } if viewer != Viewer::Seat(self.cards.len()) => Sight::Kind,
            _ => Sight::Plainly,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        use Betting::*;
        if !self.is_over() {
            return None;
        }
        let high = if self.cards[0] > self.cards[1] { 0 } else { 1 };
        let (winner, pot) = match self.bets.as_slice() {
            [Bet, Fold] => (0, 1.0),
            [Check, Bet, Fold] => (1, 1.0),
            [Check, Check] => (high, 1.0),
            _ => (high, 2.0),
        };
        let mut scores = vec![-pot; 2];
        scores[winner] = pot;
        Some(Outcome::from_scores(scores))
    }

    fn score_bounds(_: &KuhnOptions) -> (f64, f64) {
        (-2.0, 2.0)
    }

    fn max_actions(_: &KuhnOptions) -> usize {
        5
    }
}

impl Telling for Kuhn {
    type Event = spieltisch_core::Plain;

    fn log_event(
        &self,
        action: &KuhnAction,
        _after: &Self,
        viewer: Viewer,
        _last: Option<&mut spieltisch_core::Plain>,
    ) -> spieltisch_core::Logged<spieltisch_core::Plain> {
        spieltisch_core::Logged::New(spieltisch_core::Plain::seen(self, action, viewer))
    }

    fn describe_event(
        event: &spieltisch_core::Plain,
        actor: spieltisch_core::Actor,
        names: &[String],
        _fixed: &(),
        lang: spieltisch_core::Lang,
    ) -> String {
        event.describe(actor, names, lang)
    }
}

impl Records for Kuhn {}

/// What the catalog's tests run on Kuhn poker.
pub mod test_plan {
    use super::KuhnOptions;
    use crate::{Config, Golden, VariantSet};

    /// The one game, with many short playouts and several resamples a step.
    pub fn conformance() -> Vec<VariantSet<KuhnOptions>> {
        let config = Config { playouts: 50, resamples: 3, ..Config::default() };
        vec![VariantSet::new("the game", vec![KuhnOptions::default()], config)]
    }

    pub fn goldens() -> Vec<Golden<KuhnOptions>> {
        vec![Golden::written(
            "showdown",
            KuhnOptions::default(),
            7,
            "a check, a bet and a call: the showdown shows both cards",
        )]
    }
}
