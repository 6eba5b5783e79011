//! What one viewer sees of a series, and how it is drawn in the terminal.
//!
//! The view is the state written for its readers (people, boards, bots):
//! one entry per rider at the table, cards by their rulebook names (speed
//! cards by their value, `hill`, `wind`, `spurt`), the phase as a word with
//! only the fields it has, and nothing of another rider's hand. It is a
//! complete information state: [`View::table`] gives back the public table
//! it was made from, and the resampler deals the hidden cards around it.
//!
//! Field by field, with the JSON shapes, in `docs/api.md` ("Der Ausreisser").

use crate::words::{say, say_into};
use crate::{
    action::{Action, Play},
    card::{Card, Counts, KINDS, MIN_SPEED},
    game::Ausreisser,
    options::Options,
    table::{MAX_PLAYERS, Phase, Played, Table},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Lang, Seat, words::Arg};
use std::{borrow::Cow, collections::BTreeMap, fmt::Write};

/// Cards by kind with how many of each (kinds without a card left out), in
/// the order of the kinds: speed cards 39 to 50, then `hill`, `wind`,
/// `spurt`. On the wire an object such as `{"41": 2, "47": 1, "spurt": 1}`.
pub type Cards = BTreeMap<Card, u8>;

/// The cards of `counts` by kind.
pub fn cards_of(counts: &Counts) -> Cards {
    (0..KINDS).filter(|&i| counts[i] > 0).map(|i| (Card::from_index(i), counts[i])).collect()
}

/// The counts per kind of `cards`.
pub fn counts_of(cards: &Cards) -> Counts {
    let mut counts = [0; KINDS];
    for (card, &count) in cards {
        counts[card.index()] = count;
    }
    counts
}

/// A play on a rider's pile: the speed card with what went with it, and the
/// speed it counted for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Top {
    /// The number on the speed card (39 to 50).
    pub card: u8,
    /// Spurts played with it (+2 each).
    pub spurts: u8,
    /// Gegenwinds played with it or laid on it in the refill (−2 each).
    pub winds: u8,
    /// True when the leader added a Steigung to it.
    pub hill: bool,
    /// The speed ridden, after the cap (52 on the flat, 50 under a hill).
    pub speed: u8,
}

impl Top {
    fn of(played: Played) -> Top {
        let Played { play, value } = played;
        Top { card: play.speed, spurts: play.spurts, winds: play.winds, hill: play.hill, speed: value }
    }

    /// The cards of the play, without the speed they counted for.
    pub fn play(&self) -> Play {
        Play { speed: self.card, spurts: self.spurts, winds: self.winds, hill: self.hill }
    }

    fn played(&self) -> Played {
        Played { play: self.play(), value: self.speed }
    }
}

/// One rider at the table, as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Rider {
    pub seat: Seat,
    /// Cards in hand.
    pub cards: u8,
    /// Penalty chips (minutes) in this stage.
    pub chips: u16,
    /// Game points of the series so far.
    pub total: i32,
    /// Game points of the last finished stage, `None` before one is finished.
    pub last_stage: Option<i32>,
    /// The top of the rider's pile: the last play of this stage, `None`
    /// before the first.
    pub top: Option<Top>,
    /// Cards the rider draws at the start of the next turn, one for each
    /// Steigung laid out of turn.
    pub owed: u8,
    /// Cards received since the rider's last play of this stage, the refill
    /// after it not counted. Every Gegenwind held goes down with the next
    /// play, and one drawn in the refill at once, so only these can be
    /// Gegenwind (the table knows that much of every hand).
    pub drawn_since_play: u8,
}

