; Kotlin imports. `import a.b.C` takes `C` from the package `a.b`; `import a.b.C as D`
; binds it as `D`; `import a.b.*` is a glob.
((import
  (qualified_identifier) @import.path
  .) @_import
  (#not-match? @_import "[*]"))
(import
  (qualified_identifier) @import.path
  (identifier) @import.alias)
((import
  (qualified_identifier) @import.source) @import.glob
  (#match? @import.glob "[*]"))

; The file's own package.
(package_header (qualified_identifier) @import.package)
