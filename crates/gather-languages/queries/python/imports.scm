; Python imports, one match per bound name.
; `import a.b` binds `a.b` (the pipeline reads the local name from the source).
(import_statement name: (dotted_name) @import.source)
(import_statement
  name: (aliased_import
    name: (dotted_name) @import.source
    alias: (identifier) @import.alias))
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @import.source
  name: (dotted_name) @import.name)
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @import.source
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias))
(import_from_statement
  module_name: [(dotted_name) (relative_import)] @import.source
  (wildcard_import) @import.glob)
