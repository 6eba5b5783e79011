//! Views and actions in words, English and German: the track drawn for the
//! terminal, the riders, the viewer's own hand and the score sheet.

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
use spieltisch_core::Lang;
use std::fmt::Write;

/// Spaces per row of the drawn track.
const ROW: u8 = 27;

/// The letter that marks a seat's rider on the track: A for seat 0, B for seat 1...
pub fn rider_letter(seat: usize) -> char {
    (b'A' + seat as u8) as char
}

pub(crate) fn ordinal(n: usize, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{n}."),
        Lang::En => {
            let suffix = match (n % 10, n % 100) {
                (1, r) if r != 11 => "st",
                (2, r) if r != 12 => "nd",
                (3, r) if r != 13 => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

/// A seat for people: counted from 1, with its rider's letter (`Seat 1 (A)`).
fn seat_name(seat: usize, lang: Lang) -> String {
    format!("{} {} ({})", lang.tr("Seat", "Spieler"), seat + 1, rider_letter(seat))
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
    let _ = writeln!(
        out,
        "6-Tage Rennen · {} {race_no}/{races} · {} ({} {})",
        lang.tr("race", "Rennen"),
        crate::options::track_name(track, lang),
        track.length(),
        lang.tr("spaces", "Felder"),
    );
    match (view.mover, view.draws_due) {
        (None, _) => {
            let _ = writeln!(out, "{}", lang.tr("The series is over.", "Die Serie ist beendet."));
        }
        (Some(m), Some(due)) => {
            let (high, low) = (due.high, due.low);
            let _ = writeln!(
                out,
                "{}: {} {high} {} 4–6, {low} {} 1–3",
                seat_called(m, names, lang),
                lang.tr("Fahrerwechsel (driver change), draws", "Fahrerwechsel, zieht"),
                lang.tr("from", "von"),
                lang.tr("from", "von"),
            );
        }
        (Some(m), None) => {
            let _ = writeln!(out, "{}: {}", seat_called(m, names, lang), lang.tr("to move", "ist am Zug"));
        }
    }
    if let Some(due) = &view.last_turns {
        let names: Vec<String> = due.iter().map(|&s| rider_letter(s).to_string()).collect();
        let _ = writeln!(
            out,
            "{}: {}",
            lang.tr("Last round, still to ride once more", "Letzte Runde, noch einmal dran"),
            if names.is_empty() { "-".into() } else { names.join(" ") }
        );
    }
    let order: Vec<String> = view.order.iter().map(|&s| rider_letter(s).to_string()).collect();
    let _ = writeln!(out, "{}: {}", lang.tr("Turn order", "Reihenfolge"), order.join(" "));
    out.push('\n');
    draw_track(&mut out, view, track, lang);
    out.push('\n');
    draw_riders(&mut out, view, track, names, lang);
    let _ = writeln!(
        out,
        "{}: 1–3: {}, 4–6: {}",
        lang.tr("Grey piles", "Graue Stapel"),
        view.piles.low,
        view.piles.high
    );
    if !view.score_sheet.is_empty() {
        out.push('\n');
        draw_score_sheet(&mut out, view, lang);
    }
    out
}

fn draw_track(out: &mut String, view: &View, track: &Track, lang: Lang) {
    let length = track.length();
    let _ = writeln!(
        out,
        "{}",
        lang.tr(
            ". space   | sprint line   F Fahrerwechsel (driver change)   S Sturz (fall)   letters: riders",
            ". Feld   | Sprintlinie   F Fahrerwechsel   S Sturz   Buchstaben: Fahrer",
        )
    );
    let at_start: Vec<char> = riders_where(view, |r| r.position == 0);
    let _ = writeln!(out, "{:>7}  {}", "Start", letters(&at_start));
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
    let _ = writeln!(out, "{:>7}  {}", lang.tr("Finish", "Ziel"), letters(&across));
    let sprints: Vec<String> = track
        .sprints()
        .iter()
        .zip(&view.sprint_crossed)
        .map(|(line, &crossed)| {
            let next = SPRINT_POINTS.get(crossed as usize).copied().unwrap_or(0);
            format!(
                "{} {line}: {crossed} {}, {} {next}",
                lang.tr("after", "nach"),
                lang.tr("across", "durch"),
                lang.tr("next gets", "nächster erhält"),
            )
        })
        .collect();
    if !sprints.is_empty() {
        let _ = writeln!(out, "{}: {}", lang.tr("Sprints", "Sprints"), sprints.join("; "));
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
    let _ = writeln!(
        out,
        "  {:<width$} {:>4} {:>6} {:>6} {:>7}  {}",
        lang.tr("rider", "Fahrer"),
        lang.tr("pos", "Pos"),
        lang.tr("to go", "Rest"),
        lang.tr("cards", "Karten"),
        lang.tr("points", "Punkte"),
        lang.tr("hand / status", "Hand / Stand"),
    );
    for (r, called) in view.riders.iter().zip(&called) {
        let marker = if view.mover == Some(r.seat) { '>' } else { ' ' };
        let mut status = Vec::new();
        if let Some(hand) = &r.hand {
            status.push(format!("{}: {}", lang.tr("hand", "Hand"), hand_text(hand)));
        }
        if r.finished {
            match view.finish_order.iter().position(|&s| s == r.seat) {
                Some(i) => {
                    status.push(format!("{} {}", ordinal(i + 1, lang), lang.tr("across the line", "im Ziel")))
                }
                None => status.push(lang.tr("across the line", "im Ziel").into()),
            }
        }
        if r.changed {
            status.push(lang.tr("grey cards (driver changed)", "graue Karten (Fahrerwechsel)").into());
        }
        if r.falls {
            status.push(lang.tr("fell: misses the next turn", "gestürzt: setzt einmal aus").into());
        }
        if r.cards == 0 && !r.finished {
            status.push(lang.tr("no cards: passes", "keine Karten: passt").into());
        }
        let line = format!(
            "{marker} {called:<width$} {:>4} {:>6} {:>6} {:>7}  {}",
            r.position,
            length.saturating_sub(r.position),
            r.cards,
            r.points.to_string(),
            status.join("; "),
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn draw_score_sheet(out: &mut String, view: &View, lang: Lang) {
    let _ =
        writeln!(out, "{}", lang.tr("Score sheet: points (laps down)", "Wertung: Punkte (Runden Rückstand)"));
    let mut header = format!("  {:<8}", "");
    for r in &view.riders {
        let _ = write!(header, " {:>12}", rider_letter(r.seat));
    }
    let _ = writeln!(out, "{}", header.trim_end());
    let cell = |p: Mixed, laps: u32| format!("{p} ({laps})");
    for (i, race) in view.score_sheet.iter().enumerate() {
        let mut line = format!("  {:<8}", format!("{} {}", lang.tr("race", "Rennen"), i + 1));
        for rider in &race.riders {
            let _ = write!(line, " {:>12}", cell(rider.points, u32::from(rider.laps_down)));
        }
        let _ = writeln!(out, "{line}");
    }
    let mut line = format!("  {:<8}", lang.tr("total", "gesamt"));
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
    let called = |seat: usize| names.get(seat).cloned().unwrap_or_else(|| seat_name(seat, lang));
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
            format!(
                "{who} {} {pile}",
                lang.tr("draws a grey card from the pile", "zieht eine graue Karte vom Stapel")
            )
        }
    }
}

fn describe_move(who: &str, value: u8, mv: &Move, length: u8, lang: Lang) -> String {
    let mut text = format!(
        "{who} {} {value}: {} → {}",
        lang.tr("plays", "spielt"),
        mv.from,
        mv.landing.min(u16::from(length))
    );
    if mv.bonus > 0 {
        let _ = write!(
            text,
            ", {} {}×{} = +{} → {}",
            lang.tr("slipstream", "Windschatten"),
            value,
            mv.drafted,
            mv.bonus,
            mv.to.min(u16::from(length))
        );
    }
    if mv.finishes {
        text.push_str(lang.tr(", across the line", ", im Ziel"));
    } else {
        match mv.space {
            Space::Plain => {}
            Space::Fahrerwechsel => {
                text.push_str(lang.tr(", Fahrerwechsel (driver change)", ", Fahrerwechsel"))
            }
            Space::Sturz => {
                text.push_str(lang.tr(", Sturz (fall): misses the next turn", ", Sturz: setzt einmal aus"))
            }
        }
    }
    text
}
