//! Who sits where at a table: each seat's player and secret, the seating
//! as a table's row stores it, which viewer a token speaks for, and where a
//! session stands for the seats it waits for.
//!
//! Apart from the table because it needs none of it: the registry reads
//! the seating of tables it has not loaded (lobby lists, tokens), salvage
//! and the command line store a table's progress without ever running
//! one, and replays name the seats of a finished game.

use crate::storage::{Progress, Waiting};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use spieltisch_catalog::{DynSession, SeatSpec};
use spieltisch_core::{Lang, Seat, Turn, Viewer};

/// Who sits in a seat, and the secret that lets a person act there.
///
/// A person's seat is *claimed* (it has a token) or *free* (it has an
/// invitation code and no token yet: whoever follows the invitation takes
/// it). Tables of older builds stored neither name nor invitation: their
/// person seats are claimed and unnamed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatConfig {
    /// A seat spec: `human`, `random`, `heuristic`, `easy`, `mcts:iters=500`, ...
    pub spec: String,
    /// The seat's token (people only, once the seat is claimed).
    pub token: Option<String>,
    /// The name of the person who sits there, if they gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The invitation code that leads to this seat; kept once the seat is
    /// claimed, so that the invitation can say the seat is taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<String>,
}

impl SeatConfig {
    /// A seat as tables of older builds made them: a person's seat with
    /// its token, a bot's without.
    pub fn claimed(spec: String, token: Option<String>) -> SeatConfig {
        SeatConfig { spec, token, name: None, invite: None }
    }

    /// The bot that plays this seat, if a bot does.
    pub fn bot(&self) -> Option<SeatSpec> {
        self.spec.parse::<SeatSpec>().ok().filter(|spec| !spec.is_human())
    }

    /// Whether a person plays this seat (not a bot).
    pub fn is_person(&self) -> bool {
        self.spec.parse::<SeatSpec>().is_ok_and(|spec| spec.is_human())
    }

    /// Whether a person may still take this seat.
    pub fn is_free(&self) -> bool {
        self.token.is_none() && self.invite.is_some()
    }

    /// The seat as anyone may see it: what plays it, who sits there, and
    /// whether it is free (never its token or invitation).
    pub fn public(&self, seat: Seat) -> SeatShown {
        SeatShown { free: self.is_free(), kind: self.spec.clone(), name: self.name.clone(), seat }
    }
}

/// A seat as anyone may see it, as lists and replays show it (no team):
/// its keys in alphabetical order, as they have always been written.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatShown {
    /// A person's seat that nobody has taken yet.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub free: bool,
    /// What plays the seat: a seat spec.
    pub kind: String,
    /// The name of the person who sits there, if they gave one.
    pub name: Option<String>,
    pub seat: Seat,
}

/// The seats column's JSON as it is stored: its keys, and each seat's, in
/// alphabetical order, as a JSON value writes them.
#[derive(Debug, Serialize)]
struct Stored<'a> {
    hotseat: bool,
    public: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rematch: Option<&'a str>,
    seats: &'a [SeatConfig],
}

/// Who sits at a table and who may see it, as its row stores it: the
/// seats as JSON `{"seats": [...], "hotseat": bool, "public": bool}` and
/// the spectator token in a column of its own.
#[derive(Clone, Debug, PartialEq)]
pub struct Seating {
    pub seats: Vec<SeatConfig>,
    pub spectator_token: String,
    pub hotseat: bool,
    pub public: bool,
    /// The table of the rematch, once someone at this finished one asked for it.
    pub rematch: Option<String>,
}

impl Seating {
    /// The seating of a stored table, or why its seats cannot be read.
    pub fn of_row(row: &crate::storage::TableRow) -> Result<Seating, String> {
        Seating::from_stored(&row.seats, &row.spectator_token)
    }

    /// The seating that [`Seating::stored`] wrote, with the spectator token
    /// kept beside it.
    pub fn from_stored(stored: &Value, spectator_token: &str) -> Result<Seating, String> {
        let seats = serde_json::from_value(stored["seats"].clone())
            .map_err(|e| format!("its seats cannot be read: {e}"))?;
        Ok(Seating {
            seats,
            spectator_token: spectator_token.to_string(),
            hotseat: stored["hotseat"].as_bool().unwrap_or(false),
            public: stored["public"].as_bool().unwrap_or(false),
            rematch: stored["rematch"].as_str().map(str::to_string),
        })
    }

    /// The seats column's JSON.
    pub fn stored(&self) -> Value {
        let stored = Stored {
            hotseat: self.hotseat,
            public: self.public,
            rematch: self.rematch.as_deref(),
            seats: &self.seats,
        };
        // A seating has string keys only: it is always a JSON value.
        serde_json::to_value(stored).unwrap_or(Value::Null)
    }
}

