//! The log people read: the choice of the first leader, each stage dealt,
//! each rider's turn as one entry (the cards drawn before the play, the
//! play with what it settled, the refill, and the end of the stage when the
//! turn ends it), and each Steigung window's result.
//!
//! A card drawn is named only in the drawer's own log; everyone else learns
//! how many. A pass in a Steigung window adds nothing to anyone's log, the
//! rider's own included, so that no log shows who answered before the
//! window closed: its result is one entry, the same for everyone.

use crate::words::{say, say_into};
use crate::{
    action::{Action, Play},
    card::Card,
    game::Ausreisser,
    game::settle,
    table::{HAND_SIZE, Phase},
    view::{Cards, hand_text},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Lang, Logged, Seat, Viewer, words::Arg};
use std::fmt::Write as _;

/// An entry's event; on the wire an object whose `kind` names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// Chance: choosing the first leader, every card drawn face up in
    /// order (ties draw again); `leader` once found.
    Choose { draws: Vec<FaceUp>, leader: Option<Seat> },
    /// Chance: a stage dealt (`stage` counted from 0); `leader` holds the
    /// yellow jersey and plays first. `hand`: for a seat, the cards dealt to
    /// it (nobody else's).
    Deal {
        stage: u8,
        leader: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        hand: Option<Hand>,
    },
    /// A rider's turn.
    Turn(Turn),
    /// A Steigung window closed: `laid_by` laid a Steigung on the pile of
    /// `leader`, or nobody did (`None`).
    Window { leader: Seat, laid_by: Option<Seat> },
}

/// A card drawn face up while choosing the first leader (a special card is
/// laid aside and the rider draws again).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FaceUp {
    pub seat: Seat,
    pub card: Card,
}

/// The cards dealt to `seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Hand {
    pub seat: Seat,
    pub cards: Cards,
}

/// A rider's turn: from the first card drawn (or the play, when the pile is
/// empty) to the end of the refill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Turn {
    pub seat: Seat,
    /// Drawn before the play: cards owed for a Steigung laid out of turn,
    /// the turn's card, more while the hand held no speed card.
    pub drew: Drawn,
    /// `None` until played (and for good when the stage ended before).
    pub play: Option<Ride>,
    /// Drawn after the play to refill the hand; a Gegenwind drawn then goes
    /// on the play (`play.laid`), not in here.
    pub refill: Drawn,
    /// The stage this turn ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<StageEnd>,
}

/// Cards drawn: how many, and which, in the drawer's own log only.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Drawn {
    pub count: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<Card>,
}

/// A play: its cards (Gegenwinds laid on it in the refill included), and
/// what it settled once the hand was refilled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Ride {
    pub cards: Play,
    /// Of its Gegenwinds, those drawn in the refill and laid on it.
    pub laid: u8,
    /// `None` while the hand is being refilled.
    pub settled: Option<Settlement>,
}

/// What a play settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Settlement {
    /// The speed ridden, after the cap.
    pub speed: u8,
    /// The tempo it rode against (0 before the stage's first play).
    pub tempo: u8,
    /// A Steigung was in force, or laid with this play.
    pub uphill: bool,
    pub lead: Lead,
    /// Penalty chips gained (positive) or handed back (negative).
    pub penalty: i32,
    /// The rider's chips afterwards.
    pub chips: u16,
}

/// The play and the yellow jersey.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Lead {
    /// The jersey holder played and set the tempo.
    SetsTempo,
    /// The rider took the lead.
    Takes,
    /// The rider rode behind.
    None,
}

/// The end of a stage: per seat its points for the stage (+1 for the
/// jersey, minus the chips otherwise) and the series totals; `winners`
/// (sharing the highest total) once the series is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct StageEnd {
    /// Counted from 0.
    pub stage: u8,
    pub jersey: Seat,
    pub scores: Vec<i32>,
    pub totals: Vec<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<Seat>>,
}

impl Turn {
    fn new(seat: Seat) -> Turn {
        Turn { seat, drew: Drawn::default(), play: None, refill: Drawn::default(), ended: None }
    }
}

impl Drawn {
    fn add(&mut self, card: Card, seen: bool) {
        self.count += 1;
        if seen {
            self.cards.push(card);
        }
    }
}