/// What the series waits for; on the wire an object whose `kind` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PhaseView {
    /// Choosing the first leader: `seat` draws a card face up (chance).
    /// `contenders` are still in the running (fewer after a tie);
    /// `drawn[s]` is the card seat `s` drew face up in this round, if any.
    Choose { seat: Seat, contenders: Vec<Seat>, drawn: Vec<Option<Card>> },
    /// Dealing the opening hands one card at a time from the leader:
    /// `dealt` so far, the next to `seat` (chance).
    Deal { dealt: u8, seat: Seat },
    /// `seat` draws (chance): first any cards owed, then the turn's card
    /// (`turn_card`: drawn already), then one at a time while the hand holds
    /// no speed card.
    Draw { seat: Seat, turn_card: bool },
    /// `seat` plays.
    Play { seat: Seat },
    /// `seat` refills the hand to six after `play` (chance); a Gegenwind
    /// drawn now is laid on the play at once. The play's `speed` is what it
    /// rides so far; chips, tempo and lead are settled after the refill.
    Refill { seat: Seat, play: Top },
    /// A Steigung window after the play of `seat`: every rider but the
    /// leader may lay a Steigung on the leader's pile. Who has answered is
    /// not shown; a rider's own view says whether it is still asked.
    Window { seat: Seat },
    /// The series is over: `winners` share the highest `total` (equal
    /// totals share the win; the rules know no tie-break).
    Over { winners: Vec<Seat>, total: i32 },
}

/// What one viewer sees of a series: every rider's public facts, the road,
/// and for a seat its own hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct View {
    /// The seat looking, `None` for a spectator.
    pub viewer: Option<Seat>,
    pub options: Options,
    /// The stage being ridden, counted from 0 (once over: the last).
    pub stage: u8,
    pub phase: PhaseView,
    /// The holder of the yellow jersey, `None` while the first leader is
    /// being chosen.
    pub leader: Option<Seat>,
    /// The tempo: the speed of the leader's last play, `None` before the
    /// first play of the stage.
    pub tempo: Option<u8>,
    /// True while a Steigung lies (until the leader's next turn).
    pub hill: bool,
    /// Cards left in the pile.
    pub pile: u8,
    /// Every card played this stage (while the first leader is chosen: the
    /// cards drawn face up).
    pub played: Cards,
    /// Every rider, by seat.
    pub riders: Vec<Rider>,
    /// The viewer's own hand; `None` for a spectator.
    pub hand: Option<Cards>,
    /// True while a Steigung window is open and the viewer has still to
    /// answer. Every rider but the leader is asked in every window, so this
    /// tells nothing about hands.
    pub asked: bool,
}

impl View {
    /// What `seat` (`None`: a spectator) sees of `game`.
    pub fn of(game: &Ausreisser, seat: Option<Seat>) -> View {
        let t = game.table();
        let n = t.seats();
        let seat_of = |s: u8| usize::from(s);
        let phase = match t.phase {
            Phase::Choose { seat } => PhaseView::Choose {
                seat: seat_of(seat),
                contenders: (0..n).filter(|&s| t.contenders & (1 << s) != 0).collect(),
                drawn: t.faceup[..n].to_vec(),
            },
            Phase::Deal { dealt } => {
                PhaseView::Deal { dealt, seat: seat_of((t.leader + dealt % t.players) % t.players) }
            }
            Phase::Draw => PhaseView::Draw { seat: seat_of(t.mover), turn_card: t.turn_drawn },
            Phase::Play => PhaseView::Play { seat: seat_of(t.mover) },
            Phase::Refill => {
                let play = t.current.unwrap_or(Play { speed: MIN_SPEED, spurts: 0, winds: 0, hill: false });
                let value = play.capped_speed(t.hill || play.hill);
                PhaseView::Refill { seat: seat_of(t.mover), play: Top::of(Played { play, value }) }
            }
            Phase::Window => PhaseView::Window { seat: seat_of(t.mover) },
            Phase::Over => {
                let total = t.totals[..n].iter().copied().max().unwrap_or(0);
                PhaseView::Over { winners: (0..n).filter(|&s| t.totals[s] == total).collect(), total }
            }
        };
        let riders = (0..n)
            .map(|s| Rider {
                seat: s,
                cards: t.hand_len[s],
                chips: t.chips[s],
                total: t.totals[s],
                last_stage: t.last_scores.map(|scores| scores[s]),
                top: t.tops[s].map(Top::of),
                owed: t.owed[s],
                drawn_since_play: t.wind_room[s],
            })
            .collect();
        View {
            viewer: seat,
            options: game.options,
            stage: t.stage.min(game.options.stages.saturating_sub(1)),
            phase,
            leader: (!matches!(t.phase, Phase::Choose { .. })).then_some(seat_of(t.leader)),
            tempo: (t.tempo > 0).then_some(t.tempo),
            hill: t.hill,
            pile: t.pile_len,
            played: cards_of(&t.discards),
            riders,
            hand: seat.map(|s| cards_of(game.hand(s))),
            asked: seat.is_some_and(|s| game.still_to_answer().contains(&s)),
        }
    }

