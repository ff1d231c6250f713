; Dart call sites. `new C()` and `const C()` are `reference.new`; `C()` without `new`
; looks like a function call and is a `reference.call`.
(call_expression
  function: [
    (identifier) @name
    (member_expression
      object: (_) @qualifier
      property: (identifier) @name)
  ]) @reference.call
(new_expression
  type: (type . (type_identifier) @name)) @reference.new
(const_object_expression
  type: (type . (type_identifier) @name)) @reference.new
