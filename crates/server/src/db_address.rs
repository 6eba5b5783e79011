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
    /// A PostgreSQL database, which the nodes of a cluster share.
    Postgres(PostgresUrl),
}

/// A `postgres://` (or `postgresql://`) URL, checked when parsed. Its
/// password, if it has one, is not shown by `Debug`, so a logged
/// configuration does not give it away.
#[derive(Clone, PartialEq, Eq)]
pub struct PostgresUrl(String);

impl PostgresUrl {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The URL with its password, if any, written as `***`.
    pub fn redacted(&self) -> String {
        let Some((scheme, rest)) = self.0.split_once("://") else { return self.0.clone() };
        let (authority, path) = rest.split_once('/').map_or((rest, None), |(a, p)| (a, Some(p)));
        let authority = match authority.rsplit_once('@') {
            Some((user_info, host)) => match user_info.split_once(':') {
                Some((user, _password)) => format!("{user}:***@{host}"),
                None => authority.to_string(),
            },
            None => authority.to_string(),
        };
        match path {
            Some(path) => format!("{scheme}://{authority}/{path}"),
            None => format!("{scheme}://{authority}"),
        }
    }
}

impl std::fmt::Debug for PostgresUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PostgresUrl({})", self.redacted())
    }
}

/// The forms of address this build takes, as `--db` documents them.
pub const SCHEMES: &[&str] = &["sqlite:PATH", "PATH (an SQLite file)", "postgres://USER@HOST:PORT/DBNAME"];

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
    #[error("'{address}' is not a PostgreSQL address postgres://USER@HOST:PORT/DBNAME: {reason}")]
    Postgres { address: String, reason: String },
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
        if ["postgres", "postgresql"].iter().any(|s| scheme.eq_ignore_ascii_case(s)) {
            let refused = |reason: String| AddressError::Postgres { address: redacted(address), reason };
            if !rest.starts_with("//") {
                return Err(refused("write postgres:// with two slashes".into()));
            }
            // The client reads the scheme in lower case only.
            let url = format!("{}:{rest}", scheme.to_ascii_lowercase());
            let config = tokio_postgres::Config::from_str(&url).map_err(|e| refused(e.to_string()))?;
            if config.get_dbname().is_none() {
                return Err(refused("it names no database (the part after the last '/')".into()));
            }
            return Ok(DbAddress::Postgres(PostgresUrl(url)));
        }
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

fn redacted(address: &str) -> String {
    PostgresUrl(address.to_string()).redacted()
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
    fn postgres_addresses_are_checked_and_keep_their_password_to_themselves() {
        for address in [
            "postgres://spiel@127.0.0.1:5432/spiel",
            "postgresql://h/db",
            "POSTGRES://u:pw@h:1/d?sslmode=disable",
        ] {
            let Ok(DbAddress::Postgres(url)) = parsed(address) else { panic!("{address}") };
            assert_eq!(url.as_str(), address.replacen("POSTGRES", "postgres", 1));
        }
        let Ok(DbAddress::Postgres(url)) = parsed("postgres://spiel:s3cret@db.example:5432/games") else {
            panic!()
        };
        assert_eq!(url.redacted(), "postgres://spiel:***@db.example:5432/games");
        assert!(!format!("{url:?}").contains("s3cret"));
    }

    #[test]
    fn other_schemes_are_refused_naming_the_ones_taken() {
        for address in ["mysql://h/db", "backup:1.db", "redis://127.0.0.1:6379"] {
            let refused = parsed(address).unwrap_err();
            assert!(matches!(refused, AddressError::UnknownScheme { .. }), "{address}: {refused:?}");
            let said = refused.to_string();
            let scheme = address.split(':').next().unwrap();
            assert!(said.contains("sqlite:PATH") && said.contains(&format!("'{scheme}:'")), "{said}");
        }
        assert_eq!(parsed(""), Err(AddressError::Empty));
        assert!(matches!(parsed("postgres:db"), Err(AddressError::Postgres { .. })));
        assert!(
            matches!(parsed("postgres://127.0.0.1:5432"), Err(AddressError::Postgres { .. })),
            "no database"
        );
        let refused = parsed("postgres://spiel:secret@127.0.0.1:notaport/spiel").unwrap_err().to_string();
        assert!(!refused.contains("secret") && refused.contains("spiel:***@"), "{refused}");
        assert_eq!(parsed("sqlite:"), Err(AddressError::NoPath("sqlite:".into())));
        assert_eq!(parsed("sqlite:///games.db"), Err(AddressError::SqliteUrl("sqlite:///games.db".into())));
    }
}
