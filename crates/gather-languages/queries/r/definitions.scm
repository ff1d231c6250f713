; R definitions: functions bound by assignment (`f <- function(x)`, `f = function(x)`),
; classes built by `setRefClass`, `R6Class` or `setClass` and the functions in a `list(…)`
; (their methods), and top-level constants bound to a literal.
(binary_operator
  lhs: (identifier) @name
  rhs: (function_definition)) @definition.function
(binary_operator
  lhs: (identifier) @name
  rhs: (call
    function: (identifier) @_class)
  (#any-of? @_class "setRefClass" "R6Class" "setClass")) @definition.class
(call
  function: (identifier) @_list
  arguments: (arguments
    argument: (argument
      name: (identifier) @name
      value: (function_definition)) @definition.function)
  (#eq? @_list "list"))
(program
  (binary_operator
    lhs: (identifier) @name
    rhs: [(string) (float) (integer) (true) (false)]) @definition.const)
