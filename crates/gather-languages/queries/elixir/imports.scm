; Elixir module directives. `alias A.B` binds `B`; `alias A.B, as: C` binds `C`;
; `alias A.{B, C}` binds each; `import`, `require` and `use` name a module.
((call
  target: (identifier) @_alias
  (arguments . (alias) @import.path .))
  (#eq? @_alias "alias"))
((call
  target: (identifier) @_alias
  (arguments
    .
    (alias) @import.source
    (keywords
      (pair
        key: (keyword) @_as
        value: (alias) @import.alias))))
  (#eq? @_alias "alias")
  (#match? @_as "^as:"))
((call
  target: (identifier) @_alias
  (arguments
    (dot
      left: (alias) @import.source
      right: (tuple (alias) @import.name))))
  (#eq? @_alias "alias"))
((call
  target: (identifier) @_import
  (arguments . (alias) @import.source))
  (#any-of? @_import "import" "require" "use")) @import.glob
