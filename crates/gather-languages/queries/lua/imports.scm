; Lua modules bound by `local m = require("a.b")` or `require "a.b"`.
(variable_declaration
  (assignment_statement
    (variable_list
      .
      name: (identifier) @import.alias
      .)
    (expression_list
      .
      value: (function_call
        name: (identifier) @_require
        arguments: (arguments
          .
          (string content: (string_content) @import.source)))
      .))
  (#eq? @_require "require"))
