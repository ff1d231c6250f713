//! Row data the call-graph resolver reads from text: the words that name a method's own
//! receiver, and the methods of each language's builtin types.

/// Words naming the receiver of the enclosing type or the type itself (`self`, `this`,
/// `Self`, `cls`, `static`, `$this`). Every row carries the whole list: the resolver reads
/// receivers as text, and a receiver spelled another language's way (a Python `this`) is
/// still treated as the enclosing type's.
pub const SELF_NAMES: &[&str] = &["self", "this", "Self", "cls", "static", "$this"];

/// How a language marks a declaration that only types an overload, whose implementation
/// is another definition of the same name: a call runs the implementation's body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverloadStubs {
    /// No such declarations.
    None,
    /// A decorator ending in `overload` above the name (Python's `@overload`).
    Decorated,
    /// A signature without a body, its last line ending in `;` (TypeScript).
    Bodyless,
}

/// Python: methods of `list`, `dict`, `set`, `str`, `bytes`, files and regular expressions.
pub const PYTHON_METHODS: &[&str] = &[
    "add",
    "append",
    "clear",
    "close",
    "copy",
    "count",
    "decode",
    "discard",
    "encode",
    "endswith",
    "extend",
    "find",
    "flush",
    "format",
    "get",
    "group",
    "index",
    "insert",
    "items",
    "join",
    "keys",
    "lower",
    "lstrip",
    "match",
    "pop",
    "popitem",
    "read",
    "readline",
    "readlines",
    "remove",
    "replace",
    "reverse",
    "rstrip",
    "search",
    "seek",
    "setdefault",
    "sort",
    "split",
    "splitlines",
    "startswith",
    "strip",
    "sub",
    "update",
    "upper",
    "values",
    "write",
];
/// JavaScript, TypeScript and TSX: methods of arrays, strings, maps, sets, promises,
/// functions and regular expressions.
pub const ECMASCRIPT_METHODS: &[&str] = &[
    "add",
    "apply",
    "bind",
    "call",
    "catch",
    "charAt",
    "clear",
    "concat",
    "delete",
    "endsWith",
    "entries",
    "every",
    "exec",
    "fill",
    "filter",
    "finally",
    "find",
    "findIndex",
    "flat",
    "flatMap",
    "forEach",
    "get",
    "has",
    "includes",
    "indexOf",
    "join",
    "keys",
    "map",
    "match",
    "next",
    "padStart",
    "pop",
    "push",
    "reduce",
    "replace",
    "reverse",
    "set",
    "shift",
    "slice",
    "some",
    "sort",
    "splice",
    "split",
    "startsWith",
    "substring",
    "test",
    "then",
    "toLowerCase",
    "toString",
    "toUpperCase",
    "trim",
    "unshift",
    "valueOf",
    "values",
];
/// Go: methods of the standard library's common interfaces (`io.Reader`, `error`,
/// `sort.Interface`, `sync.Locker`, `fmt.Stringer`).
pub const GO_METHODS: &[&str] = &[
    "Close", "Error", "Len", "Less", "Lock", "Read", "String", "Swap", "Unlock", "Write",
];
/// Rust: methods of `Vec`, `String`, `Option`, iterators and the common traits.
pub const RUST_METHODS: &[&str] = &[
    "as_ref",
    "as_str",
    "clone",
    "collect",
    "contains",
    "extend",
    "get",
    "insert",
    "into",
    "into_iter",
    "is_empty",
    "iter",
    "len",
    "map",
    "push",
    "remove",
    "to_owned",
    "to_string",
    "unwrap",
];

#[cfg(test)]
mod tests {
    use crate::{by_id, ImportStyle, OverloadStubs};

    #[test]
    fn families_group_languages_that_call_each_other() {
        let family = |id: &str| by_id(id).map(|spec| spec.family_name());
        assert_eq!(family("typescript"), family("javascript"));
        assert_eq!(family("tsx"), family("javascript"));
        assert_eq!(family("cpp"), family("c"));
        assert_ne!(family("python"), family("javascript"));
        assert_eq!(family("go"), Some("go"));
    }

    #[test]
    fn overload_stubs_follow_the_language() {
        let stubs = |id: &str| by_id(id).map(|spec| spec.overload_stubs);
        assert_eq!(stubs("python"), Some(OverloadStubs::Decorated));
        assert_eq!(stubs("typescript"), Some(OverloadStubs::Bodyless));
        assert_eq!(stubs("java"), Some(OverloadStubs::None));
    }

    #[test]
    fn ecmascript_probes_extensions_then_index() {
        let probed = ImportStyle::EcmaScript.module_file_candidates("src/a.js");
        assert_eq!(probed[0], "src/a.js");
        assert_eq!(probed[1], "src/a.ts");
        assert!(probed.contains(&"src/a/index.tsx".to_string()));
        assert!(probed.contains(&"src/a.js/index.ts".to_string()));
        assert_eq!(
            ImportStyle::Python.module_file_candidates("a/b"),
            ["a/b".to_string()]
        );
    }
}
