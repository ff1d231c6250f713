; Rust call sites. Tuple-struct and enum-variant constructors (`Some(x)`, `Wrapper(v)`)
; are call expressions and come out as calls; struct literals (`Client { .. }`) are not.
; Each call matches one pattern only: the patterns split on the kind of the callee.
; (Alternations are kept one level deep: a captured alternation nested in another
; alternation loses matches in tree-sitter.)

; f(), f::<T>()
(call_expression
  function: (identifier) @name) @reference.call
(call_expression
  function: (generic_function function: (identifier) @name)) @reference.call

; a.b(), self.m(), a.b::<T>()
(call_expression
  function: (field_expression
    value: (_) @qualifier
    field: (field_identifier) @name)) @reference.call
(call_expression
  function: (generic_function
    function: (field_expression
      value: (_) @qualifier
      field: (field_identifier) @name))) @reference.call

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
  macro: (identifier) @name) @reference.macro
(macro_invocation
  macro: (scoped_identifier
    path: (_) @qualifier
    name: (identifier) @name)) @reference.macro

; Calls inside macro arguments (`assert_eq!(f(x), a.b())`, `format!("{}", T::new())`):
; tree-sitter leaves them as flat token trees, so they are matched token by token, under
; a macro invocation only (attribute arguments such as `cfg(all(..))` are token trees too).
; Each bare `_` followed by `.` must be the very next token, punctuation included, so
; `a, (b)` is not a call to `a`. The qualifier is the single token before `.` or `::`
; (`b` in `a::b::f(x)`); `x.f()?.g()` leaves `g` unqualified. `fn f(x)` written inside a
; macro comes out as a call. One pattern per nesting depth, six deep; qualified forms come
; before the plain form, which matches the same name (the first match of a name wins).
; a::name!(…), 1 deep
(macro_invocation
  (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; a::name!(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; a::name!(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; a::name!(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; a::name!(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; a::name!(…), 6 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_sep "::") (#eq? @_bang "!")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))))
; name!(…), 1 deep
(macro_invocation
  (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; name!(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; name!(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; name!(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; name!(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; name!(…), 6 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . _ @_bang . (token_tree) @reference.macro
    (#eq? @_bang "!")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))))
; a.b(…), a::b(…), 1 deep
(macro_invocation
  (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; a.b(…), a::b(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; a.b(…), a::b(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; a.b(…), a::b(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; a.b(…), a::b(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; a.b(…), a::b(…), 6 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @qualifier . _ @_sep . _ @name . (token_tree "(") @reference.call
    (#any-of? @_sep "." "::")
    (#match? @qualifier "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @qualifier "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield")
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))))
; f(…), 1 deep
(macro_invocation
  (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))
; f(…), 2 deep
(macro_invocation
  (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))
; f(…), 3 deep
(macro_invocation
  (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))
; f(…), 4 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))
; f(…), 5 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate")))))))
; f(…), 6 deep
(macro_invocation
  (token_tree (token_tree (token_tree (token_tree (token_tree (token_tree
    _ @name . (token_tree "(") @reference.call
    (#match? @name "^[A-Za-z_][A-Za-z0-9_]*$") (#not-any-of? @name "as" "async" "await" "break" "const" "continue" "default" "dyn" "else" "enum" "extern" "false" "fn" "for" "gen" "if" "impl" "in" "let" "loop" "match" "mod" "move" "mut" "pub" "ref" "return" "static" "struct" "trait" "true" "type" "union" "unsafe" "use" "where" "while" "yield" "self" "super" "crate"))))))))
