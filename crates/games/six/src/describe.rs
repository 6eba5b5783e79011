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
    game::{Phase, Six},
    view::{PhaseView, View},
};
use spieltisch_core::{Game, Lang};

/// The colour's name.
pub fn colour_name(colour: Colour, lang: Lang) -> &'static str {
    match (colour, lang) {
        (Colour::Red, Lang::En) => "red",
        (Colour::Black, Lang::En) => "black",
        (Colour::Red, Lang::De) => "Rot",
        (Colour::Black, Lang::De) => "Schwarz",
    }
}

/// The letter a stone of `colour` is drawn with: R/B in English, R/S in German.
pub fn colour_letter(colour: Colour, lang: Lang) -> char {
    match (colour, lang) {
        (Colour::Red, _) => 'R',
        (Colour::Black, Lang::En) => 'B',
        (Colour::Black, Lang::De) => 'S',
    }
}

/// A formation's name with its article.
pub fn formation_name(formation: Formation, lang: Lang) -> &'static str {
    match (formation, lang) {
        (Formation::Line, Lang::En) => "a line",
        (Formation::Triangle, Lang::En) => "a triangle",
        (Formation::Circle, Lang::En) => "a circle",
        (Formation::Line, Lang::De) => "eine Linie",
        (Formation::Triangle, Lang::De) => "ein Dreieck",
        (Formation::Circle, Lang::De) => "einen Kreis",
    }
}

/// An action in words, as the seat to move in `six` would play it.
pub fn action(six: &Six, action: &Action, lang: Lang) -> String {
    let de = lang == Lang::De;
    let mover = six.mover_colour();
    match (*action, six.phase()) {
        (Action::Place { cell }, phase) => {
            let six_note = six
                .board()
                .six_through(mover, cell)
                .filter(|_| !six.board().occupied(cell))
                .map(|f| {
                    if de {
                        format!(" und {} bilden", formation_name(f, lang))
                    } else {
                        format!(" and form {}", formation_name(f, lang))
                    }
                })
                .unwrap_or_default();
            match (phase, de) {
                (Phase::Replace { .. }, false) => format!("put the lifted stone on {cell}{six_note}"),
                (Phase::Replace { .. }, true) => {
                    format!("den aufgenommenen Stein auf {cell} setzen{six_note}")
                }
                (_, false) => format!("place a stone on {cell}{six_note}"),
                (_, true) => format!("einen Stein auf {cell} setzen{six_note}"),
            }
        }
        (Action::Lift { cell }, _) => {
            let split = six.options().split && six.splits_field(cell);
            match (de, split) {
                (false, false) => format!("lift the stone on {cell}"),
                (false, true) => format!("lift the stone on {cell}, splitting the field"),
                (true, false) => format!("den Stein auf {cell} aufnehmen"),
                (true, true) => format!("den Stein auf {cell} aufnehmen und das Feld teilen"),
            }
        }
        (Action::Keep { cell }, _) => {
            if de {
                format!("den Teil mit {cell} behalten, die übrigen Teile werden geschlagen")
            } else {
                format!("keep the part with {cell}; the other parts are captured")
            }
        }
        (Action::Pass {}, _) => {
            if de {
                "passen (jeder eigene Stein hält das Feld zusammen)".into()
            } else {
                "pass (every stone of yours holds the field together)".into()
            }
        }
    }
}

/// The field and the state of the match, for the terminal, from a view;
/// each seat called `names[seat]`, or by its number where `names` has no
/// name for it.
pub fn draw(view: &View, names: &[String], lang: Lang) -> String {
    let de = lang == Lang::De;
    let mut out = String::new();
    out.push_str(&header(view, names, lang));
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
        cells.extend(view.stones.of(colour).iter().map(|&c| (c, colour_letter(colour, lang))));
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
    out.push_str(if de {
        "Zeilen r links, Spalten q oben und unten (sie laufen schräg nach rechts unten); Zelle = q,r\n"
    } else {
        "rows r on the left, columns q above and below (they run diagonally down to the right); cell = q,r\n"
    });
    let legend_marks = !marks.is_empty();
    let (r, b) = (colour_letter(Colour::Red, lang), colour_letter(Colour::Black, lang));
    out.push_str(&match (de, legend_marks, lifted.is_some()) {
        (false, m, l) => format!(
            "{r} = red, {b} = black{}{}\n",
            if m { ", . = where a stone may go" } else { "" },
            if l { ", ~ = where the stone was lifted from" } else { "" }
        ),
        (true, m, l) => format!(
            "{r} = Rot, {b} = Schwarz{}{}\n",
            if m { ", . = hier darf ein Stein hin" } else { "" },
            if l { ", ~ = hier wurde der Stein aufgenommen" } else { "" }
        ),
    });
    out
}

