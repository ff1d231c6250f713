; Dart definitions. Class members sit in a `member_declaration` (a wrapper in the row),
; with their doc comment and annotations (`@override`) beside it.
(class_declaration name: (identifier) @name) @definition.class
(mixin_declaration name: (identifier) @name) @definition.trait
(extension_declaration name: (identifier) @name) @definition.impl
(enum_declaration name: (identifier) @name) @definition.enum
(type_alias . (type_identifier) @name) @definition.type

(function_declaration
  signature: (function_signature name: (identifier) @name)) @definition.function
; A function declared inside another's body.
(local_function_declaration
  (function_signature name: (identifier) @name)) @definition.function

; Methods, getters, setters and constructors with a body.
(method_declaration
  signature: (method_signature
    [(function_signature name: (identifier) @name)
     (getter_signature name: (identifier) @name)
     (setter_signature name: (identifier) @name)])) @definition.function
; `Invoice(…)`, `Invoice.named(…)`, `factory Invoice.fromJson(…)`: the name before the
; parameters.
(method_declaration
  signature: (method_signature
    [(constructor_signature (identifier) @name . parameters: (_))
     (constant_constructor_signature (identifier) @name . parameters: (_))
     (factory_constructor_signature (identifier) @name . parameters: (_))])) @definition.function

; Abstract members and constructors without a body.
(declaration
  [(function_signature name: (identifier) @name)
   (getter_signature name: (identifier) @name)
   (setter_signature name: (identifier) @name)
   (constructor_signature (identifier) @name . parameters: (_))
   (constant_constructor_signature (identifier) @name . parameters: (_))
   (factory_constructor_signature (identifier) @name . parameters: (_))
   (redirecting_factory_constructor_signature (identifier) @name . parameters: (_))]) @definition.function

; Top-level `const` and `final` values.
(top_level_variable_declaration
  (static_final_declaration_list
    (static_final_declaration name: (identifier) @name))) @definition.const