/// The viewer's last event when it is the turn of `seat` still waiting for
/// what `open` asks of it; otherwise a fresh turn in `fresh`.
fn turn_of<'a>(
    last: Option<&'a mut Event>,
    fresh: &'a mut Option<Turn>,
    seat: Seat,
    open: impl Fn(&Turn) -> bool,
) -> &'a mut Turn {
    match last {
        Some(Event::Turn(turn)) if turn.seat == seat && turn.ended.is_none() && open(turn) => turn,
        _ => fresh.insert(Turn::new(seat)),
    }
}

/// A new entry for a fresh turn, or the fold into the last one.
fn logged(fresh: Option<Turn>) -> Logged<Event> {
    fresh.map_or(Logged::Folded, |turn| Logged::New(Event::Turn(turn)))
}

impl Ausreisser {
    pub(crate) fn event_of(
        &self,
        action: &Action,
        after: &Ausreisser,
        viewer: Viewer,
        last: Option<&mut Event>,
    ) -> Logged<Event> {
        let t = &self.table;
        let mover = usize::from(t.mover);
        let own = viewer == Viewer::Seat(mover);
        let ended = self.stage_end(after);
        let mut fresh = None;
        match (*action, t.phase) {
            (Action::Draw { card }, Phase::Choose { seat }) => {
                let draw = FaceUp { seat: usize::from(seat), card };
                let leader = (!matches!(after.table.phase, Phase::Choose { .. }))
                    .then_some(usize::from(after.table.leader));
                match last {
                    Some(Event::Choose { draws, leader: found @ None }) => {
                        draws.push(draw);
                        *found = leader;
                        Logged::Folded
                    }
                    _ => Logged::New(Event::Choose { draws: vec![draw], leader }),
                }
            }
            (Action::Draw { card }, Phase::Deal { dealt }) => {
                let to = usize::from((t.leader + dealt % t.players) % t.players);
                let add = |hand: &mut Option<Hand>| {
                    if let Some(hand) = hand.as_mut().filter(|hand| hand.seat == to) {
                        *hand.cards.entry(card).or_default() += 1;
                    }
                };
                match last {
                    Some(Event::Deal { hand, .. }) if dealt > 0 => {
                        add(hand);
                        Logged::Folded
                    }
                    _ => {
                        let mut hand = match viewer {
                            Viewer::Seat(seat) if seat < self.table.seats() => {
                                Some(Hand { seat, cards: Cards::new() })
                            }
                            _ => None,
                        };
                        add(&mut hand);
                        Logged::New(Event::Deal { stage: t.stage, leader: usize::from(t.leader), hand })
                    }
                }
            }
            (Action::Draw { card }, Phase::Draw) => {
                let turn = turn_of(last, &mut fresh, mover, |turn| turn.play.is_none());
                turn.drew.add(card, own);
                turn.ended = ended;
                logged(fresh)
            }
            (Action::Play(play), Phase::Play) => {
                let turn = turn_of(last, &mut fresh, mover, |turn| turn.play.is_none());
                let settled = (after.table.phase != Phase::Refill).then(|| self.settlement(&play));
                turn.play = Some(Ride { cards: play, laid: 0, settled });
                turn.ended = ended;
                logged(fresh)
            }
            (Action::Draw { card }, Phase::Refill) => {
                let Some(mut play) = t.current else { return Logged::Unseen };
                let turn = turn_of(last, &mut fresh, mover, |turn| {
                    turn.play.as_ref().is_some_and(|ride| ride.settled.is_none())
                });
                let ride = turn.play.get_or_insert(Ride { cards: play, laid: 0, settled: None });
                if card == Card::WIND {
                    // "If any Gegenwind cards are drawn in replenishment
                    // they must be laid down too."
                    play.winds += 1;
                    ride.laid += 1;
                } else {
                    turn.refill.add(card, own);
                }
                let ride = turn.play.as_mut().expect("the ride was just set");
                ride.cards = play;
                ride.settled = (after.table.phase != Phase::Refill).then(|| self.settlement(&play));
                turn.ended = ended;
                logged(fresh)
            }
            (Action::Hill {}, Phase::Window) => Logged::New(Event::Window {
                leader: usize::from(t.leader),
                laid_by: Some(usize::from(self.asked)),
            }),
            // Only the last pass tells anything, and the same to everyone:
            // the window closed with no Steigung laid.
            (Action::Pass {}, Phase::Window) if self.still_to_answer().len() == 1 => {
                Logged::New(Event::Window { leader: usize::from(t.leader), laid_by: None })
            }
            _ => Logged::Unseen,
        }
    }

