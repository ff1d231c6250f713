; JavaScript definitions. `export` / `export default` come from the export_statement
; wrapper; decorators are children of the class or method node (or `decorator` siblings).
; Functions directly inside a class become methods in the pipeline. Anonymous callbacks
; (arrow functions passed as arguments) are not definitions.

; function f() {}, async function f() {}, function* g() {}
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function

; class C {}
(class_declaration name: (identifier) @name) @definition.class

; Class members: m() {}, get x() {}, static s() {}, #p() {}, async *gen() {}.
(class_body
  (method_definition
    name: [(property_identifier) (private_property_identifier)] @name) @definition.method)

; Class fields holding a function: onChange = (e) => {}; #run = function () {};
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
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

; A chained assignment names the function by its first target:
; `res.set = res.header = function (field, val) {}`.
(expression_statement
  (assignment_expression
    left: (member_expression
      property: (property_identifier) @name)
    right: (assignment_expression
      right: [(arrow_function) (function_expression) (generator_function)]))) @definition.function

; Object-literal methods and function-valued properties, when the object is bound to a
; name (const helpers = {...}), assigned (module.exports = {...}) or exported
; (export default {...}), and one level deeper (methods: { save() {} }). Objects passed
; to calls are below; objects returned or nested elsewhere in expressions are data.
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

; Two levels deeper, as namespaced DSL objects do (`JSpec.DSLs.snake.it: function`).
(variable_declarator
  value: (object
           (pair
             value: (object
               (pair
                 value: (object
                   [(method_definition
                      name: [(property_identifier) (private_property_identifier)] @name) @definition.method
                    (pair
                      key: (property_identifier) @name
                      value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))))
(assignment_expression
  right: (object
           (pair
             value: (object
               (pair
                 value: (object
                   [(method_definition
                      name: [(property_identifier) (private_property_identifier)] @name) @definition.method
                    (pair
                      key: (property_identifier) @name
                      value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))))

; `export const TopNode = freeze({ create() {} })`: an object literal passed through a
; wrapper call (freeze, Object.freeze, defineStore) is still a namespace of methods.
(lexical_declaration
  (variable_declarator
    name: (identifier) @name
    value: (call_expression
      arguments: (arguments . (object))))) @definition.const

; An object literal handed to any call or `new`, at any depth, holds named code:
; `Object.assign(fn, { ref() {} })`, `subject.subscribe({ next(v) {} })`, and in older
; module styles `exports.View = Plugin.extend({ render: function () {} })`,
; `new Class({...})`, `process.mixin(proto, {...})`. Its methods and function-valued
; properties are definitions, so that calls inside them have a caller.
(arguments
  (object
    [(method_definition
       name: [(property_identifier) (private_property_identifier)] @name) @definition.method
     (pair
       key: (property_identifier) @name
       value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))

; Older module styles, at module level:
; - an object one level inside an object handed to a helper holds methods:
;   Plugin.extend({ on: { response: function () {} } }).
(program
  (expression_statement
    (assignment_expression
      right: (call_expression
        arguments: (arguments (object (pair value: (object [(method_definition
                name: [(property_identifier) (private_property_identifier)] @name) @definition.method
              (pair
                key: (property_identifier) @name
                value: [(arrow_function) (function_expression) (generator_function)]) @definition.method]))))))))
; - a named function handed to a helper is a definition:
;   defineGetter(req, 'protocol', function protocol() {});
(program
  (expression_statement
    (call_expression
      arguments: (arguments
        (function_expression name: (identifier) @name) @definition.function))))
; - a chained declaration: var Server = exports = module.exports = function Server() {};
(variable_declaration
  (variable_declarator
    name: (identifier) @name
    value: (assignment_expression
      right: [(arrow_function) (function_expression) (generator_function)
              (assignment_expression
                right: [(arrow_function) (function_expression) (generator_function)])]))) @definition.function
; - a method on a prototype reached through a path:
;   http.ServerResponse.prototype.partial = function () {};
(expression_statement
  (assignment_expression
    left: (member_expression
      object: (member_expression
        object: (member_expression)
        property: (property_identifier) @_prototype)
      property: (property_identifier) @name)
    right: [(arrow_function) (function_expression) (generator_function)])
  (#eq? @_prototype "prototype")) @definition.function

; Any other `const` at the top level or exported: tables and objects built by a call
; (`const routes = createRouter({...})`). Listed last, so a pattern above that matches the
; same declaration gives the kind. A `require` is an import, not a definition.
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
