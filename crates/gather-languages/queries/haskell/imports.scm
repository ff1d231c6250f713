; Haskell imports. `import qualified A.B as M` binds `M`; an import without `as`
; brings the module's names into scope.
(import
  module: (module) @import.source
  alias: (module) @import.alias)
(import
  module: (module) @import.source
  !alias) @import.glob
