//! Python: dotted module names from package directories (those holding `__init__.py`),
//! relative imports, and submodules reached as attributes.

use std::collections::HashSet;

use rustc_hash::FxHashMap as HashMap;

use crate::record::FileRecord;

/// Python's module names of the workspace's files.
#[derive(Debug, Default)]
pub(super) struct PythonModules {
    /// Dotted module name → file.
    by_name: HashMap<String, u32>,
    /// File → its dotted module name and whether it is a package `__init__`.
    names: HashMap<u32, (String, bool)>,
}

impl PythonModules {
    /// A Python file under its dotted module names.
    pub(super) fn add(&mut self, idx: u32, file: &FileRecord, has_init: &HashSet<&str>) {
        let (name, is_package) = python_module_name(&file.path, has_init);
        self.by_name.entry(name.clone()).or_insert(idx);
        // The full root-relative path also names the module (scripts, tests).
        let full = file
            .path
            .trim_end_matches(".pyi")
            .trim_end_matches(".py")
            .replace('/', ".");
        let full = full.strip_suffix(".__init__").unwrap_or(&full).to_string();
        self.by_name.entry(full).or_insert(idx);
        self.names.insert(idx, (name, is_package));
    }

    /// Python: the file of an absolute or relative module `source` imported from `from`.
    pub(super) fn module(&self, from: u32, source: &str) -> Option<u32> {
        let absolute = if source.starts_with('.') {
            let (own, is_package) = self.names.get(&from)?;
            let dots = source.len() - source.trim_start_matches('.').len();
            let mut parts: Vec<&str> = own.split('.').collect();
            // A module's package is its parent; a package `__init__` is its own package.
            let up = if *is_package { dots - 1 } else { dots };
            for _ in 0..up {
                parts.pop()?;
            }
            let rest = &source[dots..];
            let mut name = parts.join(".");
            if !rest.is_empty() {
                if !name.is_empty() {
                    name.push('.');
                }
                name.push_str(rest);
            }
            name
        } else {
            source.to_string()
        };
        if let Some(&idx) = self.by_name.get(&absolute) {
            return Some(idx);
        }
        None
    }
}

/// The module name of a Python file: its chain of package directories (those holding an
/// `__init__.py`) and its stem; and whether it is a package `__init__`.
fn python_module_name(path: &str, has_init: &HashSet<&str>) -> (String, bool) {
    let stem = path.trim_end_matches(".pyi").trim_end_matches(".py");
    let mut parts: Vec<&str> = stem.split('/').collect();
    let is_package = parts.last() == Some(&"__init__");
    if is_package {
        parts.pop();
    }
    // Walk up while the directory is a package: one with `__init__.py`, or one without
    // inside such a package (a namespace package: `flask/sansio/app.py` is
    // `flask.sansio.app`).
    let mut first = parts.len().saturating_sub(1);
    if is_package {
        first = parts.len();
    }
    while first > 0 {
        let dir = parts[..first].join("/");
        let in_package = first > 1 && has_init.contains(parts[..first - 1].join("/").as_str());
        if !has_init.contains(dir.as_str()) && !in_package {
            break;
        }
        first -= 1;
    }
    (parts[first..].join("."), is_package)
}

/// The files a submodule `name` of the module at `path` may be (`pkg.sub`).
pub(super) fn submodule_paths(path: &str, name: &str) -> Vec<String> {
    let own = path.trim_end_matches(".py");
    let dir = own.strip_suffix("/__init__").unwrap_or(own);
    vec![
        format!("{dir}/{name}.py"),
        format!("{dir}/{name}/__init__.py"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_names_follow_packages() {
        let init: HashSet<&str> = ["httpx", "httpx/_transports"].into_iter().collect();
        for (path, name, is_package) in [
            ("httpx/_client.py", "httpx._client", false),
            ("httpx/__init__.py", "httpx", true),
            (
                "httpx/_transports/default.py",
                "httpx._transports.default",
                false,
            ),
            ("tests/test_api.py", "test_api", false),
            // A directory without `__init__.py` inside a package is a namespace package.
            ("httpx/_sansio/app.py", "httpx._sansio.app", false),
            ("scripts/tools/run.py", "run", false),
        ] {
            assert_eq!(
                python_module_name(path, &init),
                (name.into(), is_package),
                "{path}"
            );
        }
    }
}