/// Where `session` stands and who it waits for at a table seated as
/// `seats`: the server, when a bot decides (alone or among others), or
/// chance is to be drawn.
pub fn progress_of(session: &dyn DynSession, seats: &[SeatConfig]) -> Progress {
    let turn = session.turn();
    let deciding = match session.together() {
        Some((seats, _)) => seats,
        None => turn.seat().into_iter().collect(),
    };
    let is_bot = |seat: Seat| seats.get(seat).and_then(SeatConfig::bot).is_some();
    let waiting = match turn {
        Turn::Over => Waiting::Over,
        Turn::Chance => Waiting::Bots,
        Turn::Seat(_) if deciding.iter().any(|&seat| is_bot(seat)) => Waiting::Bots,
        Turn::Seat(_) => Waiting::People,
    };
    let ranks = if turn == Turn::Over { session.outcome().map(|o| o.ranks) } else { None };
    Progress { turn, waiting, ranks }
}

/// Each seat's name for people in `lang`, as the browser calls seats: the
/// name of the person who sits there; for a bot, its level (`Bot: Medium`,
/// numbered where several bots share one: `Bot: Medium 2`); or else the
/// game's word for the seat ([`DynSession::seat_names`]).
pub(crate) fn seat_names(session: &dyn DynSession, seats: &[SeatConfig], lang: Lang) -> Vec<String> {
    let mut names = session.seat_names(lang);
    let bots: Vec<Option<String>> = seats
        .iter()
        .map(|seat| if seat.name.is_some() { None } else { seat.bot().map(|_| bot_word(&seat.spec, lang)) })
        .collect();
    for (at, (name, seat)) in names.iter_mut().zip(seats).enumerate() {
        if let Some(person) = &seat.name {
            name.clone_from(person);
        } else if let Some(word) = &bots[at] {
            let alike = |other: &&Option<String>| other.as_ref() == Some(word);
            let before = bots[..at].iter().filter(alike).count();
            *name = if bots.iter().filter(alike).count() > 1 {
                format!("{word} {}", before + 1)
            } else {
                word.clone()
            };
        }
    }
    names
}

/// A bot in words, by its seat spec, in the page's own words (`kindWord`
/// in `web/i18n.js` says the same `page-kind-` messages): `Bot: Medium`; a
/// search bot by its spec.
fn bot_word(spec: &str, lang: Lang) -> String {
    let key = match spec {
        "random" => "page-kind-random",
        "heuristic" => "page-kind-heuristic",
        "easy" => "page-kind-easy",
        "medium" => "page-kind-medium",
        "hard" => "page-kind-hard",
        _ => return crate::words::say(lang, "page-kind-search", &[("spec", spec.into())]),
    };
    crate::words::say(lang, key, &[])
}

/// The viewer `token` speaks for among a table's seats and its spectator
/// token. Every token is compared, each in constant time, so how long the
/// answer takes tells nothing about how much of a token was right.
pub fn viewer_among(seats: &[SeatConfig], spectator_token: &str, token: &str) -> Option<Viewer> {
    use subtle::ConstantTimeEq;
    let same = |known: &str| bool::from(known.as_bytes().ct_eq(token.as_bytes()));
    let mut found = None;
    for (seat, config) in seats.iter().enumerate() {
        if config.token.as_deref().is_some_and(same) {
            found = Some(Viewer::Seat(seat));
        }
    }
    if same(spectator_token) {
        found = Some(Viewer::Spectator);
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use spieltisch_catalog::new_session;

    fn seat(spec: &str, name: Option<&str>) -> SeatConfig {
        SeatConfig { name: name.map(str::to_string), ..SeatConfig::claimed(spec.to_string(), None) }
    }

    /// A person by name, a bot by its level (numbered where two share
    /// one), and a person without a name as the game calls the seat.
    #[test]
    fn seats_are_called_by_name_level_or_number() {
        let session = new_session("sechstage", &serde_json::json!({"players": 5}), 1).unwrap();
        let seats = [
            seat("human", Some("Hanna")),
            seat("easy", None),
            seat("human", None),
            seat("easy", None),
            seat("hard", None),
        ];
        assert_eq!(
            seat_names(&*session, &seats, Lang::En),
            ["Hanna", "Bot: Easy 1", "Seat 3", "Bot: Easy 2", "Bot: Hard"]
        );
        assert_eq!(
            seat_names(&*session, &seats, Lang::De),
            ["Hanna", "Bot: Leicht 1", "Spieler 3", "Bot: Leicht 2", "Bot: Schwer"]
        );
    }

    /// The log and the moves call a bot as the page does (`kindWord` in
    /// `web/i18n.js`, from the same messages), so a bot has one name on the
    /// whole page.
    #[test]
    fn bots_are_called_as_the_page_calls_them() {
        let page = include_str!("../../web/i18n.js");
        for spec in ["random", "heuristic", "easy", "medium", "hard"] {
            assert!(page.contains(&format!("{spec}: 'kind-{spec}'")), "web/i18n.js calls {spec} otherwise");
        }
        assert!(page.contains("say('kind-search', { spec: kind })"));
        assert_eq!(bot_word("medium", Lang::De), "Bot: Mittel");
        assert_eq!(bot_word("mcts:iters=50", Lang::En), "Bot (mcts:iters=50)");
    }
}
