; JavaScript imports, one match per bound name. Side-effect imports (`import './x'`,
; a bare `require('./x')`) bind nothing and are skipped.
;
; A default import (`import x from './m'`) has no node for the name `default`, so it is
; captured with an alias and no name, which reads as the module itself. The pattern sets
; the property `import.name` to "default" for the pipeline to use once it reads pattern
; properties; until then a default import looks like `import * as x`.

; import x from './m'
(import_statement
  (import_clause (identifier) @import.alias)
  source: (string) @import.source
  (#set! import.name "default"))

; import * as ns from './m'
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @import.source)

; import {a} from './m', import {a as b} from './m', import {default as b} from './m',
; import {"a-b" as c} from './m'
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @import.name
        !alias)))
  source: (string) @import.source)
(import_statement
  (import_clause
    (named_imports
      (import_specifier
        name: _ @import.name
        alias: _ @import.alias)))
  source: (string) @import.source)

; export {a} from './m', export {a as b} from './m', export {default} from './m'
(export_statement
  (export_clause
    (export_specifier
      name: _ @import.name
      !alias))
  source: (string) @import.source) @import.reexport
(export_statement
  (export_clause
    (export_specifier
      name: _ @import.name
      alias: _ @import.alias))
  source: (string) @import.source) @import.reexport

; export * from './m'
(export_statement
  "*" @import.glob
  source: (string) @import.source) @import.reexport

; export * as ns from './m'
(export_statement
  (namespace_export (identifier) @import.alias)
  source: (string) @import.source) @import.reexport

; CommonJS and dynamic imports: const x = require('./m'), const {a, b: c} = require('./m'),
; and the same with `await import('./m')` (where `@_require` is not captured, so `#eq?`
; holds).
(variable_declarator
  name: [
    (identifier) @import.alias
    (object_pattern [
      (shorthand_property_identifier_pattern) @import.name
      (pair_pattern
        key: (property_identifier) @import.name
        value: (identifier) @import.alias)
    ])
  ]
  value: [
    ((call_expression
       function: (identifier) @_require
       arguments: (arguments . (string) @import.source .))
     (#eq? @_require "require"))
    (await_expression
      (call_expression
        function: (import)
        arguments: (arguments . (string) @import.source .)))
  ])

; const x = require('./m').a
(variable_declarator
  name: (identifier) @import.alias
  value: (member_expression
    object: (call_expression
      function: (identifier) @_require
      arguments: (arguments . (string) @import.source .))
    property: (property_identifier) @import.name)
  (#eq? @_require "require"))

; module.exports = require('./m') re-exports the whole module.
(assignment_expression
  left: (member_expression
    object: (identifier) @_module
    property: (property_identifier) @_exports)
  right: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.source .)) @import.glob
  (#eq? @_module "module")
  (#eq? @_exports "exports")
  (#eq? @_require "require")) @import.reexport

; exports.x = require('./m'), module.exports.x = require('./m') re-export it as x.
(assignment_expression
  left: (member_expression
    object: [(identifier) (member_expression)] @_exports
    property: (property_identifier) @import.alias)
  right: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.source .))
  (#match? @_exports "^(module\\.)?exports$")
  (#eq? @_require "require")) @import.reexport
