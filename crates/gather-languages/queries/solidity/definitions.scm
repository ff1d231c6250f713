; Solidity definitions. Contracts, interfaces and libraries hold functions, modifiers,
; events, errors, structs and enums; a constructor is named `constructor`.
(contract_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.module
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum

(function_definition name: (identifier) @name) @definition.function
(modifier_definition name: (identifier) @name) @definition.function
(constructor_definition "constructor" @name) @definition.function
(event_definition name: (identifier) @name) @definition.type
(error_declaration name: (identifier) @name) @definition.type
(user_defined_type_definition name: (identifier) @name) @definition.type

; `uint256 constant MAX = …` at file or contract level.
(constant_variable_declaration name: (identifier) @name) @definition.const
(state_variable_declaration
  "constant"
  name: (identifier) @name) @definition.const
