; Zig call sites: `f(x)`, `a.f(x)`, `std.debug.print(…)`. Builtins (`@as`) are not calls.
(call_expression
  function: [
    (identifier) @name
    (field_expression
      object: (_) @qualifier
      member: (identifier) @name)
  ]) @reference.call
