; `open M` brings the module's names into scope.
(open_module module: (module_path) @import.source) @import.glob
