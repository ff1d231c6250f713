//! A JSON or JSONC file edited through its concrete syntax tree (`jsonc-parser`'s CST): an
//! entry is added, merged or taken out, and every byte outside it stays as it was, comments
//! and layout included. Containers an edit leaves empty are taken out with it.

use jsonc_parser::cst::{CstArray, CstNode, CstObject, CstRootNode};
use jsonc_parser::ParseOptions;

use crate::error::SetupError;
use crate::spec::Format;
use crate::value::Value;

/// What an edit did to an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The file already held it.
    Same,
    /// It was added.
    Added,
    /// A different gather entry was there and was replaced; this is what it held.
    Replaced(String),
}

/// A parsed JSON or JSONC file whose top level is an object.
pub struct JsonDoc {
    root: CstRootNode,
    /// The file as messages show it.
    pub file: String,
}

/// A kind of container a key may hold: how messages name it, how a node is read as one,
/// and how a missing one is made.
pub struct Container<T> {
    wanted: &'static str,
    read: fn(&CstNode) -> Option<T>,
    create: fn(&CstObject, &str) -> Option<T>,
}

/// An object, for [`JsonDoc::container_in`].
pub const OBJECT: Container<CstObject> = Container {
    wanted: "an object",
    read: CstNode::as_object,
    create: CstObject::object_value_or_create,
};

/// An array, for [`JsonDoc::container_in`].
pub const ARRAY: Container<CstArray> = Container {
    wanted: "an array",
    read: CstNode::as_array,
    create: CstObject::array_value_or_create,
};

impl JsonDoc {
    /// Parses `text` (an empty file is an empty object), refusing anything that is not
    /// valid in `format` or whose top level is not an object.
    pub fn parse(text: &str, file: &str, format: Format) -> Result<JsonDoc, SetupError> {
        let source = if text.trim().is_empty() { "{}\n" } else { text };
        if format == Format::Json {
            // The syntax tree's parser keeps comments whatever its options say, so plain
            // JSON is checked by a plain JSON parser first.
            if let Err(e) = serde_json::from_str::<serde_json::Value>(source) {
                let suffix = format!(" at line {} column {}", e.line(), e.column());
                let message = e.to_string();
                let at = source
                    .lines()
                    .nth(e.line().saturating_sub(1))
                    .and_then(|l| l.get(e.column().saturating_sub(1)..))
                    .unwrap_or("");
                let message = if at.starts_with("//") || at.starts_with("/*") {
                    "a comment, which JSON does not allow"
                } else {
                    message.strip_suffix(&suffix).unwrap_or(&message)
                };
                return Err(SetupError::Malformed {
                    file: file.to_string(),
                    format: format.name(),
                    line: e.line(),
                    column: e.column(),
                    message: message.to_string(),
                });
            }
        }
        let options = match format {
            Format::Json => strict(),
            _ => ParseOptions {
                allow_comments: true,
                allow_trailing_commas: true,
                ..strict()
            },
        };
        let root = CstRootNode::parse(source, &options).map_err(|e| SetupError::Malformed {
            file: file.to_string(),
            format: format.name(),
            line: e.line_display(),
            column: e.column_display(),
            message: e.kind().to_string(),
        })?;
        let doc = JsonDoc {
            root,
            file: file.to_string(),
        };
        match doc.root.value() {
            Some(node) if node.as_object().is_none() => {
                Err(doc.shape("the top level", "an object", &node))
            }
            _ => Ok(doc),
        }
    }

    /// The file's text as edited.
    pub fn text(&self) -> String {
        self.root.to_string()
    }

    /// The top-level object (created in a file holding only comments).
    pub fn top(&self) -> CstObject {
        self.root.object_value_or_set()
    }

