//! The integration tests of `gather`, in one binary so the grammars are linked once.

mod answer_schema;
mod arena;
mod ask;
mod bad_input;
mod budget;
mod cache;
mod change;
mod common;
mod confinement;
mod contract;
mod evidence;
mod graph;
mod hostile;
mod incremental;
mod index;
mod issue_text;
mod language_questions;
mod languages;
mod pack;
mod pack_json;
mod properties;
mod recovery;
mod rendered;
mod scope;
mod slices;
mod watched;
