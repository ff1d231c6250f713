; C++ call sites. `T(x)` is a call whether T is a function or a type; the resolver tells
; them apart. Calls through a function pointer or a call result (`(*fp)()`, `f()()`),
; operator calls and explicit destructor calls have no name to resolve and are left out.

; `f()`, `f<T>()`; the cast keywords parse like template calls and are left out.
(call_expression
  function: [
    (identifier) @name
    (template_function name: (identifier) @name)
  ]
  (#not-any-of? @name "static_cast" "dynamic_cast" "reinterpret_cast" "const_cast")) @reference.call

; `obj.m()`, `ptr->m()`, `this->m()`, `obj.m<T>()`, `obj.template m<T>()`
(call_expression
  function: (field_expression
    argument: (_) @qualifier
    field: [
      (field_identifier) @name
      (template_method name: (field_identifier) @name)
      (dependent_name (template_method name: (field_identifier) @name))
    ])) @reference.call

; `ns::f()`, `Type::f()`, `std::make_unique<T>()`, `::f()`, `Foo<T>::template f<U>()`.
; Qualified names nest to the right (`a::b::f` is `a :: (b :: f)`), so no node spans
; `a::b`: the qualifier is the scope right before the name, the class or innermost
; namespace, without template arguments (`Foo<T>::f()` is qualified by `Foo`). One pattern
; per depth, up to `a::b::c::d::f()`.
(call_expression
  function: (qualified_identifier
    scope: [
      (namespace_identifier) @qualifier
      (template_type name: (type_identifier) @qualifier)
      (decltype) @qualifier
      (dependent_name) @qualifier
    ]?
    name: [
      (identifier) @name
      (template_function name: (identifier) @name)
      (dependent_name (template_function name: (identifier) @name))
    ])) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier
      scope: [
        (namespace_identifier) @qualifier
        (template_type name: (type_identifier) @qualifier)
        (decltype) @qualifier
        (dependent_name) @qualifier
      ]
      name: [
        (identifier) @name
        (template_function name: (identifier) @name)
        (dependent_name (template_function name: (identifier) @name))
      ]))) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier
      name: (qualified_identifier
        scope: [
          (namespace_identifier) @qualifier
          (template_type name: (type_identifier) @qualifier)
          (decltype) @qualifier
          (dependent_name) @qualifier
        ]
        name: [
          (identifier) @name
          (template_function name: (identifier) @name)
          (dependent_name (template_function name: (identifier) @name))
        ])))) @reference.call
(call_expression
  function: (qualified_identifier
    name: (qualified_identifier
      name: (qualified_identifier
        name: (qualified_identifier
          scope: [
            (namespace_identifier) @qualifier
            (template_type name: (type_identifier) @qualifier)
            (decltype) @qualifier
            (dependent_name) @qualifier
          ]
          name: [
            (identifier) @name
            (template_function name: (identifier) @name)
            (dependent_name (template_function name: (identifier) @name))
          ]))))) @reference.call

; `new T(…)`, `new T<U>{…}`, `new ns::T`, `new a::b::T`: the class is the name.
(new_expression
  type: [
    (type_identifier) @name
    (template_type name: (type_identifier) @name)
  ]) @reference.new
(new_expression
  type: (qualified_identifier
    scope: [
      (namespace_identifier) @qualifier
      (template_type name: (type_identifier) @qualifier)
      (decltype) @qualifier
      (dependent_name) @qualifier
    ]?
    name: [
      (type_identifier) @name
      (template_type name: (type_identifier) @name)
    ])) @reference.new
(new_expression
  type: (qualified_identifier
    name: (qualified_identifier
      scope: [
        (namespace_identifier) @qualifier
        (template_type name: (type_identifier) @qualifier)
        (decltype) @qualifier
        (dependent_name) @qualifier
      ]
      name: [
        (type_identifier) @name
        (template_type name: (type_identifier) @name)
      ]))) @reference.new
(new_expression
  type: (qualified_identifier
    name: (qualified_identifier
      name: (qualified_identifier
        scope: [
          (namespace_identifier) @qualifier
          (template_type name: (type_identifier) @qualifier)
          (decltype) @qualifier
          (dependent_name) @qualifier
        ]
        name: [
          (type_identifier) @name
          (template_type name: (type_identifier) @name)
        ])))) @reference.new

; `T{…}`, `ns::T<U>{…}`: brace initialisation constructs a T.
(compound_literal_expression
  type: [
    (type_identifier) @name
    (template_type name: (type_identifier) @name)
  ]) @reference.new
(compound_literal_expression
  type: (qualified_identifier
    scope: [
      (namespace_identifier) @qualifier
      (template_type name: (type_identifier) @qualifier)
      (decltype) @qualifier
      (dependent_name) @qualifier
    ]?
    name: [
      (type_identifier) @name
      (template_type name: (type_identifier) @name)
    ])) @reference.new
(compound_literal_expression
  type: (qualified_identifier
    name: (qualified_identifier
      scope: [
        (namespace_identifier) @qualifier
        (template_type name: (type_identifier) @qualifier)
        (decltype) @qualifier
        (dependent_name) @qualifier
      ]
      name: [
        (type_identifier) @name
        (template_type name: (type_identifier) @name)
      ]))) @reference.new
