; `library(pkg)` and `require(pkg)` attach a package's names; `source("file.R")` runs a file.
(call
  function: (identifier) @_library
  arguments: (arguments
    .
    argument: (argument value: [(identifier) (string (string_content))] @import.source))
  (#any-of? @_library "library" "require" "source")) @import.glob
