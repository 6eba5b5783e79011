//! Terminal drawings of a view and words for actions, in English and German
//! (the words are the crate's catalog's, `words/*.ftl`).

use crate::action::{Action, rider_number};
use crate::board::Surface;
use crate::cards::{ENERGY_KINDS, Energy};
use crate::game::{Phase, Reifenbreite, Status};
use crate::track::{ROW, Track};
use crate::words::{say, say_into};
use spieltisch_core::words::Arg;
use spieltisch_core::{Lang, Seat};
use std::fmt::Write;

/// The columns drawn at most (one per row of the road).
const WIDTH: u32 = 36;

/// Draws the board around the riders (lanes 4 to 1 from top to bottom, the
/// race going right), the order of play, the energy cards, sprints and the
/// score sheet. Each team's manager is called `names[seat]`, or by the
/// seat's number where `names` has no name for it.
pub fn view(g: &Reifenbreite, viewer: Option<Seat>, names: &[String], lang: Lang) -> String {
    let t = g.track();
    let mut out = String::new();
    say_into(
        &mut out,
        lang,
        "view-heading",
        &[
            ("course", course_name(t, lang).into()),
            ("stage", (g.stage + 1).into()),
            ("stages", g.tracks.len().into()),
            ("round", g.round.into()),
        ],
    );
    out.push('\n');
    // The window: from the last rider on the road to the first, centred on
    // the rider to move when the field is spread out.
    let on_road: Vec<u32> = g
        .riders
        .iter()
        .filter(|r| matches!(r.status, Status::Road | Status::Finished | Status::Dismounted))
        .map(|r| t.space(r.space).pos / ROW)
        .collect();
    let placing = matches!(g.phase, Phase::FirstTeam | Phase::Place { .. });
    let (lo, hi) = if on_road.is_empty() || placing {
        let s: Vec<u32> = t.start.iter().map(|&s| t.space(s).pos / ROW).collect();
        (*s.iter().min().unwrap_or(&0), *s.iter().max().unwrap_or(&0))
    } else {
        (*on_road.iter().min().unwrap_or(&0), *on_road.iter().max().unwrap_or(&0))
    };
    let focus = match g.phase {
        Phase::Choose { rider, .. } | Phase::Move { rider, .. } | Phase::Draft { rider, .. } => {
            Some(t.space(g.riders[rider as usize].space).pos / ROW)
        }
        _ => None,
    };
    let (mut from, mut to) = (lo.saturating_sub(1), hi + 2);
    if to - from > WIDTH {
        let c = focus.unwrap_or(hi);
        from = c.saturating_sub(WIDTH / 2).max(lo.saturating_sub(1));
        to = from + WIDTH;
    }
    if g.phase == Phase::Over {
        out.push_str(&score_sheet(g, lang));
        return out;
    }
    let cols = (to - from + 1) as usize;
    let mut grid = vec![vec!["  ".to_string(); cols]; 4];
    let mut line_col = vec![false; cols];
    let mut curve_col = vec![false; cols];
    let mut prev_leg = None;
    for (i, s) in t.spaces.iter().enumerate() {
        let c = s.pos / ROW;
        if c < from || c > to {
            prev_leg = Some(s.leg);
            continue;
        }
        let col = (c - from) as usize;
        if prev_leg.is_some_and(|l| l != s.leg) {
            line_col[col] = true;
        }
        prev_leg = Some(s.leg);
        curve_col[col] |= s.curve;
        let cell = match s.cell.surface {
            Surface::Asphalt => "··".to_string(),
            Surface::Cobbles => format!("c{}", s.cell.number),
            Surface::Climb => format!("^{}", s.cell.number),
            Surface::Descent => format!("v{}", s.cell.number),
        };
        let rider = g
            .riders
            .iter()
            .position(|r| r.space == i as u16 && matches!(r.status, Status::Road | Status::Finished));
        grid[(4 - s.lane) as usize][col] = match rider {
            Some(r) => format!("{}", rider_number(r as u8)),
            None => cell,
        };
    }
    // Where the player to move can go: start spaces by number, destinations as ++.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    for a in &legal {
        let (space, mark) = match *a {
            Action::Place { space, .. } if space < 100 => (space, format!("{space:02}")),
            Action::To { space } => (space, "++".to_string()),
            _ => continue,
        };
        let sp = t.space(space);
        let c = sp.pos / ROW;
        if (from..=to).contains(&c) && g.rider_at(space).is_none() {
            grid[(4 - sp.lane) as usize][(c - from) as usize] = mark;
        }
    }
    let any_curve = curve_col.iter().any(|&c| c);
    for (l, row) in grid.iter().enumerate() {
        if l > 0 && any_curve {
            // Thick lines between the lanes of a curve.
            out.push_str("       ");
            for &c in &curve_col {
                out.push_str(if c { " ══" } else { "   " });
            }
            out.push('\n');
        }
        say_into(&mut out, lang, "lane", &[("lane", (4 - l).into())]);
        out.push(' ');
        for (c, cell) in row.iter().enumerate() {
            out.push(if line_col[c] { '|' } else { ' ' });
            out.push_str(cell);
        }
        out.push('\n');
    }
    // The legend starts under the lanes' cells.
    out.push_str("       ");
    say_into(&mut out, lang, "view-legend", &[]);
    out.push('\n');
    phase_line(&mut out, g, lang);
    out.push('\n');
    // Order of play: riders still to move this round, by position.
    let mut order: Vec<u8> = (0..g.riders.len() as u8)
        .filter(|&r| g.riders[r as usize].status == Status::Road && !g.has_moved(r))
        .collect();
    order.sort_by_key(|&r| {
        let s = t.space(g.riders[r as usize].space);
        (std::cmp::Reverse(s.pos), s.lane)
    });
    if !order.is_empty() && !placing {
        let names: Vec<String> = order.iter().map(|&r| rider_number(r).to_string()).collect();
        say_into(&mut out, lang, "view-to-move", &[("riders", (&names.join(" ")).into())]);
        out.push('\n');
    }
    let dis: Vec<String> = (0..g.riders.len() as u8)
        .filter(|&r| g.riders[r as usize].status == Status::Dismounted)
        .map(|r| rider_number(r).to_string())
        .collect();
    if !dis.is_empty() {
        say_into(&mut out, lang, "view-dismounted", &[("riders", (&dis.join(" ")).into())]);
        out.push('\n');
    }
    for team in 0..g.teams() {
        let e = g.energy(team);
        let cards: Vec<String> = (0..ENERGY_KINDS.len())
            .filter(|&k| e[k] > 0)
            .map(|k| {
                let kind = ENERGY_KINDS[k];
                let who = kind.owner.map(|o| rider_number(team * 4 + o).to_string()).unwrap_or("J".into());
                let m = if kind.mountain { "M" } else { "" };
                if e[k] > 1 {
                    format!("{}×{who}-{}{m}", e[k], kind.value)
                } else {
                    format!("{who}-{}{m}", kind.value)
                }
            })
            .collect();
        let manager = g.seat_of_team(team);
        let cards = if cards.is_empty() { "—".to_string() } else { cards.join(" ") };
        let args = [
            ("team", (team + 2).into()),
            ("manager", names.get(manager).map_or(Arg::from(manager + 1), Arg::from)),
            ("cards", (&cards).into()),
        ];
        if viewer == Some(manager) {
            say_into(&mut out, lang, "view-team-yours", &args);
        } else {
            say_into(&mut out, lang, "view-team", &args);
        }
        out.push('\n');
    }
    for (i, s) in t.sprints.iter().enumerate() {
        if g.rules().sprints {
            let r: Vec<String> = g.sprint_results[i].iter().map(|&r| rider_number(r).to_string()).collect();
            let mut line = [0; 4];
            say_into(
                &mut out,
                lang,
                "view-sprint",
                &[
                    ("line", (&*s.line.encode_utf8(&mut line)).into()),
                    ("first", s.points[0].into()),
                    ("second", s.points[1].into()),
                    ("third", s.points[2].into()),
                    ("riders", (&r.join(" ")).into()),
                ],
            );
            out.push('\n');
        }
    }
    if let Some((h, _)) = g.jersey {
        let rider = ("rider", rider_number(h).into());
        if g.jersey_pending.is_empty() {
            say_into(&mut out, lang, "view-jersey", &[rider]);
        } else {
            let claims: Vec<String> = g.jersey_pending.iter().map(|&r| rider_number(r).to_string()).collect();
            say_into(&mut out, lang, "view-jersey-claimed", &[rider, ("riders", (&claims.join(" ")).into())]);
        }
        out.push('\n');
    }
    if !g.finish.is_empty() {
        let f: Vec<String> = g.finish.iter().map(|&r| rider_number(r).to_string()).collect();
        say_into(&mut out, lang, "view-finished", &[("riders", (&f.join(" ")).into())]);
        out.push('\n');
    }
    out
}

