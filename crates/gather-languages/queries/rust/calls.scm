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

