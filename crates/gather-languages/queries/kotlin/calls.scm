; Kotlin call sites. A constructor call looks like a function call (`Invoice(1)`), so
; both are `reference.call`; a trailing lambda is part of the call it follows.

(call_expression
  .
  [
    ; f(x), f { … }
    (identifier) @name
    ; a.f(x), a?.f(x), A.B.f(x), this.f(x)
    (navigation_expression
      (_) @qualifier
      .
      (identifier) @name
      .)
  ]) @reference.call
