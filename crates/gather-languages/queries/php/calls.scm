; PHP call sites. Calls through a variable (`$f()`, `$obj->$m()`, `Foo::$m()`) and
; `new $class` / `new static` / `new self` / `new parent` / anonymous classes name no class
; and are left out.

; `foo()`
(function_call_expression function: (name) @name) @reference.call

; `\App\foo()`, `App\foo()`, `\strlen()`: the namespace is the qualifier.
(function_call_expression
  function: (qualified_name
    prefix: (namespace_name)? @qualifier
    (name) @name)) @reference.call

; `$obj->foo()`, `$this->a->foo()`, `$obj?->foo()`
(member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call
(nullsafe_member_call_expression
  object: (_) @qualifier
  name: (name) @name) @reference.call

; `Foo::bar()`, `self::bar()`, `parent::bar()`, `static::bar()`, `\App\Foo::bar()`
(scoped_call_expression
  scope: (_) @qualifier
  name: (name) @name) @reference.call

; `new Foo()`, `new \App\Foo(1)`
(object_creation_expression
  (name) @name
  (#not-any-of? @name "static" "self" "parent")) @reference.new
(object_creation_expression
  (qualified_name
    prefix: (namespace_name)? @qualifier
    (name) @name)) @reference.new
