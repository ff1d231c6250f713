; inherits: ecmascript
; TypeScript and TSX definitions beyond those shared with JavaScript (both rows read
; ecmascript/definitions.scm first; both grammars share these node kinds). `declare`
; comes from the ambient_declaration wrapper; decorators are `decorator` attributes
; (siblings in a class body, children of an export statement). Functions directly inside
; an interface become methods in the pipeline.

; Overload signatures and `declare function f(): T;` (each overload is its own entry).
(function_signature name: (identifier) @name) @definition.function

; Classes, interfaces, type aliases, enums (including `const enum`).
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum

; namespace N {}, namespace A.B {}, module M {}, declare module "m" {}. A namespace that
; is not exported parses as an expression statement; the statement is captured so that
; the comment above it is its doc. Each parent has its own pattern so that exactly one
; pattern matches a namespace.
(expression_statement
  (internal_module
    name: [(identifier) (nested_identifier)] @name)) @definition.module
(export_statement
  (internal_module
    name: [(identifier) (nested_identifier)] @name) @definition.module)
(ambient_declaration
  (internal_module
    name: [(identifier) (nested_identifier)] @name) @definition.module)
(program
  (internal_module
    name: [(identifier) (nested_identifier)] @name) @definition.module)
(statement_block
  (internal_module
    name: [(identifier) (nested_identifier)] @name) @definition.module)
(module
  name: [(identifier) (nested_identifier)] @name) @definition.module
(module
  name: (string (string_fragment) @name)) @definition.module

; Method signatures: abstract m(): T;, overloads m(x: string): T; of a class, members of
; an interface, or of an object type alias (type Api = { get(): T }), but not of inline
; object types in parameters.
(class_body
  (method_signature
    name: [(property_identifier) (private_property_identifier)] @name) @definition.method)
(interface_body
  (method_signature
    name: [(property_identifier) (private_property_identifier)] @name) @definition.method)
(type_alias_declaration
  value: (object_type
    (method_signature
      name: [(property_identifier) (private_property_identifier)] @name) @definition.method))
(abstract_method_signature
  name: [(property_identifier) (private_property_identifier)] @name) @definition.method

; Class fields holding a function: onEvent: Handler = (e) => {};
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method

; A const object literal holding functions, written `{...} as const` or
; `{...} satisfies T`, is the parent of those functions as a plain one is.
(lexical_declaration
  kind: "const"
  (variable_declarator
    name: (identifier) @name
    value: [(as_expression
              (object
                [(method_definition)
                 (pair value: [(arrow_function) (function_expression) (generator_function)])]))
            (satisfies_expression
              (object
                [(method_definition)
                 (pair value: [(arrow_function) (function_expression) (generator_function)])]))])) @definition.const

; Object-literal methods and function-valued properties of such an object when it is
; bound to a name, assigned or exported.
(variable_declarator
  value: [(as_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
          (satisfies_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))])
(assignment_expression
  right: [(as_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
          (satisfies_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))])
(export_statement
  value: [(as_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
          (satisfies_expression
            (object
              [(method_definition
                 name: [(property_identifier) (private_property_identifier)] @name) @definition.method
               (pair
                 key: (property_identifier) @name
                 value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))])

; Any other `const` at the top level or exported whose value is an `as` or `satisfies`
; expression (UPPER_CASE ones included), after the shared patterns as there.
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(as_expression) (satisfies_expression)])) @definition.const)
(export_statement
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(as_expression) (satisfies_expression)])) @definition.const)
