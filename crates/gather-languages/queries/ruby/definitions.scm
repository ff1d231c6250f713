; Ruby definitions.
(method name: (_) @name) @definition.function
(singleton_method name: (_) @name) @definition.function
(class name: (constant) @name) @definition.class
(class name: (scope_resolution name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module name: (scope_resolution name: (constant) @name)) @definition.module
