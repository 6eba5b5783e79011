//! Reading the data files games load (course, board and track files), and
//! confining file names to one folder.
//!
//! Every data-file read goes through [`read_data_file`], so a file name that
//! points at a device, a pipe or a huge file gives a clear error instead of
//! reading without end. [`resolve_in`] is what a server uses to let its
//! clients name files, but only regular files inside one folder.

use std::io::Read;
use std::path::{Component, Path, PathBuf};
use thiserror::Error;

/// The largest data file read, in bytes. Course, board and track files are a
/// few KiB; the cap only stops runaway reads.
pub const MAX_DATA_FILE: u64 = 1 << 20;

/// Why a data file could not be read.
#[derive(Debug, Error)]
pub enum DataFileError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}: not a regular file")]
    NotAFile { path: String },
    #[error("{path}: too large ({size} bytes; data files may have at most {max} bytes)")]
    TooLarge { path: String, size: u64, max: u64 },
}

impl DataFileError {
    /// What went wrong, without the path: for messages that may go to
    /// someone who must not learn the paths of the machine.
    pub fn reason(&self) -> String {
        match self {
            DataFileError::Io { source, .. } => source.to_string(),
            DataFileError::NotAFile { .. } => "not a regular file".into(),
            DataFileError::TooLarge { size, max, .. } => {
                format!("too large ({size} bytes; data files may have at most {max} bytes)")
            }
        }
    }
}

/// Reads a data file as text: only regular files of at most
/// [`MAX_DATA_FILE`] bytes.
pub fn read_data_file(path: impl AsRef<Path>) -> Result<String, DataFileError> {
    let path = path.as_ref();
    let shown = || path.display().to_string();
    let io = |source| DataFileError::Io { path: shown(), source };
    // Checked before opening: opening a named pipe would block until a
    // writer comes.
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(DataFileError::NotAFile { path: shown() });
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // Checked again on the opened file, in case the name was swapped.
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(DataFileError::NotAFile { path: shown() });
    }
    let too_large = |size| DataFileError::TooLarge { path: shown(), size, max: MAX_DATA_FILE };
    if meta.len() > MAX_DATA_FILE {
        return Err(too_large(meta.len()));
    }
    // The take bounds the read even if the file grows meanwhile.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_DATA_FILE + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > MAX_DATA_FILE {
        return Err(too_large(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// True if `name` is a plain relative path: no root, no drive, no `..`.
pub fn is_plain_relative(name: &Path) -> bool {
    !name.as_os_str().is_empty()
        && name.components().all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// Why a file name was not admitted by [`resolve_in`]. Deliberately one
/// case: the caller must not learn whether something exists outside the folder.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "not a regular file inside the folder (names are relative to it; absolute paths and '..' are refused)"
)]
pub struct OutsideFolder;

/// Resolves `name` against the folder `dir` (given canonical, see
/// [`std::fs::canonicalize`]): the canonical path of a regular file that
/// really lies inside `dir`, symbolic links followed. Absolute names and
/// `..` are refused before the file system is asked.
pub fn resolve_in(dir: &Path, name: &str) -> Result<PathBuf, OutsideFolder> {
    if !is_plain_relative(Path::new(name)) {
        return Err(OutsideFolder);
    }
    let path = dir.join(name).canonicalize().map_err(|_| OutsideFolder)?;
    if !path.starts_with(dir) || !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
        return Err(OutsideFolder);
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("spieltisch-data-file-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.canonicalize().unwrap()
    }

    #[test]
    fn reads_small_files() {
        let dir = temp_dir("small");
        std::fs::write(dir.join("a.json"), "{}").unwrap();
        assert_eq!(read_data_file(dir.join("a.json")).unwrap(), "{}");
        let err = read_data_file(dir.join("missing.json")).unwrap_err();
        assert!(matches!(err, DataFileError::Io { .. }), "{err}");
    }

    #[test]
    fn refuses_files_over_the_cap() {
        let dir = temp_dir("large");
        let path = dir.join("big.json");
        std::fs::write(&path, vec![b' '; MAX_DATA_FILE as usize]).unwrap();
        assert!(read_data_file(&path).is_ok(), "exactly the cap is read");
        std::fs::write(&path, vec![b' '; MAX_DATA_FILE as usize + 1]).unwrap();
        let err = read_data_file(&path).unwrap_err();
        assert!(matches!(err, DataFileError::TooLarge { .. }), "{err}");
        assert!(err.to_string().contains("too large"), "{err}");
    }

    #[test]
    fn refuses_devices_and_folders() {
        // /dev/zero would never end; a folder is no data file either.
        for path in ["/dev/zero", "/dev/null"] {
            if Path::new(path).exists() {
                let err = read_data_file(path).unwrap_err();
                assert!(matches!(err, DataFileError::NotAFile { .. }), "{path}: {err}");
            }
        }
        let err = read_data_file(temp_dir("folder")).unwrap_err();
        assert!(matches!(err, DataFileError::NotAFile { .. }), "{err}");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_named_pipes_without_blocking() {
        let dir = temp_dir("fifo");
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipping: mkfifo is not available");
            return;
        }
        let err = read_data_file(&fifo).unwrap_err();
        assert!(matches!(err, DataFileError::NotAFile { .. }), "{err}");
    }

    #[test]
    fn resolves_only_inside_the_folder() {
        let root = temp_dir("resolve");
        let dir = root.join("files");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/c.json"), "{}").unwrap();
        std::fs::write(root.join("secret.json"), "{}").unwrap();
        assert_eq!(resolve_in(&dir, "sub/c.json").unwrap(), dir.join("sub/c.json"));
        assert_eq!(resolve_in(&dir, "./sub/c.json").unwrap(), dir.join("sub/c.json"));
        for name in ["", "/etc/hostname", "../secret.json", "sub/../../secret.json", "sub", "none.json"] {
            assert_eq!(resolve_in(&dir, name), Err(OutsideFolder), "{name}");
        }
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(root.join("secret.json"), dir.join("link.json")).unwrap();
            assert_eq!(resolve_in(&dir, "link.json"), Err(OutsideFolder));
            std::os::unix::fs::symlink(dir.join("sub/c.json"), dir.join("inside.json")).unwrap();
            assert_eq!(resolve_in(&dir, "inside.json").unwrap(), dir.join("sub/c.json"));
        }
    }
}
