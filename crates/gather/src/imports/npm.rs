//! The packages a workspace's `package.json` files declare, so that an import of a
//! workspace package by name (`import * as z from "zod/v4"` inside zod's own tests, a
//! monorepo's `@scope/lib`) reaches its source files: the package name, its directory
//! and the files its `exports` (or `main`/`module`/`types`) map each subpath to.

use std::collections::BTreeSet;

use gather_languages::ImportStyle;
use serde_json::Value;

use super::style_of;
use crate::confined::Root;
use crate::record::FileRecord;

/// The packages declared by a `package.json` in a directory holding ECMAScript files or
/// in one of its parents. Read by path rather than taken from the walk, which leaves out a
/// tracked `package.json` that an ignore file covers (zod ignores its generated stubs
/// with `**/package.json`).
pub(super) fn packages(files: &[FileRecord], root: &Root) -> Vec<Package> {
    let mut dirs: BTreeSet<&str> = BTreeSet::new();
    for file in files {
        if style_of(file) != ImportStyle::EcmaScript {
            continue;
        }
        let mut dir = file.path.as_str();
        while let Some((parent, _)) = dir.rsplit_once('/') {
            if !dirs.insert(parent) {
                break;
            }
            dir = parent;
        }
        dirs.insert("");
    }
    dirs.into_iter()
        .filter_map(|dir| {
            let path = if dir.is_empty() {
                "package.json".to_string()
            } else {
                format!("{dir}/package.json")
            };
            let text = root.read_text(&path)?;
            Package::parse(&path, &text)
        })
        .collect()
}

/// One workspace package.
#[derive(Debug)]
pub(super) struct Package {
    pub name: String,
    /// Directory of the `package.json`, root-relative (`""` at the root).
    pub dir: String,
    /// Subpath (`.`, `./v4`, `./locales/*`) → targets as written (`./src/v4/index.ts`),
    /// every condition's target, sources first.
    pub exports: Vec<(String, Vec<String>)>,
}

impl Package {
    /// Reads a `package.json`; `None` without a name or when it is not JSON.
    pub fn parse(path: &str, text: &str) -> Option<Package> {
        let json: Value = serde_json::from_str(text).ok()?;
        let name = json.get("name")?.as_str()?.to_string();
        let dir = path
            .rsplit_once('/')
            .map_or(String::new(), |(d, _)| d.to_string());
        let mut exports = Vec::new();
        match json.get("exports") {
            Some(Value::Object(map)) if map.keys().any(|k| k.starts_with('.')) => {
                for (key, value) in map {
                    if key.starts_with('.') {
                        exports.push((key.clone(), targets(value)));
                    }
                }
            }
            Some(value @ (Value::String(_) | Value::Object(_))) => {
                exports.push((".".to_string(), targets(value)));
            }
            _ => {}
        }
        if !exports.iter().any(|(k, _)| k == ".") {
            let main: Vec<String> = ["source", "module", "main", "types"]
                .iter()
                .filter_map(|k| json.get(*k)?.as_str().map(str::to_string))
                .collect();
            if !main.is_empty() {
                exports.push((".".to_string(), main));
            }
        }
        for (_, targets) in &mut exports {
            // Sources before builds: the workspace holds `src/x.ts`, rarely `dist/x.js`.
            targets.sort_by_key(|t| {
                !(t.ends_with(".ts") || t.ends_with(".tsx") || t.ends_with(".mts"))
                    || t.ends_with(".d.ts")
            });
        }
        Some(Package { name, dir, exports })
    }

    /// The targets of an import of `subpath` (`.` or `./x/y`), wildcards filled in; with no
    /// `exports` entry, the subpath itself under the package directory.
    pub fn targets(&self, subpath: &str) -> Vec<String> {
        for (key, targets) in &self.exports {
            if key == subpath {
                return targets.clone();
            }
            if let Some((prefix, suffix)) = key.split_once('*') {
                if let Some(middle) = subpath
                    .strip_prefix(prefix)
                    .and_then(|rest| rest.strip_suffix(suffix))
                {
                    return targets.iter().map(|t| t.replacen('*', middle, 1)).collect();
                }
            }
        }
        if self.exports.iter().all(|(k, _)| k == ".") && subpath != "." {
            return vec![subpath.to_string()];
        }
        Vec::new()
    }
}

/// Every string target of an `exports` value, conditions included (`{"import": …,
/// "@scope/source": …}`), in the order written.
fn targets(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Object(map) => map.values().flat_map(targets).collect(),
        Value::Array(items) => items.iter().flat_map(targets).collect(),
        _ => Vec::new(),
    }
}

/// Splits a bare specifier into the package name and the subpath: `zod/v4` → (`zod`,
/// `./v4`), `@scope/lib` → (`@scope/lib`, `.`).
pub(super) fn split_specifier(specifier: &str) -> Option<(&str, String)> {
    let mut parts = specifier.splitn(3, '/');
    let first = parts.next()?;
    let (name_len, rest) = if first.starts_with('@') {
        let second = parts.next()?;
        (first.len() + 1 + second.len(), parts.next())
    } else {
        let rest = specifier.split_once('/').map(|(_, r)| r);
        (first.len(), rest)
    };
    let subpath = match rest {
        Some(rest) if !rest.is_empty() => format!("./{rest}"),
        _ => ".".to_string(),
    };
    Some((&specifier[..name_len], subpath))
}

#[cfg(test)]
mod tests {
    use super::{split_specifier, Package};

    #[test]
    fn exports_with_conditions_and_wildcards() {
        let p = Package::parse(
            "packages/zod/package.json",
            r#"{"name": "zod", "exports": {
                ".": {"@zod/source": "./src/index.ts", "import": "./index.js"},
                "./v4": {"import": "./v4/index.js", "@zod/source": "./src/v4/index.ts"},
                "./locales/*": "./src/locales/*"}}"#,
        )
        .unwrap();
        assert_eq!(p.dir, "packages/zod");
        assert_eq!(p.targets(".")[0], "./src/index.ts");
        assert_eq!(p.targets("./v4")[0], "./src/v4/index.ts");
        assert_eq!(p.targets("./locales/en.js"), ["./src/locales/en.js"]);
        assert!(p.targets("./missing").is_empty());
    }

    #[test]
    fn main_without_exports() {
        let p =
            Package::parse("package.json", r#"{"name": "lib", "main": "lib/index.js"}"#).unwrap();
        assert_eq!(p.dir, "");
        assert_eq!(p.targets("."), ["lib/index.js"]);
        assert_eq!(p.targets("./lib/util"), ["./lib/util"]);
        assert!(Package::parse("package.json", "{not json").is_none());
        assert!(Package::parse("package.json", r#"{"private": true}"#).is_none());
    }

    #[test]
    fn specifiers() {
        assert_eq!(split_specifier("zod/v4"), Some(("zod", "./v4".to_string())));
        assert_eq!(split_specifier("zod"), Some(("zod", ".".to_string())));
        assert_eq!(
            split_specifier("@scope/lib/a/b"),
            Some(("@scope/lib", "./a/b".to_string()))
        );
        assert_eq!(
            split_specifier("@scope/lib"),
            Some(("@scope/lib", ".".to_string()))
        );
    }
}
