; Solidity imports: `import "./A.sol";` brings every name; `import {A, B as C} from
; "./M.sol";` takes each name (an aliased one is also listed under its own name: a query
; cannot tell an alias from the next imported name); `import "./M.sol" as M;` binds the unit.
(import_directive
  import_name: (identifier) @import.name
  .
  alias: (identifier) @import.alias
  source: (string) @import.source)
(import_directive
  import_name: (identifier) @import.name
  source: (string) @import.source)
(import_directive
  !import_name
  alias: (identifier) @import.alias
  source: (string) @import.source)
(import_directive
  !import_name
  !alias
  source: (string) @import.source) @import.glob
