//! A TOML file (Codex CLI's `config.toml`) edited through `toml_edit`'s document model: the
//! `[mcp_servers.gather]` table is added, merged or taken out, and every other byte of the
//! file, comments and order included, stays as it was.

use toml_edit::{DocumentMut, Item, Table};

use crate::error::{line_column, SetupError};
use crate::jsondoc::{join, Change};
use crate::spec::Format;
use crate::value::Value;

/// A parsed TOML file.
pub struct TomlDoc {
    doc: DocumentMut,
    file: String,
}

impl TomlDoc {
    /// Parses `text`, refusing anything that is not valid TOML.
    pub fn parse(text: &str, file: &str) -> Result<TomlDoc, SetupError> {
        let doc = text.parse::<DocumentMut>().map_err(|e| {
            let (line, column) = line_column(text, e.span().map_or(0, |s| s.start));
            SetupError::Malformed {
                file: file.to_string(),
                format: Format::Toml.name(),
                line,
                column,
                message: e.message().trim().to_string(),
            }
        })?;
        Ok(TomlDoc {
            doc,
            file: file.to_string(),
        })
    }

    /// The file's text as edited.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// Adds or merges the table at `keys` (`["mcp_servers", "gather"]`) with the keys of
    /// `value`, an object; other keys a user put in the table stay.
    pub fn set_entry(&mut self, keys: &[&str], value: &Value) -> Result<Change, SetupError> {
        let (Some((name, containers)), Value::Object(pairs)) = (keys.split_last(), value) else {
            return Ok(Change::Same);
        };
        let file = self.file.clone();
        let mut table = self.doc.as_table_mut();
        let mut path = String::new();
        for key in containers {
            path = join(&path, key);
            let item = table.entry(key).or_insert_with(|| {
                let mut implicit = Table::new();
                implicit.set_implicit(true);
                Item::Table(implicit)
            });
            let kind = item_kind(item);
            table = match item.as_table_mut() {
                Some(table) => table,
                None => return Err(shape(&file, &path, "a table", kind)),
            };
        }
        let Some(existing) = table.get_mut(name) else {
            let mut entry = Table::new();
            for (key, wanted) in pairs {
                entry.insert(key, Item::Value(wanted.to_toml()));
            }
            table.insert(name, Item::Table(entry));
            return Ok(Change::Added);
        };
        let full = join(&path, name);
        let kind = item_kind(existing);
        let entry = existing
            .as_table_like_mut()
            .ok_or_else(|| shape(&file, &full, "a table", kind))?;
        let before = describe_table(entry.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let mut changed = false;
        for (key, wanted) in pairs {
            let same = entry
                .get(key)
                .and_then(Item::as_value)
                .is_some_and(|old| wanted.same_as_toml(old));
            if !same {
                entry.insert(key, Item::Value(wanted.to_toml()));
                changed = true;
            }
        }
        Ok(if changed {
            Change::Replaced(format!("[{full}] {before}"))
        } else {
            Change::Same
        })
    }

    /// Takes out the table at `keys`, then its container when that is left empty and was
    /// never written out as a table of its own.
    pub fn remove_entry(&mut self, keys: &[&str]) -> bool {
        let [container, name] = keys else {
            return false;
        };
        let Some(table) = self
            .doc
            .get_mut(container)
            .and_then(Item::as_table_like_mut)
        else {
            return false;
        };
        if table.remove(name).is_none() {
            return false;
        }
        let implicit_and_empty = self
            .doc
            .get(container)
            .and_then(Item::as_table)
            .is_some_and(|t| t.is_empty() && t.is_implicit());
        if implicit_and_empty {
            self.doc.remove(container);
        }
        true
    }
}

/// `key = value, …` on one line.
fn describe_table(pairs: impl Iterator<Item = (String, String)>) -> String {
    pairs
        .map(|(k, v)| format!("{k} = {}", v.trim()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn shape(file: &str, key: &str, wanted: &'static str, found: &str) -> SetupError {
    SetupError::Shape {
        file: file.to_string(),
        key: key.to_string(),
        wanted,
        found: found.to_string(),
    }
}

fn item_kind(item: &Item) -> &'static str {
    match item {
        Item::None => "nothing",
        Item::Value(toml_edit::Value::String(_)) => "a string",
        Item::Value(toml_edit::Value::Integer(_)) => "an integer",
        Item::Value(toml_edit::Value::Float(_)) => "a float",
        Item::Value(toml_edit::Value::Boolean(_)) => "a boolean",
        Item::Value(toml_edit::Value::Datetime(_)) => "a date",
        Item::Value(toml_edit::Value::Array(_)) => "an array",
        Item::Value(toml_edit::Value::InlineTable(_)) => "an inline table",
        Item::Table(_) => "a table",
        Item::ArrayOfTables(_) => "an array of tables",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Value {
        Value::object(vec![
            ("command", Value::str("gather")),
            ("args", Value::strs(&["serve"])),
        ])
    }

    const CONFIG: &str = "model = \"o3\" # the default\n\n# servers\n[mcp_servers.other]\ncommand = \"x\"\n\n[profiles.fast]\nmodel = \"mini\"\n";

    #[test]
    fn the_table_goes_beside_the_other_servers_and_comes_out_exactly() {
        let mut doc = TomlDoc::parse(CONFIG, "config.toml").unwrap();
        let keys = ["mcp_servers", "gather"];
        assert_eq!(doc.set_entry(&keys, &server()).unwrap(), Change::Added);
        let text = doc.text();
        assert!(
            text.contains("command = \"x\"\n\n[mcp_servers.gather]\ncommand = \"gather\"\nargs = [\"serve\"]\n\n[profiles.fast]"),
            "{text}"
        );
        let mut again = TomlDoc::parse(&text, "config.toml").unwrap();
        assert_eq!(again.set_entry(&keys, &server()).unwrap(), Change::Same);
        assert!(again.remove_entry(&keys));
        assert_eq!(again.text(), CONFIG);
    }

    #[test]
    fn an_explicit_empty_parent_table_stays_and_an_implicit_one_goes() {
        let keys = ["mcp_servers", "gather"];
        for (original, after) in [
            ("[mcp_servers]\n", "[mcp_servers]\n"),
            ("a = 1\n", "a = 1\n"),
        ] {
            let mut doc = TomlDoc::parse(original, "c.toml").unwrap();
            doc.set_entry(&keys, &server()).unwrap();
            assert!(doc.remove_entry(&keys));
            assert_eq!(doc.text(), after);
        }
    }

    #[test]
    fn a_different_table_is_merged_and_what_it_held_is_said() {
        let original = "[mcp_servers.gather]\ncommand = \"/old/gather\"\nargs = [\"serve\"]\nstartup_timeout_sec = 20\n";
        let mut doc = TomlDoc::parse(original, "c.toml").unwrap();
        let change = doc
            .set_entry(&["mcp_servers", "gather"], &server())
            .unwrap();
        assert_eq!(
            change,
            Change::Replaced(
                "[mcp_servers.gather] command = \"/old/gather\", args = [\"serve\"], startup_timeout_sec = 20".into()
            )
        );
        assert!(doc.text().contains("startup_timeout_sec = 20"));
        assert!(doc.text().contains("command = \"gather\""));
    }

    #[test]
    fn malformed_toml_and_wrong_shapes_are_refused_with_their_place() {
        let error = TomlDoc::parse("a = 1\nb = [1,\n[c]\n", "config.toml")
            .err()
            .unwrap();
        let message = error.to_string();
        assert!(
            message.starts_with("config.toml is not valid TOML (line 3"),
            "{message}"
        );
        let mut doc = TomlDoc::parse("mcp_servers = 5\n", "config.toml").unwrap();
        let shape = doc
            .set_entry(&["mcp_servers", "gather"], &server())
            .err()
            .unwrap();
        assert_eq!(
            shape.to_string(),
            "config.toml: mcp_servers is an integer, not a table; fix it or move it aside: gather setup leaves it untouched"
        );
    }
}
