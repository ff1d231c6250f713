; HCL has no imports: a module's `source` names a directory of blocks, not bound names.
