; Elixir definitions. Everything is a call: `defmodule Name do … end`,
; `def name(args) do … end`. Functions stay functions inside a module. Each clause of a
; multi-clause function is a definition of its own.
;
; `@doc` and `@moduledoc` are attributes, not comments: the patterns that capture them
; as `@doc` come first, so they win over the plain patterns for the same definition.
; `@doc "…"` right before the definition, or before one `@spec` (or other attribute).
(do_block
  (unary_operator
    operand: (call
      target: (identifier) @_doc
      (arguments . (_) @doc)))
  .
  (call
    target: (identifier) @_def
    (arguments
      .
      [
        (call target: (identifier) @name)
        (identifier) @name
        (binary_operator left: (call target: (identifier) @name) operator: "when")
      ])
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")) @definition.function
  (#eq? @_doc "doc"))
(do_block
  (unary_operator
    operand: (call
      target: (identifier) @_doc
      (arguments . (_) @doc)))
  .
  (unary_operator)
  .
  (call
    target: (identifier) @_def
    (arguments
      .
      [
        (call target: (identifier) @name)
        (identifier) @name
        (binary_operator left: (call target: (identifier) @name) operator: "when")
      ])
    (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")) @definition.function
  (#eq? @_doc "doc"))
; A module's `@moduledoc` is its first line.
(call
  target: (identifier) @_defmodule
  (arguments . (alias) @name)
  (do_block
    .
    (unary_operator
      operand: (call
        target: (identifier) @_doc
        (arguments . (_) @doc))))
  (#any-of? @_defmodule "defmodule" "defprotocol")
  (#eq? @_doc "moduledoc")) @definition.module
; def / defp / defmacro / defguard / defdelegate …
(call
  target: (identifier) @_def
  (arguments
    .
    [
      ; f(args), f(args), do: …
      (call target: (identifier) @name)
      ; f, do: … (no parentheses)
      (identifier) @name
      ; f(args) when guard
      (binary_operator left: (call target: (identifier) @name) operator: "when")
    ])
  (#any-of? @_def "def" "defp" "defmacro" "defmacrop" "defguard" "defguardp" "defdelegate" "defn" "defnp")) @definition.function
(call
  target: (identifier) @_defmodule
  (arguments . (alias) @name)
  (#any-of? @_defmodule "defmodule" "defprotocol")) @definition.module
; `defimpl Protocol, for: Type`: named after the protocol.
(call
  target: (identifier) @_defimpl
  (arguments . (alias) @name)
  (#eq? @_defimpl "defimpl")) @definition.impl
; `defstruct`, `defexception`: the struct is the enclosing module, not a new name.
