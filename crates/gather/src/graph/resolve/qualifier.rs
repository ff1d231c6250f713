//! What a qualifier (`np`, `os.path`, `Type`, `crate::a`, `z.iso`) points at: a path
//! through the crate's modules, an import, a module-level object composed of modules, or a
//! name in scope, then its members segment by segment.

use super::{Context, Target, MAX_DEPTH};
use crate::graph::Confidence;
use crate::index::{SymbolId, SymbolKind};

impl Context<'_> {
    /// What a qualifier (`np`, `os.path`, `Type`, `crate::a`, `TopNode`) points at.
    pub(super) fn resolve_qualifier(
        &self,
        file_idx: u32,
        caller: SymbolId,
        qualifier: &str,
        depth: u32,
    ) -> Option<(Vec<Target>, Confidence)> {
        if depth > MAX_DEPTH {
            return None;
        }
        let segments = qualifier_segments(qualifier)?;
        // Rust paths: `crate::`, `self::`, `super::` and crate names.
        if qualifier.contains("::") {
            let style = self.facts.scope(file_idx).style;
            let file = self.facts.file(file_idx);
            if let Some((module_file, consumed)) = self
                .facts
                .modules
                .module_of_path(style, &file.path, &segments)
            {
                let rest = &segments[consumed..];
                let target = self.walk_members(vec![Target::Module(vec![module_file])], rest);
                if !target.is_empty() {
                    return Some((target, Confidence::Qualified));
                }
            }
        }
        if let Some(targets) = self.imported_qualifier(file_idx, &segments, depth) {
            return Some((targets, Confidence::Import));
        }
        if let Some(found) = self.composed_qualifier(file_idx, caller, &segments, depth) {
            return Some(found);
        }
        let base = self.facts.named_in_scope(file_idx, caller, &segments);
        if !base.is_empty() {
            let targets = self.walk_members(base, &segments[1..]);
            if !targets.is_empty() {
                return Some((targets, Confidence::Qualified));
            }
        }
        None
    }

    /// The targets of a qualifier whose first segments an import binds.
    fn imported_qualifier(
        &self,
        file_idx: u32,
        segments: &[&str],
        depth: u32,
    ) -> Option<Vec<Target>> {
        let imports = self.facts.scope(file_idx).imports.get(segments[0])?;
        let mut targets = Vec::new();
        for import in imports {
            let local = import.local.as_deref().unwrap_or("");
            // `import a.b` bound `a.b`: the qualifier `a.b.c` uses it whole.
            let local_segments: Vec<&str> = local.split('.').collect();
            if segments.len() < local_segments.len()
                || segments[..local_segments.len()] != local_segments[..]
            {
                continue;
            }
            let base = self.import_target(file_idx, import, depth + 1);
            targets.extend(self.walk_members(base, &segments[local_segments.len()..]));
        }
        targets.dedup();
        (!targets.is_empty()).then_some(targets)
    }

    /// What `segments` (`z`, `z.iso`) names when its first segment is a module-level object
    /// composed by spreading modules: a named entry when the next segment is one, else the
    /// spread sources, later ones first.
    pub(super) fn composed_qualifier(
        &self,
        file_idx: u32,
        caller: SymbolId,
        segments: &[&str],
        depth: u32,
    ) -> Option<(Vec<Target>, Confidence)> {
        let composed = self
            .facts
            .top_named(file_idx, segments[0], |k| k == SymbolKind::Const)
            .into_iter()
            .find_map(|id| self.facts.composition_of(file_idx, id, segments[0]))?;
        let rest = &segments[1..];
        let resolve = |path: &str, rest: &[&str]| {
            let qualifier = std::iter::once(path)
                .chain(rest.iter().copied())
                .collect::<Vec<_>>()
                .join(".");
            self.resolve_qualifier(file_idx, caller, &qualifier, depth + 1)
        };
        if let Some((_, value)) = rest
            .first()
            .and_then(|key| composed.entries.iter().find(|(k, _)| k == key))
        {
            return resolve(value, &rest[1..]);
        }
        let mut found = composed
            .spreads
            .iter()
            .rev()
            .filter_map(|spread| resolve(spread, rest));
        let (mut targets, confidence) = found.next()?;
        for (more, _) in found {
            targets.extend(more);
        }
        targets.dedup();
        Some((targets, confidence))
    }
}

/// The names a qualifier is a path of (`a::b`, `a.b`), or `None` when a segment is not a
/// name (`f(x).g`, `a[0]`).
fn qualifier_segments(qualifier: &str) -> Option<Vec<&str>> {
    let segments: Vec<&str> = if qualifier.contains("::") {
        qualifier.split("::").collect()
    } else {
        qualifier.split('.').collect()
    };
    if segments.iter().any(|s| {
        s.is_empty()
            || !s
                .chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
    }) {
        return None;
    }
    Some(segments)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_qualifier_is_a_path_of_names() {
        assert_eq!(
            qualifier_segments("crate::a::B"),
            Some(vec!["crate", "a", "B"])
        );
        assert_eq!(qualifier_segments("os.path"), Some(vec!["os", "path"]));
        assert_eq!(qualifier_segments("$scope"), Some(vec!["$scope"]));
        assert_eq!(qualifier_segments("f(x).g"), None);
        assert_eq!(qualifier_segments("a..b"), None);
        assert_eq!(qualifier_segments("a[0]"), None);
    }
}
