; C# call sites. Delegate invocations (`handler(x)`) look like method calls and are kept;
; `nameof(x)` is an operator and is left out.

; `M()`, `M<T>()`
(invocation_expression
  function: [
    (identifier) @name
    (generic_name (identifier) @name)
  ]
  (#not-eq? @name "nameof")) @reference.call

; `obj.M()`, `Type.M()`, `this.M()`, `base.M()`, `a.b.M<T>()`
(invocation_expression
  function: (member_access_expression
    expression: _ @qualifier
    name: [
      (identifier) @name
      (generic_name (identifier) @name)
    ])) @reference.call

; `a?.M()`, `a?.b?.M<T>()`
(invocation_expression
  function: (conditional_access_expression
    condition: (_) @qualifier
    (member_binding_expression
      name: [
        (identifier) @name
        (generic_name (identifier) @name)
      ]))) @reference.call

; `new C()`, `new List<T>()`, `new N.C { … }`: the class is the name. Target-typed `new()`
; names no class and is left out.
(object_creation_expression
  type: [
    (identifier) @name
    (generic_name (identifier) @name)
  ]) @reference.new
(object_creation_expression
  type: (qualified_name
    qualifier: (_) @qualifier
    name: [
      (identifier) @name
      (generic_name (identifier) @name)
    ])) @reference.new
