//! What one viewer sees, and how it is drawn in the terminal.

use crate::{
    Ausreisser,
    action::Action,
    card::{Card, Counts, KINDS},
    options::Options,
    table::{Phase, Table},
};
use serde::{Deserialize, Serialize};
use spieltisch_core::{Lang, Seat};
use std::fmt::Write;

/// A viewer's view: the whole public table, and for a seat its own hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat looking, `None` for a spectator.
    pub seat: Option<Seat>,
    pub options: Options,
    pub table: Table,
    /// The seat's own hand.
    pub hand: Option<Counts>,
    /// True while a Steigung window is open and the seat has still to
    /// answer. Every rider but the leader is asked in every window, so this
    /// tells nothing about hands; who else has answered is not shown.
    #[serde(default)]
    pub asked: bool,
}

/// A hand as text, lowest speed first, e.g. `39 41 41 47 spurt hill`.
pub fn hand_text(hand: &Counts) -> String {
    let mut words = Vec::new();
    for (i, &count) in hand.iter().enumerate() {
        for _ in 0..count {
            words.push(Card::from_index(i).to_string());
        }
    }
    if words.is_empty() { "-".into() } else { words.join(" ") }
}

/// The table drawn for the terminal: stage, tempo, the riders with cards,
/// chips, totals and their last plays, then the viewer's hand.
pub fn describe(view: &View, lang: Lang) -> String {
    let t = &view.table;
    let o = &view.options;
    let mut out = String::new();
    let stage = (t.stage + 1).min(o.stages);
    let _ = writeln!(
        out,
        "Der Ausreisser · {} {stage}/{}{}",
        lang.tr("stage", "Etappe"),
        o.stages,
        if o.special { "" } else { lang.tr(" · without special cards", " · ohne Sonderkarten") }
    );
    match t.phase {
        Phase::Choose { seat } => {
            let _ = writeln!(
                out,
                "{} {}",
                lang.tr("Choosing the first leader; drawing:", "Wahl des ersten Ausreissers; es zieht:"),
                seat_name(usize::from(seat), lang)
            );
        }
        Phase::Over => {
            let best = t.totals[..t.seats()].iter().copied().max().unwrap_or(0);
            let winners: Vec<String> =
                (0..t.seats()).filter(|&s| t.totals[s] == best).map(|s| seat_name(s, lang)).collect();
            let _ = writeln!(
                out,
                "{} {} ({best:+})",
                lang.tr("The series is over. Winner:", "Die Rundfahrt ist zu Ende. Sieger:"),
                winners.join(", ")
            );
        }
        _ => {
            let tempo = if t.tempo == 0 { "-".to_string() } else { t.tempo.to_string() };
            let road = if t.hill {
                lang.tr("Steigung: no passing, no wind shadow", "Steigung: kein Überholen, kein Windschatten")
            } else {
                lang.tr("flat", "flach")
            };
            let _ = writeln!(
                out,
                "{} {tempo} · {road} · {} {}",
                lang.tr("Tempo", "Tempo"),
                lang.tr("pile", "Stapel"),
                t.pile_len
            );
        }
    }
    let _ = writeln!(
        out,
        "   {:<8} {:>5} {:>5} {:>6}  {}",
        lang.tr("rider", "Fahrer"),
        lang.tr("cards", "Karten"),
        lang.tr("chips", "Min."),
        lang.tr("total", "Summe"),
        lang.tr("last play", "letzte Karte")
    );
    for s in 0..t.seats() {
        let marker = match t.phase {
            Phase::Play | Phase::Draw | Phase::Refill if usize::from(t.mover) == s => '>',
            Phase::Choose { seat } if usize::from(seat) == s => '>',
            _ => ' ',
        };
        let jersey = if usize::from(t.leader) == s && !matches!(t.phase, Phase::Choose { .. }) {
            lang.tr(" yellow jersey", " Gelbes Trikot")
        } else {
            ""
        };
        let me = if view.seat == Some(s) { lang.tr(" (you)", " (du)") } else { "" };
        let last = match (t.phase, t.faceup[s], t.tops[s]) {
            (Phase::Choose { .. }, Some(card), _) => card.to_string(),
            (_, _, Some(played)) => {
                format!("{} = {}", played.play.to_string().trim_start_matches("play "), played.value)
            }
            _ => "-".into(),
        };
        let owed = if t.owed[s] > 0 { format!(" +{}", t.owed[s]) } else { String::new() };
        let _ = writeln!(
            out,
            "{marker}  {:<8} {:>5} {:>5} {:>6}  {last}{jersey}{me}",
            seat_name(s, lang),
            format!("{}{owed}", t.hand_len[s]),
            t.chips[s],
            t.totals[s],
        );
    }
    if let Some(scores) = t.last_scores {
        let shown: Vec<String> = scores[..t.seats()].iter().map(|s| format!("{s:+}")).collect();
        let _ = writeln!(out, "{} {}", lang.tr("Last stage:", "Letzte Etappe:"), shown.join(" "));
    }
    if t.phase == Phase::Window {
        let holds = view.hand.is_some_and(|h| h[Card::HILL.index()] > 0);
        let _ = writeln!(
            out,
            "{}",
            match (view.asked, holds) {
                (true, true) => lang.tr("Steigung window: you may put a Steigung on the leader's pile out of turn (hill / pass)",
                    "Steigungsfenster: du darfst außer der Reihe eine Steigung auf den Stapel des Ausreissers legen (hill / pass)"
                ),
                (true, false) => lang.tr("Steigung window: you hold no Steigung (pass)",
                    "Steigungsfenster: du hast keine Steigung (pass)"
                ),
                (false, _) => lang.tr("Steigung window open: anyone but the leader may put a Steigung on the leader's pile",
                    "Steigungsfenster offen: alle außer dem Ausreisser dürfen eine Steigung auf seinen Stapel legen"
                ),
            }
        );
    }
    if let Some(play) = t.current {
        let _ = writeln!(out, "{} {}", lang.tr("Being played:", "Wird gespielt:"), play);
    }
    let played: Vec<String> = (0..KINDS)
        .filter(|&i| t.discards[i] > 0)
        .map(|i| format!("{}×{}", Card::from_index(i), t.discards[i]))
        .collect();
    if !played.is_empty() && !matches!(t.phase, Phase::Choose { .. }) {
        let _ = writeln!(out, "{} {}", lang.tr("Played:", "Gespielt:"), played.join(" "));
    }
    if let Some(hand) = &view.hand {
        let _ = writeln!(out, "{} {}", lang.tr("Your hand:", "Deine Hand:"), hand_text(hand));
    }
    out
}

