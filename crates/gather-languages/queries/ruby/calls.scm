; Ruby call sites. A bare identifier (`foo`) may be a local variable or a call; only what
; the grammar makes a `call` node counts: arguments, a receiver, a block, or a `!`/`?`
; name. `super` is left out.

; `X.new`, `A::B.new`, `::X.new`: constructing X; the qualifier is the outer scope.
(call
  receiver: (constant) @name
  method: (identifier) @_new
  (#eq? @_new "new")) @reference.new
(call
  receiver: (scope_resolution
    scope: (_)? @qualifier
    name: (constant) @name)
  method: (identifier) @_new
  (#eq? @_new "new")) @reference.new

; `obj.foo`, `obj.foo(x)`, `Foo.bar`, `self.foo`, `a&.foo`, `Foo::bar`
(call
  receiver: (_) @qualifier
  method: [(identifier) (constant)] @name
  (#not-eq? @name "new")) @reference.call

; `klass.new`, `self.new`: a call to `new` on an object that is not a named class.
(call
  receiver: [
    (identifier)
    (self)
    (instance_variable)
    (class_variable)
    (global_variable)
    (call)
    (element_reference)
    (parenthesized_statements)
  ] @qualifier
  method: (identifier) @name
  (#eq? @name "new")) @reference.call

; `foo(x)`, `foo x`, `foo { … }`, `Integer(x)`
(call
  !receiver
  method: [(identifier) (constant)] @name) @reference.call
