//! The log people read: the choice of the first leader, each stage dealt,
//! each rider's turn as one entry (the cards drawn before the play, the
//! play with what it settled, the refill, and the end of the stage when the
//! turn ends it), and each Steigung window's result.
//!
//! A card drawn is named only in the drawer's own log; everyone else learns
//! how many. A pass in a Steigung window adds nothing to anyone's log, the
//! rider's own included, so that no log shows who answered before the
//! window closed: its result is one entry, the same for everyone.

use crate::{
    Ausreisser,
    action::{Action, Play},
    card::Card,
    game::settle,
    table::{HAND_SIZE, Phase},
    view::{Cards, hand_text},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Lang, Logged, Seat, Viewer};

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
    let de = lang == Lang::De;
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    match event {
        Event::Choose { draws, leader } => {
            let draws: Vec<String> = draws
                .iter()
                .map(|FaceUp { seat, card }| {
                    let aside = if !card.is_special() {
                        ""
                    } else if de {
                        " (beiseitegelegt)"
                    } else {
                        " (laid aside)"
                    };
                    let verb = lang.tr("draws", "zieht");
                    format!("{} {verb} {}{aside}", name(*seat), card.name(lang))
                })
                .collect();
            let mut text = format!(
                "{}: {}",
                lang.tr("Choosing the first leader", "Wahl des ersten Spitzenreiters"),
                draws.join(", ")
            );
            if let Some(leader) = leader {
                text.push_str(&if de {
                    format!("; {} führt", name(*leader))
                } else {
                    format!("; {} leads", name(*leader))
                });
            }
            text
        }
        Event::Deal { stage, leader, hand } => {
            let mut text = if de {
                format!(
                    "Etappe {}: {} fährt im gelben Trikot voraus; {HAND_SIZE} Karten für jeden",
                    stage + 1,
                    name(*leader)
                )
            } else {
                format!(
                    "Stage {}: {} leads in the yellow jersey; {HAND_SIZE} cards to each rider",
                    stage + 1,
                    name(*leader)
                )
            };
            if let Some(Hand { seat, cards }) = hand {
                let verb = lang.tr("gets", "erhält");
                text.push_str(&format!(". {} {verb} {}", name(*seat), hand_text(cards)));
            }
            text
        }
        Event::Turn(turn) => describe_turn(turn, names, lang),
        Event::Window { leader, laid_by: Some(seat) } => {
            if de {
                format!("{} legt eine Steigung auf den Stapel von {}", name(*seat), name(*leader))
            } else {
                format!("{} lays a Steigung on {}'s pile", name(*seat), name(*leader))
            }
        }
        Event::Window { laid_by: None, .. } => {
            lang.tr("Nobody lays a Steigung", "Niemand legt eine Steigung").into()
        }
    }
}

fn describe_turn(turn: &Turn, names: &[String], lang: Lang) -> String {
    let de = lang == Lang::De;
    let mut text = names.get(turn.seat).map_or("?", String::as_str).to_string();
    if turn.drew.count > 0 {
        text.push(' ');
        text.push_str(lang.tr("draws", "zieht"));
        text.push(' ');
        text.push_str(&drawn_text(&turn.drew, lang));
    }
    match &turn.play {
        Some(ride) => {
            if turn.drew.count > 0 {
                text.push_str(lang.tr(" and", " und"));
            }
            text.push(' ');
            text.push_str(&ride.cards.describe(lang));
            if ride.laid > 0 {
                text.push_str(&if de {
                    format!(" ({}× Gegenwind beim Nachziehen gezogen und dazugelegt)", ride.laid)
                } else {
                    format!(" ({}× Gegenwind drawn in the refill and laid on it)", ride.laid)
                });
            }
            if let Some(settled) = &ride.settled {
                text.push_str(&settlement_text(settled, lang));
            }
            if turn.refill.count > 0 {
                text.push_str(lang.tr("; refills with ", "; zieht nach: "));
                text.push_str(&drawn_text(&turn.refill, lang));
            }
        }
        None if turn.ended.is_some() => text.push_str(lang.tr(" and cannot play", " und kann nicht spielen")),
        None => {}
    }
    if let Some(end) = &turn.ended {
        text.push_str(". ");
        text.push_str(&stage_end_text(end, names, lang));
    }
    text
}