fn seat_name(seat: Seat, lang: Lang) -> String {
    format!("{} {}", lang.tr("Rider", "Fahrer"), seat + 1)
}

/// An action in words. A card drawn in secret is not named.
pub fn describe_action(state: &Ausreisser, action: &Action, lang: Lang) -> String {
    let t = state.table();
    match action {
        Action::Draw(card) => {
            let (who, public) = match t.phase {
                Phase::Choose { seat } => (usize::from(seat), true),
                Phase::Deal { dealt } => (usize::from((t.leader + dealt % t.players) % t.players), false),
                Phase::Refill => (usize::from(t.mover), *card == Card::WIND),
                _ => (usize::from(t.mover), false),
            };
            if matches!(t.phase, Phase::Deal { .. }) {
                return match lang {
                    Lang::En => format!("{} is dealt a card", seat_name(who, lang)),
                    Lang::De => format!("{} bekommt eine Karte", seat_name(who, lang)),
                };
            }
            if public {
                match lang {
                    Lang::En => format!("{} draws {}", seat_name(who, lang), card.name(lang)),
                    Lang::De => format!("{} zieht {}", seat_name(who, lang), card.name(lang)),
                }
            } else {
                match lang {
                    Lang::En => format!("{} draws a card", seat_name(who, lang)),
                    Lang::De => format!("{} zieht eine Karte", seat_name(who, lang)),
                }
            }
        }
        Action::Play(play) => format!("{} {}", seat_name(usize::from(t.mover), lang), play.describe(lang)),
        Action::Hill => {
            let who = state.asked().unwrap_or(usize::from(t.mover));
            match lang {
                Lang::En => format!("{} puts a Steigung on the leader's pile", seat_name(who, lang)),
                Lang::De => {
                    format!("{} legt eine Steigung auf den Stapel des Ausreissers", seat_name(who, lang))
                }
            }
        }
        Action::Pass => {
            let who = state.asked().unwrap_or(usize::from(t.mover));
            format!("{} {}", seat_name(who, lang), lang.tr("lays no Steigung", "legt keine Steigung"))
        }
    }
}
