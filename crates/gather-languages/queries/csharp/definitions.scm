; C# definitions. Attributes are attribute_list children of each declaration.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(destructor_declaration name: (identifier) @name) @definition.method
(namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.module
(file_scoped_namespace_declaration name: [(identifier) (qualified_name)] @name) @definition.module
(delegate_declaration name: (identifier) @name) @definition.type
