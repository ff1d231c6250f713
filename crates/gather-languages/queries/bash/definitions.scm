; Bash definitions: `name() { … }`, `function name { … }`, and `readonly` constants.
(function_definition name: (word) @name) @definition.function
(declaration_command
  "readonly"
  (variable_assignment name: (variable_name) @name)) @definition.const
