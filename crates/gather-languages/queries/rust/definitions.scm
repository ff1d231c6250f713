; Rust definitions. Methods are function_items inside impl or trait blocks; the
; pipeline turns a function whose parent is a type, trait or impl into a method.
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(union_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(trait_item name: (type_identifier) @name) @definition.trait
; An impl is named after its self type: `impl Client`, `impl<T> Trait for Vec<T>`,
; `impl fmt::Display for a::Wrapper<T>`, `impl Sender for u8`, and through one reference,
; pointer, slice or `dyn`: `impl<S> Sender for &S`, `impl<T> Trait for [T]`, `impl dyn Sender`.
(impl_item
  type: [
    (type_identifier) @name
    (primitive_type) @name
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
  ]) @definition.impl
(impl_item
  type: [
    (reference_type type: [
      (type_identifier) @name
      (primitive_type) @name
      (scoped_type_identifier name: (type_identifier) @name)
      (generic_type type: (type_identifier) @name)
      (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
      (dynamic_type trait: (type_identifier) @name)
      (dynamic_type trait: (generic_type type: (type_identifier) @name))
      (array_type element: (type_identifier) @name)
      (array_type element: (primitive_type) @name)
    ])
    (pointer_type type: [
      (type_identifier) @name
      (primitive_type) @name
    ])
    (array_type element: [
      (type_identifier) @name
      (primitive_type) @name
      (generic_type type: (type_identifier) @name)
    ])
    (dynamic_type trait: [
      (type_identifier) @name
      (scoped_type_identifier name: (type_identifier) @name)
      (generic_type type: (type_identifier) @name)
    ])
  ]) @definition.impl
(type_item name: (type_identifier) @name) @definition.type
; `type Output;` in a trait (with `type Output = ...;` in impls being a type_item).
(associated_type name: (type_identifier) @name) @definition.type
(const_item name: (identifier) @name) @definition.const
(static_item name: (identifier) @name) @definition.const
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
