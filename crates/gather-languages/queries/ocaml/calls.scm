; OCaml call sites: the function of an application, plain (`f x`) or through a module
; path (`List.map f xs`), and method calls (`obj#m x`).
(application_expression
  function: (value_path
    .
    (value_name) @name)) @reference.call
(application_expression
  function: (value_path
    (module_path) @qualifier
    .
    (value_name) @name)) @reference.call
(method_invocation
  object: (_) @qualifier
  method: (method_name) @name) @reference.call
