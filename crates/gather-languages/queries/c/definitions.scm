; inherits: c-family
; C definitions beyond those shared with C++ (the row reads c-family/definitions.scm
; first; Objective-C's reads both, then its own).

; Functions: the name sits under zero to three pointer declarators (`char **f(void)`).
(function_definition
  declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (pointer_declarator
      declarator: (function_declarator declarator: (identifier) @name)))) @definition.function
(function_definition
  declarator: (pointer_declarator
    declarator: (pointer_declarator
      declarator: (pointer_declarator
        declarator: (function_declarator declarator: (identifier) @name))))) @definition.function

; Typedefs of a type named by a macro, and of a pointer to a pointer.
(type_definition
  type: (macro_type_specifier)
  declarator: (type_identifier) @name) @definition.type
(type_definition
  declarator: (pointer_declarator
    declarator: (pointer_declarator declarator: (type_identifier) @name))) @definition.type
