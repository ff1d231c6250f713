//! How a language's code spells the words around a type name that the call graph's text
//! readers skip or recognise: what may stand between an annotation's `:` and its type,
//! before a constructor call or an assigned call, after a parameter's name, between a
//! class's name and its bases, and the names of the no-value type in a union.

/// The spellings around type names in one language (a row's `type_spellings`).
#[derive(Clone, Copy, Debug)]
pub struct TypeSpellings {
    /// What may stand between an annotation's `:` and the type it names, each dropped
    /// once, in this order: `v: &mut Type`, `v: Optional[Type]`, `v: "Type"`.
    pub annotation_prefixes: &'static [&'static str],
    /// What may stand before the constructor an assignment calls, each dropped once, in
    /// this order: `v = await Type.open()`, `v = new Type()`, `v := &Type{}`.
    pub constructor_prefixes: &'static [&'static str],
    /// What may stand before the call whose result an assignment holds, each dropped
    /// once, in this order: `v = await make()`, `v = yield from make()`.
    pub call_prefixes: &'static [&'static str],
    /// Names of the no-value type, which a union may add without opening the variable's
    /// type: `v: A | None` is an `A`.
    pub no_value_types: &'static [&'static str],
    /// Characters that may stand between a parameter's name and its type, any number of
    /// them: `v *Type`.
    pub pointer_sigils: &'static [char],
    /// Operators that construct the type they precede whatever its name's case, with the
    /// space after them: the receiver `new a.c(…)` is an `a.c`.
    pub new_operators: &'static [&'static str],
    /// What may follow a class's name to introduce its one base: `class A < B`.
    pub single_base_markers: &'static [&'static str],
    /// Words that may stand before a base in a list of bases, one of them dropped:
    /// `class A : public B`.
    pub base_modifiers: &'static [&'static str],
}

/// The spellings of every language of the table. Every row reads them all (the base row
/// sets them), and so does a file of a language without a row: the readers scan whole
/// definitions, comments and strings included, and code borrows other languages'
/// spellings (a quoted forward reference, `new` in several languages), so narrowing a row
/// changes what its files resolve.
pub const SHARED: TypeSpellings = TypeSpellings {
    // `&`, `mut ` (Rust references), `typing.Optional[`, `Optional[` (Python), quotes (a
    // forward reference).
    annotation_prefixes: &["&", "mut ", "typing.Optional[", "Optional[", "\"", "'"],
    // `await ` (Python, ECMAScript), `new ` (Java, ECMAScript, C#), `&` (Go).
    constructor_prefixes: &["await ", "new ", "&"],
    // `await ` (Python, ECMAScript), `yield from ` (Python).
    call_prefixes: &["await ", "yield from "],
    // `None` (Python), `null` (TypeScript, PHP), `undefined` (TypeScript).
    no_value_types: &["None", "null", "undefined"],
    // Go's pointer parameters.
    pointer_sigils: &['*'],
    new_operators: &["new "],
    // Ruby.
    single_base_markers: &["< "],
    // C++ base specifiers.
    base_modifiers: &["public ", "protected ", "private ", "virtual "],
};
