//! The log people read: the roll-off, each rider placed, and each rider's
//! turn as one entry, with the cards, dice, chance cards and answers that
//! belong to it and every rider it moved (drafting riders included).

use crate::words::{say, say_into};
use crate::{
    action::{Action, rider_number},
    cards::{ChanceCard, Energy},
    describe::{position, position_into},
    fixed::Fixed,
    game::{Phase, Reifenbreite, Status},
    layout::Layout,
    track::Track,
    view::RiderStatus,
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Actor, Lang, Logged};

/// An entry's event; on the wire an object whose `kind` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Chance: the roll-off; `team` (0-based) places first.
    First { team: u8 },
    /// A rider (by printed number) put on a start space; `stage` (from 0,
    /// left out for the first) is the stage whose course it is on.
    Place {
        rider: u8,
        space: u16,
        #[serde(default, skip_serializing_if = "is_first")]
        stage: u8,
    },
    /// A rider's turn (`rider` by printed number; `null` for a race
    /// director's draw outside any turn), step by step, and where every
    /// rider it moved went; `stage` as for `place`.
    Turn {
        rider: Option<u8>,
        round: u16,
        steps: Vec<Step>,
        moved: Vec<Moved>,
        #[serde(default, skip_serializing_if = "is_first")]
        stage: u8,
    },
}

/// Whether `stage` is the first, which an event leaves unsaid: a race of
/// one stage writes its events as before stages were named in them.
fn is_first(stage: &u8) -> bool {
    *stage == 0
}

/// One step of a turn: a decision or a chance outcome, on the wire a word
/// (`"ride"`) or a one-key object (`{"roll": 8}`). The rider it concerns
/// says whose decision it was (the mover's, or the rider's behind for an
/// answer or a draft).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// An energy card played, in notation: `6M`, `5`, `J6M`, `J5`.
    Card(String),
    Ride,
    Break,
    Tow,
    Tow12,
    /// The lead offered to the rider behind.
    Ask,
    /// The asked rider (its printed number) takes the lead, or not.
    Accept(u8),
    Refuse(u8),
    /// The dice total.
    Roll(u8),
    /// A chance card drawn for a 7 (its name, as in the notation).
    Chance(String),
    /// A photo card drawn: its number stays secret until the race is over.
    Photo,
    /// The race director's photo card.
    Director(u8),
    /// The space chosen.
    To(u16),
    /// The rider behind (its printed number) drafts, or not.
    Draft(u8),
    Skip(u8),
}

/// Where a rider went during a turn: `from` and `to` are track spaces
/// (`null` off the road), `status` where it is now (left out on the road).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Moved {
    pub rider: u8,
    pub from: Option<u16>,
    pub to: Option<u16>,
    #[serde(default = "on_the_road", skip_serializing_if = "is_on_the_road")]
    pub status: RiderStatus,
}

fn on_the_road() -> RiderStatus {
    RiderStatus::Road
}

fn is_on_the_road(status: &RiderStatus) -> bool {
    *status == RiderStatus::Road
}

/// The rider whose turn `phase` is, by index.
fn turn_rider(phase: Phase) -> Option<u8> {
    match phase {
        Phase::Choose { rider, .. }
        | Phase::Dice { rider, .. }
        | Phase::ChanceDraw { rider, .. }
        | Phase::Move { rider, .. }
        | Phase::TowPhoto { rider, .. } => Some(rider),
        Phase::Proposal { leader, .. } => Some(leader),
        _ => None,
    }
}

impl Reifenbreite {
    /// The step `action` is, played now.
    fn step_of(&self, action: &Action) -> Option<Step> {
        let behind = match self.phase() {
            Phase::Draft { rider, .. } => rider_number(rider),
            Phase::Proposal { asked, .. } => rider_number(asked),
            _ => 0,
        };
        Some(match *action {
            Action::First { .. } | Action::Place { .. } => return None,
            Action::Card(energy) => Step::Card(energy.notation().to_string()),
            Action::Ride {} => Step::Ride,
            Action::Break {} => Step::Break,
            Action::Tow {} => Step::Tow,
            Action::Tow12 {} => Step::Tow12,
            Action::Ask {} => Step::Ask,
            Action::Accept {} => Step::Accept(behind),
            Action::Refuse {} => Step::Refuse(behind),
            Action::Roll { total } => Step::Roll(total),
            Action::Chance { card } => Step::Chance(card.slug().to_string()),
            Action::Photo { .. } => Step::Photo,
            Action::Director { value } => Step::Director(value),
            Action::To { space } => Step::To(space),
            Action::Draft {} => Step::Draft(behind),
            Action::Skip {} => Step::Skip(behind),
        })
    }

    pub(crate) fn event_of(
        &self,
        action: &Action,
        after: &Reifenbreite,
        last: Option<&mut Event>,
    ) -> Logged<Event> {
        let step = match *action {
            Action::First { team } => return Logged::New(Event::First { team }),
            Action::Place { rider, space } => {
                return Logged::New(Event::Place { rider: rider_number(rider), space, stage: self.stage });
            }
            _ => self.step_of(action).expect("every other action is a step of a turn"),
        };
        let rider = turn_rider(self.phase()).map(rider_number);
        let starts = matches!(self.phase(), Phase::Choose { .. } | Phase::Dice { .. });
        let event = match last {
            Some(Event::Turn { rider: r, round, steps, moved, .. })
                if !(starts && (*r != rider || *round != self.round())) || rider.is_none() =>
            {
                steps.push(step);
                note_moves(self, after, moved);
                return Logged::Folded;
            }
            _ => {
                let mut moved = Vec::new();
                note_moves(self, after, &mut moved);
                Event::Turn { rider, round: self.round(), steps: vec![step], moved, stage: self.stage }
            }
        };
        Logged::New(event)
    }
}

