//! Tests of the receiver readers.

use super::{
    annotation_of, assigned_callee, assigned_names, contextual_type, default_export_name,
    element_type, is_builtin_value, is_union_of_types, iterated, narrowed_union, return_type,
    type_parameter_bound, value_type, with_call_type,
};
use gather_languages::TypeSpellings;

/// How the language `id` of the table spells the words around a type.
fn spellings_of(id: &str) -> &'static TypeSpellings {
    &gather_languages::by_id(id)
        .expect("a language of the table")
        .type_spellings
}

#[test]
fn default_exports() {
    assert_eq!(
        default_export_name("export default isObject;"),
        Some(Some("isObject"))
    );
    assert_eq!(
        default_export_name("export default function useForm<T>(p) {"),
        Some(Some("useForm"))
    );
    assert_eq!(
        default_export_name("export default class Cart {"),
        Some(Some("Cart"))
    );
    assert_eq!(
        default_export_name("export default <T>(value: T) => !!value;"),
        Some(None)
    );
    assert_eq!(default_export_name("export default (v) => v;"), Some(None));
    assert_eq!(
        default_export_name("export default {\n  a,\n};"),
        Some(None)
    );
    assert_eq!(default_export_name("export const a = 1;"), None);
}

#[test]
fn builtin_values_and_annotations() {
    for value in [
        "[]",
        "{}",
        "{'a': 1}",
        "\"x\"",
        "f'{a}'",
        "list(xs)",
        "make([]int, 3)",
        "mutableListOf<Item>()",
        "mapOf(1 to 2)",
        "0",
    ] {
        assert!(is_builtin_value(value, false), "{value}");
    }
    for value in ["Client()", "compute(1)", "a.b", "new Map()", "listOf.x"] {
        assert!(!is_builtin_value(value, false), "{value}");
    }
    for annotation in ["str", "list[int]", "string[]", "Node[]", "readonly Item[]"] {
        assert!(is_builtin_value(annotation, true), "{annotation}");
    }
    for annotation in ["Client", "str | None", "Headers", "Map<string, T>"] {
        assert!(!is_builtin_value(annotation, true), "{annotation}");
    }
}

#[test]
fn assigned_callees() {
    let python_spellings = spellings_of("python");
    let typescript_spellings = spellings_of("typescript");
    assert_eq!(
        assigned_callee(python_spellings, " self._decoder()"),
        Some("self._decoder")
    );
    assert_eq!(
        assigned_callee(python_spellings, " await make(a, (b))\n"),
        Some("make")
    );
    assert_eq!(
        assigned_callee(typescript_spellings, " this.#build(x);"),
        Some("this.#build")
    );
    assert_eq!(assigned_callee(python_spellings, " Client()"), None);
    assert_eq!(assigned_callee(typescript_spellings, " Cart.empty()"), None);
    assert_eq!(assigned_callee(python_spellings, " f(x).y"), None);
    assert_eq!(assigned_callee(python_spellings, " f(x) or g"), None);
    assert_eq!(
        assigned_callee(python_spellings, " f(x)\n    v.g()"),
        Some("f")
    );
    assert_eq!(assigned_callee(python_spellings, " a"), None);
}

#[test]
fn loop_elements() {
    for (head, tail, found) in [
        ("        for", "in self.order:\n", Some("self.order")),
        ("  for (const", "of this.items) {", Some("this.items")),
        ("x = [t for", "in tags]", None),
        ("for", "in range(3):", None),
    ] {
        assert_eq!(iterated(head, tail), found, "{head} {tail}");
    }
    assert_eq!(
        annotation_of("self.order: list[JSONTag] = []\n", "self.order"),
        Some("list[JSONTag] = []")
    );
    assert_eq!(annotation_of("myself.order: X\n", "self.order"), None);
    for (annotation, found) in [
        ("list[JSONTag] = []", Some("JSONTag")),
        ("t.Sequence[Tag]", Some("Tag")),
        ("readonly Item[];", Some("Item")),
        ("Array<Item>", Some("Item")),
        ("dict[str, Tag]", None),
        ("list[Tag | None]", None),
        ("Tag", None),
    ] {
        assert_eq!(element_type(annotation), found, "{annotation}");
    }
}

#[test]
fn a_mapping_iterated_by_its_values_gives_its_value_type() {
    for (head, tail, found) in [
        (
            "        for",
            "in self._arguments.values():",
            Some("self._arguments.values()"),
        ),
        (
            "for (const",
            "of this.tags.values()) {",
            Some("this.tags.values()"),
        ),
        ("for", "in d.values(x):", None),
    ] {
        assert_eq!(iterated(head, tail), found, "{head} {tail}");
    }
    for (annotation, found) in [
        ("dict[str, Argument] = {}", Some("Argument")),
        ("Map<string, Tag>", Some("Tag")),
        ("dict[tuple[str, int], Row]", Some("Row")),
        ("dict[str, list[Row]]", None),
        ("list[Row]", None),
    ] {
        assert_eq!(value_type(annotation), found, "{annotation}");
    }
}

