//! A table's checksum as its row stores it, in one of two versions, so
//! that checksums written by earlier builds keep verifying:
//!
//! | version | stored as | covers |
//! |---|---|---|
//! | 1 | 16 hex digits | the actions |
//! | 2 | `2:` and 16 hex digits | the game, the record format, the seed, the options (as stored), then the actions |
//!
//! Both are FNV-1a over lines ([`Checksum`]), kept up to date as actions
//! are appended. Tables are written in version 2; a table of version 1 is
//! written again in version 2 only once it has been verified in version 1
//! and its replay agrees with its row, so a checksum never covers a
//! record it did not check.

use super::checksum::Checksum;
use super::rows::RawRow;

/// A table's checksum as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableSum {
    /// Version 1: the actions only.
    Actions(Checksum),
    /// Version 2: the record's game, format, seed and options, and its actions.
    Record(Checksum),
}

/// What version 2 covers besides the actions, as the row stores it.
#[derive(Clone, Copy, Debug)]
pub struct RecordHead<'a> {
    pub game: &'a str,
    pub format: u32,
    pub seed: u64,
    /// The options column's text, as written.
    pub options: &'a str,
}

impl<'a> From<&'a RawRow> for RecordHead<'a> {
    fn from(row: &'a RawRow) -> Self {
        RecordHead { game: &row.game, format: row.format, seed: row.seed as u64, options: &row.options }
    }
}

impl TableSum {
    /// The version 2 checksum of a table with `head` and no actions yet.
    pub fn start(head: RecordHead<'_>) -> TableSum {
        let RecordHead { game, format, seed, options } = head;
        let lines = [game.to_string(), format.to_string(), seed.to_string(), options.to_string()];
        TableSum::Record(Checksum::of(&lines))
    }

    /// The version 2 checksum of a table with `head` and `actions`.
    pub fn of<'s>(head: RecordHead<'_>, actions: impl IntoIterator<Item = &'s String>) -> TableSum {
        TableSum::start(head).then_all(actions)
    }

    /// The checksum of the same kind with `action` appended.
    pub fn then(self, action: &str) -> TableSum {
        match self {
            TableSum::Actions(sum) => TableSum::Actions(sum.then(action)),
            TableSum::Record(sum) => TableSum::Record(sum.then(action)),
        }
    }

    /// The checksum of the same kind with `actions` appended in order.
    pub fn then_all<'s>(self, actions: impl IntoIterator<Item = &'s String>) -> TableSum {
        actions.into_iter().fold(self, |sum, action| sum.then(action))
    }

    /// As the checksum column stores it.
    pub fn text(self) -> String {
        match self {
            TableSum::Actions(sum) => sum.hex(),
            TableSum::Record(sum) => format!("2:{}", sum.hex()),
        }
    }

    /// The checksum column's text, or `None` if it is not a checksum of
    /// either version.
    pub fn parse(text: &str) -> Option<TableSum> {
        match text.strip_prefix("2:") {
            Some(hex) if hex.len() == 16 => Checksum::parse(hex).map(TableSum::Record),
            None if text.len() == 16 => Checksum::parse(text).map(TableSum::Actions),
            _ => None,
        }
    }

    /// Whether it covers the whole record (version 2).
    pub fn covers_the_record(self) -> bool {
        matches!(self, TableSum::Record(_))
    }

    /// Whether a table with `head` and `actions` has this checksum.
    pub fn matches(self, head: RecordHead<'_>, actions: &[String]) -> bool {
        match self {
            TableSum::Actions(sum) => sum == Checksum::of(actions),
            TableSum::Record(_) => self == TableSum::of(head, actions),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: RecordHead<'static> =
        RecordHead { game: "six", format: 3, seed: 7, options: "{\"players\":2}" };

    #[test]
    fn both_versions_read_back_and_grow_as_actions_are_appended() {
        let actions = ["a".to_string(), "b".to_string()];
        let old = TableSum::Actions(Checksum::of(&actions));
        assert_eq!(TableSum::parse(&old.text()), Some(old));
        assert!(old.matches(HEAD, &actions) && !old.covers_the_record());
        let new = TableSum::of(HEAD, &actions);
        assert_eq!(TableSum::parse(&new.text()), Some(new));
        assert!(new.text().starts_with("2:") && new.covers_the_record());
        assert_eq!(TableSum::start(HEAD).then("a").then("b"), new);
        assert!(new.matches(HEAD, &actions));
        assert!(!new.matches(HEAD, &actions[..1]));
        for text in ["", "2:", "3:0123456789abcdef", "0123", "xyz0123456789abc"] {
            assert_eq!(TableSum::parse(text), None, "{text}");
        }
    }

    #[test]
    fn version_2_covers_the_seed_and_the_options() {
        let actions = ["a".to_string()];
        let sum = TableSum::of(HEAD, &actions);
        for other in [
            RecordHead { seed: 8, ..HEAD },
            RecordHead { options: "{\"players\":3}", ..HEAD },
            RecordHead { game: "rennen", ..HEAD },
            RecordHead { format: 2, ..HEAD },
        ] {
            assert!(!sum.matches(other, &actions), "{other:?}");
        }
    }
}
