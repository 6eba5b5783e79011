//! `spieltisch games`: the games with their seats and options.

use crate::error::CliError;
use serde_json::json;
use spieltisch_catalog::entries;
use spieltisch_core::{Choice, Lang, OptionDefault, OptionKind, OptionSpec};
use std::io::Write;

/// Runs `spieltisch games`. With `json`, one object `{"games": [...]}` whose
/// entries are the catalog's [`spieltisch_catalog::GameEntry`]s.
pub fn run(json: bool, lang: Lang, out: &mut dyn Write) -> Result<(), CliError> {
    let games = entries();
    if json {
        writeln!(out, "{}", json!({ "games": games }))?;
        return Ok(());
    }
    for entry in &games {
        let info = &entry.info;
        let seats = if info.min_seats == info.max_seats {
            info.min_seats.to_string()
        } else {
            format!("{}–{}", info.min_seats, info.max_seats)
        };
        writeln!(out, "{:<14} {} ({} {seats})", info.id, info.name.get(lang), lang.tr("seats", "Plätze"))?;
        for option in &info.options {
            write_option(option, lang, out)?;
        }
    }
    if games.is_empty() {
        writeln!(out, "{}", lang.tr("No games are registered.", "Keine Spiele registriert."))?;
    }
    Ok(())
}

/// One option: `key=values  (default)  Label: help`, then one line for each
/// built-in choice, since their labels alone do not say what they mean.
fn write_option(option: &OptionSpec, lang: Lang, out: &mut dyn Write) -> Result<(), CliError> {
    let words = |choices: &[Choice]| choices.iter().map(|c| c.value).collect::<Vec<_>>().join("|");
    let file = lang.tr("FILE", "DATEI");
    let (values, choices) = match &option.kind {
        OptionKind::Int { min, max } => (format!("{min}..{max}"), &[][..]),
        OptionKind::Bool => ("true|false".into(), &[][..]),
        OptionKind::Choice { choices } => (words(choices), *choices),
        OptionKind::Text => (lang.tr("text", "Text").into(), &[][..]),
        OptionKind::ChoiceOrFile { choices } => (format!("{}|{file}", words(choices)), *choices),
        OptionKind::ChoiceOrFileList { choices, max } => {
            (format!("{}|{file},... ({} {max})", words(choices), lang.tr("at most", "höchstens")), *choices)
        }
    };
    let default = match &option.default {
        OptionDefault::Follows(key) => format!("{} {key}", lang.tr("default: follows", "Standard: folgt")),
        other => format!("{} {}", lang.tr("default", "Standard"), other.written()),
    };
    writeln!(
        out,
        "    {}={values}  ({default})  {}: {}",
        option.key,
        option.label.get(lang),
        option.help.get(lang)
    )?;
    for choice in choices {
        writeln!(out, "        {:<14} {}: {}", choice.value, choice.label.get(lang), choice.help.get(lang))?;
    }
    Ok(())
}
