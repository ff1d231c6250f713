; Swift call sites. A constructor call looks like a function call (`Invoice(number: 1)`),
; so both are `reference.call`; a trailing closure is part of the call it follows.

; f(x), f { … }
(call_expression
  .
  (simple_identifier) @name) @reference.call

; a.f(x), a?.f(x), A.B.f(x), self.f(x)
(call_expression
  .
  (navigation_expression
    target: (_) @qualifier
    suffix: (navigation_suffix
      suffix: (simple_identifier) @name))) @reference.call
