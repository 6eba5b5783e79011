//! Views and actions in words, English and German: the track drawn for the
//! terminal, the riders, the viewer's own hand and the score sheet.

use crate::words::{say, say_into};
use crate::{
    action::Action,
    cards::{CardCount, Pile},
    game::{SPRINT_POINTS, Sechstage},
    movement::Move,
    options::Options,
    points::Mixed,
    track::{Space, Track},
    view::{RiderView, View},
};
use spieltisch_core::{Lang, words::Arg};
use std::{borrow::Cow, fmt::Write};

/// Spaces per row of the drawn track.
const ROW: u8 = 27;

/// The letter that marks a seat's rider on the track: A for seat 0, B for seat 1...
pub fn rider_letter(seat: usize) -> char {
    (b'A' + seat as u8) as char
}

/// A place across a line: "1st", "1." (places run from 1 to 8).
pub(crate) fn ordinal(n: usize, lang: Lang) -> String {
    say(lang, "ordinal", &[("n", n.into())])
}

/// A seat for people: counted from 1, with its rider's letter (`Seat 1 (A)`).
fn seat_name(seat: usize, lang: Lang) -> String {
    let letter = rider_letter(seat).to_string();
    say(lang, "seat", &[("n", (seat + 1).into()), ("letter", (&letter).into())])
}

/// The message `key` as a line of `out`.
fn say_line(out: &mut String, lang: Lang, key: &str, args: &[(&str, Arg)]) {
    say_into(out, lang, key, args);
    out.push('\n');
}

/// Riders by their letters, or "-" for none.
fn riders_text(seats: &[usize]) -> String {
    let letters: Vec<String> = seats.iter().map(|&s| rider_letter(s).to_string()).collect();
    if letters.is_empty() { "-".into() } else { letters.join(" ") }
}

/// A seat in a drawing: `names[seat]` with its rider's letter
/// (`Hanna (A)`), or [`seat_name`] where `names` has no name for it.
fn seat_called(seat: usize, names: &[String], lang: Lang) -> String {
    names.get(seat).map_or_else(|| seat_name(seat, lang), |name| format!("{name} ({})", rider_letter(seat)))
}

/// A hand as a view lists it, by its card values, lowest first: `1 1 2 3 4 4 5 7`.
pub fn hand_text(list: &[CardCount]) -> String {
    let values: Vec<String> =
        list.iter().flat_map(|c| std::iter::repeat_n(c.value.to_string(), c.count.into())).collect();
    if values.is_empty() { "-".into() } else { values.join(" ") }
}

/// Draws a view: header, the track with every rider, the riders' table (with
/// the viewer's own hand), the piles and the score sheet. Each seat is
/// called `names[seat]`, or by its number where `names` has no name for it.
pub fn describe_view(view: &View, options: &Options, names: &[String], lang: Lang) -> String {
    let mut out = String::new();
    let track = &options.track;
    let races = options.races;
    let race_no = (view.race + 1).min(races);
    let title = [
        ("race", race_no.into()),
        ("races", races.into()),
        ("track", crate::options::track_name(track, lang).into()),
        ("length", track.length().into()),
    ];
    say_line(&mut out, lang, "view-title", &title);
    match (view.mover, view.draws_due) {
        (None, _) => say_line(&mut out, lang, "view-over", &[]),
        (Some(m), Some(due)) => {
            let name = seat_called(m, names, lang);
            let args = [("name", (&name).into()), ("high", due.high.into()), ("low", due.low.into())];
            say_line(&mut out, lang, "view-change", &args);
        }
        (Some(m), None) => {
            say_line(&mut out, lang, "view-to-move", &[("name", (&seat_called(m, names, lang)).into())]);
        }
    }
    if let Some(due) = &view.last_turns {
        say_line(&mut out, lang, "view-last-round", &[("riders", (&riders_text(due)).into())]);
    }
    let order: Vec<String> = view.order.iter().map(|&s| rider_letter(s).to_string()).collect();
    say_line(&mut out, lang, "view-order", &[("riders", (&order.join(" ")).into())]);
    out.push('\n');
    draw_track(&mut out, view, track, lang);
    out.push('\n');
    draw_riders(&mut out, view, track, names, lang);
    say_line(
        &mut out,
        lang,
        "view-piles",
        &[("low", view.piles.low.into()), ("high", view.piles.high.into())],
    );
    if !view.score_sheet.is_empty() {
        out.push('\n');
        draw_score_sheet(&mut out, view, lang);
    }
    out
}

