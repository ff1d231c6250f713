; Zig definitions. Types are values bound by `const`: `const Invoice = struct { … }`
; names a struct, and functions inside it are its methods. Other top-level `const`s bound
; to a literal are constants; `@import` bindings are imports, not definitions.
(function_declaration name: (identifier) @name) @definition.function
(variable_declaration
  (identifier) @name
  [(struct_declaration) (union_declaration) (opaque_declaration)]) @definition.struct
(variable_declaration
  (identifier) @name
  [(enum_declaration) (error_set_declaration)]) @definition.enum
(source_file
  (variable_declaration
    (identifier) @name
    [(string) (integer) (float)]) @definition.const)

; `test "name" { … }`
(test_declaration
  (string (string_content) @name)) @definition.function
