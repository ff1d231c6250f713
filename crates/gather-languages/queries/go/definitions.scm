; Go definitions. Methods name their receiver type, which becomes their parent. A
; declaration with a single spec (`type X struct{}`, `const N = 1`) grows to its
; `type`/`const`/`var` keyword through the row's wrapper_kinds, so its doc comment is
; found; specs of a grouped `type ( ... )` block keep their own range and comment.
(function_declaration name: (identifier) @name) @definition.function

(method_declaration
  receiver: (parameter_list
    (parameter_declaration
      type: [(type_identifier) @receiver
             (pointer_type (type_identifier) @receiver)
             (generic_type type: (type_identifier) @receiver)
             (pointer_type (generic_type type: (type_identifier) @receiver))
             (parenthesized_type (type_identifier) @receiver)
             (parenthesized_type (pointer_type (type_identifier) @receiver))]))
  name: (field_identifier) @name) @definition.method

; Methods of an interface belong to it.
(method_elem name: (field_identifier) @name) @definition.method

(type_spec name: (type_identifier) @name type: (struct_type)) @definition.struct
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec
  name: (type_identifier) @name
  type: [(type_identifier) (qualified_type) (generic_type) (pointer_type) (map_type)
         (slice_type) (array_type) (function_type) (channel_type) (negated_type)
         (parenthesized_type)]) @definition.type
(type_alias name: (type_identifier) @name) @definition.type

; Package-level constants and variables (one symbol per name of `const a, b = 1, 2`).
; Locals inside function bodies are not definitions worth listing.
(source_file
  (const_declaration (const_spec name: (identifier) @name) @definition.const))
(source_file
  (var_declaration (var_spec name: (identifier) @name) @definition.const))
(source_file
  (var_declaration (var_spec_list (var_spec name: (identifier) @name) @definition.const)))
