; Scala definitions (Scala 2 and 3 syntax). A companion `object` is a class of its own
; beside its `class`; `def`s nested in a class, trait or object are methods.
(class_definition name: (identifier) @name) @definition.class
(object_definition name: (identifier) @name) @definition.class
(trait_definition name: (identifier) @name) @definition.trait
(enum_definition name: (identifier) @name) @definition.enum

(function_definition name: (identifier) @name) @definition.function
(function_declaration name: (identifier) @name) @definition.function

(type_definition name: (type_identifier) @name) @definition.type
