; Python call sites. `C()` is a call whether C is a function or a class; the resolver
; tells them apart. Decorators without parentheses are calls too.
(call function: (identifier) @name) @reference.call
(call
  function: (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call
(decorator (identifier) @name) @reference.call
(decorator
  (attribute
    object: (_) @qualifier
    attribute: (identifier) @name)) @reference.call
