; inherits: ecmascript
; JavaScript definitions beyond those it shares with TypeScript (the row reads
; ecmascript/definitions.scm first): the JavaScript grammar's own class and field nodes,
; and the older module styles. Decorators are children of the class or method node (or
; `decorator` siblings).

; class C {}
(class_declaration name: (identifier) @name) @definition.class

; Class fields holding a function: onChange = (e) => {}; #run = function () {};
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method

; A chained assignment names the function by its first target:
; `res.set = res.header = function (field, val) {}`.
(expression_statement
  (assignment_expression
    left: (member_expression
      property: (property_identifier) @name)
    right: (assignment_expression
      right: [(arrow_function) (function_expression) (generator_function)]))) @definition.function

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
