; PHP definitions. Attributes (`#[Route(...)]`) are attribute_list children of each
; declaration, so a declaration's range starts at its first `#[`; a `/** */` docblock is
; the comment sibling above it.

(function_definition name: (name) @name) @definition.function
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum

; Methods of classes, interfaces, traits and enums, abstract and static ones included.
(method_declaration name: (name) @name) @definition.method

; Constants: `const A = 1, B = 2;` at the top level or in a class, interface or enum (one
; symbol per name), and `define('NAME', value);`.
(const_declaration (const_element (name) @name)) @definition.const
(expression_statement
  (function_call_expression
    function: (name) @_define
    arguments: (arguments
      .
      (argument (string (string_content) @name))))
  (#eq? @_define "define")) @definition.const

; Namespaces. `namespace A\B { ... }` holds its declarations. `namespace A\B;` is a
; one-line statement whose declarations are its siblings, so the whole file stands for
; it: the declarations then nest under it and get qualified names.
(namespace_definition name: (namespace_name) @name body: (compound_statement)) @definition.module
(program (namespace_definition name: (namespace_name) @name !body)) @definition.module
