//! `spieltisch play`: a game at the terminal.
//!
//! Humans see their seat's view (the game's own drawing) and a numbered list
//! of legal moves, and answer with a number or the notation. Bots move with
//! one visible line each; chance is drawn by [`Session::run_chance`] from the
//! seed, so a game is reproduced by its seed and the humans' moves.
//!
//! With several humans in a game with secrets (hot-seat), the screen is
//! cleared and the next person asked to take over before their view is
//! shown, and each person then sees what happened since their last turn as
//! their own seat saw it.
//!
//! Input may come from a pipe; the end of input leaves the game cleanly.

use crate::words::say;
use crate::{PlayArgs, error::CliError, input::read_text_line, setup, text};
use spieltisch_catalog::{CatalogGame, GameVisitor, SeatSpec, bot_rng, with_game};
use spieltisch_core::{Bot, Decision, Game, Lang, Seat, Session, Together, Turn, Viewer};
use std::{
    io::{BufRead, IsTerminal, Write},
    time::{SystemTime, UNIX_EPOCH},
};

/// Runs `spieltisch play`.
pub fn run(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let clear_screen = std::io::stdout().is_terminal();
    with_game(&args.table.game, PlayGame { args, input, out, clear_screen })?
}

struct PlayGame<'a> {
    args: &'a PlayArgs,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    clear_screen: bool,
}

impl GameVisitor for PlayGame<'_> {
    type Output = Result<(), CliError>;

    fn visit<G: CatalogGame>(self) -> Self::Output {
        let (options, specs) = setup::table::<G>(&self.args.table, |seat| {
            SeatSpec::plain(if seat == 0 { "human" } else { "random" })
        })?;
        let seed = self.args.table.seed.unwrap_or_else(seed_from_clock);
        let session = Session::<G>::new(&options, seed)?;
        let mut bots = Vec::new();
        for spec in &specs {
            bots.push(spec.bot::<G>()?);
        }
        let humans: Vec<Seat> = (0..specs.len()).filter(|&s| specs[s].is_human()).collect();
        let viewers = session.state().seats() + 1;
        let mut table = Table {
            lines: vec![Vec::new(); viewers],
            seen: vec![0; viewers],
            hot_seat: G::HIDDEN_INFORMATION && humans.len() > 1,
            humans,
            session,
            specs,
            bots,
            lang: self.args.lang,
            out: self.out,
            input: self.input,
            clear_screen: self.clear_screen,
            screen_for: None,
        };
        let ending = table.play()?;
        table.leave(ending)?;
        if let Some(path) = &self.args.save {
            let json = serde_json::to_string_pretty(table.session.record())
                .map_err(|e| CliError::Usage(format!("cannot write the record: {e}")))?;
            std::fs::write(path, json + "\n")
                .map_err(|source| CliError::File { path: path.clone(), source })?;
            let path = path.display().to_string();
            writeln!(table.out, "{}", say(self.args.lang, "record-saved", &[("path", (&path).into())]))?;
        }
        Ok(())
    }
}

fn seed_from_clock() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
}

/// How a game at the table ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    Over,
    Quit,
    InputEnded,
}

/// What a human typed at the prompt.
#[derive(Debug, PartialEq, Eq)]
enum Choice {
    Move(usize),
    ListMoves,
    ShowView,
    Quit,
    Nothing,
    Invalid(String),
}

struct Table<'a, G: CatalogGame> {
    session: Session<G>,
    specs: Vec<SeatSpec>,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    humans: Vec<Seat>,
    /// Several humans in a game with secrets: hide views between turns.
    hot_seat: bool,
    /// Every action as each viewer saw it, in words (seats, then spectator).
    lines: Vec<Vec<String>>,
    /// Per viewer, how many of its lines it has been shown at its turns.
    seen: Vec<usize>,
    /// The human whose secrets the screen may show now.
    screen_for: Option<Seat>,
    lang: Lang,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    clear_screen: bool,
}

