//! A grammar's `node-types.json`, read for the candidate tables: which node kinds can
//! occur below which, so that the walk for a query skips subtrees (string literals, most
//! expressions) that cannot hold a node its patterns start at.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::LanguageSpec;

/// The parsed `node-types.json` of a grammar, shared by the threads compiling its queries.
pub(crate) type NodeTypes = OnceLock<Result<Vec<NodeType>, String>>;

pub(crate) fn node_types<'a>(
    spec: &LanguageSpec,
    types: &'a NodeTypes,
) -> Result<&'a [NodeType], String> {
    types
        .get_or_init(|| serde_json::from_str(spec.node_types).map_err(|e| e.to_string()))
        .as_deref()
        .map_err(|e| format!("node types of {}: {e}", spec.id))
}

#[derive(serde::Deserialize)]
pub(crate) struct NodeType {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    fields: std::collections::BTreeMap<String, ChildTypes>,
    children: Option<ChildTypes>,
    #[serde(default)]
    subtypes: Vec<TypeRef>,
}

#[derive(serde::Deserialize)]
pub(crate) struct ChildTypes {
    types: Vec<TypeRef>,
}

#[derive(serde::Deserialize)]
pub(crate) struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

/// For every node kind, whether a node marked in `roots` can occur below it, worked out
/// from the grammar's node types (supertypes expanded) to a fixed point.
pub(crate) fn containers(
    grammar: &tree_sitter::Language,
    types: &[NodeType],
    roots: &[bool],
) -> Vec<bool> {
    let supertypes: HashMap<&str, Vec<&str>> = types
        .iter()
        .filter(|t| !t.subtypes.is_empty())
        .map(|t| {
            (
                t.kind.as_str(),
                t.subtypes
                    .iter()
                    .filter(|s| s.named)
                    .map(|s| s.kind.as_str())
                    .collect(),
            )
        })
        .collect();
    let mut children: HashMap<&str, HashSet<&str>> = HashMap::new();
    for t in types.iter().filter(|t| t.named && t.subtypes.is_empty()) {
        let mut kids = HashSet::new();
        for child in t
            .fields
            .values()
            .chain(t.children.iter())
            .flat_map(|c| c.types.iter())
        {
            if child.named {
                expand(&child.kind, &supertypes, &mut kids);
            }
        }
        children.insert(t.kind.as_str(), kids);
    }
    let root_names: HashSet<&str> = (0..grammar.node_kind_count() as u16)
        .filter(|&id| roots[id as usize])
        .filter_map(|id| grammar.node_kind_for_id(id))
        .collect();
    // A kind may hold definitions if a child kind is a root or may hold definitions.
    let mut holds: HashSet<&str> = HashSet::new();
    loop {
        let before = holds.len();
        for (kind, kids) in &children {
            if !holds.contains(kind)
                && kids
                    .iter()
                    .any(|k| root_names.contains(k) || holds.contains(k))
            {
                holds.insert(kind);
            }
        }
        if holds.len() == before {
            break;
        }
    }
    (0..grammar.node_kind_count() as u16)
        .map(|id| {
            if !grammar.node_kind_is_named(id) {
                return false;
            }
            match grammar.node_kind_for_id(id) {
                Some(name) if children.contains_key(name) => holds.contains(name),
                // Not described (hidden or aliased kinds, ERROR): assume it may.
                _ => true,
            }
        })
        .collect()
}

/// Adds `kind` to `out`, or, for a supertype, each concrete kind it stands for.
fn expand<'a>(
    kind: &'a str,
    supertypes: &HashMap<&'a str, Vec<&'a str>>,
    out: &mut HashSet<&'a str>,
) {
    match supertypes.get(kind) {
        Some(subtypes) => {
            for sub in subtypes {
                if out.insert(sub) {
                    expand(sub, supertypes, out);
                }
            }
        }
        None => {
            out.insert(kind);
        }
    }
}

/// The named kinds that are not supertypes: the kinds a node in a tree can have.
pub(crate) fn concrete_kinds(types: &[NodeType]) -> HashSet<&str> {
    types
        .iter()
        .filter(|t| t.named && t.subtypes.is_empty())
        .map(|t| t.kind.as_str())
        .collect()
}
