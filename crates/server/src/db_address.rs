//! Where the server keeps its games: the database address that `--db`
//! takes (`spieltisch serve`, `spieltisch admin`), parsed once into one
//! typed value.
//!
//! An address is `SCHEME:REST`; a text without a scheme is a file path, so
//! the `--db PATH` of earlier builds still means the same SQLite file. The
//! schemes this build takes are [`SCHEMES`]: any other is refused by name,
//! rather than read as a file called, say, `postgres://…`.

use std::path::PathBuf;
use std::str::FromStr;
use thiserror::Error;

/// A database the server can keep its games in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbAddress {
    /// An SQLite file, created if missing.
    Sqlite(PathBuf),
    /// An SQLite database in memory: nothing survives the process
    /// (`--memory`; no address names it).
    Memory,
}

/// The forms of address this build takes, as `--db` documents them.
pub const SCHEMES: &[&str] = &["sqlite:PATH", "PATH (an SQLite file)"];

#[derive(Debug, Error, PartialEq, Eq)]
pub enum AddressError {
    #[error("the database address is empty")]
    Empty,
    #[error("'{0}' names no file: write sqlite:PATH")]
    NoPath(String),
    /// `sqlite://…` is read three different ways by other programs (a
    /// host, a relative or an absolute path), so it is not guessed at.
    #[error(
        "'{0}': write sqlite:PATH without '//' (sqlite:games.db, or sqlite:/var/lib/spieltisch/games.db)"
    )]
    SqliteUrl(String),
    #[error(
        "this build cannot keep games in '{scheme}:' databases; it takes {} (a file whose name has a colon: write sqlite:NAME or ./NAME)",
        SCHEMES.join(" or ")
    )]
    UnknownScheme { address: String, scheme: String },
}

impl FromStr for DbAddress {
    type Err = AddressError;

    fn from_str(address: &str) -> Result<Self, Self::Err> {
        if address.is_empty() {
            return Err(AddressError::Empty);
        }
        let Some((scheme, rest)) = address.split_once(':').filter(|(scheme, _)| is_scheme(scheme)) else {
            return Ok(DbAddress::Sqlite(PathBuf::from(address)));
        };
        if !scheme.eq_ignore_ascii_case("sqlite") {
            return Err(AddressError::UnknownScheme { address: address.into(), scheme: scheme.into() });
        }
        if rest.starts_with("//") {
            return Err(AddressError::SqliteUrl(address.into()));
        }
        if rest.is_empty() {
            return Err(AddressError::NoPath(address.into()));
        }
        Ok(DbAddress::Sqlite(PathBuf::from(rest)))
    }
}

/// Whether `text` is a URI scheme (RFC 3986: a letter, then letters,
/// digits, `+`, `-` or `.`) of at least two characters, so that a
/// drive letter (`C:\games.db`) stays a path.
fn is_scheme(text: &str) -> bool {
    let mut chars = text.chars();
    text.len() >= 2
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(address: &str) -> Result<DbAddress, AddressError> {
        address.parse()
    }

    fn sqlite(path: &str) -> Result<DbAddress, AddressError> {
        Ok(DbAddress::Sqlite(PathBuf::from(path)))
    }

    #[test]
    fn sqlite_addresses_and_bare_paths_name_the_same_file() {
        assert_eq!(parsed("sqlite:games.db"), sqlite("games.db"));
        assert_eq!(parsed("SQLite:/var/lib/spieltisch/games.db"), sqlite("/var/lib/spieltisch/games.db"));
        assert_eq!(parsed("games.db"), sqlite("games.db"));
        assert_eq!(parsed("/tmp/a:b/games.db"), sqlite("/tmp/a:b/games.db"), "a colon after a slash");
        assert_eq!(parsed("./backup:1.db"), sqlite("./backup:1.db"));
        assert_eq!(parsed("sqlite:backup:1.db"), sqlite("backup:1.db"));
        assert_eq!(parsed("C:\\games.db"), sqlite("C:\\games.db"), "a drive letter is no scheme");
    }

    #[test]
    fn other_schemes_are_refused_naming_the_ones_taken() {
        for address in
            ["postgres://spiel@127.0.0.1:5432/spiel", "postgresql://h/db", "mysql://h/db", "backup:1.db"]
        {
            let refused = parsed(address).unwrap_err();
            assert!(matches!(refused, AddressError::UnknownScheme { .. }), "{address}: {refused:?}");
            let said = refused.to_string();
            let scheme = address.split(':').next().unwrap();
            assert!(said.contains("sqlite:PATH") && said.contains(&format!("'{scheme}:'")), "{said}");
        }
        assert_eq!(parsed(""), Err(AddressError::Empty));
        assert_eq!(parsed("sqlite:"), Err(AddressError::NoPath("sqlite:".into())));
        assert_eq!(parsed("sqlite:///games.db"), Err(AddressError::SqliteUrl("sqlite:///games.db".into())));
    }
}
