//! Go: import paths under a `go.mod` module path; a directory is a package.

use super::{parent_dir, Modules};
use crate::confined::Root;

impl Modules {
    /// A Go module of the workspace, named by its `go.mod`.
    pub(super) fn add_go_module(&mut self, root: &Root, path: &str) {
        if let Some(module) = read_go_module(root, path) {
            self.go_modules.push((module, parent_dir(path).to_string()));
        }
    }

    /// Go: the files of the package an import path names.
    pub(crate) fn go_package(&self, import_path: &str) -> &[u32] {
        for (module, dir) in &self.go_modules {
            if let Some(rest) = import_path.strip_prefix(module.as_str()) {
                let rest = rest.trim_start_matches('/');
                let key = match (dir.is_empty(), rest.is_empty()) {
                    (true, _) => rest.to_string(),
                    (false, true) => dir.clone(),
                    (false, false) => format!("{dir}/{rest}"),
                };
                return self.packages.get(&key).map_or(&[], Vec::as_slice);
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
