; `const m = @import("path.zig")` binds the file or package to `m`.
(variable_declaration
  (identifier) @import.alias
  (builtin_function
    (builtin_identifier) @_import
    (arguments (string (string_content) @import.source)))
  (#eq? @_import "@import"))
