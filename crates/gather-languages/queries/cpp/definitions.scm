; inherits: c-family
; C++ definitions beyond those shared with C (the row reads c-family/definitions.scm
; first). A function's name sits in a function_declarator under zero to two
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

; Classes with a body; forward declarations (`class A;`) are not definitions.
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
; Template specialisations (`struct formatter<T, Char> {`) are named by their template.
(class_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.class
(struct_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(union_specifier name: (template_type name: (type_identifier) @name) body: (_)) @definition.struct
(type_definition
  type: (class_specifier name: (type_identifier) @name body: (_))) @definition.class

(namespace_definition
  name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.module

; Aliases, and the typedefs of C++'s own types and declarators.
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition
  type: [(qualified_identifier) (template_type) (class_specifier name: (_))]
  declarator: (type_identifier) @name) @definition.type
(type_definition
  declarator: (reference_declarator (type_identifier) @name)) @definition.type

; Constants beyond C's `const` ones at file scope: `constexpr` ones there (also inside
; `#if` blocks), both at namespace scope and in `extern "C"` (a `declaration_list`), and
; `constexpr` class members. Not locals.
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
  (#eq? @_qualifier "constexpr")
  (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))
((declaration_list
   (declaration
     (type_qualifier) @_qualifier
     declarator: (init_declarator declarator: (identifier) @name)) @definition.const)
 (#any-of? @_qualifier "const" "constexpr")
 (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))
(field_declaration
  (type_qualifier) @_qualifier
  declarator: (field_identifier) @name
  default_value: (_)
  (#eq? @_qualifier "constexpr")) @definition.const

; Tables at namespace scope and in `extern "C"` (C's tables are file-scope ones).
((declaration_list
   (declaration
     declarator: (init_declarator
       declarator: [(identifier) @name
                    (array_declarator declarator: (identifier) @name)
                    (pointer_declarator
                      declarator: (array_declarator declarator: (identifier) @name))]
       value: (initializer_list))) @definition.const)
 (#not-any-of? @name "struct" "union" "enum" "class" "typename" "return" "const" "static"))
