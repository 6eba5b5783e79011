//! The command line's own words in both languages.

use crate::words::say;
use spieltisch_core::{Game, Lang, Outcome, Telling, Turn, Viewer, seen_notation, seen_plainly};
use std::io::{self, Write};

/// "seat 2" / "Spieler 2".
pub fn seat(lang: Lang, seat: usize) -> String {
    say(lang, "seat", &[("n", seat.into())])
}

/// How `viewer` sees `action`, about to be applied to `before`: the
/// notation with its description where the viewer sees the action plainly,
/// otherwise what it sees of it (e.g. "draw ?").
pub fn action_words<G: Telling>(before: &G, action: &G::Action, viewer: Viewer, lang: Lang) -> String {
    if !seen_plainly(before, action, viewer) {
        return seen_notation(before, action, viewer);
    }
    let notation = action.to_string();
    let described = before.describe_action(action, lang);
    if described == notation { notation } else { format!("{notation} — {described}") }
}

/// One line of `viewer`'s log for `action` (about to be applied to
/// `before`) by `actor`: `None` where the viewer sees nothing of it, and
/// without the actor's name where the viewer sees a seat's action only
/// redacted (a pass in a Steigung window is nobody's business).
pub fn log_line<G: Telling>(
    before: &G,
    action: &G::Action,
    viewer: Viewer,
    lang: Lang,
    actor: &str,
) -> Option<String> {
    let words = action_words(before, action, viewer, lang);
    if words.is_empty() {
        return None;
    }
    let redacted_seat_action =
        matches!(before.turn(), Turn::Seat(_)) && !seen_plainly(before, action, viewer);
    Some(if redacted_seat_action { words } else { format!("{actor}: {words}") })
}

/// Who acts in `before`: "seat 1" or "chance".
pub fn actor<G: Game>(before: &G, lang: Lang) -> String {
    match before.turn() {
        Turn::Seat(s) => seat(lang, s),
        _ => say(lang, "chance", &[]),
    }
}

/// The result table: each seat's score and rank, then the winners or a draw.
/// `names[seat]` names the seats.
pub fn write_result(out: &mut dyn Write, outcome: &Outcome, names: &[String], lang: Lang) -> io::Result<()> {
    writeln!(out, "{}", say(lang, "result", &[]))?;
    for (seat, name) in names.iter().enumerate() {
        let score = outcome.scores.get(seat).copied().unwrap_or_default().to_string();
        let rank = outcome.ranks.get(seat).copied().unwrap_or_default();
        let line = say(
            lang,
            "result-line",
            &[("name", name.into()), ("score", (&score).into()), ("rank", rank.into())],
        );
        writeln!(out, "  {line}")?;
    }
    if outcome.is_draw() {
        writeln!(out, "{}", say(lang, "draw", &[]))
    } else {
        let winners: Vec<&str> =
            outcome.winners().into_iter().filter_map(|s| names.get(s)).map(String::as_str).collect();
        writeln!(out, "{}", say(lang, "winners", &[("names", (&winners.join(", ")).into())]))
    }
}
