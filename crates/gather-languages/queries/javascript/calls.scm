; inherits: ecmascript
; JavaScript call sites beyond those shared with TypeScript (the row reads
; ecmascript/calls.scm first and jsx/calls.scm last).

; a.b.c(), a?.b(), this.m(), super.m(), this.#p(): the object is the qualifier.
(call_expression
  function: (member_expression
    object: (_) @qualifier
    property: [(property_identifier) (private_property_identifier)] @name)) @reference.call
