; Bash call sites: every simple command by name. Builtins and programs (`echo`, `cargo`)
; are calls like any other and come out as external names.
(command
  name: (command_name (word) @name)) @reference.call
