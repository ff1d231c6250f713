; Go call sites. Conversions `T(x)` look like calls and come out as calls to `T`, as do
; the builtins (`len`, `make`, `new`). `f[T](x)` with one argument parses as a conversion
; to a generic type, and so does `fs[i](x)` (a call through an index): both come out as
; calls to `f` / `fs`.

(call_expression
  function: [
    ; f(), f[T](a, b)
    (identifier) @name
    ; pkg.F(), x.M(), a.b.M(), pkg.F[T](a, b)
    (selector_expression
      operand: (_) @qualifier
      field: (field_identifier) @name)
  ]) @reference.call

; f[T](x), pkg.F[T](x)
(type_conversion_expression
  type: (generic_type
    type: [
      (type_identifier) @name
      (qualified_type
        package: (package_identifier) @qualifier
        name: (type_identifier) @name)
    ])) @reference.call
