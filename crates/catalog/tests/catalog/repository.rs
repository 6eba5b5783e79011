//! The repository's own files, for the tests that read all of them.
//!
//! The files read are those of the repository's tree: folders of build
//! output, installed packages, git's own files and fuzzing's data are left
//! out, and so are files that are not text.

use std::path::{Path, PathBuf};

/// Folder (and file) names that hold nothing written for the project.
const LEFT_OUT: &[&str] = &[".git", "target", "node_modules", "corpus", "artifacts", "coverage"];

/// The repository's root folder.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Every text file of the repository, by its path inside it, with its text.
pub fn files(root: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy();
            if LEFT_OUT.contains(&name.as_ref()) || name.starts_with("target-") {
                continue;
            }
            if path.is_dir() {
                folders.push(path);
            } else if let Ok(text) = String::from_utf8(std::fs::read(&path).unwrap()) {
                let relative = path.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                found.push((relative, text));
            }
        }
    }
    found.sort();
    found
}