    /// Whether the file holds nothing but an empty object (or, with `version_only`, an
    /// object holding only `"version": 1`): no other key, no comment.
    pub fn holds_nothing(&self, version_only: bool) -> bool {
        let compact: String = self.text().chars().filter(|c| !c.is_whitespace()).collect();
        compact == "{}" || (version_only && compact == r#"{"version":1}"#)
    }

    /// The container of `kind` ([`OBJECT`] or [`ARRAY`]) under `key` in `parent`, created
    /// when missing if `create`; an error when the key holds something else. `path` names
    /// `parent` in messages.
    pub fn container_in<T>(
        &self,
        parent: &CstObject,
        key: &str,
        path: &str,
        create: bool,
        kind: Container<T>,
    ) -> Result<Option<T>, SetupError> {
        match parent.get(key).and_then(|prop| prop.value()) {
            None if create => Ok((kind.create)(parent, key)),
            None => Ok(None),
            Some(node) => match (kind.read)(&node) {
                Some(found) => Ok(Some(found)),
                None => Err(self.shape(&join(path, key), kind.wanted, &node)),
            },
        }
    }

    /// The error for `key` holding `node` where `wanted` belongs.
    pub fn shape(&self, key: &str, wanted: &'static str, node: &CstNode) -> SetupError {
        SetupError::Shape {
            file: self.file.clone(),
            key: key.to_string(),
            wanted,
            found: describe(node),
        }
    }

    /// Adds or merges the entry at `keys` (see [`crate::spec::Edit::Entry`]).
    pub fn set_entry(
        &self,
        keys: &[&str],
        value: &Value,
        nested: Option<&str>,
    ) -> Result<Change, SetupError> {
        let Some((name, containers)) = keys.split_last() else {
            return Ok(Change::Same);
        };
        let mut object = self.top();
        let mut path = String::new();
        for key in containers {
            object = self
                .container_in(&object, key, &path, true, OBJECT)?
                .unwrap_or(object);
            path = join(&path, key);
        }
        if let Some(inner) = nested {
            if let Some(found) = self.container_in(&object, inner, &path, false, OBJECT)? {
                object = found;
            }
        }
        let Some(prop) = object.get(name) else {
            object.append(name, value.to_cst());
            return Ok(Change::Added);
        };
        let before = prop.value().map(|node| compact(&node)).unwrap_or_default();
        let (Some(entry), Value::Object(pairs)) = (prop.value().and_then(|n| n.as_object()), value)
        else {
            prop.set_value(value.to_cst());
            return Ok(Change::Replaced(before));
        };
        let mut changed = false;
        for (key, wanted) in pairs {
            match entry.get(key) {
                Some(old)
                    if old.value().and_then(|n| n.to_serde_value()) == Some(wanted.to_json()) => {}
                Some(old) => {
                    old.set_value(wanted.to_cst());
                    changed = true;
                }
                None => {
                    entry.append(key, wanted.to_cst());
                    changed = true;
                }
            }
        }
        Ok(if changed {
            Change::Replaced(before)
        } else {
            Change::Same
        })
    }

    /// Takes out the entry at `keys` (and under `nested`), then the containers on its path
    /// it leaves empty. Returns whether anything was taken out.
    pub fn remove_entry(&self, keys: &[&str], nested: Option<&str>) -> Result<bool, SetupError> {
        let Some((name, containers)) = keys.split_last() else {
            return Ok(false);
        };
        let mut chain = vec![self.top()];
        let mut holder = self.top();
        let mut path = String::new();
        for key in containers {
            let Some(next) = self.container_in(&holder, key, &path, false, OBJECT)? else {
                return Ok(false);
            };
            chain.push(next.clone());
            holder = next;
            path = join(&path, key);
        }
        let mut removed = false;
        if let Some(inner) = nested.and_then(|n| holder.object_value(n)) {
            if let Some(prop) = inner.get(name) {
                prop.remove();
                removed = true;
            }
        }
        if let Some(prop) = holder.get(name) {
            prop.remove();
            removed = true;
        }
        if removed {
            prune(&chain, containers);
        }
        Ok(removed)
    }
}

/// Takes out, deepest first, each container on the path that is left empty.
pub fn prune(chain: &[CstObject], keys: &[&str]) {
    for depth in (0..keys.len()).rev() {
        let (Some(parent), Some(child)) = (chain.get(depth), chain.get(depth + 1)) else {
            continue;
        };
        if !is_empty_text(&child.to_string()) {
            break;
        }
        if let Some(prop) = parent.get(keys[depth]) {
            prop.remove();
        }
    }
}

/// Whether an object's or array's text holds nothing: no entry, no comment.
pub fn is_empty_text(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact == "{}" || compact == "[]"
}

/// A node's text on one line, whitespace outside strings dropped, for saying what was
/// replaced.
pub fn compact(node: &CstNode) -> String {
    let mut out = String::new();
    let (mut in_string, mut escaped) = (false, false);
    for c in node.to_string().chars() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else if c.is_whitespace() {
            continue;
        }
        out.push(c);
    }
    out
}

/// `path.key`, or `key` at the top.
pub fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// What a node is, for messages.
fn describe(node: &CstNode) -> String {
    if node.as_array().is_some() {
        "an array".into()
    } else if node.as_object().is_some() {
        "an object".into()
    } else if node.as_string_lit().is_some() {
        "a string".into()
    } else if node.as_number_lit().is_some() {
        "a number".into()
    } else if node.as_boolean_lit().is_some() {
        "a boolean".into()
    } else if node.as_null_keyword().is_some() {
        "null".into()
    } else {
        format!("`{node}`")
    }
}

