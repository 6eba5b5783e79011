//! The log people read: one entry per card played, with everything it
//! caused: the rider's move and slipstream, sprint and finishing points, a
//! fall, a driver change with its cards drawn folded in, and the race (or
//! series) it ended.

use crate::words::say_into;
use crate::{
    action::Action,
    cards::{ByPile, CardCount, Pile},
    describe::{hand_text, ordinal},
    game::{FINISH_POINTS, SPRINT_POINTS, Sechstage},
    points::Mixed,
    track::Space,
    view::RaceRow,
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Actor, Lang, Logged, Viewer, words::Arg};
use std::fmt::Write;

/// An entry's event; on the wire an object whose `kind` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The mover played a card of `value`.
    Play {
        value: u8,
        /// Where the rider stood.
        from: u8,
        /// Where the card's own move ended, before any slipstream (the
        /// track length if across the line).
        landing: u8,
        /// The slipstream bonus, if the card's move ended among riders.
        slipstream: Option<Slipstream>,
        /// Where the whole move ended (the track length if across the line).
        to: u8,
        /// The sprint lines the move crossed.
        sprints: Vec<Crossing>,
        /// The rider crossed the finish.
        finish: Option<Crossing>,
        /// The rider fell (Sturz): it misses its next turn.
        fell: bool,
        /// The rider changed drivers (Fahrerwechsel).
        change: Option<Change>,
        /// The race this play ended (with the draws folded in: the last one).
        race_over: Option<RaceOver>,
    },
}

/// A slipstream bonus: `riders` stood on the space the card's move ended
/// on, so the rider moved `bonus` (value × riders) more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Slipstream {
    pub riders: u8,
    pub bonus: u8,
}

/// A line crossed: the rider's place across it (from 1) and the points it
/// scored there (0 from the fifth on). `line` is the space a sprint line
/// follows, the track length for the finish.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Crossing {
    pub line: u8,
    pub place: u8,
    pub points: u8,
}

/// A driver change: the green cards the rider discarded, the grey cards it
/// drew from each pile, and their values: only for the rider's own seat
/// (`None` for every other viewer, who learns the counts only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Change {
    pub discarded: u8,
    pub drawn: ByPile,
    pub cards: Option<Vec<CardCount>>,
}

/// A race that ended: its number (from 0), whether it was the series' last,
/// and its line of the score sheet (as the view's `score_sheet` has it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RaceOver {
    pub race: usize,
    pub last: bool,
    pub result: RaceRow,
}

impl Sechstage {
    /// The race `after` finished that this state was still running.
    fn race_ended(&self, after: &Sechstage) -> Option<RaceOver> {
        let result = after.history.get(self.history.len())?;
        Some(RaceOver {
            race: self.history.len(),
            last: after.history.len() == self.options.races,
            result: RaceRow::of(result),
        })
    }

    pub(crate) fn event_of(
        &self,
        action: &Action,
        after: &Sechstage,
        viewer: Viewer,
        last: Option<&mut Event>,
    ) -> Logged<Event> {
        let Some(seat) = self.mover() else { return Logged::Unseen };
        match *action {
            Action::Play { value } => Logged::New(self.play_event(seat, value, after, viewer)),
            Action::Draw { value } => match last {
                Some(Event::Play { change: Some(change), race_over, .. }) => {
                    match Pile::of(value) {
                        Pile::Low => change.drawn.low += 1,
                        Pile::High => change.drawn.high += 1,
                    }
                    if let Some(cards) = &mut change.cards {
                        add_card(cards, value);
                    }
                    *race_over = self.race_ended(after);
                    Logged::Folded
                }
                // A draw always follows the play that landed on a
                // Fahrerwechsel, so every viewer's last entry is that play.
                _ => {
                    debug_assert!(false, "{action} outside a driver change");
                    Logged::Unseen
                }
            },
        }
    }

