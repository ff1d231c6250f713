; Lua definitions. Tables are not types, so `function T.f()` and `function T:m()` name
; their table as a receiver: the definition is qualified `T.f` whether or not `T` is
; defined in the file.
(function_declaration
  name: [
    (identifier) @name
    (dot_index_expression
      table: (_) @receiver
      field: (identifier) @name)
    (method_index_expression
      table: (_) @receiver
      method: (identifier) @name)
  ]) @definition.function

; `f = function(…)`, `local f = function(…)`, `T.f = function(…)`
(assignment_statement
  (variable_list
    .
    name: (identifier) @name
    .)
  (expression_list
    .
    value: (function_definition)
    .)) @definition.function
(assignment_statement
  (variable_list
    .
    name: (dot_index_expression
      table: (_) @receiver
      field: (identifier) @name)
    .)
  (expression_list
    .
    value: (function_definition)
    .)) @definition.function

; A function in a table constructor: `{ config = function() … end }`.
(field
  name: (identifier) @name
  value: (function_definition)) @definition.function