#[test]
fn narrowed_unions() {
    let python_spellings = spellings_of("python");
    let text = "def __init__(self, io: IO | Output) -> None:\n    if isinstance(io, IO):\n        io = io.output\n\n    self._output = io\n";
    assert_eq!(
        narrowed_union(python_spellings, "IO", " | Output) -> None", text, "io"),
        Some("Output")
    );
    // Narrowed but not replaced: either type may arrive.
    let text = "def f(io: IO | Output):\n    if isinstance(io, IO):\n        log(io)\n";
    assert_eq!(
        narrowed_union(python_spellings, "IO", " | Output)", text, "io"),
        None
    );
    // Three types, one replaced: still open.
    let text = "def f(v: A | B | C):\n    if isinstance(v, A): v = v.b\n";
    assert_eq!(
        narrowed_union(python_spellings, "A", " | B | C)", text, "v"),
        None
    );
    let text = "def f(v: A | B | None):\n    if isinstance(v, A): v = v.b\n";
    assert_eq!(
        narrowed_union(python_spellings, "A", " | B | None)", text, "v"),
        Some("B")
    );
}

#[test]
fn unions() {
    let python_spellings = spellings_of("python");
    let typescript_spellings = spellings_of("typescript");
    assert!(is_union_of_types(python_spellings, " | Output, x"));
    assert!(is_union_of_types(python_spellings, " | None | B)"));
    assert!(!is_union_of_types(python_spellings, " | None = None"));
    assert!(!is_union_of_types(typescript_spellings, " | undefined;"));
    assert!(!is_union_of_types(python_spellings, ", b: int"));
}

#[test]
fn names_assigned_to_attributes() {
    let text = "def __init__(self, serializer: S, n):\n    self.serializer = serializer\n    self.n = n + 1\n    self.serializer == x";
    assert_eq!(assigned_names(text, "self.serializer"), ["serializer"]);
    assert!(assigned_names(text, "self.n").is_empty());
    assert_eq!(assigned_names("  this.#out = out;", "this.#out"), ["out"]);
}

#[test]
fn multi_line_with() {
    assert_eq!(
        with_call_type("    with Client(\n        a=1,\n        b=f(2),\n    )"),
        Some("Client")
    );
    assert_eq!(
        with_call_type("async with httpx.AsyncClient()"),
        Some("httpx.AsyncClient")
    );
    assert_eq!(with_call_type("x = g(a)"), None);
}

#[test]
fn return_types() {
    assert_eq!(
        return_type("def f(self) -> ContentDecoder:"),
        Some("ContentDecoder")
    );
    assert_eq!(
        return_type("def f(self, a: int) -> \"Response\":"),
        Some("Response")
    );
    assert_eq!(return_type("  build(a: A): QueryNode {"), Some("QueryNode"));
    assert_eq!(return_type("fn f(&self) -> Stock {"), Some("Stock"));
    assert_eq!(
        return_type("export function f<T>(a: T): Builder<T> {"),
        Some("Builder")
    );
    assert_eq!(return_type("def f(self) -> Optional[Response]:"), None);
    assert_eq!(return_type("def f(self) -> str:"), None);
    assert_eq!(return_type("def f(self):"), None);
    assert_eq!(return_type("f(a: A): A | B {"), None);
}

#[test]
fn an_object_literal_takes_the_type_its_holder_declares() {
    assert_eq!(
        contextual_type("function methods(): MethodsOf<Schema> {"),
        Some("Schema")
    );
    assert_eq!(
        contextual_type("export const m: core.$Handlers = {"),
        Some("core.$Handlers")
    );
    assert_eq!(
        contextual_type("function f(a: A): Handlers {"),
        Some("Handlers")
    );
    // Several type arguments, a lowercase name, or no annotation say nothing certain.
    assert_eq!(
        contextual_type("function f(): Record<string, Schema> {"),
        None
    );
    assert_eq!(contextual_type("const m: object = {"), None);
    assert_eq!(contextual_type("function f(a: A) {"), None);
    assert_eq!(contextual_type("const m = {"), None);
}

#[test]
fn a_type_parameter_stands_for_its_bound() {
    let sig = "export function catchall<T extends ZodMiniObject, U extends core.$Some>(inst: T, c: U): T {";
    assert_eq!(type_parameter_bound(sig, "T"), Some("ZodMiniObject"));
    assert_eq!(type_parameter_bound(sig, "U"), Some("core.$Some"));
    // An unbounded parameter, a name that is not a parameter, a lowercase bound.
    assert_eq!(type_parameter_bound("function f<T>(x: T) {", "T"), None);
    assert_eq!(type_parameter_bound(sig, "Zod"), None);
    assert_eq!(
        type_parameter_bound("function f<T extends object>(x: T) {", "T"),
        None
    );
}