    fn play_event(&self, seat: usize, value: u8, after: &Sechstage, viewer: Viewer) -> Event {
        let mv = self.preview(seat, value);
        let length = self.track.length();
        let clamp = |space: u16| space.min(u16::from(length)) as u8;
        let to = clamp(mv.to);
        let sprints = self
            .track
            .sprints()
            .iter()
            .zip(&self.sprint_crossed)
            .filter(|&(&line, _)| mv.from <= line && to > line)
            .map(|(&line, &crossed)| Crossing {
                line,
                place: crossed + 1,
                points: SPRINT_POINTS.get(crossed as usize).map_or(0, |&p| p as u8),
            })
            .collect();
        let finish = mv.finishes.then(|| Crossing {
            line: length,
            place: self.finishers + 1,
            points: FINISH_POINTS.get(self.finishers as usize).map_or(0, |&p| p as u8),
        });
        let lands_on = |space| !mv.finishes && mv.space == space;
        let rider = &self.riders[seat];
        let change = lands_on(Space::Fahrerwechsel).then(|| Change {
            // The card just played has left the hand; a rider who changed
            // before holds only grey cards, and keeps them.
            discarded: if rider.changed { 0 } else { rider.cards - 1 },
            drawn: ByPile::default(),
            cards: (viewer == Viewer::Seat(seat)).then(Vec::new),
        });
        Event::Play {
            value,
            from: mv.from,
            landing: clamp(mv.landing),
            slipstream: (mv.bonus > 0)
                .then(|| Slipstream { riders: mv.drafted, bonus: mv.bonus.min(u16::from(u8::MAX)) as u8 }),
            to,
            sprints,
            finish,
            fell: lands_on(Space::Sturz),
            change,
            race_over: self.race_ended(after),
        }
    }
}

/// Adds a card of `value` to a list by value, keeping it sorted.
fn add_card(cards: &mut Vec<CardCount>, value: u8) {
    match cards.iter_mut().find(|c| c.value == value) {
        Some(c) => c.count += 1,
        None => {
            let at = cards.iter().position(|c| c.value > value).unwrap_or(cards.len());
            cards.insert(at, CardCount { value, count: 1 });
        }
    }
}

/// "5 points", "1 point", "2 1/2 points".
fn points_into(out: &mut String, points: Mixed, lang: Lang) {
    let text;
    let points = if points.num == 0 && points.den == 1 {
        Arg::from(points.whole)
    } else {
        text = points.to_string();
        Arg::from(&text)
    };
    say_into(out, lang, "points", &[("points", points)]);
}

fn crossing_into(out: &mut String, crossing: &Crossing, sprint: bool, lang: Lang) {
    let place = ordinal(crossing.place.into(), lang);
    let args = [("place", (&place).into()), ("line", crossing.line.into())];
    say_into(out, lang, if sprint { "crossing-sprint" } else { "crossing-finish" }, &args);
    if crossing.points > 0 {
        out.push_str(", +");
        points_into(out, Mixed { whole: crossing.points.into(), num: 0, den: 1 }, lang);
    }
}

fn change_into(out: &mut String, change: &Change, lang: Lang) {
    let ByPile { low, high } = change.drawn;
    let args = [("discarded", change.discarded.into()), ("high", high.into()), ("low", low.into())];
    say_into(out, lang, "change", &args);
    if let Some(cards) = &change.cards {
        let _ = write!(out, ": {}", hand_text(cards));
    }
}

fn race_over_into(out: &mut String, race_over: &RaceOver, names: &[String], lang: Lang) {
    let mut lines: Vec<_> = race_over.result.riders.iter().collect();
    lines.sort_by_key(|line| line.place);
    let mut placings = String::new();
    for line in lines {
        if !placings.is_empty() {
            placings.push_str("; ");
        }
        let name = names.get(line.seat).map_or("?", String::as_str);
        let _ = write!(placings, "{} {name}, ", ordinal(line.place, lang));
        points_into(&mut placings, line.points, lang);
        if line.laps_down > 0 {
            placings.push_str(", ");
            say_into(&mut placings, lang, "laps-down", &[("laps", line.laps_down.into())]);
        }
    }
    let key = if race_over.last { "race-over-last" } else { "race-over" };
    say_into(out, lang, key, &[("race", (race_over.race + 1).into()), ("placings", (&placings).into())]);
}