    /// What the mover's `play` settles, told against the table before it.
    fn settlement(&self, play: &Play) -> Settlement {
        let t = &self.table;
        let settled = settle(t, play);
        let before = t.chips[usize::from(t.mover)];
        let lead = if t.mover == t.leader {
            Lead::SetsTempo
        } else if settled.leader == t.mover {
            Lead::Takes
        } else {
            Lead::None
        };
        Settlement {
            speed: settled.value,
            tempo: t.tempo,
            uphill: t.hill || play.hill,
            lead,
            penalty: i32::from(settled.chips) - i32::from(before),
            chips: settled.chips,
        }
    }

    /// The stage the action from this state to `after` ended, if it did.
    fn stage_end(&self, after: &Ausreisser) -> Option<StageEnd> {
        let (t, a) = (&self.table, &after.table);
        if a.stage == t.stage {
            return None;
        }
        let seats = self.table.seats();
        let totals = a.totals[..seats].to_vec();
        let winners = (a.phase == Phase::Over).then(|| {
            let best = totals.iter().copied().max().unwrap_or_default();
            (0..seats).filter(|&s| totals[s] == best).collect()
        });
        Some(StageEnd {
            stage: t.stage,
            jersey: usize::from(a.leader),
            scores: a.last_scores.map(|scores| scores[..seats].to_vec()).unwrap_or_default(),
            totals,
            winners,
        })
    }
}

/// An event in words: "Seat 2 draws a card and plays 45 with 1× Spurt:
/// 47 km/h against 44, takes the lead; refills with 2 cards".
pub fn describe(event: &Event, names: &[String], lang: Lang) -> String {
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    match event {
        Event::Choose { draws, leader } => {
            let mut said = String::new();
            for (i, FaceUp { seat, card }) in draws.iter().enumerate() {
                if i > 0 {
                    said.push_str(", ");
                }
                let key = if card.is_special() { "log-choose-draw-aside" } else { "log-choose-draw" };
                let card = card.name(lang);
                say_into(&mut said, lang, key, &[("name", name(*seat).into()), ("card", (&card).into())]);
            }
            match leader {
                Some(leader) => say(
                    lang,
                    "log-choosing-leader",
                    &[("draws", (&said).into()), ("leader", name(*leader).into())],
                ),
                None => say(lang, "log-choosing", &[("draws", (&said).into())]),
            }
        }
        Event::Deal { stage, leader, hand } => {
            let deal = [
                ("stage", (i64::from(*stage) + 1).into()),
                ("leader", name(*leader).into()),
                ("cards", HAND_SIZE.into()),
            ];
            match hand {
                Some(Hand { seat, cards }) => {
                    let hand = hand_text(cards);
                    let [stage, leader, size] = deal;
                    let args = [stage, leader, size, ("name", name(*seat).into()), ("hand", (&hand).into())];
                    say(lang, "log-deal-hand", &args)
                }
                None => say(lang, "log-deal", &deal),
            }
        }
        Event::Turn(turn) => describe_turn(turn, names, lang),
        Event::Window { leader, laid_by: Some(seat) } => {
            say(lang, "log-window-hill", &[("name", name(*seat).into()), ("leader", name(*leader).into())])
        }
        Event::Window { laid_by: None, .. } => say(lang, "log-window-none", &[]),
    }
}

fn describe_turn(turn: &Turn, names: &[String], lang: Lang) -> String {
    let name = ("name", Arg::from(names.get(turn.seat).map_or("?", String::as_str)));
    let drew = turn.drew.count > 0;
    let drawn = if drew { drawn_text(&turn.drew, lang) } else { String::new() };
    let drawn = ("drawn", Arg::from(&drawn));
    let mut text = String::new();
    match &turn.play {
        Some(ride) => {
            let mut play = ride.cards.describe(lang);
            if ride.laid > 0 {
                play.push(' ');
                say_into(&mut play, lang, "log-laid", &[("n", ride.laid.into())]);
            }
            if let Some(settled) = &ride.settled {
                settlement_into(&mut play, settled, lang);
            }
            let play = ("play", Arg::from(&play));
            if drew {
                say_into(&mut text, lang, "log-turn-draws-plays", &[name, drawn, play]);
            } else {
                say_into(&mut text, lang, "log-turn-plays", &[name, play]);
            }
            if turn.refill.count > 0 {
                let refill = drawn_text(&turn.refill, lang);
                text.push_str("; ");
                say_into(&mut text, lang, "log-refills", &[("drawn", (&refill).into())]);
            }
        }
        None => {
            let key = match (drew, turn.ended.is_some()) {
                (true, true) => "log-turn-draws-cannot-play",
                (true, false) => "log-turn-draws",
                (false, true) => "log-turn-cannot-play",
                (false, false) => "log-turn",
            };
            say_into(&mut text, lang, key, &[name, drawn]);
        }
    }
    if let Some(end) = &turn.ended {
        text.push_str(". ");
        stage_end_into(&mut text, end, names, lang);
    }
    text
}

