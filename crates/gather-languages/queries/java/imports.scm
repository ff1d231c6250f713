; Java imports, one per declaration. `import a.b.C;` takes `C` from `a.b`;
; `import static a.b.C.m;` takes `m` from `a.b.C`; `.*` imports are globs.
(import_declaration
  (scoped_identifier
    scope: (_) @import.source
    name: (identifier) @import.name)
  .)
(import_declaration
  (_) @import.source
  .
  (asterisk) @import.glob)

; The file's own package.
(package_declaration
  [(identifier) (scoped_identifier)] @import.package)
