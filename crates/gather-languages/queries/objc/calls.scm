; inherits: c
; Objective-C messages, after C's calls: `[receiver selector:…]` is a call of its first
; selector part on the receiver (`[[Invoice alloc] init]`: `alloc` on `Invoice`, then
; `init` on `[Invoice alloc]`).
(message_expression
  receiver: (_) @qualifier
  .
  method: (identifier) @name) @reference.call
