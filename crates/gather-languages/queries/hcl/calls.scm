; HCL call sites: built-in function calls (`lower(x)`, `merge(a, b)`).
(function_call
  (identifier) @name) @reference.call
