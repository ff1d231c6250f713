; Definitions shared by JavaScript, TypeScript and TSX. Their rows read this file first,
; then javascript/definitions.scm or typescript/definitions.scm, which state only what
; their grammar adds. `export` / `export default` come from the export_statement wrapper.
; Functions directly inside a class become methods in the pipeline. Anonymous callbacks
; (arrow functions passed as arguments) are not definitions. Where two patterns match one
; declaration with nodes of equal width, the one listed first gives the kind.

; function f() {}, async function f() {}, function* g() {}
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; Class members: m() {}, get x() {}, static s() {}, #p() {}, async *gen() {}.
(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name) @definition.method)

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
; that values computed by a call (useMemo, debounce results) are not taken for functions,
; and only at module level: inside a function such a name is a local value
; (const Schema = z.lazy(() => ...) in a test).
(program
  (lexical_declaration
    (variable_declarator
      name: (identifier) @name
      value: (call_expression
        arguments: (arguments . [(arrow_function) (function_expression)])))
    (#match? @name "^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")) @definition.function)
(export_statement
  (lexical_declaration
    (variable_declarator
      name: (identifier) @name
      value: (call_expression
        arguments: (arguments . [(arrow_function) (function_expression)])))
    (#match? @name "^[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*$")) @definition.function)

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
; they get qualified names: const helpers = { total() {}, empty: () => [] };
(lexical_declaration
  kind: "const"
  (variable_declarator
    name: (identifier) @name
    value: (object
             [(method_definition)
              (pair value: [(arrow_function) (function_expression) (generator_function)])]))) @definition.const

; Module-level UPPER_CASE constants holding plain values: const MAX_ITEMS = 50;
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(number) (string) (template_string) (true) (false) (null) (undefined)
              (regex) (array) (object) (identifier) (member_expression)
              (subscript_expression) (call_expression) (new_expression)
              (binary_expression) (unary_expression) (ternary_expression)
              (parenthesized_expression)])) @definition.const
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
              (parenthesized_expression)])) @definition.const
  (#match? @name "^[A-Z][A-Z0-9_]*$"))

; Prototype methods: Cart.prototype.toJSON = function () {}; the receiver makes the
; function a method of Cart when Cart is defined in the same file.
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
; exports.y = () => {}, Cart.create = function () {}. `module.exports = function` has no
; name of its own.
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
; to calls and objects a function returns are below; objects nested elsewhere in
; expressions are data.
(variable_declarator
  value: (object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
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
  right: (object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
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
  value: (object
           [(method_definition
              name: [(property_identifier) (private_property_identifier)] @name) @definition.method
            (pair
              key: (property_identifier) @name
              value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
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
; returned from a function, and in older module styles
; `exports.View = Plugin.extend({ render: function () {} })`, `new Class({...})`,
; `process.mixin(proto, {...})`. Its methods and function-valued properties are
; definitions, so that calls inside them have a caller and a pack can show them.
(arguments
  (object
    [(method_definition
       name: [(property_identifier) (private_property_identifier)] @name) @definition.method
     (pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))

; An object literal a function returns is what the function builds (a factory:
; `function createStore() { return { get() {}, set(v) {} } }`, `() => ({ check() {} })`):
; its methods and function-valued properties are definitions, members of the function.
(return_statement
  (object
    [(method_definition
       name: [(property_identifier) (private_property_identifier)] @name) @definition.method
     (pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))
(arrow_function
  body: (parenthesized_expression
    (object
      [(method_definition
         name: [(property_identifier) (private_property_identifier)] @name) @definition.method
       (pair
         key: (property_identifier) @name
         value: [(arrow_function) (function_expression) (generator_function)]) @definition.method])))

; Any other `const` at the top level or exported: tables, schemas and objects built by a
; call (`const routes = createRouter({...})`,
; `export const ZodString = core.$constructor("ZodString", (inst) => {...})`). Listed
; after the patterns above, so one of them that matches the same declaration gives the
; kind (the language files add no pattern that matches it with another kind). A
; `require` is an import, not a definition.
(program
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(object) (array) (template_string) (new_expression) (binary_expression)
              (ternary_expression)])) @definition.const)
(export_statement
  (lexical_declaration
    kind: "const"
    (variable_declarator
      name: (identifier) @name
      value: [(object) (array) (template_string) (new_expression) (binary_expression)
              (ternary_expression)])) @definition.const)
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
