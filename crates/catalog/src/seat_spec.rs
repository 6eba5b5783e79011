//! Seat specs: who sits in a seat, as written on a command line.
//!
//! A spec is a kind with optional parameters, `kind(:key=value)*`, e.g.
//! `human`, `random`, `heuristic`, `mcts:iters=2000:threads=2` or
//! `ismcts:ms=500`.
//! A list of seats is written with commas: `human,random,heuristic`. Specs
//! read back from their [`Display`](std::fmt::Display) form unchanged, so
//! summaries can print them and scripts can pass them on.

use crate::{CatalogError, CatalogGame, GameVisitor, with_game};
use spieltisch_ai::{SearchBot, SearchConfig};
use spieltisch_core::{Bot, RandomBot};
use std::{fmt, str::FromStr};
use thiserror::Error;

/// The kinds of seat this build knows, for error messages and help.
pub const SEAT_KINDS: &[&str] = &["human", "random", "heuristic", "easy", "medium", "hard", "mcts", "ismcts"];

/// The named bot levels; each game says which bot stands behind each
/// ([`CatalogGame::level`]).
pub const LEVELS: &[&str] = &["easy", "medium", "hard"];

/// Who sits in a seat: a person or a bot with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SeatSpec {
    kind: String,
    params: Vec<(String, String)>,
}

/// Why a seat spec was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SeatError {
    #[error("malformed seat '{spec}': {reason}")]
    Malformed { spec: String, reason: String },
    #[error("unknown seat '{kind}' (known: {})", SEAT_KINDS.join(", "))]
    Unknown { kind: String },
    #[error("seat '{spec}': {reason}")]
    BadParam { spec: String, reason: String },
    /// A search budget beyond a server's caps ([`crate::BotLimits`]).
    #[error("seat '{spec}': {key}={value} is more than this server allows, at most {limit} ({why})")]
    TooExpensive { spec: String, key: &'static str, value: u64, limit: u64, why: String },
}

impl SeatError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            SeatError::Malformed { .. } => "seat.malformed",
            SeatError::Unknown { .. } => "seat.unknown",
            SeatError::BadParam { .. } => "seat.bad_param",
            SeatError::TooExpensive { .. } => "seat.too_expensive",
        }
    }
}

impl SeatSpec {
    /// A spec without parameters, e.g. `SeatSpec::plain("random")`.
    pub fn plain(kind: &str) -> Self {
        SeatSpec { kind: kind.to_string(), params: Vec::new() }
    }

    /// The kind, e.g. `human` or `mcts`.
    pub fn kind(&self) -> &str {
        &self.kind
    }

    /// The parameters in the order given.
    pub fn params(&self) -> &[(String, String)] {
        &self.params
    }

    /// True for a person at the keyboard (or a client of the server).
    pub fn is_human(&self) -> bool {
        self.kind == "human"
    }

    /// Checks that the kind is known and its parameters make sense, without
    /// building anything.
    pub fn validate(&self) -> Result<(), SeatError> {
        match self.kind.as_str() {
            "human" | "random" | "heuristic" | "easy" | "medium" | "hard" => self.no_params(),
            "mcts" | "ismcts" => self.search_config().map(drop),
            _ => Err(SeatError::Unknown { kind: self.kind.clone() }),
        }
    }

    /// The spec a level stands for in game `G` ([`CatalogGame::level`]);
    /// any other spec as it is.
    ///
    /// # Errors
    /// `seat.unknown` for a level the game does not define.
    pub fn resolve<G: CatalogGame>(&self) -> Result<SeatSpec, SeatError> {
        self.validate()?;
        match self.kind.as_str() {
            level @ ("easy" | "medium" | "hard") => {
                G::level(level).ok_or_else(|| SeatError::Unknown { kind: level.to_string() })?.parse()
            }
            _ => Ok(self.clone()),
        }
    }

    /// True for `mcts` and `ismcts` as written (a level is resolved first:
    /// [`SeatSpec::searches`]).
    pub(crate) fn is_search(&self) -> bool {
        matches!(self.kind.as_str(), "mcts" | "ismcts")
    }

    /// True when this spec searches in game `G` (`mcts`, `ismcts`, or a level
    /// the game defines as one), so that a decision costs a search budget;
    /// false for people and for bots that do not search.
    ///
    /// # Errors
    /// The spec's own errors, and `seat.unknown` for a level the game does
    /// not define.
    pub fn searches<G: CatalogGame>(&self) -> Result<bool, SeatError> {
        Ok(self.resolve::<G>()?.is_search())
    }

