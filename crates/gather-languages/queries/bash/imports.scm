; Files read by `source path` or `. path` (a literal path only).
(command
  name: (command_name (word) @_source)
  .
  argument: [(word) (raw_string)] @import.source
  (#any-of? @_source "source" "."))
