; C++ definitions. A function's name sits in a function_declarator under zero to two
; pointer or reference declarators (`T *f()`, `T &f()`, `char **f()`). Out-of-line
; members (`void ns::Type::m() {}`, `T Stack<T>::pop() {}`) name their innermost scope
; as receiver; the pipeline attaches them to that class and makes them methods.
; `template <...>` lines are covered through the row's wrapper_kinds.

; Functions and in-class methods (and explicit specializations, `f<int>`).
(function_definition
  declarator: [
    (function_declarator
      declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)
    (function_declarator
      declarator: (template_function name: (identifier) @name))
    (pointer_declarator
      declarator: (function_declarator
        declarator: [(identifier) (field_identifier) (operator_name)] @name))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (template_function name: (identifier) @name)))
    (reference_declarator
      (function_declarator
        declarator: [(identifier) (field_identifier) (operator_name)] @name))
    (reference_declarator
      (function_declarator
        declarator: (template_function name: (identifier) @name)))
    (pointer_declarator
      declarator: (pointer_declarator
        declarator: (function_declarator
          declarator: [(identifier) (field_identifier) (operator_name)] @name)))
  ]) @definition.function

; Out-of-line members: `Type::m`.
(function_definition
  declarator: [
    (function_declarator
      declarator: (qualified_identifier
        scope: [(namespace_identifier) @receiver
                (template_type name: (type_identifier) @receiver)]
        name: [(identifier) (destructor_name) (operator_name)] @name))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (qualified_identifier
          scope: [(namespace_identifier) @receiver
                  (template_type name: (type_identifier) @receiver)]
          name: [(identifier) (operator_name)] @name)))
    (reference_declarator
      (function_declarator
        declarator: (qualified_identifier
          scope: [(namespace_identifier) @receiver
                  (template_type name: (type_identifier) @receiver)]
          name: [(identifier) (operator_name)] @name)))
  ]) @definition.function

; Out-of-line members with a namespace or outer-class prefix: `ns::Type::m`.
(function_definition
  declarator: [
    (function_declarator
      declarator: (qualified_identifier
        name: (qualified_identifier
          scope: [(namespace_identifier) @receiver
                  (template_type name: (type_identifier) @receiver)]
          name: [(identifier) (destructor_name) (operator_name)] @name)))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver
                    (template_type name: (type_identifier) @receiver)]
            name: [(identifier) (operator_name)] @name))))
    (reference_declarator
      (function_declarator
        declarator: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver
                    (template_type name: (type_identifier) @receiver)]
            name: [(identifier) (operator_name)] @name))))
  ]) @definition.function

; `a::b::Type::m`.
(function_definition
  declarator: [
    (function_declarator
      declarator: (qualified_identifier
        name: (qualified_identifier
          name: (qualified_identifier
            scope: [(namespace_identifier) @receiver
                    (template_type name: (type_identifier) @receiver)]
            name: [(identifier) (destructor_name) (operator_name)] @name))))
    (pointer_declarator
      declarator: (function_declarator
        declarator: (qualified_identifier
          name: (qualified_identifier
            name: (qualified_identifier
              scope: [(namespace_identifier) @receiver
                      (template_type name: (type_identifier) @receiver)]
              name: [(identifier) (operator_name)] @name)))))
    (reference_declarator
      (function_declarator
        declarator: (qualified_identifier
          name: (qualified_identifier
            name: (qualified_identifier
              scope: [(namespace_identifier) @receiver
                      (template_type name: (type_identifier) @receiver)]
              name: [(identifier) (operator_name)] @name)))))
  ]) @definition.function

; Pure virtual methods (`virtual double area() const = 0;`) are the only definition
; an abstract method has. Other in-class declarations are not definitions.
(field_declaration
  declarator: [
    (function_declarator declarator: [(field_identifier) (operator_name)] @name)
    (pointer_declarator
      declarator: (function_declarator declarator: [(field_identifier) (operator_name)] @name))
    (reference_declarator
      (function_declarator declarator: [(field_identifier) (operator_name)] @name))
  ]
  default_value: (number_literal) @_zero
  (#eq? @_zero "0")) @definition.function

; Types with a body; forward declarations (`class A;`) are not definitions.
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
; Template specialisations (`struct formatter<T, Char> {`) are named by their template.
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(union_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(type_definition
  type: (class_specifier name: (type_identifier) @name body: (_))) @definition.class
(type_definition
  type: (struct_specifier name: (type_identifier) @name body: (_))) @definition.struct
(type_definition
  type: (union_specifier name: (type_identifier) @name body: (_))) @definition.struct
(type_definition
  type: (enum_specifier name: (type_identifier) @name body: (_))) @definition.enum
(type_definition
  type: (struct_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (union_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.struct
(type_definition
  type: (enum_specifier !name body: (_))
  declarator: (type_identifier) @name) @definition.enum

(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.module

; Aliases and the other typedefs.
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition
  type: [(primitive_type) (type_identifier) (sized_type_specifier) (qualified_identifier)
         (template_type) (struct_specifier name: (_)) (union_specifier name: (_))
         (enum_specifier name: (_)) (class_specifier name: (_))]
  declarator: (type_identifier) @name) @definition.type
(type_definition
  declarator: [(pointer_declarator declarator: (type_identifier) @name)
               (reference_declarator (type_identifier) @name)
               (array_declarator declarator: (type_identifier) @name)
               (function_declarator declarator: (type_identifier) @name)
               (function_declarator
                 declarator: (parenthesized_declarator
                   (pointer_declarator declarator: (type_identifier) @name)))]) @definition.type

; Constants: `const`/`constexpr` variables at file or namespace scope (also inside
; `#if` blocks and `extern "C"`), not locals; and `constexpr` class members.
([
  (translation_unit
    (declaration
      (type_qualifier) @_qualifier
      declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
  (declaration_list
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
  (#any-of? @_qualifier "const" "constexpr")
  (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))
(field_declaration
  (type_qualifier) @_qualifier
  declarator: (field_identifier) @name
  default_value: (_)
  (#eq? @_qualifier "constexpr")) @definition.const

; Macros: function-like ones are macros, object-like ones with a value are constants.
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
  (declaration_list
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