impl<G: CatalogGame> Table<'_, G> {
    fn seats(&self) -> usize {
        self.session.state().seats()
    }

    fn viewer_index(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) => s,
            Viewer::Spectator => self.seats(),
        }
    }

    /// Whose eyes the running commentary uses: the one human's, or the
    /// public's when there are none or several.
    fn live_viewer(&self) -> Viewer {
        match self.humans.as_slice() {
            [one] => Viewer::Seat(*one),
            _ => Viewer::Spectator,
        }
    }

    fn who(&self, seat: Seat) -> String {
        format!("{} ({})", text::seat(self.lang, seat), self.specs[seat])
    }

    fn play(&mut self) -> Result<Ending, CliError> {
        self.header()?;
        loop {
            match self.session.turn() {
                Turn::Over => return Ok(Ending::Over),
                Turn::Chance => self.chance()?,
                Turn::Seat(_) if self.people_asked_together().is_some() => {
                    let together = self.people_asked_together().expect("checked");
                    if let Some(ending) = self.ask_together(together)? {
                        return Ok(ending);
                    }
                }
                Turn::Seat(seat) if self.bots[seat].is_some() => self.bot_move(seat)?,
                Turn::Seat(seat) => {
                    if let Some(ending) = self.human_move(seat)? {
                        return Ok(ending);
                    }
                }
            }
        }
    }

    fn header(&mut self) -> Result<(), CliError> {
        let lang = self.lang;
        let info = G::info();
        writeln!(self.out, "{}", say(lang, "seats-heading", &[("game", info.name.get(lang).into())]))?;
        for seat in 0..self.seats() {
            writeln!(self.out, "  {}", self.who(seat))?;
        }
        let seed = self.session.record().seed.to_string();
        writeln!(self.out, "{}", say(lang, "seed-line", &[("seed", (&seed).into())]))?;
        Ok(())
    }

    /// Records `action` (about to be applied to `before`) in every viewer's
    /// lines, hiding what each may not see, and returns the live viewer's
    /// line (`None` where that viewer sees nothing of it). A seat's action
    /// that a viewer sees only redacted (a pass in a Steigung window) is
    /// not told with the seat's name.
    fn note(&mut self, before: &G, action: &G::Action, actor: &str) -> Option<String> {
        let mut live_line = None;
        let live = self.viewer_index(self.live_viewer());
        for index in 0..=self.seats() {
            let viewer = if index < self.seats() { Viewer::Seat(index) } else { Viewer::Spectator };
            let Some(line) = text::log_line(before, action, viewer, self.lang, actor) else { continue };
            if index == live {
                live_line = Some(line.clone());
            }
            self.lines[index].push(line);
        }
        live_line
    }

    /// Notes and prints one action of a seat.
    fn note_move(&mut self, before: &G, action: &G::Action, seat: Seat) -> Result<(), CliError> {
        let who = self.who(seat);
        if let Some(line) = self.note(before, action, &who) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn chance(&mut self) -> Result<(), CliError> {
        let mut before = self.session.clone();
        self.session.run_chance();
        let drawn = self.session.record().actions[before.version()..].to_vec();
        let actor = &say(self.lang, "chance", &[]);
        let mut shown = Vec::new();
        for notation in drawn {
            let action = before.state().parse_action(&notation)?;
            let state = before.state().clone();
            shown.extend(self.note(&state, &action, actor));
            before.apply(&action)?;
        }
        for line in collapse(&shown) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn bot_move(&mut self, seat: Seat) -> Result<(), CliError> {
        let legal = self.session.state().legal_vec();
        let mut rng = bot_rng(self.session.record().seed, self.session.version());
        let action = match &mut self.bots[seat] {
            Some(bot) => bot.choose(&Decision::new(self.session.state(), seat, &legal), &mut rng),
            None => return Ok(()),
        };
        let before = self.session.state().clone();
        self.session.apply_as(seat, &action)?;
        self.note_move(&before, &action, seat)
    }

    /// Seats deciding together (a Steigung window) of which at least one is
    /// a person: they are all asked before any answer counts.
    fn people_asked_together(&self) -> Option<Together<G::Action>> {
        self.session.state().together().filter(|t| t.seats.iter().any(|&s| self.bots[s].is_none()))
    }

    /// Asks every seat of a decision taken together before applying any
    /// answer, so nobody learns from the others' answers or from who is
    /// asked: bots each from their own view, people at one shared, covered
    /// prompt in hot-seat play (nobody's hand is shown; whoever wants to act
    /// names their seat), else the one person privately. The answers then
    /// count in the engine's order.
    fn ask_together(&mut self, together: Together<G::Action>) -> Result<Option<Ending>, CliError> {
        let version = self.session.version();
        let seed = self.session.record().seed;
        let mut answers: Vec<Option<G::Action>> = vec![None; self.seats()];
        let mut people = Vec::new();
        let mut ahead = self.session.state().clone();
        for (k, &seat) in together.seats.iter().enumerate() {
            let legal = ahead.legal_vec();
            match &mut self.bots[seat] {
                Some(bot) => {
                    let mut rng = bot_rng(seed, version + k);
                    answers[seat] = Some(bot.choose(&Decision::new(&ahead, seat, &legal), &mut rng));
                }
                None => people.push((seat, ahead.clone(), legal)),
            }
            ahead.apply(&together.pass)?;
        }
        let shared = self.hot_seat
            && people.iter().all(|(_, _, legal)| legal.iter().filter(|a| **a != together.pass).count() <= 1);
        if shared {
            if let Some(ending) = self.shared_prompt(&together, &people, &mut answers)? {
                return Ok(Some(ending));
            }
        } else {
            for (seat, state, legal) in people {
                if !self.pass_to(seat)? {
                    return Ok(Some(Ending::InputEnded));
                }
                self.seen[seat] = self.lines[seat].len();
                self.show_view(seat)?;
                match self.prompt(seat, &state, &legal)? {
                    Ok(i) => answers[seat] = Some(legal[i].clone()),
                    Err(ending) => return Ok(Some(ending)),
                }
            }
        }
        for &seat in &together.seats {
            if self.session.turn() != Turn::Seat(seat) {
                break; // an answer before this one closed the decision
            }
            let action = answers[seat].take().unwrap_or_else(|| together.pass.clone());
            let before = self.session.state().clone();
            self.session.apply_as(seat, &action)?;
            self.note_move(&before, &action, seat)?;
        }
        Ok(None)
    }

    /// The hot-seat prompt of a decision taken together: everyone looks at
    /// one screen that shows no hand; a person who wants to act (lay a
    /// Steigung) types their seat number, several separated by spaces; an
    /// empty answer means everyone passes.
    fn shared_prompt(
        &mut self,
        together: &Together<G::Action>,
        people: &[(Seat, G, Vec<G::Action>)],
        answers: &mut [Option<G::Action>],
    ) -> Result<Option<Ending>, CliError> {
        let lang = self.lang;
        self.clear()?;
        self.screen_for = None;
        let view = self.session.view(Viewer::Spectator);
        writeln!(self.out, "{}", G::describe_view(&view, &self.session.static_part(), lang).trim_end())?;
        let names: Vec<String> = people.iter().map(|(s, _, _)| text::seat(lang, *s)).collect();
        writeln!(self.out, "{}", say(lang, "together", &[("names", (&names.join(", ")).into())]))?;
        loop {
            let asked = say(lang, "together-ask", &[]);
            let Some(line) = self.ask_line(&asked)? else {
                return Ok(Some(Ending::InputEnded));
            };
            if matches!(line.trim().to_ascii_lowercase().as_str(), "quit" | "q" | "exit") {
                return Ok(Some(Ending::Quit));
            }
            let mut chosen = Vec::new();
            let mut refused = None;
            for word in line.split_whitespace() {
                let acting = word
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| people.iter().find(|(s, _, _)| *s == n))
                    .and_then(|(s, _, legal)| legal.iter().find(|a| **a != together.pass).map(|a| (*s, a)));
                match acting {
                    Some((seat, action)) => chosen.push((seat, action.clone())),
                    None => refused = Some(word.to_string()),
                }
            }
            if let Some(word) = refused {
                writeln!(self.out, "  {}", say(lang, "cannot-act", &[("word", (&word).into())]))?;
                continue;
            }
            for (seat, action) in chosen {
                answers[seat] = Some(action);
            }
            return Ok(None);
        }
    }

    /// Writes `prompt` and reads the answer; `None` when input has ended.
    fn ask_line(&mut self, prompt: &str) -> Result<Option<String>, CliError> {
        write!(self.out, "{prompt} > ")?;
        self.out.flush()?;
        let line = read_text_line(self.input)?;
        if line.is_none() {
            writeln!(self.out)?;
        }
        Ok(line)
    }

    fn clear(&mut self) -> Result<(), CliError> {
        if self.clear_screen {
            write!(self.out, "\x1b[2J\x1b[3J\x1b[H")?;
        } else {
            writeln!(self.out, "----------------------------------------")?;
        }
        Ok(())
    }

    /// Hands the screen to `seat` in hot-seat play; false when input ended.
    fn pass_to(&mut self, seat: Seat) -> Result<bool, CliError> {
        if !self.hot_seat || self.screen_for == Some(seat) {
            return Ok(true);
        }
        self.clear()?;
        let lang = self.lang;
        let who = self.who(seat);
        write!(self.out, "{} ", say(lang, "pass-to", &[("name", (&who).into())]))?;
        self.out.flush()?;
        if read_text_line(self.input)?.is_none() {
            return Ok(false);
        }
        self.clear()?;
        self.screen_for = Some(seat);
        let since: Vec<String> = self.lines[seat][self.seen[seat]..].to_vec();
        if !since.is_empty() {
            writeln!(self.out, "{}", say(lang, "since-last-turn", &[]))?;
            for line in collapse(&since) {
                writeln!(self.out, "  {line}")?;
            }
        }
        Ok(true)
    }

    fn show_view(&mut self, seat: Seat) -> Result<(), CliError> {
        let view = self.session.view(Viewer::Seat(seat));
        writeln!(self.out)?;
        writeln!(self.out, "{}", G::describe_view(&view, &self.session.static_part(), self.lang).trim_end())?;
        Ok(())
    }

    fn list_moves(&mut self, state: &G, legal: &[G::Action]) -> Result<(), CliError> {
        if legal.len() <= 24 {
            let notations: Vec<String> = legal.iter().map(ToString::to_string).collect();
            let width = notations.iter().map(|n| n.chars().count()).max().unwrap_or(0);
            for (i, (action, notation)) in legal.iter().zip(&notations).enumerate() {
                let described = state.describe_action(action, self.lang);
                if described == *notation {
                    writeln!(self.out, "  {:>2}) {notation}", i + 1)?;
                } else {
                    writeln!(self.out, "  {:>2}) {notation:<width$}   {described}", i + 1)?;
                }
            }
        } else {
            let cells: Vec<String> =
                legal.iter().enumerate().map(|(i, a)| format!("{:>3}) {}", i + 1, a)).collect();
            let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0) + 2;
            let per_row = (78 / width).max(1);
            for row in cells.chunks(per_row) {
                let line: String = row.iter().map(|c| format!("{c:<width$}")).collect();
                writeln!(self.out, "{}", line.trim_end())?;
            }
        }
        Ok(())
    }

    fn human_move(&mut self, seat: Seat) -> Result<Option<Ending>, CliError> {
        if !self.pass_to(seat)? {
            return Ok(Some(Ending::InputEnded));
        }
        self.seen[seat] = self.lines[seat].len();
        let legal = self.session.state().legal_vec();
        self.show_view(seat)?;
        let state = self.session.state().clone();
        match self.prompt(seat, &state, &legal)? {
            Ok(i) => {
                self.session.apply_as(seat, &legal[i])?;
                self.note_move(&state, &legal[i], seat)?;
                Ok(None)
            }
            Err(ending) => Ok(Some(ending)),
        }
    }

    /// Asks the person at `seat` to choose one of `legal` (the legal actions
    /// of `state`): the index chosen, or how the game ends instead.
    fn prompt(
        &mut self,
        seat: Seat,
        state: &G,
        legal: &[G::Action],
    ) -> Result<Result<usize, Ending>, CliError> {
        let lang = self.lang;
        let who = self.who(seat);
        writeln!(self.out, "{}", say(lang, "your-move", &[("name", (&who).into())]))?;
        self.list_moves(state, legal)?;
        loop {
            let asked = say(lang, "move-ask", &[]);
            let Some(line) = self.ask_line(&asked)? else {
                return Ok(Err(Ending::InputEnded));
            };
            match parse_choice(state, legal, &line) {
                Choice::Move(i) => return Ok(Ok(i)),
                Choice::ListMoves => self.list_moves(state, legal)?,
                Choice::ShowView => self.show_view(seat)?,
                Choice::Quit => return Ok(Err(Ending::Quit)),
                Choice::Nothing => {}
                Choice::Invalid(message) => writeln!(self.out, "  {message}")?,
            }
        }
    }

    /// Shows how the game ended: the final position and the result, or why it
    /// stopped early.
    fn leave(&mut self, ending: Ending) -> Result<(), CliError> {
        let lang = self.lang;
        let actions = self.session.version();
        match ending {
            Ending::Over => {}
            Ending::Quit => {
                writeln!(self.out, "{}", say(lang, "game-left", &[("actions", actions.into())]))?;
                return Ok(());
            }
            Ending::InputEnded => {
                writeln!(self.out, "{}", say(lang, "input-ended", &[("actions", actions.into())]))?;
                return Ok(());
            }
        }
        if self.hot_seat {
            self.screen_for = None;
        }
        let viewer = self.live_viewer();
        writeln!(self.out)?;
        writeln!(
            self.out,
            "{}",
            G::describe_view(&self.session.view(viewer), &self.session.static_part(), lang).trim_end()
        )?;
        let Some(outcome) = self.session.state().outcome() else {
            return Ok(());
        };
        let names: Vec<String> = (0..self.seats()).map(|s| self.who(s)).collect();
        text::write_result(self.out, &outcome, &names, lang)?;
        Ok(())
    }
}