    /// The public table this view shows, for the resampler and the bot.
    /// Never panics: a view that no game can show (read from outside) gives
    /// some table, with seats beyond the riders folded onto the last one.
    pub fn table(&self) -> Table {
        let players = self.riders.len().clamp(1, MAX_PLAYERS) as u8;
        let seat = |s: Seat| s.min(usize::from(players) - 1) as u8;
        let mut t = Table {
            players,
            stage: self.stage,
            phase: Phase::Over,
            mover: 0,
            leader: self.leader.map_or(0, seat),
            tempo: self.tempo.unwrap_or(0),
            hill: self.hill,
            turn_drawn: false,
            pile_len: self.pile,
            hand_len: [0; MAX_PLAYERS],
            chips: [0; MAX_PLAYERS],
            owed: [0; MAX_PLAYERS],
            wind_room: [0; MAX_PLAYERS],
            discards: counts_of(&self.played),
            tops: [None; MAX_PLAYERS],
            current: None,
            totals: [0; MAX_PLAYERS],
            last_scores: None,
            faceup: [None; MAX_PLAYERS],
            contenders: 0,
        };
        for (s, rider) in self.riders.iter().take(MAX_PLAYERS).enumerate() {
            t.hand_len[s] = rider.cards;
            t.chips[s] = rider.chips;
            t.totals[s] = rider.total;
            t.tops[s] = rider.top.map(|top| top.played());
            t.owed[s] = rider.owed;
            t.wind_room[s] = rider.drawn_since_play;
            if let Some(points) = rider.last_stage {
                t.last_scores.get_or_insert([0; MAX_PLAYERS])[s] = points;
            }
        }
        match &self.phase {
            PhaseView::Choose { seat: s, contenders, drawn } => {
                t.phase = Phase::Choose { seat: seat(*s) };
                t.contenders = contenders.iter().fold(0, |bits, &c| bits | (1 << seat(c)));
                for (faceup, card) in t.faceup.iter_mut().zip(drawn) {
                    *faceup = *card;
                }
            }
            PhaseView::Deal { dealt, .. } => {
                t.phase = Phase::Deal { dealt: *dealt };
                t.mover = t.leader;
            }
            PhaseView::Draw { seat: s, turn_card } => {
                t.phase = Phase::Draw;
                t.mover = seat(*s);
                t.turn_drawn = *turn_card;
            }
            PhaseView::Play { seat: s } => {
                t.phase = Phase::Play;
                t.mover = seat(*s);
                t.turn_drawn = true;
            }
            PhaseView::Refill { seat: s, play } => {
                t.phase = Phase::Refill;
                t.mover = seat(*s);
                t.current = Some(play.play());
            }
            PhaseView::Window { seat: s } => {
                t.phase = Phase::Window;
                t.mover = seat(*s);
            }
            PhaseView::Over { .. } => {
                t.phase = Phase::Over;
                t.stage = self.stage.saturating_add(1);
            }
        }
        t
    }

    /// The seat whose turn it is (in a window: the rider who just played),
    /// `None` while choosing the first leader, dealing, or once over.
    pub fn mover(&self) -> Option<Seat> {
        match self.phase {
            PhaseView::Draw { seat, .. }
            | PhaseView::Play { seat }
            | PhaseView::Refill { seat, .. }
            | PhaseView::Window { seat } => Some(seat),
            _ => None,
        }
    }
}

