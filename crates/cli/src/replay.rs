//! `spieltisch replay FILE`: steps through a saved game record.
//!
//! The whole record is checked first (JSON, game, options, every action in
//! turn), so a bad file fails with one clear message before anything is
//! shown. Each step shows the action and the position as one viewer saw them
//! (the spectator unless `--seat` is given): a replay is a view like any
//! other and reveals no secret the viewer did not see.
//!
//! On a terminal: Enter for the next step, `b` back, a number jumps to that
//! step, `q` quits. Otherwise every step is printed.

use crate::words::say;
use crate::{ReplayArgs, error::CliError, input::read_text_line, text};
use spieltisch_catalog::{CatalogError, CatalogGame, FileAccess, GameVisitor, read_record_files, with_game};
use spieltisch_core::{Lang, Record, Viewer};
use std::io::{BufRead, IsTerminal, Write};

/// Runs `spieltisch replay`.
pub fn run(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let path = &args.file;
    let bad = |reason: String| CliError::BadFile { path: path.clone(), reason };
    let json =
        std::fs::read_to_string(path).map_err(|source| CliError::File { path: path.clone(), source })?;
    let mut record: Record = serde_json::from_str(&json)
        .map_err(|e| bad(format!("not a game record (game, options, seed, actions): {e}")))?;
    // A record of an older format may name course or track files.
    match read_record_files(&mut record, FileAccess::Local) {
        Err(e @ CatalogError::UnknownGame { .. }) => return Err(bad(e.to_string())),
        other => other?,
    }
    let interactive = std::io::stdin().is_terminal();
    let replay = Replay { args, record: &record, input, out, interactive };
    match with_game(&record.game, replay) {
        Ok(result) => result,
        Err(e @ CatalogError::UnknownGame { .. }) => Err(bad(e.to_string())),
        Err(e) => Err(e.into()),
    }
}

struct Replay<'a> {
    args: &'a ReplayArgs,
    record: &'a Record,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    interactive: bool,
}

/// One step of the replay: what happened, and the position after it.
struct Frame {
    line: String,
    board: String,
}

impl GameVisitor for Replay<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self) -> Self::Output {
        let path = &self.args.file;
        let bad = |reason: String| CliError::BadFile { path: path.clone(), reason };
        let lang = self.args.lang;
        let mut state: G = self.record.initial().map_err(|e| bad(e.to_string()))?;
        let viewer = match self.args.seat {
            Some(seat) if seat >= state.seats() => {
                return Err(CliError::Usage(format!(
                    "--seat {seat}: this game has seats 0 to {}",
                    state.seats().saturating_sub(1)
                )));
            }
            Some(seat) => Viewer::Seat(seat),
            None => Viewer::Spectator,
        };
        let board = |state: &G| {
            G::describe_view(&state.view(viewer), &state.static_of(), lang).trim_end().to_string()
        };
        let mut frames = vec![Frame { line: say(lang, "replay-start", &[]), board: board(&state) }];
        let record = self.record.upgraded::<G>().map_err(|e| bad(e.to_string()))?;
        for (index, notation) in record.actions.iter().enumerate() {
            let wrong = |e: spieltisch_core::ActionError| bad(format!("action {index} ('{notation}'): {e}"));
            let action = state.parse_action(notation).map_err(wrong)?;
            let before = state.clone();
            state.apply(&action).map_err(wrong)?;
            // A step the viewer sees nothing of still shows its board.
            let line = text::log_line(&before, &action, viewer, lang, &text::actor(&before, lang))
                .unwrap_or_default();
            frames.push(Frame { line, board: board(&state) });
        }
        let mut player = Player { frames: &frames, out: self.out, lang };
        if self.interactive {
            player.step_through(self.input)?;
        } else {
            for k in 0..frames.len() {
                player.show(k)?;
            }
        }
        if let Some(outcome) = state.outcome() {
            let names: Vec<String> = (0..state.seats()).map(|s| text::seat(lang, s)).collect();
            text::write_result(player.out, &outcome, &names, lang)?;
        } else {
            writeln!(player.out, "{}", say(lang, "replay-ends-early", &[]))?;
        }
        Ok(())
    }
}

struct Player<'a> {
    frames: &'a [Frame],
    out: &'a mut dyn Write,
    lang: Lang,
}

impl Player<'_> {
    fn show(&mut self, k: usize) -> Result<(), CliError> {
        let frame = &self.frames[k];
        writeln!(self.out, "[{k}/{}] {}", self.frames.len() - 1, frame.line)?;
        writeln!(self.out, "{}", frame.board)?;
        writeln!(self.out)?;
        Ok(())
    }

    fn step_through(&mut self, input: &mut dyn BufRead) -> Result<(), CliError> {
        let last = self.frames.len() - 1;
        let mut k = 0;
        loop {
            self.show(k)?;
            write!(self.out, "{} ", say(self.lang, "replay-ask", &[]))?;
            self.out.flush()?;
            let Some(answer) = read_text_line(input)? else { return Ok(()) };
            match answer.trim() {
                "" | "n" => {
                    if k == last {
                        return Ok(());
                    }
                    k += 1;
                }
                "b" => k = k.saturating_sub(1),
                "q" | "quit" => return Ok(()),
                other => match other.parse::<usize>() {
                    Ok(n) if n <= last => k = n,
                    _ => writeln!(self.out, "  0..{last}, b, q")?,
                },
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames() -> Vec<Frame> {
        (0..3).map(|k| Frame { line: format!("step {k}"), board: format!("board {k}") }).collect()
    }

    fn shown(keys: &str) -> Vec<String> {
        let frames = frames();
        let mut out = Vec::new();
        let mut player = Player { frames: &frames, out: &mut out, lang: Lang::En };
        player.step_through(&mut keys.as_bytes()).unwrap();
        // The step headers "[k/2]", in the order shown (a prompt may precede
        // one on its line, as the answer is not echoed).
        let text = String::from_utf8(out).unwrap();
        text.match_indices("/2]").map(|(i, _)| text[i - 2..i + 3].to_string()).collect()
    }

    #[test]
    fn enter_steps_on_b_steps_back_and_a_number_jumps() {
        let steps = shown("\nb\n2\nb\nq\n");
        assert_eq!(steps, ["[0/2]", "[1/2]", "[0/2]", "[2/2]", "[1/2]"]);
    }

    #[test]
    fn the_last_enter_and_the_end_of_input_finish() {
        assert_eq!(shown("\n\n\n\n\n").len(), 3, "Enter on the last step ends");
        assert_eq!(shown("").len(), 1);
        assert_eq!(shown("b\n9\n").len(), 3, "back at the start stays, out of range stays");
    }
}
