//! Go: import paths under a `go.mod` module path; a directory is a package.

use super::{parent_dir, Packages};
use crate::confined::Root;

/// The workspace's Go modules: the module path of each `go.mod` and its directory, longest
/// directories first once sorted.
#[derive(Debug, Default)]
pub(super) struct GoModules(Vec<(String, String)>);

impl GoModules {
    /// A Go module of the workspace, named by its `go.mod`.
    pub(super) fn add(&mut self, root: &Root, path: &str) {
        if let Some(module) = read_go_module(root, path) {
            self.0.push((module, parent_dir(path).to_string()));
        }
    }

    /// Longest directories first.
    pub(super) fn sort(&mut self) {
        self.0.sort_by_key(|m| std::cmp::Reverse(m.1.len()));
    }

    /// Go: the files of the package an import path names.
    pub(super) fn package<'p>(&self, packages: &'p Packages, import_path: &str) -> &'p [u32] {
        for (module, dir) in &self.0 {
            if let Some(rest) = import_path.strip_prefix(module.as_str()) {
                let rest = rest.trim_start_matches('/');
                let key = match (dir.is_empty(), rest.is_empty()) {
                    (true, _) => rest.to_string(),
                    (false, true) => dir.clone(),
                    (false, false) => format!("{dir}/{rest}"),
                };
                return packages.get(&key).map_or(&[], Vec::as_slice);
            }
        }
        &[]
    }
}

/// The module path a `go.mod` declares.
fn read_go_module(root: &Root, path: &str) -> Option<String> {
    let text = root.read_text(path)?;
    text.lines().find_map(|l| {
        l.trim()
            .strip_prefix("module ")
            .map(|m| m.trim().to_string())
    })
}
