; OCaml definitions, at the top level and in module structures; a local `let … in`
; inside an expression is a definition only when it is a function (nested in the one
; around it). `let f x = …` and `let f = fun x -> …` are
; functions, other `let`s values (the pattern listed first wins on the same node). A
; `let` alone in its `value_definition` grows to it (a wrapper of the row), which the
; doc comment `(** … *)` touches.
(compilation_unit
  (value_definition
    (let_binding
      pattern: (value_name) @name
      (parameter)) @definition.function))
(compilation_unit
  (value_definition
    (let_binding
      pattern: (value_name) @name
      body: [(fun_expression) (function_expression)]) @definition.function))
(compilation_unit
  (value_definition
    (let_binding
      pattern: (value_name) @name) @definition.const))
(structure
  (value_definition
    (let_binding
      pattern: (value_name) @name
      (parameter)) @definition.function))
(structure
  (value_definition
    (let_binding
      pattern: (value_name) @name
      body: [(fun_expression) (function_expression)]) @definition.function))
(structure
  (value_definition
    (let_binding
      pattern: (value_name) @name) @definition.const))
; Operators: `let ( >>= ) m f = …`.
(value_definition
  (let_binding
    pattern: (parenthesized_operator (_) @name)) @definition.function)
(let_expression
  (value_definition
    (let_binding
      pattern: (value_name) @name
      (parameter)) @definition.function))
(let_expression
  (value_definition
    (let_binding
      pattern: (value_name) @name
      body: [(fun_expression) (function_expression)]) @definition.function))

(type_binding name: (type_constructor) @name) @definition.type
(exception_definition
  (constructor_declaration (constructor_name) @name)) @definition.type

(module_binding (module_name) @name) @definition.module
(module_type_definition (module_type_name) @name) @definition.interface

(class_binding (class_name) @name) @definition.class
(method_definition (method_name) @name) @definition.method