/// "45, Spurt (+2)" for the drawer, "2 cards" for everyone else.
fn drawn_text(drawn: &Drawn, lang: Lang) -> String {
    if drawn.cards.len() == usize::from(drawn.count) {
        let cards: Vec<String> = drawn.cards.iter().map(|card| card.name(lang)).collect();
        return cards.join(", ");
    }
    match (drawn.count, lang) {
        (1, Lang::En) => "1 card".into(),
        (1, Lang::De) => "1 Karte".into(),
        (n, Lang::En) => format!("{n} cards"),
        (n, Lang::De) => format!("{n} Karten"),
    }
}

/// ": 47 km/h against 44, takes the lead".
fn settlement_text(settled: &Settlement, lang: Lang) -> String {
    let de = lang == Lang::De;
    let Settlement { speed, tempo, uphill, lead, penalty, chips } = *settled;
    let mut text = format!(": {speed} km/h");
    if tempo > 0 {
        text.push_str(&if de { format!(" gegen {tempo}") } else { format!(" against {tempo}") });
    }
    if uphill {
        text.push_str(lang.tr(" uphill", " am Berg"));
    }
    let outcome = match lead {
        Lead::SetsTempo => lang.tr("sets the tempo", "gibt das Tempo vor").to_string(),
        Lead::Takes => lang.tr("takes the lead", "übernimmt die Führung").to_string(),
        Lead::None if penalty > 0 => {
            if de {
                format!("+{penalty} Strafminuten (insgesamt {chips})")
            } else {
                format!("+{penalty} penalty minutes ({chips} in all)")
            }
        }
        Lead::None if penalty < 0 => {
            if de {
                format!("gibt {} Strafminuten zurück (noch {chips})", -penalty)
            } else {
                format!("hands back {} penalty minutes ({chips} left)", -penalty)
            }
        }
        Lead::None if speed < tempo => lang.tr("in the wind shadow", "im Windschatten").to_string(),
        Lead::None if speed == tempo => lang.tr("holds the tempo", "hält das Tempo").to_string(),
        Lead::None => lang.tr("no lead under the Steigung", "keine Führung am Berg").to_string(),
    };
    text.push_str(", ");
    text.push_str(&outcome);
    text
}

/// "Stage 1 is over: Seat 1 +1 (yellow jersey), Seat 2 −3; totals: …".
fn stage_end_text(end: &StageEnd, names: &[String], lang: Lang) -> String {
    let de = lang == Lang::De;
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    let scores: Vec<String> = end
        .scores
        .iter()
        .enumerate()
        .map(|(seat, &score)| {
            let jersey =
                if seat == end.jersey { lang.tr(" (yellow jersey)", " (gelbes Trikot)") } else { "" };
            format!("{} {}{jersey}", name(seat), signed(score))
        })
        .collect();
    let totals: Vec<String> = end
        .totals
        .iter()
        .enumerate()
        .map(|(seat, &total)| format!("{} {}", name(seat), signed(total)))
        .collect();
    let mut text = if de {
        format!("Etappe {} ist vorbei: {}; Stand: {}", end.stage + 1, scores.join(", "), totals.join(", "))
    } else {
        format!("Stage {} is over: {}; totals: {}", end.stage + 1, scores.join(", "), totals.join(", "))
    };
    if let Some(winners) = &end.winners {
        let best = winners.first().map_or(0, |&seat| end.totals[seat]);
        let who: Vec<&str> = winners.iter().map(|&seat| name(seat)).collect();
        let and = lang.tr(" and ", " und ");
        text.push_str(&match (winners.len(), de) {
            (1, false) => format!(". The series is over: {} wins with {}", who[0], signed(best)),
            (1, true) => format!(". Die Rundfahrt ist vorbei: {} gewinnt mit {}", who[0], signed(best)),
            (_, false) => {
                format!(". The series is over: {} share the win with {}", who.join(and), signed(best))
            }
            (_, true) => format!(
                ". Die Rundfahrt ist vorbei: {} gewinnen gemeinsam mit {}",
                who.join(and),
                signed(best)
            ),
        });
    }
    text
}

/// Points with their sign: "+1", "0", "−3".
fn signed(points: i32) -> String {
    match points {
        0 => "0".into(),
        p if p > 0 => format!("+{p}"),
        p => format!("−{}", -p),
    }
}
