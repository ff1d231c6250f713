; inherits: c
; Objective-C, after C's definitions (the row appends this file to `c/definitions.scm`).
; A class's `@interface` is the class and its `@implementation` an impl of the same name,
; like a Rust impl; a category (`@interface Invoice (Payment)`) is an impl too. Methods
; are named by their first selector part (`payWithRepository` for
; `payWithRepository:error:`).
(class_interface
  .
  (identifier) @name
  category: (identifier)) @definition.impl
(class_interface
  .
  (identifier) @name) @definition.class
(class_implementation
  .
  (identifier) @name) @definition.impl
(protocol_declaration
  .
  (identifier) @name) @definition.interface

(method_definition
  (method_type)
  .
  (identifier) @name) @definition.method
; A method declared in an `@interface` is a prototype of one in the `@implementation`;
; only a protocol's declarations are definitions.
(protocol_declaration
  (method_declaration
    (method_type)
    .
    (identifier) @name) @definition.method)