    /// [`SeatSpec::searches`] in the game with id `game`.
    ///
    /// # Errors
    /// `game.unknown`, and [`SeatSpec::searches`]'s.
    pub fn searches_in(&self, game: &str) -> Result<bool, CatalogError> {
        struct Searches<'a>(&'a SeatSpec);
        impl GameVisitor for Searches<'_> {
            type Output = Result<bool, SeatError>;
            fn visit<G: CatalogGame>(self) -> Self::Output {
                self.0.searches::<G>()
            }
        }
        Ok(with_game(game, Searches(self))??)
    }

    /// The search parameters of `mcts` and `ismcts`: `iters`, `ms`,
    /// `threads`, `c`, `depth`, `eps`, `reuse` (see [`SearchConfig::with_params`]).
    pub(crate) fn search_config(&self) -> Result<SearchConfig, SeatError> {
        let params: Vec<String> = self.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        SearchConfig::default()
            .with_params(&params.join(","))
            .map_err(|e| SeatError::BadParam { spec: self.to_string(), reason: e.to_string() })
    }

    /// The bot for this seat, or `None` for a human.
    pub fn bot<G: CatalogGame>(&self) -> Result<Option<Box<dyn Bot<G>>>, SeatError> {
        self.validate()?;
        Ok(match self.kind.as_str() {
            "human" => None,
            "random" => Some(Box::new(RandomBot)),
            "heuristic" => Some(G::heuristic()),
            level @ ("easy" | "medium" | "hard") => {
                let spec: SeatSpec =
                    G::level(level).ok_or_else(|| SeatError::Unknown { kind: level.to_string() })?.parse()?;
                return spec.bot::<G>();
            }
            "mcts" => Some(Box::new(SearchBot::mcts(self.search_config()?, G::knowledge()))),
            "ismcts" => Some(Box::new(SearchBot::ismcts(self.search_config()?, G::knowledge()))),
            _ => return Err(SeatError::Unknown { kind: self.kind.clone() }),
        })
    }

    /// The search bot of an `mcts` or `ismcts` spec, or of a level that
    /// searches (for analysis); other specs are refused.
    pub fn search_bot<G: CatalogGame>(&self) -> Result<SearchBot<G>, SeatError> {
        self.validate()?;
        match self.kind.as_str() {
            "mcts" => Ok(SearchBot::mcts(self.search_config()?, G::knowledge())),
            "ismcts" => Ok(SearchBot::ismcts(self.search_config()?, G::knowledge())),
            level @ ("easy" | "medium" | "hard") => G::level(level)
                .ok_or_else(|| SeatError::Unknown { kind: level.to_string() })?
                .parse::<SeatSpec>()?
                .search_bot::<G>()
                .map_err(|_| SeatError::BadParam {
                    spec: self.to_string(),
                    reason: format!(
                        "level '{level}' does not search; analyse with medium, hard, mcts or ismcts"
                    ),
                }),
            _ => Err(SeatError::BadParam {
                spec: self.to_string(),
                reason: "analysis needs a searching bot: medium, hard, mcts or ismcts".into(),
            }),
        }
    }

    fn no_params(&self) -> Result<(), SeatError> {
        if self.params.is_empty() {
            Ok(())
        } else {
            Err(SeatError::BadParam {
                spec: self.to_string(),
                reason: format!("'{}' takes no parameters", self.kind),
            })
        }
    }
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

impl FromStr for SeatSpec {
    type Err = SeatError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let spec = input.trim();
        let malformed = |reason: &str| SeatError::Malformed { spec: spec.to_string(), reason: reason.into() };
        let mut parts = spec.split(':');
        let kind = parts.next().unwrap_or_default().to_ascii_lowercase();
        if !is_word(&kind) {
            return Err(malformed("expected a seat kind such as human, random or heuristic"));
        }
        let mut params: Vec<(String, String)> = Vec::new();
        for part in parts {
            let (key, value) =
                part.split_once('=').ok_or_else(|| malformed("parameters are written key=value"))?;
            let (key, value) = (key.trim(), value.trim());
            if !is_word(key) || !is_word(value) {
                return Err(malformed(
                    "parameters are written key=value with letters, digits, '.', '-' or '_'",
                ));
            }
            if params.iter().any(|(k, _)| k == key) {
                return Err(malformed(&format!("parameter '{key}' is given twice")));
            }
            params.push((key.to_string(), value.to_string()));
        }
        Ok(SeatSpec { kind, params })
    }
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind)?;
        for (k, v) in &self.params {
            write!(f, ":{k}={v}")?;
        }
        Ok(())
    }
}

/// Reads a comma-separated list of seat specs, each checked with
/// [`SeatSpec::validate`].
pub fn parse_seats(list: &str) -> Result<Vec<SeatSpec>, SeatError> {
    list.split(',')
        .map(|s| {
            let spec: SeatSpec = s.parse()?;
            spec.validate()?;
            Ok(spec)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_back_from_their_display() {
        for text in ["human", "random", "heuristic", "mcts:iters=2000", "mcts:iters=2000:threads=2"] {
            let spec: SeatSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
    }

    #[test]
    fn a_list_reads_in_order() {
        let seats = parse_seats("human, random,heuristic").unwrap();
        let kinds: Vec<_> = seats.iter().map(SeatSpec::kind).collect();
        assert_eq!(kinds, ["human", "random", "heuristic"]);
        assert!(seats[0].is_human() && !seats[1].is_human());
    }

    #[test]
    fn bad_specs_get_their_own_codes() {
        assert_eq!(parse_seats("random,,human").unwrap_err().code(), "seat.malformed");
        assert_eq!(parse_seats("wizard").unwrap_err().code(), "seat.unknown");
        assert_eq!(parse_seats("random:depth=3").unwrap_err().code(), "seat.bad_param");
        assert_eq!(parse_seats("mcts:iters=0").unwrap_err().code(), "seat.bad_param");
        assert_eq!(parse_seats("ismcts:speed=9").unwrap_err().code(), "seat.bad_param");
        assert!(parse_seats("mcts:iters=50:threads=2,ismcts:ms=20").is_ok());
        assert!(parse_seats("easy,medium,hard").is_ok());
        assert_eq!(parse_seats("hard:iters=9").unwrap_err().code(), "seat.bad_param");
        assert_eq!("mcts:iters".parse::<SeatSpec>().unwrap_err().code(), "seat.malformed");
        assert_eq!("mcts:a=1:a=2".parse::<SeatSpec>().unwrap_err().code(), "seat.malformed");
    }

    #[test]
    fn unknown_kind_names_the_known_ones() {
        let message = parse_seats("wizard").unwrap_err().to_string();
        assert!(message.contains("wizard") && message.contains("heuristic"), "{message}");
    }
}
