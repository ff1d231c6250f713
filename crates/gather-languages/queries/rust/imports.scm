; Rust imports. The pipeline expands each use tree into one import per bound name.
; Any visibility (`pub use`, `pub(crate) use`) makes a re-export; the anchored `"use"` /
; `"extern"` keeps the plain patterns off declarations that have one.
(use_declaration
  (visibility_modifier) @import.reexport
  argument: (_) @import.tree)
(use_declaration
  .
  "use"
  argument: (_) @import.tree)

; extern crate a; extern crate a as b;
(extern_crate_declaration
  .
  "extern"
  name: (identifier) @import.source
  !alias)
(extern_crate_declaration
  .
  "extern"
  name: (identifier) @import.source
  alias: (identifier) @import.alias)
(extern_crate_declaration
  (visibility_modifier) @import.reexport
  name: (identifier) @import.source
  !alias)
(extern_crate_declaration
  (visibility_modifier) @import.reexport
  name: (identifier) @import.source
  alias: (identifier) @import.alias)
