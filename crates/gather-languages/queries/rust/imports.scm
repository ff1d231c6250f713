; Rust imports. The pipeline expands each use tree into one import per bound name.
; `pub use` (any visibility) is a re-export.
(use_declaration
  (visibility_modifier) @import.reexport
  argument: (_) @import.tree)
(use_declaration
  .
  "use"
  argument: (_) @import.tree)

; extern crate a; extern crate a as b;
(extern_crate_declaration
  name: (identifier) @import.source
  !alias)
(extern_crate_declaration
  name: (identifier) @import.source
  alias: (identifier) @import.alias)
