; C call sites. A function-like macro invocation parses as a call and is kept as one; the
; resolver finds the macro definition by name. Calls through a function pointer
; (`(*fp)()`, `table[i]()`) have no name to resolve and are left out.
(call_expression function: (identifier) @name) @reference.call

; `s.f()` and `p->f()`: a function pointer held in a struct; the receiver is the qualifier.
(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: (field_identifier) @name)) @reference.call
