//! Reading the data files that options name (Um Reifenbreite's course and
//! board files, 6-Tage Rennen's track files): done here, at the edge, and
//! never by the rules. Each file named is replaced in the options by its
//! content, so that a game, and its record, stands on its own wherever it is
//! replayed and whatever happens to the file later.

use crate::{CatalogError, CatalogGame, GameVisitor, with_game};
use serde_json::{Map, Value};
use spieltisch_core::data_file::resolve_in;
use spieltisch_core::options::resolve_files;
use spieltisch_core::{OptionKind, Record};
use std::path::{Path, PathBuf};

/// Which files options may name.
#[derive(Clone, Copy, Debug)]
pub enum FileAccess<'a> {
    /// Any file, its path relative to the working directory: the command
    /// line and the engine, run by the person whose files they are.
    Local,
    /// Only regular files inside this folder (given canonical), named
    /// relative to it: what a server's clients may name (`--game-files`).
    Folder(&'a Path),
    /// As [`FileAccess::Folder`], and also the absolute path of a file
    /// inside the folder: what a server stored for its tables before
    /// records carried content (format 3).
    Stored(&'a Path),
    /// No file at all: a server without `--game-files`.
    Nothing,
}

impl FileAccess<'_> {
    /// Where the file named `name` lies, and the name to show for it, or
    /// why it may not be read. The refusal is the same whether or not
    /// something exists at the name.
    fn admit(self, name: &str) -> Result<(PathBuf, String), String> {
        match self {
            FileAccess::Local => Ok((PathBuf::from(name), name.to_string())),
            FileAccess::Nothing => {
                Err("this server reads no files named by its clients (use a built-in value)".into())
            }
            FileAccess::Folder(dir) | FileAccess::Stored(dir) => {
                let stored = matches!(self, FileAccess::Stored(_));
                let inside = Path::new(name).strip_prefix(dir).ok().and_then(Path::to_str);
                let relative = inside.filter(|_| stored).unwrap_or(name);
                resolve_in(dir, relative).map(|path| (path, relative.to_string())).map_err(|_| {
                    "not a regular file inside the server's game-files folder (names are relative to it; absolute \
                     paths and '..' are refused)"
                        .to_string()
                })
            }
        }
    }
}

struct ReadFiles<'a> {
    options: &'a mut Map<String, Value>,
    access: FileAccess<'a>,
}

impl GameVisitor for ReadFiles<'_> {
    type Output = Result<(), CatalogError>;
    fn visit<G: CatalogGame>(self) -> Self::Output {
        read_files_for::<G>(self.options, self.access)
    }
}

/// [`read_files`] for game `G`.
pub(crate) fn read_files_for<G: CatalogGame>(
    options: &mut Map<String, Value>,
    access: FileAccess,
) -> Result<(), CatalogError> {
    let specs = G::info().options;
    // Content given in place of a name is a file too: a client that may
    // name no file may send no course or track of its own either (a
    // board of its making costs the server the work of unrolling it).
    if matches!(access, FileAccess::Nothing) {
        let names_files = |kind: &OptionKind| {
            matches!(kind, OptionKind::ChoiceOrFile { .. } | OptionKind::ChoiceOrFileList { .. })
        };
        for spec in specs.iter().filter(|s| names_files(&s.kind)) {
            let given = options.get(spec.key);
            let content = |v: &Value| v.is_object();
            if given
                .is_some_and(|v| content(v) || v.as_array().is_some_and(|items| items.iter().any(content)))
            {
                return Err(spieltisch_core::OptionsError::File {
                    key: spec.key.to_string(),
                    value: "(content)".into(),
                    reason: "this server takes no course or track of its clients' own (use a built-in value)"
                        .into(),
                }
                .into());
            }
        }
    }
    resolve_files(&specs, options, |key, name| {
        let (path, shown) = access.admit(name)?;
        G::read_option_file(key, &path, &shown)
    })?;
    Ok(())
}

/// Replaces every file that `options` (a JSON object of game `game`) name
/// with the file's content, reading only what `access` allows.
///
/// # Errors
/// `game.unknown`, or `options.file` naming the option, the file as given
/// (never a path of the machine it was resolved to) and why it was refused.
pub fn read_files(
    game: &str,
    options: &mut Map<String, Value>,
    access: FileAccess,
) -> Result<(), CatalogError> {
    with_game(game, ReadFiles { options, access })?
}

/// Reads the files that the options of a record of an older format name
/// (before format 3, records named course and track files by path), so
/// that it replays and, upgraded, carries their content. Records of today's
/// format name no files and are left alone.
///
/// # Errors
/// As [`read_files`].
pub fn read_record_files(record: &mut Record, access: FileAccess) -> Result<(), CatalogError> {
    if record.format >= 3 {
        return Ok(());
    }
    let game = record.game.clone();
    match &mut record.options {
        Value::Object(options) => read_files(&game, options, access),
        _ => Ok(()),
    }
}
