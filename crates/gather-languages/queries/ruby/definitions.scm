; Ruby definitions. A `def` is a function; the pipeline makes it a method inside a
; class, and the patterns below make it one inside a module or `class << self`. When two
; patterns match one node the pipeline keeps the match reported first (here the more
; specific pattern: it starts at the enclosing node); the fixture snapshot pins this.

; Methods of a module (mixin methods, `module_function`s) and of `class << self`, also
; behind a visibility call (`private def helper`).
(module
  body: (body_statement
    [(method name: (_) @name) @definition.method
     (call arguments: (argument_list (method name: (_) @name) @definition.method))]))
(singleton_class
  body: (body_statement
    [(method name: (_) @name) @definition.method
     (call arguments: (argument_list (method name: (_) @name) @definition.method))]))

; def name / def name? / def name! / def <=> / def name = expr
(method name: (_) @name) @definition.function

; def self.name (a method of the enclosing class or module) and def Const.name, which
; names its owner.
(singleton_method
  object: (constant) @receiver
  name: (_) @name) @definition.method
(singleton_method name: (_) @name) @definition.method

; class Name / class Outer::Name (the scope is the receiver, so the qualified name keeps
; it when the class is not nested in its scope's body).
(class name: (constant) @name) @definition.class
(class
  name: (scope_resolution
    scope: (_) @receiver
    name: (constant) @name)) @definition.class
(module name: (constant) @name) @definition.module
(module
  name: (scope_resolution
    scope: (_) @receiver
    name: (constant) @name)) @definition.module

; Classes built by a call and bound to a constant: `Point = Struct.new(:x, :y) do ... end`,
; `Error = Class.new(StandardError)`, `Coord = Data.define(:lat, :lng)`, `Mixin = Module.new`.
(assignment
  left: (constant) @name
  right: (call
    receiver: (constant) @_base
    method: (identifier) @_ctor)
  (#any-of? @_base "Struct" "Class" "Data")
  (#any-of? @_ctor "new" "define")) @definition.class
(assignment
  left: (constant) @name
  right: (call
    receiver: (constant) @_base
    method: (identifier) @_ctor)
  (#eq? @_base "Module")
  (#eq? @_ctor "new")) @definition.module

; Other constants: VERSION = "1.2.0".
(assignment
  left: (constant) @name
  right: (_) @_value
  (#not-match? @_value "^(Struct|Class|Data|Module)[.](new|define)")) @definition.const