/// Runs of the same line shown once with a count, so a deal of hidden cards
/// reads "chance: draw ? (×12)" rather than twelve lines.
fn collapse(lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..].iter().take_while(|l| **l == lines[i]).count();
        out.push(if run > 1 { format!("{} (×{run})", lines[i]) } else { lines[i].clone() });
        i += run;
    }
    out
}

/// Reads a human's answer: `#N` is always the N-th listed move; the notation
/// of a legal move comes next, so a game whose notation is a number keeps
/// it; a plain number then picks from the list.
fn parse_choice<G: Game>(state: &G, legal: &[G::Action], input: &str) -> Choice {
    let typed = input.trim();
    if typed.is_empty() {
        return Choice::Nothing;
    }
    let number = |digits: &str| digits.parse::<usize>().ok().filter(|n| (1..=legal.len()).contains(n));
    if let Some(digits) = typed.strip_prefix('#') {
        return match number(digits) {
            Some(n) => Choice::Move(n - 1),
            None => Choice::Invalid(format!("choose a number from 1 to {}", legal.len())),
        };
    }
    let parsed = state.parse_action(typed);
    if let Ok(action) = &parsed
        && let Some(i) = legal.iter().position(|a| a == action)
    {
        return Choice::Move(i);
    }
    if let Some(n) = number(typed) {
        return Choice::Move(n - 1);
    }
    match typed.to_ascii_lowercase().as_str() {
        "help" | "?" | "moves" | "list" => return Choice::ListMoves,
        "view" | "board" | "show" => return Choice::ShowView,
        "quit" | "q" | "exit" => return Choice::Quit,
        _ => {}
    }
    match parsed {
        Ok(action) => Choice::Invalid(format!("'{action}' is not legal now (type help for the list)")),
        Err(e) => Choice::Invalid(format!("{e} (type help for the list)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_conformance::kuhn::{Kuhn, KuhnAction};

    fn dealt() -> Kuhn {
        let mut state = Kuhn::new(&Default::default()).unwrap();
        state.apply(&KuhnAction::Deal { card: 0 }).unwrap();
        state.apply(&KuhnAction::Deal { card: 2 }).unwrap();
        state
    }

    #[test]
    fn answers_pick_moves_by_notation_number_or_hash() {
        let state = dealt();
        let legal = state.legal_vec();
        assert_eq!(parse_choice(&state, &legal, " bet "), Choice::Move(1));
        assert_eq!(parse_choice(&state, &legal, "1"), Choice::Move(0));
        assert_eq!(parse_choice(&state, &legal, "#2"), Choice::Move(1));
        assert_eq!(parse_choice(&state, &legal, "quit"), Choice::Quit);
        assert_eq!(parse_choice(&state, &legal, ""), Choice::Nothing);
        assert!(matches!(parse_choice(&state, &legal, "3"), Choice::Invalid(_)));
        assert!(matches!(parse_choice(&state, &legal, "#0"), Choice::Invalid(_)));
    }

    #[test]
    fn repeated_lines_collapse_with_a_count() {
        let lines: Vec<String> = ["a", "b", "b", "b", "a"].iter().map(|s| s.to_string()).collect();
        assert_eq!(collapse(&lines), ["a", "b (×3)", "a"]);
        assert!(collapse(&[]).is_empty());
    }

    #[test]
    fn a_parsable_but_illegal_move_says_so() {
        let state = dealt();
        let legal = state.legal_vec();
        match parse_choice(&state, &legal, "fold") {
            Choice::Invalid(message) => assert!(message.contains("not legal"), "{message}"),
            other => panic!("{other:?}"),
        }
    }
}
