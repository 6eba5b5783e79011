//! Positions set up by hand: a [`Setup`] holds the public table, every hand
//! and the pile, and [`Ausreisser::from_setup`](FromSetup::from_setup)
//! checks them against each other.
//!
//! The checks refuse what the rules cannot work with: seats that do not
//! exist, hand and pile sizes the table does not show, more cards of a kind
//! than the deck holds, a rider to play without a speed card, a draw from an
//! empty pile, a Steigung window without a rider to ask. They do not ask
//! whether a deal reaches the position (tempo, chips and tops need not add
//! up), so that a test can set up any stage.

use crate::{
    card::{Card, Counts, KINDS, SPEEDS, full_deck, total},
    game::Ausreisser,
    options::Options,
    table::{HAND_SIZE, MAX_PLAYERS, Phase, Table},
};
use spieltisch_core::{FromSetup, Lang, PositionError, Seat};

/// A position of a series: the input of [`Ausreisser::from_setup`], the
/// output of [`Ausreisser::to_setup`].
///
/// ```
/// use spieltisch_ausreisser::{Ausreisser, Options};
/// use spieltisch_core::{FromSetup, Game};
///
/// let game = Ausreisser::new(&Options::default()).unwrap();
/// let mut setup = game.to_setup();
/// setup.table.players = 3;
/// let error = Ausreisser::from_setup(setup).unwrap_err().to_string();
/// assert_eq!(error, "impossible position: the table seats 3, the options 4 players");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub options: Options,
    /// Everything every viewer sees.
    pub table: Table,
    /// Each seat's hand, in seat order (one per player).
    pub hands: Vec<Counts>,
    /// The cards left in the pile.
    pub pile: Counts,
    /// In a Steigung window, the rider being asked now; `None` outside one.
    pub asked: Option<Seat>,
}

impl Ausreisser {
    /// The position as a [`Setup`]; [`Ausreisser::from_setup`] of it gives
    /// a state that plays on exactly as this one.
    pub fn to_setup(&self) -> Setup {
        Setup {
            options: self.options,
            table: self.table.clone(),
            hands: self.hands[..self.table.seats()].to_vec(),
            pile: self.pile,
            asked: self.asked(),
        }
    }
}

impl FromSetup for Ausreisser {
    type Setup = Setup;

    /// The state of a set-up position; see [`crate::setup`] for what is
    /// checked.
    ///
    /// # Errors
    /// [`PositionError::Options`] for options the rules refuse,
    /// [`PositionError::Invalid`] naming what cannot be.
    fn from_setup(setup: Setup) -> Result<Ausreisser, PositionError> {
        setup.check()?;
        Ok(setup.assemble())
    }
}

impl Setup {
    /// Refuses what cannot be (see [`crate::setup`]).
    pub(crate) fn check(&self) -> Result<(), PositionError> {
        let Setup { options, table, hands, pile, asked } = self;
        options.check_ranges()?;
        let invalid = |message: String| Err(PositionError::Invalid(message));
        let t = table;
        let n = usize::from(options.players);
        if t.players != options.players {
            return invalid(format!("the table seats {}, the options {} players", t.players, n));
        }
        if hands.len() != n {
            return invalid(format!("{n} players need {n} hands, not {}", hands.len()));
        }
        let over = t.phase == Phase::Over;
        if over != (t.stage >= options.stages) {
            return invalid(format!(
                "stage {} of {}: the series is over exactly when every stage is run",
                t.stage, options.stages
            ));
        }
        for (what, seat) in [("mover", t.mover), ("leader", t.leader)] {
            if usize::from(seat) >= n {
                return invalid(format!("the {what} is seat {seat}; the seats are 0 to {}", n - 1));
            }
        }
        if u32::from(t.contenders) >> n != 0 {
            return invalid("a seat that does not exist contends for the first lead".into());
        }

        // Every card lies in the pile, in a hand or on the table, and no kind
        // more often than the deck holds it.
        if total(pile) != u32::from(t.pile_len) {
            return invalid(format!(
                "the table shows {} cards in the pile, it holds {}",
                t.pile_len,
                total(pile)
            ));
        }
        let deck = full_deck(options.special);
        let mut out = t.discards;
        for (s, hand) in hands.iter().enumerate() {
            if total(hand) != u32::from(t.hand_len[s]) {
                return invalid(format!(
                    "the table shows {} cards in seat {s}'s hand, it holds {}",
                    t.hand_len[s],
                    total(hand)
                ));
            }
            // Every Gegenwind held goes down with the rider's next play: only
            // cards drawn since the last one can be Gegenwinds.
            let wind = hand[Card::WIND.index()];
            if wind > t.wind_room[s] {
                return invalid(format!(
                    "seat {s} holds {wind} Gegenwind but drew only {} cards since its last play",
                    t.wind_room[s]
                ));
            }
            for (k, count) in hand.iter().enumerate() {
                out[k] = out[k].saturating_add(*count);
            }
        }
        for k in 0..KINDS {
            let held = out[k].saturating_add(pile[k]);
            if held > deck[k] {
                return invalid(format!(
                    "the deck has {} of {}; the pile, hands and table hold {held}",
                    deck[k],
                    Card::from_index(k).name(Lang::En)
                ));
            }
        }

        let mover = usize::from(t.mover);
        let chance =
            matches!(t.phase, Phase::Choose { .. } | Phase::Deal { .. } | Phase::Draw | Phase::Refill);
        if chance && t.pile_len == 0 {
            return invalid("a card is to be drawn from an empty pile".into());
        }
        if (t.phase == Phase::Refill) != t.current.is_some() {
            return invalid("a play is being completed exactly while the mover refills the hand".into());
        }
        match t.phase {
            Phase::Choose { seat } if usize::from(seat) >= n || t.contenders & (1 << seat) == 0 => {
                return invalid(format!("seat {seat} draws for the first lead but does not contend for it"));
            }
            Phase::Deal { dealt } if dealt >= HAND_SIZE * t.players => {
                return invalid(format!("{dealt} cards dealt of {}", HAND_SIZE * t.players));
            }
            Phase::Play if !hands[mover][..SPEEDS].iter().any(|&c| c > 0) => {
                return invalid(format!("seat {mover} is to play but holds no speed card"));
            }
            _ => {}
        }
        match (t.phase, *asked) {
            (Phase::Window, Some(seat)) if !t.window_order().any(|s| usize::from(s) == seat) => {
                invalid(format!("seat {seat} is not asked in this Steigung window"))
            }
            (Phase::Window, None) => invalid("a Steigung window must name the rider asked".into()),
            (phase, Some(_)) if phase != Phase::Window => {
                invalid("a rider is asked only in a Steigung window".into())
            }
            _ => Ok(()),
        }
    }

    /// The state of a setup, checked or from a real state's view.
    pub(crate) fn assemble(self) -> Ausreisser {
        let Setup { options, table, hands, pile, asked } = self;
        let mut all_hands = [[0; KINDS]; MAX_PLAYERS];
        for (slot, hand) in all_hands.iter_mut().zip(hands) {
            *slot = hand;
        }
        Ausreisser { options, table, hands: all_hands, pile, asked: asked.map_or(0, |s| s as u8) }
    }
}
