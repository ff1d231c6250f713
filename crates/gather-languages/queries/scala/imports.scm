; Scala imports. The path's segments are separate nodes and a query cannot join a
; run of them, so each path length up to 6 has its own pattern; several `import.path`
; or `import.source` captures in one match are joined with dots.

; `import a.b.C` takes `C` from `a.b`.
(import_declaration
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .)
(import_declaration
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .)
(import_declaration
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .)
(import_declaration
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .)
(import_declaration
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .
  (identifier) @import.path
  .)
; `import a.b.{C, D => E}`: one match per selector.
(import_declaration
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_selectors
    [(identifier) @import.name
     (arrow_renamed_identifier name: (_) @import.name alias: (_) @import.alias)
     (as_renamed_identifier name: (_) @import.name alias: (_) @import.alias)]))
; `import a.b._`, `import a.b.*`
(import_declaration
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)
(import_declaration
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (identifier) @import.source
  .
  (namespace_wildcard) @import.glob)

; The file's own package.
(package_clause name: (package_identifier) @import.package)
