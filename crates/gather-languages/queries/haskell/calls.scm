; Haskell call sites: the function at the head of an application (`f x y` is
; `apply(apply(f, x), y)`; only the innermost names a function), plain or qualified
; (`Map.insert k v`). Operators and composition (`f . g`) are not counted.
(apply
  function: [
    (variable) @name
    (qualified
      module: (module) @qualifier
      id: (variable) @name)
  ]) @reference.call
