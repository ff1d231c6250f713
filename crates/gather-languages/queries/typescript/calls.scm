; inherits: ecmascript
; TypeScript and TSX call sites beyond those shared with JavaScript (both rows read
; ecmascript/calls.scm first; both grammars share these node kinds).

; a.b.c(), a?.b(), this.m(), super.m(), this.#p(): the object is the qualifier.
((call_expression
   function: (member_expression
     object: (_) @qualifier
     property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
 (#not-match? @qualifier "!$"))
; this.store!.get(): the qualifier leaves out the non-null assertion.
(call_expression
  function: (member_expression
    object: (non_null_expression (_) @qualifier)
    property: [(property_identifier) (private_property_identifier)] @name)) @reference.call

; Non-null assertions before the call: a.b!(), f!().
(call_expression
  function: (non_null_expression
    (member_expression
      object: (_) @qualifier
      property: [(property_identifier) (private_property_identifier)] @name))) @reference.call
(call_expression
  function: (non_null_expression (identifier) @name)) @reference.call

; The grammar parses `await f<T>(x)` as a call of `await f`: the name is still f.
(call_expression
  function: (await_expression (identifier) @name)
  type_arguments: (type_arguments)) @reference.call
(call_expression
  function: (await_expression
    (member_expression
      object: (_) @qualifier
      property: [(property_identifier) (private_property_identifier)] @name))
  type_arguments: (type_arguments)) @reference.call

; Tagged templates with type arguments. The grammar reads sql<{ a: number }>`…` as a call
; of a non-null instantiation expression, and sql<string>`…` as the comparisons
; `(sql < string) > `…``, with or without a call chained on the template.
(call_expression
  function: (non_null_expression (instantiation_expression . (identifier) @name))
  arguments: (template_string)) @reference.call
(binary_expression
  left: (binary_expression
    left: (identifier) @name
    operator: "<"
    right: (identifier))
  operator: ">"
  right: [(template_string)
          (call_expression
            function: (member_expression object: (template_string)))]) @reference.call

; JSX components (<Badge />) are in jsx/calls.scm, which the TSX row appends: the
; typescript grammar has no JSX nodes.