/// An event in words: "Seat 2 plays 4: 12 → 16, slipstream behind 3
/// riders +12 → 28, 1st across the sprint line after 27, +5 points".
pub fn describe(event: &Event, actor: Actor, names: &[String], lang: Lang) -> String {
    let who = actor.seat().and_then(|seat| names.get(seat)).map_or("?", String::as_str);
    let Event::Play { value, from, landing, slipstream, to, sprints, finish, fell, change, race_over } =
        event;
    let mut text = String::new();
    let plays = [
        ("name", who.into()),
        ("value", (*value).into()),
        ("from", (*from).into()),
        ("landing", (*landing).into()),
    ];
    say_into(&mut text, lang, "plays", &plays);
    if let Some(Slipstream { riders, bonus }) = slipstream {
        text.push_str(", ");
        let args = [("riders", (*riders).into()), ("bonus", (*bonus).into()), ("to", (*to).into())];
        say_into(&mut text, lang, "log-slipstream", &args);
    }
    for sprint in sprints {
        text.push_str(", ");
        crossing_into(&mut text, sprint, true, lang);
    }
    if let Some(finish) = finish {
        text.push_str(", ");
        crossing_into(&mut text, finish, false, lang);
    }
    if *fell {
        text.push_str(", ");
        say_into(&mut text, lang, "sturz", &[]);
    }
    if let Some(change) = change {
        text.push_str(", ");
        change_into(&mut text, change, lang);
    }
    if let Some(race_over) = race_over {
        text.push_str(". ");
        race_over_into(&mut text, race_over, names, lang);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, cards};
    use spieltisch_core::Telling;
    use spieltisch_core::{FromSetup, Game};

    fn listed(values: &[u8]) -> Vec<CardCount> {
        let mut hand = [0; 8];
        for &v in values {
            hand[v as usize] += 1;
        }
        cards::listed(&hand)
    }

    fn names(lang: Lang) -> Vec<String> {
        (0..4).map(|s| Sechstage::seat_name(s, lang)).collect()
    }

    /// Seat 1 on 12, three riders on 16: the rulebook's example of a 4
    /// played onto three riders.
    fn rulebook_example() -> Sechstage {
        rulebook_example_from(12)
    }

    /// Seat 1 to move from `from`, three riders on 16.
    fn rulebook_example_from(from: u8) -> Sechstage {
        let mut setup = Sechstage::new(&Options::default()).unwrap().to_setup();
        for (seat, position) in [16, from, 16, 16].into_iter().enumerate() {
            setup.riders[seat].position = position;
        }
        setup.mover = Some(1);
        Sechstage::from_setup(setup).unwrap()
    }

    #[test]
    fn a_slipstream_over_a_sprint_line_in_both_languages() {
        let mut g = rulebook_example();
        let before = g.clone();
        g.apply(&Action::Play { value: 4 }).unwrap();
        let Logged::New(event) = before.log_event(&Action::Play { value: 4 }, &g, Viewer::Spectator, None)
        else {
            panic!("a play is a new entry")
        };
        assert_eq!(
            describe(&event, Actor::Seat(1), &names(Lang::En), Lang::En),
            "Seat 2 plays 4: 12 → 16, slipstream behind 3 riders +12 → 28, \
             1st across the sprint line after 27, +5 points"
        );
        assert_eq!(
            describe(&event, Actor::Seat(1), &names(Lang::De), Lang::De),
            "Spieler 2 spielt 4: 12 → 16, Windschatten hinter 3 Fahrern +12 → 28, \
             als 1. über die Sprintlinie nach 27, +5 Punkte"
        );
    }

    #[test]
    fn a_driver_change_is_told_with_its_cards_to_its_rider_only() {
        let mut g = rulebook_example_from(25);
        let before = g.clone();
        g.apply(&Action::Play { value: 5 }).unwrap();
        let viewers = [Viewer::Seat(1), Viewer::Seat(0), Viewer::Spectator];
        let mut events: Vec<Event> = viewers
            .iter()
            .map(|&v| match before.log_event(&Action::Play { value: 5 }, &g, v, None) {
                Logged::New(event) => event,
                other => panic!("{other:?}"),
            })
            .collect();
        for value in [4, 6, 4, 5, 1, 1, 2, 3, 3, 2, 1] {
            let drawing = g.clone();
            g.apply(&Action::Draw { value }).unwrap();
            for (event, &v) in events.iter_mut().zip(&viewers) {
                assert_eq!(drawing.log_event(&Action::Draw { value }, &g, v, Some(event)), Logged::Folded);
            }
        }
        let Event::Play { change: Some(change), .. } = &events[0] else { panic!("{:?}", events[0]) };
        assert_eq!(change.cards.as_deref(), Some(&listed(&[1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6])[..]));
        assert_eq!((change.discarded, change.drawn), (16, ByPile { low: 7, high: 4 }));
        assert_eq!(
            describe(&events[0], Actor::Seat(1), &names(Lang::En), Lang::En),
            "Seat 2 plays 5: 25 → 30, 1st across the sprint line after 27, +5 points, \
             Fahrerwechsel (driver change): discards 16 green cards, \
             draws 4 from 4–6 and 7 from 1–3: 1 1 1 2 2 3 3 4 4 5 6"
        );
        assert_eq!(
            describe(&events[1], Actor::Seat(1), &names(Lang::De), Lang::De),
            "Spieler 2 spielt 5: 25 → 30, als 1. über die Sprintlinie nach 27, +5 Punkte, \
             Fahrerwechsel: wirft 16 grüne Karten ab, zieht 4 von 4–6 und 7 von 1–3"
        );
        // Another seat and the spectator learn the same: counts, no values.
        assert_eq!(events[1], events[2]);
        let Event::Play { change: Some(seen), .. } = &events[1] else { panic!("{:?}", events[1]) };
        assert_eq!((seen.cards.as_ref(), seen.drawn), (None, change.drawn));
    }
}
