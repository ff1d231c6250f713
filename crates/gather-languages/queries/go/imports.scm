; Go imports, one per import spec. The path is the source (unquoted by the pipeline);
; a plain import binds the package's own name, which only the imported files know.
; `import _ "x"` binds nothing and is left out.
(import_spec
  !name
  path: (_) @import.source)
(import_spec
  name: (package_identifier) @import.alias
  path: (_) @import.source)
(import_spec
  name: (dot) @import.glob
  path: (_) @import.source)

; The file's own package.
(package_clause
  (package_identifier) @import.package)
