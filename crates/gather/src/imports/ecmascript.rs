//! ECMAScript: relative specifiers probed for extensions and `index` files, and bare
//! specifiers naming a package of the workspace.

use gather_languages::ImportStyle;

use super::{normalize, npm, parent_dir, Paths};

/// ECMAScript: the file a relative specifier points at, probing extensions and `index`.
pub(super) fn module(
    paths: &Paths,
    packages: &[npm::Package],
    from_path: &str,
    specifier: &str,
) -> Option<u32> {
    if !specifier.starts_with('.') {
        return workspace_package_module(paths, packages, specifier);
    }
    probe(paths, parent_dir(from_path), specifier)
}

/// A bare specifier naming a package of the workspace (`zod/v4` in zod's own tests):
/// the file its `exports` give that subpath.
fn workspace_package_module(
    paths: &Paths,
    packages: &[npm::Package],
    specifier: &str,
) -> Option<u32> {
    let (name, subpath) = npm::split_specifier(specifier)?;
    let package = packages.iter().find(|p| p.name == name)?;
    package
        .targets(&subpath)
        .iter()
        .find_map(|target| probe(paths, &package.dir, target))
}

/// The file `specifier` names relative to the directory `dir`, probing extensions and
/// `index`.
fn probe(paths: &Paths, dir: &str, specifier: &str) -> Option<u32> {
    let joined = normalize(&format!("{dir}/{specifier}"));
    let candidates = ImportStyle::EcmaScript.module_file_candidates(&joined);
    candidates
        .iter()
        .find_map(|c| paths.get(c.trim_start_matches("./")).copied())
}
