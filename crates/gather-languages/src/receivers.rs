//! What a language's code says about the type of a variable it calls methods on: the
//! generic collections and mappings whose type arguments name their elements and values,
//! the builtin constructors and annotations whose values have only builtin methods, and
//! the loop forms that bind a variable to a collection's elements.

/// The receiver forms of one language (a row's `receivers`).
#[derive(Clone, Copy, Debug)]
pub struct Receivers {
    /// Collections whose one type argument is their element type (`list[Tag]`).
    pub collections: &'static [&'static str],
    /// Mappings whose second type argument is their value type (`dict[str, Tag]`).
    pub mappings: &'static [&'static str],
    /// Builtin constructors and annotation names (`list(…)`, `v: str`, `make(…)`).
    pub builtin_types: &'static [&'static str],
    /// Loops that bind a variable to the elements of what they iterate.
    pub loops: &'static [Loop],
    /// Keywords that declare a variable, with the space after them (`const `).
    pub declarations: &'static [&'static str],
    /// Tests of a variable's type that narrow it inside their branch.
    pub type_tests: &'static [TypeTest],
}

/// A test of a variable's type, spelled `{open}variable{separator}Type{close}`
/// (`isinstance(io, IO):`).
#[derive(Clone, Copy, Debug)]
pub struct TypeTest {
    /// Before the variable.
    pub open: &'static str,
    /// Between the variable and the type.
    pub separator: &'static str,
    /// After the type.
    pub close: &'static str,
}

/// A loop form: the text before the variable, the word between it and the iterated
/// expression, and what follows that expression (`for tag in self.order:`).
#[derive(Clone, Copy, Debug)]
pub struct Loop {
    /// What the text before the variable ends with (`for`, `for (const`).
    pub head: &'static str,
    /// Whether the head must be a whole word (preceded by nothing or whitespace).
    pub whole_word: bool,
    /// What follows the variable (`in `, `of `).
    pub binder: &'static str,
    /// What follows the iterated expression (`:`, `)`).
    pub close: char,
}

/// No receiver forms.
pub const NONE: Receivers = Receivers {
    collections: &[],
    mappings: &[],
    builtin_types: &[],
    loops: &[],
    declarations: &[],
    type_tests: &[],
};

/// Python: `typing`'s generics and the builtins, `for v in xs:`.
pub const PYTHON: Receivers = Receivers {
    collections: &[
        "list",
        "List",
        "set",
        "Set",
        "frozenset",
        "FrozenSet",
        "Sequence",
        "MutableSequence",
        "Iterable",
        "Iterator",
        "Collection",
        "deque",
        "Deque",
    ],
    mappings: &[
        "dict",
        "Dict",
        "Mapping",
        "MutableMapping",
        "OrderedDict",
        "defaultdict",
        "DefaultDict",
    ],
    builtin_types: &[
        "list",
        "dict",
        "set",
        "tuple",
        "str",
        "bytes",
        "bytearray",
        "frozenset",
        "int",
        "float",
        "bool",
        "sorted",
        "reversed",
    ],
    loops: &[Loop {
        head: "for",
        whole_word: true,
        binder: "in ",
        close: ':',
    }],
    declarations: &[],
    type_tests: &[TypeTest {
        open: "isinstance(",
        separator: ", ",
        close: "):",
    }],
};

/// JavaScript, TypeScript and TSX: the generics and primitive annotations, `for (const v of xs)`.
pub const ECMASCRIPT: Receivers = Receivers {
    collections: &[
        "Array",
        "ReadonlyArray",
        "Set",
        "ReadonlySet",
        "Iterable",
        "Iterator",
    ],
    mappings: &["Map", "ReadonlyMap"],
    builtin_types: &["string", "number", "boolean", "bigint", "symbol"],
    loops: &[
        Loop {
            head: "for (const",
            whole_word: false,
            binder: "of ",
            close: ')',
        },
        Loop {
            head: "for (let",
            whole_word: false,
            binder: "of ",
            close: ')',
        },
        Loop {
            head: "for (var",
            whole_word: false,
            binder: "of ",
            close: ')',
        },
    ],
    declarations: &["const ", "let ", "var "],
    type_tests: &[],
};

/// Go: `make(…)`.
pub const GO: Receivers = Receivers {
    builtin_types: &["make"],
    ..NONE
};

/// Kotlin's collection factories (`mutableListOf<Item>()`).
pub const KOTLIN: Receivers = Receivers {
    builtin_types: &[
        "listOf",
        "mutableListOf",
        "arrayListOf",
        "setOf",
        "mutableSetOf",
        "hashSetOf",
        "mapOf",
        "mutableMapOf",
        "hashMapOf",
        "arrayOf",
        "emptyList",
        "emptySet",
        "emptyMap",
    ],
    ..NONE
};