/// Plain JSON: nothing JSON5 or JSONC allows.
fn strict() -> ParseOptions {
    ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> Value {
        Value::object(vec![
            ("type", Value::str("stdio")),
            ("command", Value::str("gather")),
            ("args", Value::strs(&["serve"])),
        ])
    }

    #[test]
    fn an_entry_is_added_and_taken_out_leaving_the_bytes_around_it() {
        let original = "{\n  // mine\n  \"a\": [1, 2],\n  \"mcpServers\": {\n    \"x\": {\"command\": \"y\"}\n  }\n}\n";
        let doc = JsonDoc::parse(original, "f.json", Format::Jsonc).unwrap();
        assert_eq!(
            doc.set_entry(&["mcpServers", "gather"], &entry(), None)
                .unwrap(),
            Change::Added
        );
        let added = doc.text();
        assert!(
            added.contains("\"x\": {\"command\": \"y\"},\n    \"gather\": {"),
            "{added}"
        );
        let again = JsonDoc::parse(&added, "f.json", Format::Jsonc).unwrap();
        assert_eq!(
            again
                .set_entry(&["mcpServers", "gather"], &entry(), None)
                .unwrap(),
            Change::Same
        );
        assert!(again.remove_entry(&["mcpServers", "gather"], None).unwrap());
        assert_eq!(again.text(), original);
    }

    #[test]
    fn a_different_gather_entry_is_merged_key_by_key_and_reported() {
        let original = "{\"mcpServers\": {\"gather\": {\"command\": \"/old/gather\", \"args\": [\"serve\"], \"env\": {\"A\": \"1\"}}}}";
        let doc = JsonDoc::parse(original, "f.json", Format::Json).unwrap();
        let change = doc
            .set_entry(&["mcpServers", "gather"], &entry(), None)
            .unwrap();
        assert_eq!(
            change,
            Change::Replaced(
                r#"{"command":"/old/gather","args":["serve"],"env":{"A":"1"}}"#.into()
            )
        );
        let merged: serde_json::Value = serde_json::from_str(&doc.text()).unwrap();
        assert_eq!(merged["mcpServers"]["gather"]["command"], "gather");
        assert_eq!(merged["mcpServers"]["gather"]["type"], "stdio");
        assert_eq!(merged["mcpServers"]["gather"]["env"]["A"], "1");
    }

    #[test]
    fn containers_it_created_go_with_the_entry_but_not_those_holding_comments() {
        let doc = JsonDoc::parse("{\n  \"a\": 1\n}\n", "f.json", Format::Jsonc).unwrap();
        doc.set_entry(&["mcp", "gather"], &entry(), None).unwrap();
        doc.remove_entry(&["mcp", "gather"], None).unwrap();
        assert_eq!(doc.text(), "{\n  \"a\": 1\n}\n");
        let commented = "{\n  \"mcp\": {\n    // keep me\n  }\n}\n";
        let doc = JsonDoc::parse(commented, "f.json", Format::Jsonc).unwrap();
        doc.set_entry(&["mcp", "gather"], &entry(), None).unwrap();
        doc.remove_entry(&["mcp", "gather"], None).unwrap();
        assert!(doc.text().contains("// keep me"), "{}", doc.text());
    }

    #[test]
    fn an_entry_goes_into_the_nested_object_when_the_file_has_it() {
        let doc = JsonDoc::parse("{\"mcp\": {\"servers\": {}}}", "o.json", Format::Jsonc).unwrap();
        doc.set_entry(&["mcp", "gather"], &entry(), Some("servers"))
            .unwrap();
        let value: serde_json::Value = serde_json::from_str(&doc.text()).unwrap();
        assert_eq!(value["mcp"]["servers"]["gather"]["command"], "gather");
        assert!(doc
            .remove_entry(&["mcp", "gather"], Some("servers"))
            .unwrap());
        assert_eq!(doc.text(), "{\"mcp\": {\"servers\": {}}}");
    }

    #[test]
    fn malformed_files_and_wrong_shapes_are_refused_with_their_place() {
        let error = JsonDoc::parse("{\n  \"a\": 1,\n  oops\n}\n", ".mcp.json", Format::Json)
            .err()
            .unwrap();
        let message = error.to_string();
        assert!(
            message.starts_with(".mcp.json is not valid JSON (line 3, column 3"),
            "{message}"
        );
        let comment = JsonDoc::parse("{ // no\n}", ".mcp.json", Format::Json)
            .err()
            .unwrap();
        assert!(
            comment
                .to_string()
                .contains("(line 1, column 3: a comment, which JSON does not allow)"),
            "{comment}"
        );
        assert!(JsonDoc::parse("{ // yes\n}", "m.json", Format::Jsonc).is_ok());
        let array = JsonDoc::parse("[1]", "m.json", Format::Json).err().unwrap();
        assert!(
            array
                .to_string()
                .contains("the top level is an array, not an object"),
            "{array}"
        );
        let doc = JsonDoc::parse("{\"mcpServers\": \"x\"}", "m.json", Format::Json).unwrap();
        let shape = doc
            .set_entry(&["mcpServers", "gather"], &entry(), None)
            .err()
            .unwrap();
        assert!(
            shape
                .to_string()
                .starts_with("m.json: mcpServers is a string, not an object"),
            "{shape}"
        );
    }
}