/// A course's name in `lang`: a printed course has both (Liège is Lüttich
/// in German), a course file only its own.
fn course_name(track: &Track, lang: Lang) -> &str {
    crate::options::course_title(&track.key).map_or(track.name.as_str(), |title| title.get(lang))
}

/// Where a space lies, as the board shows it: a start space by its start
/// row (the front row first) and lane, any other by its lane and the rows
/// it lies past the line of the route behind it or before the line ahead,
/// whichever is nearer (the board labels the lines by their letters, the
/// last one as the finish), every count from 1.
/// Space numbers are the notation's, which no board shows.
pub fn position(track: &Track, space: u16, lang: Lang) -> String {
    let mut out = String::new();
    position_into(&mut out, track, space, lang);
    out
}

/// [`position`] appended to `out`.
pub(crate) fn position_into(out: &mut String, track: &Track, space: u16, lang: Lang) {
    let Some(sp) = track.spaces.get(usize::from(space)) else {
        return say_into(out, lang, "place-space", &[("space", space.into())]);
    };
    let lane = ("lane", sp.lane.into());
    if track.start.contains(&space) {
        let front = track.start.iter().map(|&s| track.space(s).pos).max().unwrap_or(sp.pos);
        let row = front.saturating_sub(sp.pos) / ROW + 1;
        return say_into(out, lang, "place-start", &[("row", row.into()), lane]);
    }
    // The line's letter, as text.
    let mut letter = [0; 4];
    let leg = usize::from(sp.leg);
    let Some(passed) = leg.checked_sub(1) else {
        let line = track.lines.first().copied().unwrap_or('A').encode_utf8(&mut letter);
        let before = track.line_at(0).saturating_sub(sp.pos).div_ceil(ROW) + 1;
        return say_into(
            out,
            lang,
            "place-before-line",
            &[lane, ("rows", before.into()), ("line", (&*line).into())],
        );
    };
    let past = sp.pos.saturating_sub(track.line_at(passed)).div_ceil(ROW).max(1);
    if leg >= usize::from(track.finish_leg) {
        return say_into(out, lang, "place-past-finish", &[lane, ("rows", past.into())]);
    }
    // Counted from the nearer line: nobody counts 60 rows on a board.
    let before = track.line_at(leg).saturating_sub(sp.pos).div_ceil(ROW) + 1;
    if before < past {
        if leg + 1 == usize::from(track.finish_leg) {
            return say_into(out, lang, "place-before-finish", &[lane, ("rows", before.into())]);
        }
        let line = track.lines.get(leg).copied().unwrap_or('A').encode_utf8(&mut letter);
        return say_into(
            out,
            lang,
            "place-before-line",
            &[lane, ("rows", before.into()), ("line", (&*line).into())],
        );
    }
    let line = track.lines.get(passed).copied().unwrap_or('A').encode_utf8(&mut letter);
    say_into(out, lang, "place-past-line", &[lane, ("rows", past.into()), ("line", (&*line).into())]);
}

