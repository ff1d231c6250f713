; R call sites: `f(x)`, `pkg::f(x)`, `obj$f(x)`.
(call
  function: (identifier) @name) @reference.call
(call
  function: (namespace_operator
    lhs: (_) @qualifier
    rhs: (identifier) @name)) @reference.call
(call
  function: (extract_operator
    lhs: (_) @qualifier
    rhs: (identifier) @name)) @reference.call