/// "45, Spurt (+2)" for the drawer, "2 cards" for everyone else.
fn drawn_text(drawn: &Drawn, lang: Lang) -> String {
    let mut text = String::new();
    if drawn.cards.len() == usize::from(drawn.count) {
        for (i, card) in drawn.cards.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            card.name_into(&mut text, lang);
        }
    } else {
        say_into(&mut text, lang, "cards-drawn", &[("n", drawn.count.into())]);
    }
    text
}

/// ": 47 km/h against 44, takes the lead".
fn settlement_into(out: &mut String, settled: &Settlement, lang: Lang) {
    let Settlement { speed, tempo, uphill, lead, penalty, chips } = *settled;
    let ridden = match (tempo > 0, uphill) {
        (false, false) => "settled",
        (false, true) => "settled-uphill",
        (true, false) => "settled-against",
        (true, true) => "settled-against-uphill",
    };
    out.push_str(": ");
    say_into(out, lang, ridden, &[("speed", speed.into()), ("tempo", tempo.into())]);
    out.push_str(", ");
    let chips = ("chips", Arg::from(chips));
    match lead {
        Lead::SetsTempo => say_into(out, lang, "lead-sets-tempo", &[]),
        Lead::Takes => say_into(out, lang, "lead-takes", &[]),
        Lead::None if penalty > 0 => {
            say_into(out, lang, "penalty-gained", &[("penalty", penalty.into()), chips])
        }
        Lead::None if penalty < 0 => {
            say_into(out, lang, "penalty-handed-back", &[("penalty", (-penalty).into()), chips]);
        }
        Lead::None if speed < tempo => say_into(out, lang, "wind-shadow", &[]),
        Lead::None if speed == tempo => say_into(out, lang, "holds-tempo", &[]),
        Lead::None => say_into(out, lang, "no-lead-uphill", &[]),
    }
}

/// "Stage 1 is over: Seat 1 +1 (yellow jersey), Seat 2 −3; totals: …".
fn stage_end_into(out: &mut String, end: &StageEnd, names: &[String], lang: Lang) {
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    let mut scores = String::new();
    for (seat, &score) in end.scores.iter().enumerate() {
        if seat > 0 {
            scores.push_str(", ");
        }
        let points = signed(score);
        if seat == end.jersey {
            let args = [("name", name(seat).into()), ("points", (&points).into())];
            say_into(&mut scores, lang, "stage-score-jersey", &args);
        } else {
            let _ = write!(scores, "{} {points}", name(seat));
        }
    }
    let totals: Vec<String> = end
        .totals
        .iter()
        .enumerate()
        .map(|(seat, &total)| format!("{} {}", name(seat), signed(total)))
        .collect();
    let totals = totals.join(", ");
    let args = [
        ("stage", (i64::from(end.stage) + 1).into()),
        ("scores", (&scores).into()),
        ("totals", (&totals).into()),
    ];
    say_into(out, lang, "stage-over", &args);
    if let Some(winners) = &end.winners {
        let best = winners.first().map_or(0, |&seat| end.totals[seat]);
        // "Seat 1 and Seat 2 and Seat 3".
        let mut who = winners.first().map_or_else(String::new, |&seat| name(seat).to_string());
        for &seat in winners.iter().skip(1) {
            who = say(lang, "names-and", &[("first", (&who).into()), ("second", name(seat).into())]);
        }
        out.push_str(". ");
        let best = signed(best);
        let args = [("names", (&who).into()), ("winners", winners.len().into()), ("points", (&best).into())];
        say_into(out, lang, "series-over", &args);
    }
}

/// Points with their sign: "+1", "0", "−3".
fn signed(points: i32) -> String {
    match points {
        0 => "0".into(),
        p if p > 0 => format!("+{p}"),
        p => format!("−{}", -p),
    }
}
