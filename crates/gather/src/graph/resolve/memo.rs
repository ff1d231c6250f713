//! What one query's resolution remembers: each table maps a key to what was read or
//! derived for it, shared by the worker threads. Poisoned locks (a panicking reader) only
//! cost the memo, never the answer.

use std::hash::Hash;
use std::sync::{Arc, Mutex};

use rustc_hash::FxHashMap as HashMap;

use super::{blocks, composed, CallValue, FoundTypes, TypeNames};
use crate::index::SymbolId;

/// One memo table.
pub(super) struct Memo<K, V>(Mutex<HashMap<K, V>>);

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    fn new() -> Memo<K, V> {
        Memo(Mutex::new(HashMap::default()))
    }

    /// What was stored for `key`.
    pub(super) fn get(&self, key: &K) -> Option<V> {
        self.0.lock().ok()?.get(key).cloned()
    }

    /// Stores `value` for `key`.
    pub(super) fn insert(&self, key: K, value: V) {
        if let Ok(mut table) = self.0.lock() {
            table.insert(key, value);
        }
    }

    /// What was stored for `key`, or `compute`'s value, stored. `compute` runs outside the
    /// lock: deriving one entry may need another entry of the same table.
    pub(super) fn get_or_compute(&self, key: K, compute: impl FnOnce() -> V) -> V {
        if let Some(known) = self.get(&key) {
            return known;
        }
        let value = compute();
        self.insert(key, value.clone());
        value
    }
}

/// Every memo table of a query's resolution.
pub(super) struct Memos {
    /// Per definition and variable: the type names its text gives the variable.
    pub(super) local_types: Memo<(SymbolId, String), TypeNames>,
    /// Per (file, name): whether the name is a global nothing in the workspace binds.
    pub(super) globals: Memo<(u32, String), bool>,
    /// Types found for a dotted receiver in a definition, an attribute of a type, or a
    /// variable another module declares; shared between calls, as one class's attribute
    /// is read for every call through it.
    pub(super) found_types: Memo<(SymbolId, String), FoundTypes>,
    /// Per module-level constant: the modules its object spreads.
    pub(super) compositions: Memo<SymbolId, Option<Arc<composed::Composition>>>,
    /// Per brace-delimited file: its `{…}` blocks.
    pub(super) blocks: Memo<u32, blocks::Blocks>,
    /// Per constant and member name: the members of what its initialising call returns.
    pub(super) call_values: Memo<(SymbolId, String), CallValue>,
}

impl Memos {
    pub(super) fn new() -> Memos {
        Memos {
            local_types: Memo::new(),
            globals: Memo::new(),
            found_types: Memo::new(),
            compositions: Memo::new(),
            blocks: Memo::new(),
            call_values: Memo::new(),
        }
    }
}