/// A hand as people read it, lowest speed first, e.g.
/// `39 41 41 47 Steigung Spurt`.
pub fn hand_text(hand: &Cards) -> String {
    let words: Vec<String> =
        hand.iter().flat_map(|(card, &count)| (0..count).map(move |_| card.word())).collect();
    if words.is_empty() { "-".into() } else { words.join(" ") }
}

/// A play as its cards, e.g. `45 + Spurt + Gegenwind + Steigung`.
fn play_text(play: &Play) -> String {
    let mut cards = vec![play.speed.to_string()];
    cards.extend((0..play.spurts).map(|_| Card::SPURT.word()));
    cards.extend((0..play.winds).map(|_| Card::WIND.word()));
    if play.hill {
        cards.push(Card::HILL.word());
    }
    cards.join(" + ")
}

/// The table drawn for the terminal: stage, tempo, the riders with cards,
/// chips, totals and their last plays, then the viewer's hand. Each seat
/// is called `names[seat]`, or as `seat_name` calls it where `names` has no
/// name for it.
pub fn describe(view: &View, names: &[String], lang: Lang) -> String {
    let called = |seat: Seat| called(names, seat, lang);
    let o = &view.options;
    let mut out = String::new();
    let title = if o.special { "view-title" } else { "view-title-plain" };
    let stage = i64::from(view.stage) + 1;
    say_line(&mut out, lang, title, &[("stage", stage.into()), ("stages", o.stages.into())]);
    match &view.phase {
        PhaseView::Choose { seat, .. } => {
            say_line(&mut out, lang, "view-choosing", &[("name", (&*called(*seat)).into())]);
        }
        PhaseView::Over { winners, total } => {
            let winners: Vec<Cow<str>> = winners.iter().map(|&s| called(s)).collect();
            let (names, total) = (winners.join(", "), format!("{total:+}"));
            let args = [("names", (&names).into()), ("total", (&total).into())];
            say_line(&mut out, lang, "view-over", &args);
        }
        _ => {
            let tempo = view.tempo.map_or(Arg::Str("-"), Arg::from);
            let road = if view.hill { "view-uphill" } else { "view-flat" };
            say_line(&mut out, lang, road, &[("tempo", tempo), ("pile", view.pile.into())]);
        }
    }
    // A long name widens the column rather than shifting the columns after it.
    let width = view.riders.iter().map(|r| called(r.seat).chars().count()).max().unwrap_or(0).max(8);
    let column = |key: &str| say(lang, key, &[]);
    let _ = writeln!(
        out,
        "   {:<width$} {:>5} {:>5} {:>6}  {}",
        column("column-rider"),
        column("column-cards"),
        column("column-chips"),
        column("column-total"),
        column("column-last-play")
    );
    for rider in &view.riders {
        let s = rider.seat;
        let marker = match view.phase {
            PhaseView::Draw { seat, .. } | PhaseView::Play { seat } | PhaseView::Refill { seat, .. }
                if seat == s =>
            {
                '>'
            }
            PhaseView::Choose { seat, .. } if seat == s => '>',
            _ => ' ',
        };
        let last = match (&view.phase, rider.top) {
            (PhaseView::Choose { drawn, .. }, _) => {
                drawn.get(s).copied().flatten().map_or("-".into(), Card::word)
            }
            (_, Some(top)) => format!("{} = {}", play_text(&top.play()), top.speed),
            _ => "-".into(),
        };
        let owed = if rider.owed > 0 { format!(" +{}", rider.owed) } else { String::new() };
        let _ = write!(
            out,
            "{marker}  {:<width$} {:>5} {:>5} {:>6}  {last}",
            called(s),
            format!("{}{owed}", rider.cards),
            rider.chips,
            rider.total,
        );
        if view.leader == Some(s) {
            out.push(' ');
            say_into(&mut out, lang, "yellow-jersey", &[]);
        }
        if view.viewer == Some(s) {
            out.push(' ');
            say_into(&mut out, lang, "you", &[]);
        }
        out.push('\n');
    }
    let last: Vec<String> =
        view.riders.iter().filter_map(|r| r.last_stage).map(|p| format!("{p:+}")).collect();
    if !last.is_empty() {
        say_line(&mut out, lang, "view-last-stage", &[("points", (&last.join(" ")).into())]);
    }
    if let PhaseView::Window { .. } = view.phase {
        let holds = view.hand.as_ref().is_some_and(|h| h.contains_key(&Card::HILL));
        let window = match (view.asked, holds) {
            (true, true) => "view-window-may",
            (true, false) => "view-window-no-hill",
            (false, _) => "view-window-open",
        };
        say_line(&mut out, lang, window, &[]);
    }
    if let PhaseView::Refill { play, .. } = &view.phase {
        let text = play_text(&play.play());
        let args = [("play", (&text).into()), ("speed", play.speed.into())];
        say_line(&mut out, lang, "view-being-played", &args);
    }
    let played: Vec<String> =
        view.played.iter().map(|(card, count)| format!("{}×{count}", card.word())).collect();
    if !played.is_empty() && !matches!(view.phase, PhaseView::Choose { .. }) {
        say_line(&mut out, lang, "view-played", &[("cards", (&played.join(" ")).into())]);
    }
    if let Some(hand) = &view.hand {
        say_line(&mut out, lang, "view-hand", &[("hand", (&hand_text(hand)).into())]);
    }
    out
}