fn header(six: &View, names: &[String], lang: Lang) -> String {
    let de = lang == Lang::De;
    let o = &six.options;
    let mut out = String::new();
    let name = |c: Colour| colour_name(c, lang);
    if o.games > 1 {
        out.push_str(&if de {
            format!(
                "Match: Partie {} von {}, Punkte {} {}, {} {}\n",
                six.game_number(),
                o.games,
                name(Colour::Red),
                six.points(Colour::Red),
                name(Colour::Black),
                six.points(Colour::Black)
            )
        } else {
            format!(
                "Match: game {} of {}, points {} {}, {} {}\n",
                six.game_number(),
                o.games,
                name(Colour::Red),
                six.points(Colour::Red),
                name(Colour::Black),
                six.points(Colour::Black)
            )
        });
    }
    for (i, r) in six.results.iter().enumerate() {
        out.push_str(&if de {
            format!("Partie {}: {}\n", i + 1, r.describe(lang, names))
        } else {
            format!("Game {}: {}\n", i + 1, r.describe(lang, names))
        });
    }
    let Some(seat) = six.to_move else {
        let (red, black) = (six.points(Colour::Red), six.points(Colour::Black));
        let verdict = match red.total_cmp(&black) {
            std::cmp::Ordering::Greater => Some(Colour::Red),
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Equal => None,
        };
        out.push_str(&match (verdict, de) {
            (Some(c), false) => format!("Over: {} wins.\n", name(c)),
            (Some(c), true) => format!("Ende: {} gewinnt.\n", name(c)),
            (None, false) => "Over: a draw.\n".into(),
            (None, true) => "Ende: unentschieden.\n".into(),
        });
        return out;
    };
    let mover = name(Colour::of_seat(seat));
    let who = match (names.get(seat), de) {
        (Some(person), true) => format!("{mover} ({person}) ist am Zug"),
        (Some(person), false) => format!("{mover} ({person}) to move"),
        (None, true) => format!("{mover} (Spieler {}) ist am Zug", seat + 1),
        (None, false) => format!("{mover} (seat {}) to move", seat + 1),
    };
    let task = match (&six.phase, de) {
        (PhaseView::Place, false) => "place a stone from your supply".to_string(),
        (PhaseView::Place, true) => "einen Stein aus dem Vorrat setzen".to_string(),
        (PhaseView::Lift, false) => "lift one of your stones".to_string(),
        (PhaseView::Lift, true) => "einen eigenen Stein aufnehmen".to_string(),
        (PhaseView::Keep { .. }, false) => {
            "the field fell into equal parts: choose the part that stays".into()
        }
        (PhaseView::Keep { .. }, true) => {
            "das Feld ist in gleich große Teile zerfallen: wähle den Teil, der bleibt".into()
        }
        (PhaseView::Replace { lifted, .. }, false) => {
            format!("put the stone lifted from {lifted} on a marked cell")
        }
        (PhaseView::Replace { lifted, .. }, true) => {
            format!("den von {lifted} aufgenommenen Stein auf ein markiertes Feld setzen")
        }
        // A view with nobody to move is over, handled above.
        (PhaseView::Over, false) => "wait".to_string(),
        (PhaseView::Over, true) => "warten".to_string(),
    };
    if six.second_round() {
        out.push_str(&if de {
            format!("Zweite Runde, Zug {} von höchstens {}: {who}: {task}.\n", six.moves + 1, o.move_limit)
        } else {
            format!("Second round, move {} of at most {}: {who}: {task}.\n", six.moves + 1, o.move_limit)
        });
        let captured = |c: Colour| match c {
            Colour::Red => six.captured.red,
            Colour::Black => six.captured.black,
        };
        let line = |c: Colour| format!("{} {} ({})", name(c), six.stones.of(c).len(), captured(c));
        out.push_str(&if de {
            format!("Steine im Spiel (geschlagen): {}, {}\n", line(Colour::Red), line(Colour::Black))
        } else {
            format!("Stones in play (captured): {}, {}\n", line(Colour::Red), line(Colour::Black))
        });
    } else {
        out.push_str(&if de {
            format!("Erste Runde: {who}: {task}.\n")
        } else {
            format!("First round: {who}: {task}.\n")
        });
        let supplies: Vec<String> = (six.supply.iter().enumerate())
            .map(|(s, supply)| {
                let c = name(Colour::of_seat(s));
                match (names.get(s), de) {
                    (Some(person), _) => format!("{person} ({c}) {supply}"),
                    (None, true) => format!("Spieler {} ({c}) {supply}", s + 1),
                    (None, false) => format!("seat {} ({c}) {supply}", s + 1),
                }
            })
            .collect();
        out.push_str(&if de {
            format!("Vorrat: {}\n", supplies.join(", "))
        } else {
            format!("Supply: {}\n", supplies.join(", "))
        });
    }
    out
}
