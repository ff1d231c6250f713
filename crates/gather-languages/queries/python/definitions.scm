; Python definitions. Decorators come from the decorated_definition wrapper (and the
; `decorator` attribute kind), so a decorated definition's range starts at its first `@`.
; A function directly inside a class is turned into a method by the pipeline.

; def / async def, with an optional docstring as the first statement of the body.
(function_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?)) @definition.function

; class, with an optional docstring.
(class_definition
  name: (identifier) @name
  body: (block . (expression_statement (string) @doc)?)) @definition.class

; A lambda bound to a name is a named function: `handler = lambda event: event`.
(expression_statement
  (assignment
    left: (identifier) @name
    right: (lambda))) @definition.function

; PEP 695 type aliases: `type Pair[T] = tuple[T, T]`.
(type_alias_statement
  left: (type
    [(identifier) @name
     (generic_type (identifier) @name)])) @definition.type

; Explicit aliases: `Vector: TypeAlias = list[float]`.
(expression_statement
  (assignment
    left: (identifier) @name
    type: (type [(identifier) (attribute)] @_alias))
  (#match? @_alias "(^|\\.)TypeAlias$")) @definition.type

; Module-level constants: UPPER_CASE names assigned at the top level. The statement, not
; the assignment, is captured so that the comment block above it is its doc.
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      right: (_) @_value)) @definition.const
  (#match? @name "^[A-Z][A-Z0-9_]*$")
  (#not-match? @_value "^lambda\\b"))
(module
  (expression_statement
    (assignment
      left: (identifier) @name
      type: (type)
      !right)) @definition.const
  (#match? @name "^[A-Z][A-Z0-9_]*$"))
