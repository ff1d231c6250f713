; Elixir call sites: `f(x)`, `f x`, `M.f(x)`, `mod.f(x)`, `x |> f()`. Definition forms
; (`def`, `defmodule`, …) and directives (`alias`, `import`, `require`, `use`) are
; structure, and control forms (`if`, `case`) syntax, not calls; a definition's own head (`def f(x)`) is never a call site. The
; attribute names of `@doc`, `@spec` and the like are left out; a custom attribute
; (`@timeout 5_000`) still reads as a call at module level.
(call
  target: (identifier) @name
  (#not-any-of? @name
    "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp"
    "defmodule" "defprotocol" "defimpl" "defstruct" "defexception" "defoverridable"
    "alias" "import" "require" "use" "quote" "unquote"
    "if" "unless" "case" "cond" "with" "for" "try" "receive"
    "doc" "moduledoc" "typedoc" "spec" "type" "typep" "opaque" "callback"
    "macrocallback" "impl" "behaviour" "derive" "enforce_keys")) @reference.call
; `m.f(x)`, not a field `m.f` (the grammar reads both as calls; only one has arguments).
(call
  target: (dot
    left: (_) @qualifier
    right: (identifier) @name)
  (arguments)) @reference.call
