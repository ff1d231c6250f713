//! The JSON answers as types. Each answer is a struct that derives its serialisation and
//! its JSON Schema from one declaration, so the MCP tools' `outputSchema` is derived from
//! what the server sends and cannot drift from it.
//!
//! Their doc comments are the schema's descriptions, which every MCP client loads into its
//! model's context: they say what a field means when its name does not, in few words.
//! Answers reach output as a [`serde_json::Value`], whose objects keep their keys sorted, so
//! fields are declared in name order to print as they are declared.

use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorCode};
use crate::lines::{Line, LineRange};

pub mod explain;
pub mod find;
pub mod graph;
pub mod index;
pub mod pack;
pub mod slices;

/// [first, last] line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Span(pub Line, pub Line);

impl From<LineRange> for Span {
    fn from(range: LineRange) -> Span {
        Span(range.start, range.end)
    }
}

/// Lines of a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Lines {
    /// Last line (inclusive).
    pub line_end: Line,
    /// First line (1-based).
    pub line_start: Line,
    /// Root-relative file.
    pub path: String,
}

impl Lines {
    /// `range` of the file at `path`.
    pub fn new(path: &str, range: LineRange) -> Lines {
        Lines {
            line_end: range.end,
            line_start: range.start,
            path: path.to_string(),
        }
    }
}

/// A call that could not be performed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Failure {
    /// Why it failed.
    pub code: ErrorCode,
    /// What went wrong; what to send instead.
    pub message: String,
    /// Always false.
    pub success: bool,
}

impl From<&Error> for Failure {
    fn from(error: &Error) -> Failure {
        Failure {
            code: error.code,
            message: error.message.clone(),
            success: false,
        }
    }
}

/// A generator of the answers' JSON Schemas (2020-12, shared shapes under `$defs`), for
/// answers as they are written: a field left out when empty is not required, one that may
/// be null is.
pub fn schema_generator() -> SchemaGenerator {
    SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
}

/// An answer as JSON. Serialising these types cannot fail (every map key is a string), so
/// a failure would be a bug; it gives `null` rather than a panic in a server.
pub fn value<T: Serialize>(answer: &T) -> Value {
    serde_json::to_value(answer).unwrap_or_default()
}
