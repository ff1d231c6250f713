; Scala call sites. `new C(…)` is a `reference.new`; `C(…)` (a case class's `apply`) and
; `f(…)` are calls. A call without parentheses (`xs.isEmpty`) cannot be told from a
; field and is not counted.

(call_expression
  function: [
    ; f(x), f { … }, f[T](x)
    (identifier) @name
    (generic_function
      function: (identifier) @name)
    ; a.f(x), A.B.f(x), this.f(x), a.f[T](x)
    (field_expression
      value: (_) @qualifier
      field: (identifier) @name)
    (generic_function
      function: (field_expression
        value: (_) @qualifier
        field: (identifier) @name))
  ]) @reference.call

; new C(x), new C[T](x)
(instance_expression
  [(type_identifier) @name
   (generic_type type: (type_identifier) @name)]) @reference.new