fn draw_track(out: &mut String, view: &View, track: &Track, lang: Lang) {
    let length = track.length();
    say_line(out, lang, "track-legend", &[]);
    let at_start: Vec<char> = riders_where(view, |r| r.position == 0);
    let _ = writeln!(out, "{:>7}  {}", say(lang, "track-start", &[]), letters(&at_start));
    let mut first = 1u8;
    while first < length {
        let last = (first + ROW - 1).min(length - 1);
        let width = 2 * (last - first + 1) as usize;
        let mut numbers = vec![' '; width + 3];
        for p in first..=last {
            if p == first || p % 5 == 0 {
                let col = 2 * (p - first) as usize;
                for (i, c) in p.to_string().chars().enumerate() {
                    if col + i < numbers.len() {
                        numbers[col + i] = c;
                    }
                }
            }
        }
        let _ = writeln!(out, "{:>7}  {}", "", numbers.iter().collect::<String>().trim_end());
        let stacks: Vec<Vec<char>> =
            (first..=last).map(|p| riders_where(view, |r| r.position == p && !r.finished)).collect();
        let height = stacks.iter().map(Vec::len).max().unwrap_or(0);
        for level in (0..height).rev() {
            let line: String =
                stacks.iter().map(|s| format!("{} ", s.get(level).copied().unwrap_or(' '))).collect();
            let _ = writeln!(out, "{:>7}  {}", "", line.trim_end());
        }
        let mut line = String::new();
        for p in first..=last {
            line.push(match track.space(u16::from(p)) {
                Space::Plain => '.',
                Space::Fahrerwechsel => 'F',
                Space::Sturz => 'S',
            });
            line.push(if track.sprints().contains(&p) { '|' } else { ' ' });
        }
        let _ = writeln!(out, "{:>7}  {}", format!("{first}-{last}"), line.trim_end());
        first = last + 1;
    }
    let mut across: Vec<char> = view.finish_order.iter().map(|&s| rider_letter(s)).collect();
    across.extend(riders_where(view, |r| r.finished && !view.finish_order.contains(&r.seat)));
    let _ = writeln!(out, "{:>7}  {}", say(lang, "track-finish", &[]), letters(&across));
    let mut sprints = String::new();
    for (line, &crossed) in track.sprints().iter().zip(&view.sprint_crossed) {
        if !sprints.is_empty() {
            sprints.push_str("; ");
        }
        let next = SPRINT_POINTS.get(crossed as usize).copied().unwrap_or(0);
        let args = [("line", (*line).into()), ("crossed", crossed.into()), ("next", next.into())];
        say_into(&mut sprints, lang, "track-sprint", &args);
    }
    if !sprints.is_empty() {
        say_line(out, lang, "track-sprints", &[("sprints", (&sprints).into())]);
    }
}

fn riders_where(view: &View, pred: impl Fn(&RiderView) -> bool) -> Vec<char> {
    view.riders.iter().filter(|r| pred(r)).map(|r| rider_letter(r.seat)).collect()
}

fn letters(riders: &[char]) -> String {
    if riders.is_empty() {
        "-".into()
    } else {
        riders.iter().map(char::to_string).collect::<Vec<_>>().join(" ")
    }
}

fn draw_riders(out: &mut String, view: &View, track: &Track, names: &[String], lang: Lang) {
    let length = track.length();
    let called: Vec<String> = view.riders.iter().map(|r| seat_called(r.seat, names, lang)).collect();
    // A long name widens the column rather than shifting the columns after it.
    let width = called.iter().map(|c| c.chars().count()).max().unwrap_or(0).max(13);
    let column = |key: &str| say(lang, key, &[]);
    let _ = writeln!(
        out,
        "  {:<width$} {:>4} {:>6} {:>6} {:>7}  {}",
        column("column-rider"),
        column("column-position"),
        column("column-to-go"),
        column("column-cards"),
        column("column-points"),
        column("column-status"),
    );
    for (r, called) in view.riders.iter().zip(&called) {
        let marker = if view.mover == Some(r.seat) { '>' } else { ' ' };
        let line = out.len();
        let _ = write!(
            out,
            "{marker} {called:<width$} {:>4} {:>6} {:>6} {:>7}  ",
            r.position,
            length.saturating_sub(r.position),
            r.cards,
            r.points.to_string(),
        );
        let status = out.len();
        let mut state = |key: &str, args: &[(&str, Arg)]| {
            if out.len() > status {
                out.push_str("; ");
            }
            say_into(out, lang, key, args);
        };
        if let Some(hand) = &r.hand {
            state("status-hand", &[("cards", (&hand_text(hand)).into())]);
        }
        if r.finished {
            match view.finish_order.iter().position(|&s| s == r.seat) {
                Some(i) => state("status-placed", &[("place", (&ordinal(i + 1, lang)).into())]),
                None => state("across-the-line", &[]),
            }
        }
        if r.changed {
            state("status-changed", &[]);
        }
        if r.falls {
            state("status-fell", &[]);
        }
        if r.cards == 0 && !r.finished {
            state("status-no-cards", &[]);
        }
        // No spaces at the end of a line without a status.
        out.truncate(line + out[line..].trim_end().len());
        out.push('\n');
    }
}