/// The message `key` as a line of `out`.
fn say_line(out: &mut String, lang: Lang, key: &str, args: &[(&str, Arg)]) {
    say_into(out, lang, key, args);
    out.push('\n');
}

/// A seat by `names[seat]`, or as `seat_name` calls it where `names` has no
/// name for it.
fn called(names: &[String], seat: Seat, lang: Lang) -> Cow<'_, str> {
    names.get(seat).map_or_else(|| Cow::Owned(seat_name(seat, lang)), |name| Cow::Borrowed(name.as_str()))
}

fn seat_name(seat: Seat, lang: Lang) -> String {
    say(lang, "rider", &[("n", (seat + 1).into())])
}

/// An action in words. A card drawn in secret is not named. The seat is
/// called `names[seat]` (as the log calls it), or as `seat_name` calls
/// it where `names` has no name for it.
pub fn describe_action(state: &Ausreisser, action: &Action, names: &[String], lang: Lang) -> String {
    let t = state.table();
    match action {
        Action::Draw { card } => {
            let (who, public) = match t.phase {
                Phase::Choose { seat } => (usize::from(seat), true),
                Phase::Deal { dealt } => (usize::from((t.leader + dealt % t.players) % t.players), false),
                Phase::Refill => (usize::from(t.mover), *card == Card::WIND),
                _ => (usize::from(t.mover), false),
            };
            let who = called(names, who, lang);
            let name = ("name", Arg::from(&*who));
            if matches!(t.phase, Phase::Deal { .. }) {
                say(lang, "action-dealt", &[name])
            } else if public {
                say(lang, "action-draws-card", &[name, ("card", (&card.name(lang)).into())])
            } else {
                say(lang, "action-draws", &[name])
            }
        }
        // With the speed it rides where that is not the card's, so that a
        // person choosing among plays (and a board offering them) need not
        // know the Spurt, the Gegenwind or the cap.
        Action::Play(play) => {
            let who = called(names, usize::from(t.mover), lang);
            let described = play.describe(lang);
            let args = [("name", Arg::from(&*who)), ("play", (&described).into())];
            match play.capped_speed(t.hill || play.hill) {
                speed if speed != play.speed => {
                    say(lang, "action-play-speed", &[args[0], args[1], ("speed", speed.into())])
                }
                _ => say(lang, "action-play", &args),
            }
        }
        Action::Hill {} => {
            let who = called(names, state.asked().unwrap_or(usize::from(t.mover)), lang);
            say(lang, "action-hill", &[("name", (&*who).into())])
        }
        Action::Pass {} => {
            let who = called(names, state.asked().unwrap_or(usize::from(t.mover)), lang);
            say(lang, "action-pass", &[("name", (&*who).into())])
        }
    }
}