/// The line under the drawing: whose turn it is and what it decides.
fn phase_line(out: &mut String, g: &Reifenbreite, lang: Lang) {
    match g.phase {
        Phase::FirstTeam => say_into(out, lang, "phase-first-team", &[]),
        Phase::Place { team } => say_into(out, lang, "phase-place", &[("team", (team + 2).into())]),
        Phase::Choose { rider, n, .. } => {
            say_into(
                out,
                lang,
                "phase-choose",
                &[("rider", rider_number(rider).into()), ("cards", n.into())],
            );
        }
        Phase::Dice { rider, .. } => {
            say_into(out, lang, "phase-dice", &[("rider", rider_number(rider).into())])
        }
        Phase::ChanceDraw { rider, .. } => {
            say_into(out, lang, "phase-chance", &[("rider", rider_number(rider).into())]);
        }
        Phase::Move { rider, amount, breakaway } => {
            let args = [("rider", rider_number(rider).into()), ("spaces", amount.into())];
            if breakaway {
                say_into(out, lang, "phase-move-breakaway", &args);
            } else {
                say_into(out, lang, "phase-move", &args);
            }
        }
        Phase::Draft { rider, .. } => {
            say_into(out, lang, "phase-draft", &[("rider", rider_number(rider).into())])
        }
        Phase::TowPhoto { rider, .. } => {
            say_into(out, lang, "phase-tow-photo", &[("rider", rider_number(rider).into())]);
        }
        Phase::Proposal { leader, asked } => say_into(
            out,
            lang,
            "phase-proposal",
            &[("leader", rider_number(leader).into()), ("asked", rider_number(asked).into())],
        ),
        Phase::Director => say_into(out, lang, "phase-director", &[]),
        Phase::Over => say_into(out, lang, "phase-over", &[]),
    }
}

