//! The two languages every user-visible text exists in.

use serde::{Deserialize, Serialize};
use std::{fmt, str::FromStr};

/// A language for user-visible text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    /// The text for this language of a pair written in both.
    pub fn tr(self, en: &'static str, de: &'static str) -> &'static str {
        match self {
            Lang::En => en,
            Lang::De => de,
        }
    }
}

impl FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "de" | "deutsch" | "german" => Ok(Lang::De),
            other => Err(format!("unknown language '{other}' (use de or en)")),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::En => "en",
            Lang::De => "de",
        })
    }
}

/// Words said in both languages, for a client that shows either: one
/// message of a crate's catalog, said in English and in German.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Said {
    pub en: String,
    pub de: String,
}

impl Said {
    /// The words `say` says in each language, such as a message of a
    /// crate's catalog: `Said::with(|lang| say(lang, key, &[]))`.
    pub fn with(mut say: impl FnMut(Lang) -> String) -> Said {
        Said { en: say(Lang::En), de: say(Lang::De) }
    }

    /// The words in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::De => &self.de,
        }
    }
}

/// A fixed text in both languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Text {
    pub en: &'static str,
    pub de: &'static str,
}

impl Text {
    pub const fn new(en: &'static str, de: &'static str) -> Self {
        Text { en, de }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &'static str {
        lang.tr(self.en, self.de)
    }
}
