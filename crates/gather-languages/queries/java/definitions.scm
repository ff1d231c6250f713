; Java definitions. Annotations are part of each declaration's modifiers, so ranges
; start at the first annotation. Methods of anonymous classes are found too; they sit
; under the method that creates them (`Outer.method.run`).
(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method

; Constants: `static final` fields, and interface fields (implicitly static final).
(field_declaration
  (modifiers) @_modifiers
  declarator: (variable_declarator name: (identifier) @name)
  (#match? @_modifiers "(^|[^A-Za-z0-9_])static([^A-Za-z0-9_]|$)")
  (#match? @_modifiers "(^|[^A-Za-z0-9_])final([^A-Za-z0-9_]|$)")) @definition.const
(constant_declaration
  declarator: (variable_declarator name: (identifier) @name)) @definition.const