/// The score sheet (18): finishing order with place points, sprint and
/// jersey points and totals, the sprints, photo cards, then the team totals
/// (over all stages, with the stage-race bonus).
pub fn score_sheet(g: &Reifenbreite, lang: Lang) -> String {
    let mut out = String::new();
    let Some(last) = g.results.last() else { return out };
    let dq = g.disqualified.last().copied().unwrap_or(0);
    let stages = g.results.len();
    if stages > 1 {
        say_into(
            &mut out,
            lang,
            "sheet-last-stage",
            &[
                ("stage", stages.into()),
                ("stages", stages.into()),
                ("course", course_name(g.track(), lang).into()),
            ],
        );
    } else {
        say_into(&mut out, lang, "sheet", &[]);
    }
    out.push_str("\n  ");
    say_into(&mut out, lang, "sheet-columns", &[]);
    out.push('\n');
    for (i, &r) in g.finish.iter().enumerate() {
        let place = crate::game::PLACE_POINTS[i.min(15)];
        let extra = g.sprint_points[r as usize] + g.jersey_points[r as usize];
        let _ = write!(
            out,
            "  {:>4}.  {:>5}  {place:>6}  {:>14}  {:>5}",
            i + 1,
            rider_number(r),
            if extra > 0 { extra.to_string() } else { String::new() },
            last[r as usize]
        );
        if dq & (1 << r) != 0 {
            out.push_str("  ");
            say_into(&mut out, lang, "sheet-disqualified", &[]);
        }
        out.push('\n');
    }
    for (i, s) in g.track().sprints.iter().enumerate() {
        if g.rules().sprints {
            let r: Vec<String> = g.sprint_results[i]
                .iter()
                .zip(s.points)
                .map(|(&r, p)| format!("{} ({p})", rider_number(r)))
                .collect();
            let mut line = [0; 4];
            out.push_str("  ");
            say_into(
                &mut out,
                lang,
                "sheet-sprint",
                &[("line", (&*s.line.encode_utf8(&mut line)).into()), ("riders", (&r.join(", ")).into())],
            );
            out.push('\n');
        }
    }
    if !g.director.is_empty() {
        let noted: Vec<String> = (0..g.riders.len())
            .filter(|&r| !g.photos[r].is_empty())
            .map(|r| format!("{} {:?}", rider_number(r as u8), g.photos[r]))
            .collect();
        out.push_str("  ");
        say_into(&mut out, lang, "sheet-photos", &[("riders", (&noted.join(", ")).into())]);
        out.push_str("\n  ");
        say_into(&mut out, lang, "sheet-director", &[("cards", (&format!("{:?}", g.director)).into())]);
        out.push('\n');
    }
    let scores = g.team_scores();
    if stages > 1 {
        out.push_str(&stage_race_sheet(g, lang));
    }
    for t in 0..g.teams() {
        let riders: Vec<String> = (t * 4..t * 4 + 4)
            .map(|r| {
                format!("{} {}", rider_number(r), g.results.iter().map(|s| s[r as usize] as u32).sum::<u32>())
            })
            .collect();
        out.push_str("  ");
        say_into(
            &mut out,
            lang,
            "sheet-team",
            &[
                ("team", (t + 2).into()),
                ("riders", (&riders.join(", ")).into()),
                ("points", scores[t as usize].into()),
            ],
        );
        out.push('\n');
    }
    out
}

