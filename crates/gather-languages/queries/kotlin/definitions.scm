; Kotlin definitions. Annotations are part of a declaration's modifiers, so ranges start
; at the first annotation. When two patterns match one node the one listed first wins.
(class_declaration
  "interface"
  name: (identifier) @name) @definition.interface
(class_declaration
  (modifiers (class_modifier) @_enum)
  name: (identifier) @name
  (#eq? @_enum "enum")) @definition.enum
(class_declaration name: (identifier) @name) @definition.class
(object_declaration name: (identifier) @name) @definition.class
(companion_object name: (identifier) @name) @definition.class

; An extension function names the type it extends (`fun Invoice.pay()`): a method of it.
(function_declaration
  (user_type . (identifier) @receiver)
  .
  name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

(type_alias type: (identifier) @name) @definition.type

; `const val NAME = …`
(property_declaration
  (modifiers (property_modifier) @_const)
  (variable_declaration (identifier) @name)
  (#eq? @_const "const")) @definition.const
