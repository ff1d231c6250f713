; Swift call sites. A constructor call looks like a function call (`Invoice(number: 1)`),
; so both are `reference.call`; a trailing closure is part of the call it follows.

(call_expression
  .
  [
    ; f(x), f { … }
    (simple_identifier) @name
    ; a.f(x), a?.f(x), A.B.f(x), self.f(x)
    (navigation_expression
      target: (_) @qualifier
      suffix: (navigation_suffix
        suffix: (simple_identifier) @name))
  ]) @reference.call
