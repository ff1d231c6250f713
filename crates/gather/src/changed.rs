//! What changed under a workspace root since its index was made, as a file watcher reports
//! it: root-relative paths, each standing for itself and everything under it. A refresh
//! told these walks only the directories that lead to them (`walk::region`) instead of
//! the whole tree; a watcher that lost events says [`ChangedPaths::everything`].

use std::collections::BTreeSet;

/// Paths that changed, or the whole tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChangedPaths {
    /// Root-relative paths with `/` separators; none lies under another.
    paths: BTreeSet<String>,
    /// Everything may have changed: the refresh walks the whole tree.
    everything: bool,
    /// Something under a version-control directory changed (a commit, a checkout): what
    /// depends on the commit is checked again.
    vcs: bool,
}

/// Directories that belong to version control, never to the workspace's code: the walk
/// skips them.
pub(crate) const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn", ".jj"];

/// Past this many paths one walk of the tree costs less than finding each of them.
const MAX_PATHS: usize = 20_000;

impl ChangedPaths {
    /// Nothing changed.
    pub fn none() -> ChangedPaths {
        ChangedPaths::default()
    }

    /// The whole tree may have changed.
    pub fn everything() -> ChangedPaths {
        ChangedPaths {
            everything: true,
            vcs: true,
            ..ChangedPaths::default()
        }
    }

    /// Whether the whole tree must be walked.
    pub fn is_everything(&self) -> bool {
        self.everything
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        !self.everything && !self.vcs && self.paths.is_empty()
    }

    /// Whether the commit the work tree is at may have moved.
    pub fn vcs_changed(&self) -> bool {
        self.vcs
    }

    /// The changed paths (empty when everything changed).
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.paths.iter().map(String::as_str)
    }

    /// Notes that `rel` (root-relative, `/` separators; empty for the root itself) changed.
    /// A changed ignore file changes which files its directory holds, so the directory
    /// counts as changed; inside a version-control directory only git's exclude file
    /// decides what the walk sees.
    pub fn add(&mut self, rel: &str) {
        if self.everything {
            return;
        }
        let rel = rel.trim_matches('/');
        let (dir, name) = match rel.rsplit_once('/') {
            Some((dir, name)) => (dir, name),
            None => ("", rel),
        };
        if let Some(at) = vcs_part(rel) {
            self.vcs = true;
            // The directory itself (a `.git` file names another), its `info` and git's
            // exclude file decide what the walk leaves out of the tree they belong to.
            let inside = rel[at..].split_once('/').map_or("", |(_, rest)| rest);
            if inside.is_empty() || inside == "info" || inside == "info/exclude" {
                self.insert(rel[..at].trim_end_matches('/'));
            }
            return;
        }
        if name == ".gitignore" || name == ".ignore" {
            self.insert(dir);
        } else {
            self.insert(rel);
        }
    }

    fn insert(&mut self, rel: &str) {
        if rel.is_empty() || self.paths.len() >= MAX_PATHS {
            *self = ChangedPaths::everything();
            return;
        }
        if self.covers(rel) {
            return;
        }
        // Paths under the new one are now covered by it.
        let under: Vec<String> = self.under(rel).map(str::to_string).collect();
        for path in under {
            self.paths.remove(&path);
        }
        self.paths.insert(rel.to_string());
    }

    /// Adds everything `other` holds.
    pub fn merge(&mut self, other: &ChangedPaths) {
        if other.everything {
            *self = ChangedPaths::everything();
            return;
        }
        self.vcs |= other.vcs;
        for path in &other.paths {
            self.insert(path);
        }
    }

    /// Whether `rel` is a changed path or lies under one (so a refresh looks at it again).
    pub fn covers(&self, rel: &str) -> bool {
        if self.everything {
            return true;
        }
        let mut prefix = rel;
        loop {
            if self.paths.contains(prefix) {
                return true;
            }
            match prefix.rsplit_once('/') {
                Some((parent, _)) => prefix = parent,
                None => return false,
            }
        }
    }

    /// Whether the walk must enter the directory `rel` (empty for the root): it is covered,
    /// or a changed path lies under it.
    pub fn leads_into(&self, rel: &str) -> bool {
        rel.is_empty() || self.covers(rel) || self.under(rel).next().is_some()
    }

    /// The changed paths strictly under the directory `rel`.
    fn under<'a>(&'a self, rel: &str) -> impl Iterator<Item = &'a str> + 'a {
        let start = format!("{rel}/");
        // `0` follows `/` in byte order: every path starting with `rel/` sorts before it.
        let end = format!("{rel}0");
        self.paths.range(start..end).map(String::as_str)
    }
}

/// Where a path's first version-control component starts (`.git`, `.hg`, …), if it has one.
fn vcs_part(rel: &str) -> Option<usize> {
    let mut at = 0;
    for part in rel.split('/') {
        if VCS_DIRS.contains(&part) {
            return Some(at);
        }
        at += part.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changed(paths: &[&str]) -> ChangedPaths {
        let mut changed = ChangedPaths::none();
        for path in paths {
            changed.add(path);
        }
        changed
    }

    #[test]
    fn a_path_covers_what_lies_under_it_and_is_reached_through_its_parents() {
        let c = changed(&["src/a", "src/b.rs"]);
        assert!(c.covers("src/a") && c.covers("src/a/x.rs") && c.covers("src/b.rs"));
        assert!(!c.covers("src/ab/x.rs") && !c.covers("src") && !c.covers("src/a0"));
        assert!(c.leads_into("") && c.leads_into("src") && c.leads_into("src/a"));
        assert!(!c.leads_into("lib") && !c.leads_into("src/ab"));
    }

    #[test]
    fn a_wider_path_replaces_the_ones_under_it() {
        let c = changed(&["src/a/x.rs", "src/a/y/z.rs", "src/b.rs", "src/a"]);
        assert_eq!(c.paths().collect::<Vec<_>>(), ["src/a", "src/b.rs"]);
        let c = changed(&["src/a", "src/a/x.rs"]);
        assert_eq!(c.paths().collect::<Vec<_>>(), ["src/a"]);
    }

    #[test]
    fn ignore_files_change_their_directory_and_the_root_changes_everything() {
        assert_eq!(
            changed(&["src/.gitignore"]).paths().collect::<Vec<_>>(),
            ["src"]
        );
        assert!(changed(&[".gitignore"]).is_everything());
        assert!(changed(&[".ignore"]).is_everything());
        assert!(changed(&[""]).is_everything());
        assert!(changed(&[".git/info/exclude"]).is_everything());
        assert!(changed(&[".git"]).is_everything());
        assert_eq!(
            changed(&["sub/.git/info/exclude"])
                .paths()
                .collect::<Vec<_>>(),
            ["sub"]
        );
    }

    #[test]
    fn version_control_files_only_say_the_commit_may_have_moved() {
        let c = changed(&[".git/HEAD", ".git/refs/heads/main"]);
        assert!(c.vcs_changed() && !c.is_empty());
        assert_eq!(c.paths().count(), 0);
        assert!(changed(&[]).is_empty());
    }

    #[test]
    fn too_many_paths_become_everything() {
        let mut c = ChangedPaths::none();
        for i in 0..=MAX_PATHS {
            c.add(&format!("f{i}"));
        }
        assert!(c.is_everything());
    }
}
