//! `spieltisch games`: the games with their seats and options.

use crate::error::CliError;
use crate::words::say;
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
        let name = info.name.get(lang);
        writeln!(
            out,
            "{:<14} {}",
            info.id,
            say(lang, "games-seats", &[("name", name.into()), ("seats", (&seats).into())])
        )?;
        for option in &info.options {
            write_option(option, lang, out)?;
        }
    }
    if games.is_empty() {
        writeln!(out, "{}", say(lang, "games-none", &[]))?;
    }
    Ok(())
}

/// One option: `key=values  (default)  Label: help`, then one line for each
/// built-in choice, since their labels alone do not say what they mean.
fn write_option(option: &OptionSpec, lang: Lang, out: &mut dyn Write) -> Result<(), CliError> {
    let words = |choices: &[Choice]| choices.iter().map(|c| c.value).collect::<Vec<_>>().join("|");
    let file = say(lang, "option-file", &[]);
    let (values, choices) = match &option.kind {
        OptionKind::Int { min, max } => (format!("{min}..{max}"), &[][..]),
        OptionKind::Bool => ("true|false".into(), &[][..]),
        OptionKind::Choice { choices } => (words(choices), *choices),
        OptionKind::Text => (say(lang, "option-text", &[]), &[][..]),
        OptionKind::ChoiceOrFile { choices } => (format!("{}|{file}", words(choices)), *choices),
        OptionKind::ChoiceOrFileList { choices, max } => (
            format!(
                "{}|{file},... ({})",
                words(choices),
                say(lang, "option-at-most", &[("max", (*max).into())])
            ),
            *choices,
        ),
    };
    let default = match &option.default {
        OptionDefault::Follows(key) => say(lang, "option-follows", &[("key", (*key).into())]),
        other => say(lang, "option-default", &[("value", other.written().into())]),
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
