//! `spieltisch games`: the games with their seats and options.

use crate::error::CliError;
use serde_json::json;
use spieltisch_catalog::entries;
use spieltisch_core::{Lang, OptionKind};
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
            let values = match &option.kind {
                OptionKind::Int { min, max } => format!("{min}..{max}"),
                OptionKind::Bool => "true|false".into(),
                OptionKind::Choice { choices } => choices.join("|"),
                OptionKind::Text => lang.tr("text", "Text").into(),
                OptionKind::ChoiceOrFile { choices } => {
                    format!("{}|{}", choices.join("|"), lang.tr("FILE", "DATEI"))
                }
                OptionKind::ChoiceOrFileList { choices } => {
                    format!("{}|{},...", choices.join("|"), lang.tr("FILE", "DATEI"))
                }
            };
            writeln!(
                out,
                "    {}={values}  ({} {})  {}",
                option.key,
                lang.tr("default", "Standard"),
                option.default,
                option.help.get(lang)
            )?;
        }
    }
    if games.is_empty() {
        writeln!(out, "{}", lang.tr("No games are registered.", "Keine Spiele registriert."))?;
    }
    Ok(())
}
