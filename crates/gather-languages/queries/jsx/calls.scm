; JSX component calls, shared by the JavaScript and TSX rows (appended to their calls.scm).
; JSX components render as calls: <Badge />, <Panel>…</Panel>, <UI.Button />. Lowercase
; names are intrinsic elements (<div>), not components.
((jsx_opening_element name: (identifier) @name) @reference.call
 (#match? @name "^[A-Z]"))
((jsx_self_closing_element name: (identifier) @name) @reference.call
 (#match? @name "^[A-Z]"))
(jsx_opening_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call
(jsx_self_closing_element
  name: (member_expression
    object: (_) @qualifier
    property: (property_identifier) @name)) @reference.call
