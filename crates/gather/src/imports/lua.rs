//! Lua: `require("a.b")` names the file `a/b.lua` (or `a/b/init.lua`) under some directory.

use super::Named;

/// Every Lua file's path, for `require` names.
#[derive(Debug, Default)]
pub(super) struct LuaFiles(Vec<(String, u32)>);

impl LuaFiles {
    /// A Lua file, by its path.
    pub(super) fn add(&mut self, path: String, idx: u32) {
        self.0.push((path, idx));
    }

    /// Lua: `a.b` is the file `a/b.lua` or `a/b/init.lua` under any directory (Lua's search
    /// path is the application's choice); of several, the one sharing the most directories
    /// with the requiring file. None in the workspace: a library.
    pub(super) fn module(&self, from_path: &str, name: &str) -> Option<Named> {
        let relative = name.replace('.', "/");
        let wanted = [format!("{relative}.lua"), format!("{relative}/init.lua")];
        let fits = |path: &str| {
            wanted
                .iter()
                .any(|w| path == w || path.ends_with(&format!("/{w}")))
        };
        let shared = |path: &str| {
            from_path
                .split('/')
                .zip(path.split('/'))
                .take_while(|(a, b)| a == b)
                .count()
        };
        let mut found: Vec<(usize, u32)> = self
            .0
            .iter()
            .filter(|(path, _)| fits(path))
            .map(|(path, idx)| (shared(path), *idx))
            .collect();
        found.sort_by_key(|&(shared, _)| std::cmp::Reverse(shared));
        match found.as_slice() {
            [] => Some(Named::External),
            [(_, idx)] => Some(Named::File(*idx)),
            [(a, idx), (b, _), ..] if a > b => Some(Named::File(*idx)),
            _ => None,
        }
    }
}
