; Haskell definitions. A type signature is part of the definition after it (an attribute
; kind of the row). A Haddock comment (`-- |`) is not a `comment` node, so the patterns
; that capture it as the doc come first and win over the plain ones. Type class method
; signatures are not definitions: as attributes they would swallow one another.
(declarations
  (haddock) @doc
  .
  (signature)
  .
  [(function name: (variable) @name)
   (bind name: (variable) @name)] @definition.function)
(declarations
  (haddock) @doc
  .
  [(function name: (variable) @name)
   (bind name: (variable) @name)] @definition.function)
(declarations
  (haddock) @doc
  .
  [(data_type name: (name) @name)
   (newtype name: (name) @name)
   (type_synonym name: (name) @name)
   (type_family name: (name) @name)] @definition.type)
(declarations
  (haddock) @doc
  .
  (class name: (name) @name) @definition.interface)

; f x = …, and a value or point-free function: f = …
(function name: (variable) @name) @definition.function
(bind name: (variable) @name) @definition.function

(data_type name: (name) @name) @definition.type
(newtype name: (name) @name) @definition.type
(type_synonym name: (name) @name) @definition.type
(type_family name: (name) @name) @definition.type

; A type class, and an instance named after its class.
(class name: (name) @name) @definition.interface
(instance name: (name) @name) @definition.impl
