; Lua call sites: `f(x)`, `f "s"`, `f {…}`, `t.f(x)`, `t:m(x)`.
(function_call
  name: [
    (identifier) @name
    (dot_index_expression
      table: (_) @qualifier
      field: (identifier) @name)
    (method_index_expression
      table: (_) @qualifier
      method: (identifier) @name)
  ]) @reference.call