fn draw_score_sheet(out: &mut String, view: &View, lang: Lang) {
    say_line(out, lang, "score-sheet", &[]);
    let mut header = format!("  {:<8}", "");
    for r in &view.riders {
        let _ = write!(header, " {:>12}", rider_letter(r.seat));
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let cell = |p: Mixed, laps: u32| format!("{p} ({laps})");
    for (i, race) in view.score_sheet.iter().enumerate() {
        let mut line = format!("  {:<8}", say(lang, "score-race", &[("race", (i + 1).into())]));
        for rider in &race.riders {
            let _ = write!(line, " {:>12}", cell(rider.points, u32::from(rider.laps_down)));
        }
        let _ = writeln!(out, "{line}");
    }
    let mut line = format!("  {:<8}", say(lang, "score-total", &[]));
    for standing in &view.standings {
        let _ = write!(line, " {:>12}", cell(standing.points, standing.laps_down));
    }
    let _ = writeln!(out, "{line}");
}

/// An action in words; for a play, what the card does (from the state before it).
/// A draw names the pile, never the card, so it can be shown to anyone.
/// The seat is called `names[seat]` (as the log calls it), or as
/// `seat_name` calls it where `names` has no name for it.
pub fn describe_action(state: &Sechstage, action: &Action, names: &[String], lang: Lang) -> String {
    let called = |seat: usize| names.get(seat).map_or_else(|| Cow::Owned(seat_name(seat, lang)), Cow::from);
    match *action {
        Action::Play { value } => {
            let Some(seat) = state.mover() else { return action.to_string() };
            let mv = state.preview(seat, value);
            describe_move(&called(seat), value, &mv, state.track().length(), lang)
        }
        Action::Draw { .. } => {
            let pile = match state.drawing_pile() {
                Some(Pile::High) => "4–6",
                _ => "1–3",
            };
            let who = state.mover().map(called).unwrap_or_default();
            say(lang, "action-draw", &[("name", (&*who).into()), ("pile", pile.into())])
        }
    }
}

fn describe_move(who: &str, value: u8, mv: &Move, length: u8, lang: Lang) -> String {
    let mut text = String::new();
    let length = u16::from(length);
    let plays = [
        ("name", who.into()),
        ("value", value.into()),
        ("from", mv.from.into()),
        ("landing", mv.landing.min(length).into()),
    ];
    say_into(&mut text, lang, "plays", &plays);
    if mv.bonus > 0 {
        text.push_str(", ");
        let args = [
            ("value", value.into()),
            ("riders", mv.drafted.into()),
            ("bonus", mv.bonus.into()),
            ("to", mv.to.min(length).into()),
        ];
        say_into(&mut text, lang, "move-slipstream", &args);
    }
    let clause = if mv.finishes {
        Some("across-the-line")
    } else {
        match mv.space {
            Space::Plain => None,
            Space::Fahrerwechsel => Some("fahrerwechsel"),
            Space::Sturz => Some("sturz"),
        }
    };
    if let Some(key) = clause {
        text.push_str(", ");
        say_into(&mut text, lang, key, &[]);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::ordinal;
    use spieltisch_core::Lang;

    #[test]
    fn places_are_ordinals_in_both_languages() {
        let places: Vec<String> = (1..=8).map(|n| ordinal(n, Lang::En)).collect();
        assert_eq!(places, ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"]);
        assert_eq!(ordinal(3, Lang::De), "3.");
    }
}
