; Dart imports. `import 'uri' as p;` binds the library to `p`; without a prefix every
; public name of the library is in scope (a glob).
(import_specification
  uri: (configurable_uri (uri) @import.source)
  alias: (identifier) @import.alias)
(import_specification
  uri: (configurable_uri (uri) @import.source)
  !alias) @import.glob
