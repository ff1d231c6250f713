//! Dart: `dart:` libraries of the SDK, `package:` URIs under a workspace package's `lib/`,
//! and URIs relative to the importing file.

use super::{normalize, parent_dir, Named, Paths};
use crate::confined::Root;

/// The workspace's Dart packages: (package name from `pubspec.yaml`, its directory).
#[derive(Debug, Default)]
pub(super) struct DartPackages(Vec<(String, String)>);

impl DartPackages {
    /// A Dart package of the workspace, named by its `pubspec.yaml`.
    pub(super) fn add(&mut self, root: &Root, path: &str) {
        if let Some(package) = read_pubspec_name(root, path) {
            self.0.push((package, parent_dir(path).to_string()));
        }
    }

    /// Dart: `dart:` libraries are the SDK's; `package:name/x.dart` is `lib/x.dart` of the
    /// workspace package `name`, else a dependency's; any other URI is relative.
    pub(super) fn library(&self, paths: &Paths, from_path: &str, uri: &str) -> Option<Named> {
        if uri.starts_with("dart:") {
            return Some(Named::External);
        }
        let path = match uri.strip_prefix("package:") {
            Some(rest) => {
                let (package, inner) = rest.split_once('/')?;
                let Some((_, dir)) = self.0.iter().find(|(name, _)| name == package) else {
                    return Some(Named::External);
                };
                normalize(&format!("{dir}/lib/{inner}"))
            }
            None => normalize(&format!("{}/{uri}", parent_dir(from_path))),
        };
        paths.get(&path).map(|&idx| Named::File(idx))
    }
}

/// The top-level `name:` of a `pubspec.yaml`.
fn read_pubspec_name(root: &Root, path: &str) -> Option<String> {
    let text = root.read_text(path)?;
    text.lines().find_map(|l| {
        l.strip_prefix("name:")
            .map(|name| name.trim().trim_matches(['"', '\'']).to_string())
            .filter(|name| !name.is_empty())
    })
}
