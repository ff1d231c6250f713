; C++ definitions. Out-of-line members (`void Type::m() {}`) name their class as receiver.
(function_definition
  declarator: (function_declarator
    declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(function_definition
  declarator: (function_declarator
    declarator: (qualified_identifier
      scope: (_) @receiver
      name: [(identifier) (destructor_name) (operator_name)] @name))) @definition.function
(function_definition
  declarator: [(pointer_declarator) (reference_declarator)
    (function_declarator
      declarator: [(identifier) (field_identifier) (operator_name)] @name)]) @definition.function
(function_definition
  declarator: [(pointer_declarator) (reference_declarator)
    (function_declarator
      declarator: (qualified_identifier
        scope: (_) @receiver
        name: [(identifier) (operator_name)] @name))]) @definition.function
(class_specifier name: (type_identifier) @name body: (_)) @definition.class
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(union_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum
(namespace_definition name: [(namespace_identifier) (nested_namespace_specifier)] @name) @definition.module
(alias_declaration name: (type_identifier) @name) @definition.type
(type_definition declarator: (type_identifier) @name) @definition.type
(preproc_function_def name: (identifier) @name) @definition.macro
(preproc_def name: (identifier) @name) @definition.const
