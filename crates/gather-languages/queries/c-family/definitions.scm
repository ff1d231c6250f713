; Definitions shared by C, C++ and Objective-C (whose grammars extend C's): their rows
; read this file first, then c/definitions.scm (C, and Objective-C after it) or
; cpp/definitions.scm, which state only what they add. Prototypes (`declaration`s) are
; not definitions and are not matched. Where two patterns match one declaration with
; nodes of equal width, the one listed first gives the kind.

; Tagged structs, unions and enums with a body. Inside a typedef
; (`typedef struct node {...} node_t;`) the tag's range is the whole typedef, so that
; the tag and the typedef name are siblings and share the doc comment.
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(type_definition
  type: (struct_specifier name: (type_identifier) @name body: (_))) @definition.struct
(type_definition
  type: (union_specifier name: (type_identifier) @name body: (_))) @definition.struct
(type_definition
  type: (enum_specifier name: (type_identifier) @name body: (_))) @definition.enum

; A typedef of an anonymous struct, union or enum is that struct, union or enum.
(type_definition
  type: (struct_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.enum

; Every other typedef name, including pointer, array and function-pointer typedefs (the
; languages add the type and declarator kinds of their own).
(type_definition
  type: [(primitive_type) (type_identifier) (sized_type_specifier)
         (struct_specifier name: (_)) (union_specifier name: (_)) (enum_specifier name: (_))]
  declarator: (type_identifier) @name) @definition.type
(type_definition
  declarator: [(pointer_declarator declarator: (type_identifier) @name)
               (array_declarator declarator: (type_identifier) @name)
               (function_declarator declarator: (type_identifier) @name)
               (function_declarator
                 declarator: (parenthesized_declarator
                   (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type

; Constants: `const` variables at file scope (also inside `#if` blocks), not locals.
([
  (translation_unit
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
  (preproc_ifdef
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
  (preproc_if
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
  (preproc_else
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
  (preproc_elif
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)]
  (#eq? @_qualifier "const")
  (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))

; Macros: function-like ones are macros, object-like ones with a value are constants
; (an empty `#define GUARD_H` is a flag or an include guard, not a definition).
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name value: (_)) @definition.const

; Tables: file-scope variables initialised with a brace list, const or not
; (`static const struct cfunction function_list[] = {...}`), arrays of pointers included.
; Code that does not parse (a macro body, say) can yield a keyword as the name.
([
  (translation_unit
    (declaration
      declarator: (init_declarator
        declarator: [(identifier) @name
                     (array_declarator declarator: (identifier) @name)
                     (pointer_declarator
                       declarator: (array_declarator declarator: (identifier) @name))]
        value: (initializer_list))) @definition.const)
  (preproc_ifdef
    (declaration
      declarator: (init_declarator
        declarator: [(identifier) @name
                     (array_declarator declarator: (identifier) @name)
                     (pointer_declarator
                       declarator: (array_declarator declarator: (identifier) @name))]
        value: (initializer_list))) @definition.const)
  (preproc_if
    (declaration
      declarator: (init_declarator
        declarator: [(identifier) @name
                     (array_declarator declarator: (identifier) @name)
                     (pointer_declarator
                       declarator: (array_declarator declarator: (identifier) @name))]
        value: (initializer_list))) @definition.const)
  (preproc_else
    (declaration
      declarator: (init_declarator
        declarator: [(identifier) @name
                     (array_declarator declarator: (identifier) @name)
                     (pointer_declarator
                       declarator: (array_declarator declarator: (identifier) @name))]
        value: (initializer_list))) @definition.const)
  (preproc_elif
    (declaration
      declarator: (init_declarator
        declarator: [(identifier) @name
                     (array_declarator declarator: (identifier) @name)
                     (pointer_declarator
                       declarator: (array_declarator declarator: (identifier) @name))]
        value: (initializer_list))) @definition.const)]
  (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))
