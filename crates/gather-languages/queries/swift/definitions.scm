; Swift definitions. `class`, `struct`, `enum`, `actor` and `extension` share one node
; kind told apart by its keyword; an extension is named after the type it extends, like
; a Rust impl, so its methods are qualified by that type. Attributes (`@MainActor`) are
; part of the modifiers, so ranges start at them.
(class_declaration
  declaration_kind: "struct"
  name: (type_identifier) @name) @definition.struct
(class_declaration
  declaration_kind: "enum"
  name: (type_identifier) @name) @definition.enum
(class_declaration
  declaration_kind: ["class" "actor"]
  name: (type_identifier) @name) @definition.class
(class_declaration
  declaration_kind: "extension"
  name: (user_type . (type_identifier) @name)) @definition.impl
(protocol_declaration name: (type_identifier) @name) @definition.interface

(function_declaration name: (simple_identifier) @name) @definition.function
(protocol_function_declaration name: (simple_identifier) @name) @definition.method
(init_declaration name: "init" @name) @definition.method

(typealias_declaration name: (type_identifier) @name) @definition.type
