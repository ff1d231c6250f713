; Python definitions. Decorators come from the decorated_definition wrapper.
(function_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?)) @definition.function
(class_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?)) @definition.class
; Module-level constants: UPPER_CASE names assigned at the top level.
(module
  (expression_statement
    (assignment left: (identifier) @name) @definition.const)
  (#match? @name "^[A-Z][A-Z0-9_]*$"))
