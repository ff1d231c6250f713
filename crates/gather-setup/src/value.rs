//! The values setup writes, as one small tree that keeps its keys in the order written, and
//! the conversions to what each format's editor takes or reads.

use jsonc_parser::cst::CstInputValue;

/// A JSON or TOML value setup writes: strings, integers, arrays and objects only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string.
    Str(String),
    /// An integer.
    Int(i64),
    /// An array.
    Array(Vec<Value>),
    /// An object, keys in the order they are written.
    Object(Vec<(String, Value)>),
}

impl Value {
    /// A string value.
    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(s.into())
    }

    /// An array of strings.
    pub fn strs<S: AsRef<str>>(items: &[S]) -> Value {
        Value::Array(items.iter().map(|s| Value::str(s.as_ref())).collect())
    }

    /// An object from `(key, value)` pairs.
    pub fn object(pairs: Vec<(&str, Value)>) -> Value {
        Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    /// The value as a JSON value, for comparing with what a file holds.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Str(s) => serde_json::Value::String(s.clone()),
            Value::Int(n) => serde_json::Value::from(*n),
            Value::Array(items) => items.iter().map(Value::to_json).collect(),
            Value::Object(pairs) => serde_json::Value::Object(
                pairs
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_json()))
                    .collect(),
            ),
        }
    }

    /// The value as the JSON editor inserts it, keys in order.
    pub(crate) fn to_cst(&self) -> CstInputValue {
        match self {
            Value::Str(s) => CstInputValue::String(s.clone()),
            Value::Int(n) => CstInputValue::Number(n.to_string()),
            Value::Array(items) => CstInputValue::Array(items.iter().map(Value::to_cst).collect()),
            Value::Object(pairs) => {
                CstInputValue::Object(pairs.iter().map(|(k, v)| (k.clone(), v.to_cst())).collect())
            }
        }
    }

    /// The value as a TOML value (objects become inline tables).
    pub(crate) fn to_toml(&self) -> toml_edit::Value {
        match self {
            Value::Str(s) => toml_edit::Value::from(s.as_str()),
            Value::Int(n) => toml_edit::Value::from(*n),
            Value::Array(items) => {
                toml_edit::Value::Array(items.iter().map(Value::to_toml).collect())
            }
            Value::Object(pairs) => {
                let mut table = toml_edit::InlineTable::new();
                for (k, v) in pairs {
                    table.insert(k, v.to_toml());
                }
                toml_edit::Value::InlineTable(table)
            }
        }
    }

    /// Whether a TOML value holds the same data (layout and comments aside).
    pub(crate) fn same_as_toml(&self, other: &toml_edit::Value) -> bool {
        match (self, other) {
            (Value::Str(a), toml_edit::Value::String(b)) => a == b.value(),
            (Value::Int(a), toml_edit::Value::Integer(b)) => a == b.value(),
            (Value::Array(a), toml_edit::Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.same_as_toml(y))
            }
            (Value::Object(a), toml_edit::Value::InlineTable(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.get(k).is_some_and(|other| v.same_as_toml(other)))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_keep_their_key_order_in_the_editor_input() {
        let value = Value::object(vec![("z", Value::Int(1)), ("a", Value::str("x"))]);
        let CstInputValue::Object(pairs) = value.to_cst() else {
            panic!("an object");
        };
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["z", "a"]);
    }

    #[test]
    fn toml_values_compare_by_data_not_by_layout() {
        let ours = Value::strs(&["serve", "-C", "."]);
        let doc: toml_edit::DocumentMut =
            "a = [ \"serve\",  \"-C\", '.' ] # note\nb = [\"serve\"]\n"
                .parse()
                .unwrap();
        assert!(ours.same_as_toml(doc["a"].as_value().unwrap()));
        assert!(!ours.same_as_toml(doc["b"].as_value().unwrap()));
        assert!(!Value::Int(10).same_as_toml(&toml_edit::Value::from("10")));
    }
}