/// The sheet of a stage race (17): each stage's team points, the totals,
/// each team's best rider over all stages, and the final result, stages ×
/// the best rider's total + the team total, as in the rulebook's example.
fn stage_race_sheet(g: &Reifenbreite, lang: Lang) -> String {
    let mut out = String::new();
    let teams = 0..g.teams() as usize;
    let team_points = |stage: &[u16], t: usize| (t * 4..t * 4 + 4).map(|r| stage[r] as u32).sum::<u32>();
    let rider_total = |r: usize| g.results.iter().map(|s| s[r] as u32).sum::<u32>();
    say_into(&mut out, lang, "sheet-stage-race", &[]);
    out.push('\n');
    let header: String = teams
        .clone()
        .map(|t| format!("  {:>8}", say(lang, "sheet-team-column", &[("team", (t + 2).into())])))
        .collect();
    let _ = writeln!(out, "  {:<31}{header}", say(lang, "sheet-stage", &[]));
    for (k, stage) in g.results.iter().enumerate() {
        let name = g.tracks.get(k).map_or("", |t| course_name(t, lang));
        let row: String = teams.clone().map(|t| format!("  {:>8}", team_points(stage, t))).collect();
        let _ = writeln!(out, "  {:<31}{row}", format!("{}. {name}", k + 1));
    }
    let totals: String = teams
        .clone()
        .map(|t| format!("  {:>8}", g.results.iter().map(|s| team_points(s, t)).sum::<u32>()))
        .collect();
    let _ = writeln!(out, "  {:<31}{totals}", say(lang, "sheet-total", &[]));
    let best: String = teams
        .clone()
        .map(|t| {
            let r =
                (t * 4..t * 4 + 4).max_by_key(|&r| (rider_total(r), std::cmp::Reverse(r))).unwrap_or(t * 4);
            format!("  {:>8}", format!("{}: {}", rider_number(r as u8), rider_total(r)))
        })
        .collect();
    let _ = writeln!(out, "  {:<31}{best}", say(lang, "sheet-best-rider", &[]));
    let scores = g.team_scores();
    let finals: String = teams.map(|t| format!("  {:>8}", scores[t])).collect();
    let formula = say(lang, "sheet-formula", &[("stages", g.results.len().into())]);
    let _ = writeln!(out, "  {formula:<31}{finals}");
    out
}

/// An energy card as the catalog's messages select it.
pub(crate) fn energy_key(card: Energy) -> &'static str {
    match card {
        Energy::Own6 => "own6",
        Energy::Own5 => "own5",
        Energy::Joker6 => "joker6",
        Energy::Joker5 => "joker5",
    }
}

