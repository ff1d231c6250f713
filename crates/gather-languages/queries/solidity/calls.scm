; Solidity call sites: `f(x)`, `a.f(x)`, `new C(x)`, modifiers applied to a function
; (`onlyOwner`), and the events and errors of `emit E(…)` and `revert E(…)`.
(call_expression
  function: (expression (identifier) @name)) @reference.call
(call_expression
  function: (expression
    (member_expression
      object: (_) @qualifier
      property: (identifier) @name))) @reference.call
(call_expression
  function: (expression
    (new_expression
      name: (type_name (user_defined_type (identifier) @name))))) @reference.new
(modifier_invocation
  (identifier) @name) @reference.call
(emit_statement
  name: (expression (identifier) @name)) @reference.call
(revert_statement
  error: (expression (identifier) @name)) @reference.call