/// Adds to `moved` each rider whose space or state `after` changed.
fn note_moves(before: &Reifenbreite, after: &Reifenbreite, moved: &mut Vec<Moved>) {
    let on_road = |status: Status| matches!(status, Status::Road | Status::Finished);
    for (index, (was, now)) in before.riders().iter().zip(after.riders()).enumerate() {
        if was == now {
            continue;
        }
        let rider = rider_number(index as u8);
        let to = on_road(now.status).then_some(now.space);
        match moved.iter_mut().find(|m| m.rider == rider) {
            Some(m) => {
                m.to = to;
                m.status = RiderStatus::of(now.status);
            }
            None => moved.push(Moved {
                rider,
                from: on_road(was.status).then_some(was.space),
                to,
                status: RiderStatus::of(now.status),
            }),
        }
    }
}

/// A step in words appended to `out`; nothing for the space chosen, which
/// the moves say.
fn step_words(out: &mut String, step: &Step, lang: Lang) {
    match step {
        Step::Card(card) => {
            let known = Energy::ALL.into_iter().find(|e| e.notation() == card);
            let kind = known.map_or("other", crate::describe::energy_key);
            say_into(out, lang, "log-card", &[("card", kind.into()), ("notation", card.into())]);
        }
        Step::Ride => say_into(out, lang, "log-ride", &[]),
        Step::Break => say_into(out, lang, "log-break", &[]),
        Step::Tow => say_into(out, lang, "log-tow", &[]),
        Step::Tow12 => say_into(out, lang, "log-tow12", &[]),
        Step::Ask => say_into(out, lang, "log-ask", &[]),
        Step::Accept(rider) => say_into(out, lang, "log-accept", &[("rider", (*rider).into())]),
        Step::Refuse(rider) => say_into(out, lang, "log-refuse", &[("rider", (*rider).into())]),
        Step::Roll(total) => say_into(out, lang, "log-roll", &[("total", (*total).into())]),
        Step::Chance(card) => {
            let text = ChanceCard::from_slug(card).map_or_else(|| card.clone(), |c| c.text(lang));
            // The card's sentence ends inside the entry, which goes on.
            say_into(out, lang, "log-chance", &[("text", text.trim_end_matches('.').into())]);
        }
        Step::Photo => say_into(out, lang, "log-photo", &[]),
        Step::Director(value) => say_into(out, lang, "log-director", &[("card", (*value).into())]),
        Step::To(_) => {}
        Step::Draft(rider) => say_into(out, lang, "log-draft", &[("rider", (*rider).into())]),
        Step::Skip(rider) => say_into(out, lang, "log-skip", &[("rider", (*rider).into())]),
    }
}

/// Where a rider stands, appended to `out`: a space as the board shows it,
/// or, off the road, why (a rider who left the road over the finish is not
/// beside it).
fn space_words(out: &mut String, track: &Track, space: Option<u16>, status: RiderStatus, lang: Lang) {
    match (space, status) {
        (Some(space), _) => position_into(out, track, space, lang),
        (None, RiderStatus::Out | RiderStatus::Finished) => say_into(out, lang, "place-finish", &[]),
        (None, RiderStatus::Dismounted) => say_into(out, lang, "place-beside-road", &[]),
        (None, _) => say_into(out, lang, "place-off-road", &[]),
    }
}

/// An event in words: "Seat 1: 23 plays his own 5, rides, rolls 8;
/// 23: lane 1, 2 rows past A → lane 2, 6 rows past A; 24: …", the places as
/// the board of the event's stage (in `fixed`) shows them.
pub fn describe(event: &Event, actor: Actor, names: &[String], fixed: &Fixed, lang: Lang) -> String {
    let who = actor.seat().and_then(|seat| names.get(seat)).map(String::as_str);
    let stage = match event {
        Event::First { team } => return say(lang, "log-first", &[("team", (u16::from(*team) + 2).into())]),
        Event::Place { stage, .. } | Event::Turn { stage, .. } => usize::from(*stage),
    };
    // Every table has a course per stage; an event of another is read on the first.
    let Some(Layout(track)) = fixed.stages.get(stage).or(fixed.stages.first()) else {
        return String::new();
    };
    match event {
        Event::First { .. } => String::new(),
        Event::Place { rider, space, .. } => {
            let place = position(track, *space, lang);
            say(
                lang,
                "log-place",
                &[
                    ("name", who.unwrap_or("?").into()),
                    ("rider", (*rider).into()),
                    ("place", (&place).into()),
                ],
            )
        }
        Event::Turn { rider, steps, moved, .. } => {
            let mut text = match (who, rider) {
                (Some(who), Some(rider)) => format!("{who}: {rider} "),
                (None, Some(rider)) => format!("{rider} "),
                (_, None) => String::new(),
            };
            let mut first = true;
            for step in steps.iter().filter(|s| !matches!(s, Step::To(_))) {
                if !first {
                    text.push_str(", ");
                }
                first = false;
                step_words(&mut text, step, lang);
            }
            // A place has a comma of its own: riders are parted by semicolons.
            let (mut from, mut to) = (String::new(), String::new());
            for m in moved {
                from.clear();
                to.clear();
                space_words(&mut from, track, m.from, RiderStatus::Road, lang);
                space_words(&mut to, track, m.to, m.status, lang);
                text.push_str("; ");
                say_into(
                    &mut text,
                    lang,
                    "log-moved",
                    &[("rider", m.rider.into()), ("from", (&from).into()), ("to", (&to).into())],
                );
            }
            text
        }
    }
}
