//! Words and drawings for people: the board in ASCII, actions in English and German.
//!
//! The drawing shows the field on a hex grid. Each row is labelled with its
//! `r` on the left; the `q` labels above and below the field head the
//! columns, which run diagonally down to the right (every row sits half a
//! cell further right than the row above). A stone is written `q,r`:
//!
//! ```text
//!   q   -1   0   1   2   3
//!  -1     .   .   .   .
//!   0       .   R   B   .
//!   1         .   .   .
//!   q          -1   0   1   2   3
//! ```

use crate::{
    action::Action,
    board::{Colour, Formation},
    cell::Cell,
    game::{GameResult, Phase, Six},
    view::{PhaseView, View},
    words::{say, say_into},
};
use spieltisch_core::{Game, Lang, Telling};
use std::fmt::{self, Write as _};

/// A cell as text ("q,r") without a string of its own: the words of every
/// legal action name one.
pub(crate) struct CellText {
    bytes: [u8; 24],
    len: usize,
}

impl CellText {
    pub(crate) fn of(cell: Cell) -> CellText {
        let mut text = CellText { bytes: [0; 24], len: 0 };
        let _ = write!(text, "{cell}");
        text
    }

    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for CellText {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// The colour's name.
pub fn colour_name(colour: Colour, lang: Lang) -> String {
    match colour {
        Colour::Red => say(lang, "colour-red", &[]),
        Colour::Black => say(lang, "colour-black", &[]),
    }
}

/// The letter a stone of `colour` is drawn with: R/B in English, R/S in German.
pub fn colour_letter(colour: Colour, lang: Lang) -> char {
    let letter = match colour {
        Colour::Red => say(lang, "letter-red", &[]),
        Colour::Black => say(lang, "letter-black", &[]),
    };
    letter.chars().next().unwrap_or('?')
}

/// A formation as the catalog's messages select it.
pub(crate) fn formation_key(formation: Formation) -> &'static str {
    match formation {
        Formation::Line => "line",
        Formation::Triangle => "triangle",
        Formation::Circle => "circle",
    }
}

impl GameResult {
    /// The result in words; the seat that formed a six is called by its
    /// name in `names` (a person's, at a table), else as the log calls a
    /// seat ("Seat 2").
    pub fn describe(self, lang: Lang, names: &[String]) -> String {
        match self {
            GameResult::Six { winner, formation, seat } => {
                let who = names.get(seat).cloned().unwrap_or_else(|| Six::seat_name(seat, lang));
                say(
                    lang,
                    "result-six",
                    &[
                        ("winner", (&colour_name(winner, lang)).into()),
                        ("name", (&who).into()),
                        ("formation", formation_key(formation.kind).into()),
                    ],
                )
            }
            GameResult::Starved { winner } => say(
                lang,
                "result-starved",
                &[
                    ("winner", (&colour_name(winner, lang)).into()),
                    ("loser", (&colour_name(winner.other(), lang)).into()),
                ],
            ),
            GameResult::BothStarved => say(lang, "result-both-starved", &[]),
            GameResult::Repetition => say(lang, "result-repetition", &[]),
            GameResult::MoveLimit => say(lang, "result-move-limit", &[]),
        }
    }
}

/// An action in words, as the seat to move in `six` would play it.
pub fn action(six: &Six, action: &Action, lang: Lang) -> String {
    let mover = six.mover_colour();
    match (*action, six.phase()) {
        (Action::Place { cell }, phase) => {
            let formed = six.board().six_through(mover, cell).filter(|_| !six.board().occupied(cell));
            let cell = CellText::of(cell);
            let cell = ("cell", cell.as_str().into());
            match (phase, formed) {
                (Phase::Replace { .. }, None) => say(lang, "action-replace", &[cell]),
                (Phase::Replace { .. }, Some(f)) => {
                    say(lang, "action-replace-six", &[cell, ("formation", formation_key(f).into())])
                }
                (_, None) => say(lang, "action-place", &[cell]),
                (_, Some(f)) => {
                    say(lang, "action-place-six", &[cell, ("formation", formation_key(f).into())])
                }
            }
        }
        (Action::Lift { cell }, _) => {
            let split = six.options().split && six.splits_field(cell);
            let cell = CellText::of(cell);
            if split {
                say(lang, "action-lift-split", &[("cell", cell.as_str().into())])
            } else {
                say(lang, "action-lift", &[("cell", cell.as_str().into())])
            }
        }
        (Action::Keep { cell }, _) => {
            say(lang, "action-keep", &[("cell", CellText::of(cell).as_str().into())])
        }
        (Action::Pass {}, _) => say(lang, "action-pass", &[]),
    }
}

/// The field and the state of the match, for the terminal, from a view;
/// each seat called `names[seat]`, or by its number where `names` has no
/// name for it.
pub fn draw(view: &View, names: &[String], lang: Lang) -> String {
    let mut out = String::new();
    header(&mut out, view, names, lang);
    let lifted = view.lifted();
    // Where a stone may go: the legal cells of the state the view shows.
    let marks: Vec<Cell> = match view.phase {
        PhaseView::Place | PhaseView::Replace { .. } => Six::from_view(view)
            .map(|six| six.legal_vec().iter().filter_map(|a| a.cell()).collect())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    let mut cells: Vec<(Cell, char)> = Vec::new();
    for colour in Colour::ALL {
        let letter = colour_letter(colour, lang);
        cells.extend(view.stones.of(colour).iter().map(|&c| (c, letter)));
    }
    cells.extend(lifted.map(|c| (c, '~')));
    cells.extend(marks.iter().map(|&c| (c, '.')));
    let top = cells.iter().map(|(c, _)| c.r()).min().unwrap_or(0);
    let left = cells.iter().map(|(c, _)| c.q()).min().unwrap_or(0);
    let unwrap = |c: Cell| (c.q() - left, c.r() - top);
    let height = cells.iter().map(|&(c, _)| unwrap(c).1).max().unwrap_or(0);
    let width = cells.iter().map(|&(c, _)| unwrap(c).0).max().unwrap_or(0);
    // Half-cell units: x = 2 q + r; label rows sit at r = -1 and r = height + 1.
    let min_x = -1;
    let max_x = 2 * width + height + 1;
    let line_len = (2 * (max_x - min_x) + 6) as usize;
    let mut grid = vec![vec![' '; line_len]; height as usize + 3];
    let col_of = |x: i32| (2 * (x - min_x) + 4) as usize;
    for &(cell, glyph) in &cells {
        let (uq, ur) = unwrap(cell);
        grid[ur as usize + 1][col_of(2 * uq + ur)] = glyph;
    }
    for uq in 0..=width {
        let label = (left + uq).to_string();
        for (line, x) in [(0usize, 2 * uq - 1), (height as usize + 2, 2 * uq + height + 1)] {
            let end = col_of(x);
            // A long number far from 0,0 may reach past the left edge.
            for (k, ch) in label.chars().rev().enumerate().take(end + 1) {
                grid[line][end - k] = ch;
            }
        }
    }
    for (i, line) in grid.iter().enumerate() {
        let prefix = if i == 0 || i == height as usize + 2 {
            "   q".to_string()
        } else {
            let r = top + i as i32 - 1;
            format!("{r:>4}")
        };
        let body: String = line.iter().collect();
        out.push_str(&format!("{prefix}{}\n", body.trim_end()));
    }
    say_into(&mut out, lang, "draw-axes", &[]);
    out.push('\n');
    let (mut red, mut black) = ([0; 4], [0; 4]);
    let red = colour_letter(Colour::Red, lang).encode_utf8(&mut red);
    let black = colour_letter(Colour::Black, lang).encode_utf8(&mut black);
    say_into(&mut out, lang, "legend-stones", &[("red", (&*red).into()), ("black", (&*black).into())]);
    if !marks.is_empty() {
        out.push_str(", ");
        say_into(&mut out, lang, "legend-marks", &[]);
    }
    if lifted.is_some() {
        out.push_str(", ");
        say_into(&mut out, lang, "legend-lifted", &[]);
    }
    out.push('\n');
    out
}

/// The lines above the drawing: the match, the games played, and who is
/// to move and what to do, or how the match ended.
fn header(out: &mut String, six: &View, names: &[String], lang: Lang) {
    let o = &six.options;
    let (red, black) = (colour_name(Colour::Red, lang), colour_name(Colour::Black, lang));
    if o.games > 1 {
        say_into(
            out,
            lang,
            "header-match",
            &[
                ("game", six.game_number().into()),
                ("games", o.games.into()),
                ("red", (&red).into()),
                ("red-points", (&six.points(Colour::Red).to_string()).into()),
                ("black", (&black).into()),
                ("black-points", (&six.points(Colour::Black).to_string()).into()),
            ],
        );
        out.push('\n');
    }
    for (i, r) in six.results.iter().enumerate() {
        let result = r.describe(lang, names);
        say_into(out, lang, "header-result", &[("game", (i + 1).into()), ("result", (&result).into())]);
        out.push('\n');
    }
    let seat_name = |seat: usize| say(lang, "seat", &[("n", (seat + 1).into())]);
    let Some(seat) = six.to_move else {
        let (red_points, black_points) = (six.points(Colour::Red), six.points(Colour::Black));
        match red_points.total_cmp(&black_points) {
            std::cmp::Ordering::Greater => {
                say_into(out, lang, "header-over-won", &[("winner", (&red).into())])
            }
            std::cmp::Ordering::Less => {
                say_into(out, lang, "header-over-won", &[("winner", (&black).into())])
            }
            std::cmp::Ordering::Equal => say_into(out, lang, "header-over-drawn", &[]),
        }
        out.push('\n');
        return;
    };
    let colour = colour_name(Colour::of_seat(seat), lang);
    let person = names.get(seat).cloned().unwrap_or_else(|| seat_name(seat));
    let mover = say(lang, "header-mover", &[("colour", (&colour).into()), ("name", (&person).into())]);
    let task = match &six.phase {
        PhaseView::Place => say(lang, "task-place", &[]),
        PhaseView::Lift => say(lang, "task-lift", &[]),
        PhaseView::Keep { .. } => say(lang, "task-keep", &[]),
        PhaseView::Replace { lifted, .. } => {
            say(lang, "task-replace", &[("cell", CellText::of(*lifted).as_str().into())])
        }
        // A view with nobody to move is over, handled above.
        PhaseView::Over => say(lang, "task-wait", &[]),
    };
    if six.second_round() {
        say_into(
            out,
            lang,
            "header-second-round",
            &[
                ("move", (six.moves + 1).into()),
                ("limit", o.move_limit.into()),
                ("mover", (&mover).into()),
                ("task", (&task).into()),
            ],
        );
        out.push('\n');
        say_into(
            out,
            lang,
            "header-stones",
            &[
                ("red", (&red).into()),
                ("red-stones", six.stones.of(Colour::Red).len().into()),
                ("red-captured", six.captured.red.into()),
                ("black", (&black).into()),
                ("black-stones", six.stones.of(Colour::Black).len().into()),
                ("black-captured", six.captured.black.into()),
            ],
        );
        out.push('\n');
    } else {
        say_into(out, lang, "header-first-round", &[("mover", (&mover).into()), ("task", (&task).into())]);
        out.push('\n');
        let supplies: Vec<String> = (six.supply.iter().enumerate())
            .map(|(s, supply)| {
                let person = names.get(s).cloned().unwrap_or_else(|| seat_name(s));
                let colour = colour_name(Colour::of_seat(s), lang);
                say(
                    lang,
                    "supply-seat",
                    &[("name", (&person).into()), ("colour", (&colour).into()), ("stones", (*supply).into())],
                )
            })
            .collect();
        say_into(out, lang, "header-supply", &[("supplies", (&supplies.join(", ")).into())]);
        out.push('\n');
    }
}
