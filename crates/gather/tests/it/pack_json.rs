//! Reading a pack's JSON: its items, seeds and symbols. The command line's tests read the same
//! answers, and include this file too.

#![allow(dead_code)]

use serde_json::Value;

/// (`key`, role) of every item, in pack order: `key` is `path` or `symbol`.
pub fn items(pack: &Value, key: &str) -> Vec<(String, String)> {
    (pack["items"].as_array().unwrap().iter())
        .map(|i| {
            let field = |k: &str| i[k].as_str().unwrap().to_string();
            (field(key), field("role"))
        })
        .collect()
}

/// The paths of the seeds, in pack order.
pub fn seed_paths(pack: &Value) -> Vec<String> {
    (items(pack, "path").into_iter())
        .filter(|(_, role)| role == "seed")
        .map(|(path, _)| path)
        .collect()
}

/// Whether the pack has an item for the definition `symbol`.
pub fn has_symbol(pack: &Value, symbol: &str) -> bool {
    (pack["items"].as_array().unwrap().iter()).any(|i| i["symbol"] == symbol)
}
