; Java call sites. `new C()` is a `reference.new` to `C` (qualifier `a.b` for
; `new a.b.C()`, type arguments dropped); an anonymous class body does not change that.
; `this(…)` and `super(…)` in a constructor are calls named `this` / `super`.
; Method references (`Foo::bar`) are not calls.

; m(), m() on this class or an outer one
(method_invocation
  !object
  name: (identifier) @name) @reference.call

; obj.m(), this.m(), super.m(), Type.staticM(), a.b.m(), obj.<T>m()
(method_invocation
  object: (_) @qualifier
  name: (identifier) @name) @reference.call

; new C(), new C<T>(), outer.new C()
(object_creation_expression
  type: (type_identifier) @name) @reference.new
(object_creation_expression
  type: (generic_type
    (type_identifier) @name)) @reference.new

; new a.b.C(), new a.b.C<T>()
(object_creation_expression
  type: (scoped_type_identifier
    .
    (_) @qualifier
    (type_identifier) @name
    .)) @reference.new
(object_creation_expression
  type: (generic_type
    (scoped_type_identifier
      .
      (_) @qualifier
      (type_identifier) @name
      .))) @reference.new

; this(…), super(…), outer.super(…)
(explicit_constructor_invocation
  !object
  constructor: (_) @name) @reference.call
(explicit_constructor_invocation
  object: (_) @qualifier
  constructor: (_) @name) @reference.call
