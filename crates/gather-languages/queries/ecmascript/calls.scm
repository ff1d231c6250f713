; Call sites shared by JavaScript, TypeScript and TSX: their rows read this file first,
; then javascript/calls.scm or typescript/calls.scm (and the JavaScript and TSX rows
; jsx/calls.scm last). `C()` is a call whether C is a function or a class; the resolver
; tells them apart. Tagged templates (sql`…`) and decorators parse as calls. `require(…)`
; and dynamic `import(…)` load modules (imports.scm), they are not calls.

; f(), f?.(), sql`…`
((call_expression
   function: (identifier) @name) @reference.call
 (#not-eq? @name "require"))

; super(…) in a constructor.
(call_expression function: (super) @name) @reference.call

; new C(), new C, new ns.C()
(new_expression constructor: (identifier) @name) @reference.new
(new_expression
  constructor: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.new

; Decorators without parentheses: @sealed, @ns.sealed (`@f()` is a call_expression above).
(decorator (identifier) @name) @reference.call
(decorator
  (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call