/// An action in words.
pub fn action(g: &Reifenbreite, a: &Action, lang: Lang) -> String {
    let mover: Arg = match g.phase {
        Phase::Choose { rider, .. }
        | Phase::Move { rider, .. }
        | Phase::Draft { rider, .. }
        | Phase::Dice { rider, .. }
        | Phase::ChanceDraw { rider, .. }
        | Phase::TowPhoto { rider, .. } => rider_number(rider).into(),
        Phase::Proposal { asked, .. } => rider_number(asked).into(),
        _ => "".into(),
    };
    let rider = ("rider", mover);
    match a {
        Action::First { team: t } => say(lang, "action-first", &[("team", (t + 2).into())]),
        Action::Place { rider: placed, space } => {
            let placed = ("rider", rider_number(*placed).into());
            // A client may ask about a space that is not on the track.
            match g.track().spaces.get(usize::from(*space)) {
                Some(_) => {
                    let place = position(g.track(), *space, lang);
                    say(lang, "action-place", &[placed, ("place", (&place).into())])
                }
                None => say(lang, "action-place-off", &[placed, ("space", (*space).into())]),
            }
        }
        Action::Card(e) => say(lang, "action-card", &[rider, ("card", energy_key(*e).into())]),
        Action::Ride {} => say(lang, "action-ride", &[rider]),
        Action::Break {} => say(lang, "action-break", &[rider]),
        Action::Tow {} => say(lang, "action-tow", &[rider]),
        Action::Tow12 {} => say(lang, "action-tow12", &[rider]),
        Action::Ask {} => say(lang, "action-ask", &[rider]),
        Action::Accept {} => say(lang, "action-accept", &[rider]),
        Action::Refuse {} => say(lang, "action-refuse", &[rider]),
        Action::Roll { total: n } => say(lang, "action-roll", &[("total", (*n).into())]),
        Action::Chance { card: c } => c.text(lang),
        Action::Photo { .. } => say(lang, "action-photo", &[]),
        Action::Director { value: n } => say(lang, "action-director", &[("card", (*n).into())]),
        Action::To { space: s } => {
            let t = g.track();
            if t.spaces.get(usize::from(*s)).is_none() {
                return say(lang, "action-to-space", &[rider, ("space", (*s).into())]);
            }
            let ahead = match g.phase {
                Phase::Move { rider, .. } => {
                    (t.space(*s).pos.saturating_sub(t.space(g.riders[rider as usize].space).pos) + ROW / 2)
                        / ROW
                }
                _ => 0,
            };
            let place = position(t, *s, lang);
            say(lang, "action-to", &[rider, ("place", (&place).into()), ("rows", ahead.into())])
        }
        Action::Draft {} => say(lang, "action-draft", &[rider]),
        Action::Skip {} => say(lang, "action-skip", &[rider]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use spieltisch_core::Game;

    /// Found by the fuzz body `action_in_play` (issue #14): the server
    /// describes a seat's action before it checks it, so actions naming a
    /// space off the track are described too, without a lane.
    #[test]
    fn actions_off_the_track_are_described() {
        let g = <Reifenbreite as Game>::new(&Options::default()).unwrap();
        for (text, en) in [("to 3636", " to space 3636"), ("place 21 65535", "place 21 on start space 65535")]
        {
            let a: Action = text.parse().unwrap();
            assert!(action(&g, &a, Lang::En).ends_with(en), "{text}: {}", action(&g, &a, Lang::En));
            assert!(!action(&g, &a, Lang::De).is_empty(), "{text}");
        }
    }

    /// Places as the board shows them: the start area by its rows (the
    /// front row first) and lanes, counted from 1 as the board's lanes are;
    /// the road by its lane and the rows past the lettered line behind it.
    #[test]
    fn places_are_named_as_the_board_shows_them() {
        let t = crate::course::built_in_track("paris-roubaix").unwrap();
        let rows = t.start.len() / 4;
        // The start area is listed from its last row, lane 1 first.
        assert_eq!(position(&t, 0, Lang::En), format!("start row {rows}, lane 1"));
        assert_eq!(position(&t, t.start.len() as u16 - 1, Lang::De), "Startreihe 1, Spur 4");
        let first = |leg: u8, lane: u8| {
            (0..t.spaces.len() as u16)
                .find(|&i| t.spaces[i as usize].leg == leg && t.spaces[i as usize].lane == lane)
        };
        // Paris–Roubaix starts before C and passes D on the way to the finish at A.
        let past_c = first(1, 1).unwrap();
        assert_eq!(position(&t, past_c, Lang::En), "lane 1, 1 row past C");
        assert_eq!(position(&t, past_c, Lang::De), "Spur 1, 1 Reihe nach C");
        let next = t.spaces[past_c as usize].next[0];
        assert_eq!(position(&t, next, Lang::De), "Spur 1, 2 Reihen nach C");
        // Near the next line, a place is counted from it.
        let last = (0..t.spaces.len() as u16)
            .filter(|&i| t.spaces[i as usize].leg + 1 == t.finish_leg && t.spaces[i as usize].lane == 1)
            .max_by_key(|&i| t.spaces[i as usize].pos)
            .unwrap();
        assert_eq!(position(&t, last, Lang::De), "Spur 1, 1 Reihe vor dem Ziel");
        assert_eq!(
            position(&t, t.spaces[last as usize].behind, Lang::En),
            "lane 1, 2 rows before the finish"
        );
        let past_finish = first(t.finish_leg, 2).unwrap();
        assert_eq!(position(&t, past_finish, Lang::En), "lane 2, 1 row past the finish");
        assert_eq!(position(&t, past_finish, Lang::De), "Spur 2, 1 Reihe hinter dem Ziel");
    }

    /// Section 17's example on the sheet: rider 41 scores 18, 55, 40, 22
    /// and 26 in five stages, his team 46, 68, 92, 66 and 47; the team's
    /// result is 5 × 161 + 319 = 1124.
    #[test]
    fn stage_race_sheet_follows_section_17() {
        let options = Options {
            stages: crate::course::built_in_list("paris-roubaix,luettich,giro,tour,paris-roubaix"),
            ..Options::default()
        };
        let mut g = <Reifenbreite as Game>::new(&options).unwrap();
        let (r41, r42) = (crate::action::rider_index(41).unwrap(), crate::action::rider_index(42).unwrap());
        for (own, team) in [(18, 46), (55, 68), (40, 92), (22, 66), (26, 47)] {
            let mut stage = vec![0u16; 16];
            stage[r41 as usize] = own;
            stage[r42 as usize] = team - own;
            g.results.push(stage);
        }
        for (lang, words) in [
            (Lang::En, ["team points per stage", "best rider"]),
            (Lang::De, ["Teampunkte je Etappe", "bester Fahrer"]),
        ] {
            let sheet = score_sheet(&g, lang);
            for w in words {
                assert!(sheet.contains(w), "{sheet}");
            }
            let line = |start: &str| {
                sheet.lines().find(|l| l.trim_start().starts_with(start)).unwrap_or_default().to_string()
            };
            // Team 4x is the third column.
            let column = |l: String| l.split_whitespace().rev().nth(1).unwrap_or_default().to_string();
            assert_eq!(column(line("1.")), "46", "{sheet}");
            assert_eq!(column(line("5.")), "47", "{sheet}");
            assert!(line(&say(lang, "sheet-total", &[])).contains("319"), "{sheet}");
            assert!(line(&say(lang, "sheet-best-rider", &[])).contains("41: 161"), "{sheet}");
            assert!(line("5 ×").split_whitespace().any(|w| w == "1124"), "{sheet}");
        }
    }
}
