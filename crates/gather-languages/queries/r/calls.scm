; R call sites: `f(x)`, `pkg::f(x)`, `obj$f(x)`.
(call
  function: [
    (identifier) @name
    (namespace_operator
      lhs: (_) @qualifier
      rhs: (identifier) @name)
    (extract_operator
      lhs: (_) @qualifier
      rhs: (identifier) @name)
  ]) @reference.call
