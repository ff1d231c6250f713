; inherits: javascript
; TypeScript and TSX imports beyond JavaScript's: the rows append this file to
; javascript/imports.scm, whose patterns cover both grammars.

; import type {A} from './t' and import {type A} from './t' are plain imports above.

; import x = require('./m')
(import_statement
  (import_require_clause
    (identifier) @import.alias
    source: (string) @import.source))
