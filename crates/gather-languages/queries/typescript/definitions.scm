; TypeScript and TSX definitions (both grammars share these node kinds). `export`,
; `export default` and `declare` come from the export_statement and ambient_declaration
; wrappers; decorators are `decorator` attributes (siblings in a class body, children of
; an export statement). Functions directly inside a class or interface become methods in
; the pipeline. Anonymous callbacks (arrow functions passed as arguments) are not
; definitions.

; function f() {}, function* g() {}
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
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

; Class members: m() {}, get x() {}, static s() {}, #p() {}, abstract m(): T;, overload
; signatures m(x: string): T; and interface members m(): T;
(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name) @definition.method)
; Method signatures of a class (overloads), an interface, or an object type alias
; (type Api = { get(): T }), but not of inline object types in parameters.
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

; const f = () => {}, let f = function () {}, var g = function* () {}. The declaration
; is captured so that `export` and the JSDoc above it belong to the definition.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: [(arrow_function) (function_expression) (generator_function)])) @definition.function

; Components wrapped in a call: const Button = memo((props) => ...),
; const Input = forwardRef(function Input(props, ref) {...}). Only PascalCase names, so
; that values computed by a call (useMemo, debounce results) are not taken for functions.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (call_expression
      arguments: (arguments . [(arrow_function) (function_expression)])))
  (#match? @name "^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")) @definition.function

; const C = class {};
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (class))) @definition.class
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: (class))) @definition.class

; A const object literal holding functions is the parent of those functions, so that
; they get qualified names: const helpers = { total() {}, empty: () => [] }; (also
; `{...} as const` and `{...} satisfies T`).
(lexical_declaration
  kind: "const"
  (variable_declarator
    name: (identifier) @name
    value: [(object
             [(method_definition)
              (pair value: [(arrow_function) (function_expression) (generator_function)])])
            (as_expression
              (object
                [(method_definition)
                 (pair value: [(arrow_function) (function_expression) (generator_function)])]))
            (satisfies_expression
              (object
                [(method_definition)
                 (pair value: [(arrow_function) (function_expression) (generator_function)])]))])) @definition.const

; UPPER_CASE constants holding plain values, at the top level or exported (also from a
; namespace): const MAX_BATCH = 100;
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(number) (string) (template_string) (true) (false) (null) (undefined)
              (regex) (array) (object) (identifier) (member_expression)
              (subscript_expression) (call_expression) (new_expression)
              (binary_expression) (unary_expression) (ternary_expression)
              (parenthesized_expression) (as_expression) (satisfies_expression)])) @definition.const
  (#match? @name "^[A-Z][A-Z0-9_]*$"))
(export_statement
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(number) (string) (template_string) (true) (false) (null) (undefined)
              (regex) (array) (object) (identifier) (member_expression)
              (subscript_expression) (call_expression) (new_expression)
              (binary_expression) (unary_expression) (ternary_expression)
              (parenthesized_expression) (as_expression) (satisfies_expression)])) @definition.const
  (#match? @name "^[A-Z][A-Z0-9_]*$"))

; Prototype methods: Store.prototype.size = function () {}; the receiver makes the
; function a method of Store when Store is defined in the same file.
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (identifier) @receiver
        property: (property_identifier) @_prototype)
      property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)])
  (#eq? @_prototype "prototype")) @definition.method

; Other assignments of a function to a property: module.exports.x = function () {},
; exports.y = () => {}. `module.exports = function` has no name of its own.
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (_) @_object
      property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)])
  (#not-match? @_object "\\.prototype$")
  (#not-eq? @name "exports")) @definition.function

; Object-literal methods and function-valued properties, when the object is bound to a
; name (const helpers = {...}), assigned (module.exports = {...}) or exported
; (export default {...}), and one level deeper (methods: { save() {} }). Objects passed
; to calls are below; objects returned or nested elsewhere in expressions are data.
(variable_declarator
  value: [(object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method])
          (as_expression
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
(variable_declarator
  value: (object
           (pair
             value: (object
               [(method_definition
                  name: [(property_identifier) (private_property_identifier)] @name) @definition.method
                (pair
                  key: (property_identifier) @name
                  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))
(assignment_expression
  right: [(object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method])
          (as_expression
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
  right: (object
           (pair
             value: (object
               [(method_definition
                  name: [(property_identifier) (private_property_identifier)] @name) @definition.method
                (pair
                  key: (property_identifier) @name
                  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))
(export_statement
  value: [(object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method])
          (as_expression
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
  value: (object
           (pair
             value: (object
               [(method_definition
                  name: [(property_identifier) (private_property_identifier)] @name) @definition.method
                (pair
                  key: (property_identifier) @name
                  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))

; A function assigned to a bare name: `param = function (key) {}` (older module styles
; declare the variable elsewhere or rely on globals).
(expression_statement
  (assignment_expression
    left: (identifier) @name
    right: [(arrow_function) (function_expression) (generator_function)])) @definition.function

; `export const TopNode = freeze({ create() {} })`: an object literal passed through a
; wrapper call (freeze, Object.freeze, defineStore) is still a namespace of methods.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (call_expression
      arguments: (arguments . (object))))) @definition.const

; An object literal handed to any call or `new`, at any depth, holds named code:
; `Object.assign(fn, { ref() {} })`, `subject.subscribe({ next(v) {} })`, a `freeze({...})`
; returned from a function. Its methods and function-valued properties are definitions, so
; that calls inside them have a caller and a pack can show them.
(arguments
  (object
    [(method_definition
       name: [(property_identifier) (private_property_identifier)] @name) @definition.method
     (pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))

; Any other `const` at the top level or exported: tables, schemas and objects built by a
; call (`export const ZodString = core.$constructor("ZodString", (inst) => {...})`). Listed
; last, so a pattern above that matches the same declaration gives the kind. A `require`
; is an import, not a definition.
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(object) (array) (template_string) (new_expression) (as_expression)
              (satisfies_expression) (binary_expression) (ternary_expression)])) @definition.const)
(export_statement
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(object) (array) (template_string) (new_expression) (as_expression)
              (satisfies_expression) (binary_expression) (ternary_expression)])) @definition.const)
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: (call_expression function: (_) @_callee))) @definition.const
  (#not-eq? @_callee "require"))
(export_statement
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: (call_expression function: (_) @_callee))) @definition.const
  (#not-eq? @_callee "require"))
