; Rust call sites. Tuple-struct and enum-variant constructors (`Some(x)`, `Wrapper(v)`)
; are call expressions and come out as calls; struct literals (`Client { .. }`) are not.
; Each call matches one pattern only: the patterns split on the kind of the callee.
; (Alternations are kept one level deep: a captured alternation nested in another
; alternation loses matches in tree-sitter.)

(call_expression
  function: [
    ; f(), f::<T>()
    (identifier) @name
    (generic_function function: (identifier) @name)
    ; a.b(), self.m(), a.b::<T>()
    (field_expression
      value: (_) @qualifier
      field: (field_identifier) @name)
    (generic_function
      function: (field_expression
        value: (_) @qualifier
        field: (field_identifier) @name))
  ]) @reference.call

; Type::f(), a::b::f(), self::f(), Type::f::<T>()
(call_expression
  function: (scoped_identifier
    path: [(identifier) (scoped_identifier) (self) (super) (crate) (metavariable)] @qualifier
    name: (identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (scoped_identifier
      path: [(identifier) (scoped_identifier) (self) (super) (crate) (metavariable)] @qualifier
      name: (identifier) @name))) @reference.call

; Vec::<T>::new(), Vec::<T>::new::<U>(): the qualifier is the type without arguments.
(call_expression
  function: (scoped_identifier
    path: (generic_type type: (_) @qualifier)
    name: (identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (scoped_identifier
      path: (generic_type type: (_) @qualifier)
      name: (identifier) @name))) @reference.call

; <T as Trait>::f() (qualifier `Trait`), <Vec<T>>::f() (qualifier `Vec`), <u8>::f(),
; <[T]>::f() (qualifier `<[T]>`).
(call_expression
  function: (scoped_identifier
    path: (bracketed_type [
      (qualified_type alias: (type_identifier) @qualifier)
      (qualified_type alias: (scoped_type_identifier) @qualifier)
      (qualified_type alias: (generic_type type: (_) @qualifier))
      (type_identifier) @qualifier
      (scoped_type_identifier) @qualifier
      (primitive_type) @qualifier
      (generic_type type: (_) @qualifier)
    ])
    name: (identifier) @name)) @reference.call
(call_expression
  function: (scoped_identifier
    path: (bracketed_type
      [(array_type) (reference_type) (pointer_type) (tuple_type) (dynamic_type)]) @qualifier
    name: (identifier) @name)) @reference.call

; ::f() (a crate-root path, nothing before it).
(call_expression
  function: (scoped_identifier
    !path
    name: (identifier) @name)) @reference.call

; name!(…), a::name!(…)
(macro_invocation
  macro: [
    (identifier) @name
    (scoped_identifier
      path: (_) @qualifier
      name: (identifier) @name)
  ]) @reference.macro

; Calls inside macro arguments (`assert_eq!(f(x), a.b())`, `format!("{}", T::new())`).
; tree-sitter leaves macro arguments as flat token trees, so these are matched token by
; token, below a macro invocation only (attribute arguments such as `cfg(all(..))` are
; token trees too), with one pattern per nesting depth, five deep.
; - A bare `_` followed by an anchor must be followed by the very next token, punctuation
;   included (a named pattern skips anonymous tokens), so `a, (b)` is no call to `a`; the
;   predicates keep identifier tokens and drop keywords (`if (x)`, `let (a, b)`) and the
;   attribute names of attributes written inside a macro (`#[cfg(..)]`).
; - The qualifier is the one token before `.` or `::`: `b` in `a::b::f(x)`, none in
;   `x.f()?.g()` or `Vec::<T>::new()`; `a::m!(…)` comes out as `m!` unqualified.
; - `fn f(x)` written inside a macro comes out as a call to `f`, and so do operands such
;   as `lateout("rax")` in `asm!`.
; - The plain form `f(…)` also matches the name of `a.f(…)`; the qualified form comes
;   first in this file, and the first match of a name wins.
; name!(…), 1 deep
(macro_invocation
  (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; name!(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; name!(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; name!(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; name!(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; a.b(…), a::b(…), 1 deep
(macro_invocation
  (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; a.b(…), a::b(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; a.b(…), a::b(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; a.b(…), a::b(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; a.b(…), a::b(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; f(…), 1 deep
(macro_invocation
  (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate" "cfg" "cfg_attr" "derive" "repr" "doc" "allow" "warn" "deny" "forbid" "inline" "must_use" "deprecated" "target_feature")))
; f(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate" "cfg" "cfg_attr" "derive" "repr" "doc" "allow" "warn" "deny" "forbid" "inline" "must_use" "deprecated" "target_feature"))))
; f(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate" "cfg" "cfg_attr" "derive" "repr" "doc" "allow" "warn" "deny" "forbid" "inline" "must_use" "deprecated" "target_feature")))))
; f(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate" "cfg" "cfg_attr" "derive" "repr" "doc" "allow" "warn" "deny" "forbid" "inline" "must_use" "deprecated" "target_feature"))))))
; f(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "dyn" "else" "enum" "extern" "false" "fn" "for" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "unsafe" "use" "where" "while" "yield" "self" "super" "crate" "cfg" "cfg_attr" "derive" "repr" "doc" "allow" "warn" "deny" "forbid" "inline" "must_use" "deprecated" "target_feature")))))))
