; C# definitions. Attributes are attribute_list children of each declaration, so a
; declaration's range starts at its first `[Attribute]`; `///` doc comments are the
; comment siblings above it.

; Types. A `record` or `record class` is a class, a `record struct` a struct.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration "struct" name: (identifier) @name) @definition.struct
((record_declaration name: (identifier) @name) @definition.class
  (#not-match? @definition.class "^[^{;]*[[:space:]]record[[:space:]]+struct[^[:alnum:]_]"))
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(delegate_declaration name: (identifier) @name) @definition.type

; Members with code: methods, constructors, finalizers, operators (named by their
; operator token, `+`, or by their target type, `decimal`), local functions.
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method
(operator_declaration operator: _ @name) @definition.method
(conversion_operator_declaration type: (_) @name) @definition.method
(local_function_statement name: (identifier) @name) @definition.function

; Properties with code: an accessor with a body (`get { ... }`, `set => ...`) or an
; expression body (`double Length => ...`). Auto-properties (`{ get; set; }`) are data,
; like fields, and are not definitions.
(property_declaration
  name: (identifier) @name
  accessors: (accessor_list (accessor_declaration body: (_)))) @definition.method
(property_declaration
  name: (identifier) @name
  value: (arrow_expression_clause)) @definition.method

; Constants: `const` fields and `static readonly` fields (one per declarator).
(field_declaration
  (modifier) @_const
  (variable_declaration (variable_declarator name: (identifier) @name))
  (#eq? @_const "const")) @definition.const
(field_declaration
  (modifier) @_static
  (modifier) @_readonly
  (variable_declaration (variable_declarator name: (identifier) @name))
  (#eq? @_static "static")
  (#eq? @_readonly "readonly")) @definition.const

; Namespaces. A file-scoped namespace (`namespace A.B;`) is a one-line node whose
; declarations are its siblings, so the whole compilation unit stands for it: the
; declarations after it then nest under it and get qualified names.
(namespace_declaration name: (_) @name) @definition.module
(compilation_unit (file_scoped_namespace_declaration name: (_) @name)) @definition.module
