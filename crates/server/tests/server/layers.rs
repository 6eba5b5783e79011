//! The server's modules import one another without a circle
//! (docs/architecture.md, "The server's parts"). Read from each file's code
//! (its comments and the unit tests at its end left out): a module depends
//! on every module a `crate::` path of its names, but its own ancestors (a
//! part reaching up to the module it belongs to), and on each child whose
//! items it re-exports (`pub use child::…`), through which others reach
//! them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every module of the server's source by its path (`table::wire`), with its file.
fn modules() -> BTreeMap<String, PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = BTreeMap::new();
    let mut folders = vec![root.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(&root).unwrap().with_extension("");
                let name = relative.to_str().unwrap().replace('/', "::");
                if name != "lib" {
                    found.insert(name, path);
                }
            }
        }
    }
    found
}

/// The modules that module `own` (in `file`) depends on.
fn dependencies(own: &str, file: &Path, modules: &BTreeMap<String, PathBuf>) -> BTreeSet<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    let mut found = BTreeSet::new();
    for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (at, _) in line.match_indices("crate::") {
            let path: String = line[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let parts: Vec<&str> = path.split("::").filter(|p| !p.is_empty()).collect();
            let named =
                (1..=parts.len()).rev().map(|k| parts[..k].join("::")).find(|m| modules.contains_key(m));
            if let Some(named) = named.filter(|m| m != own && !own.starts_with(&format!("{m}::"))) {
                found.insert(named);
            }
        }
        let line = line.trim_start();
        let re_exported = ["pub use ", "pub(crate) use "].iter().find_map(|p| line.strip_prefix(p));
        if let Some(child) = re_exported.and_then(|rest| rest.split("::").next()) {
            let child = format!("{own}::{child}");
            if modules.contains_key(&child) {
                found.insert(child);
            }
        }
    }
    found
}

/// The first import circle among `graph`'s modules, if any.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        module: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|m| m == module) {
            let mut circle = path[start..].to_vec();
            circle.push(module.to_string());
            return Some(circle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in &graph[module] {
            if let Some(circle) = walk(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|module| walk(module, graph, &mut Vec::new(), &mut done))
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    modules.iter().map(|(name, file)| (name.clone(), dependencies(name, file, &modules))).collect()
}

#[test]
fn the_servers_modules_import_one_another_without_a_circle() {
    let graph = graph();
    assert!(graph.contains_key("table::wire") && graph.contains_key("storage::sqlite"), "{graph:?}");
    // The storage names no table, and the table reaches the storage's types
    // through its front module.
    assert!(graph["table"].contains("storage") && graph["storage"].contains("storage::error"), "{graph:?}");
    if let Some(circle) = circle(&graph) {
        panic!("an import circle: {}", circle.join(" -> "));
    }
}

#[test]
fn a_circle_through_a_re_export_is_found() {
    let mut graph = graph();
    // As if the storage's errors named something of the table.
    graph.get_mut("storage::error").unwrap().insert("table".into());
    let circle = circle(&graph).expect("the circle is found");
    assert!(
        circle.contains(&"storage::error".to_string()) && circle.contains(&"table".to_string()),
        "{circle:?}"
    );
}
