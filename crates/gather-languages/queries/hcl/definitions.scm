; HCL (Terraform) definitions: blocks with a label. `resource "type" "name"` and
; `data "type" "name"` are named `type.name`, as expressions refer to them; variables,
; outputs and locals are constants, modules modules.
(block
  (identifier) @_block
  .
  (string_lit (template_literal) @receiver)
  .
  (string_lit (template_literal) @name)
  (#any-of? @_block "resource" "data")) @definition.struct
(block
  (identifier) @_block
  .
  (string_lit (template_literal) @name)
  (#any-of? @_block "variable" "output")) @definition.const
(block
  (identifier) @_block
  .
  (string_lit (template_literal) @name)
  (#eq? @_block "module")) @definition.module
(block
  (identifier) @_block
  (body
    (attribute
      (identifier) @name) @definition.const)
  (#eq? @_block "locals"))
