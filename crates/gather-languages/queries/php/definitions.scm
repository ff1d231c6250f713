; PHP definitions.
(function_definition name: (name) @name) @definition.function
(class_declaration name: (name) @name) @definition.class
(interface_declaration name: (name) @name) @definition.interface
(trait_declaration name: (name) @name) @definition.trait
(enum_declaration name: (name) @name) @definition.enum
(method_declaration name: (name) @name) @definition.method
(namespace_definition name: (namespace_name) @name) @definition.module
(const_declaration (const_element (name) @name)) @definition.const
