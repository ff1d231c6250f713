//! The library's error: a machine-readable [`ErrorCode`] and a message that says what the
//! caller should change. Used for calls that cannot be performed at all; a request that is
//! merely not met (a missing file in a slice list) is reported inside the result instead.

use schemars::JsonSchema;
use serde::Serialize;

/// Why a call could not be performed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The request itself is malformed.
    InvalidRequest,
    /// A named thing does not exist.
    NotFound,
    /// A path points outside the workspace root.
    OutsideRoot,
    /// Reading the workspace failed.
    IoError,
    /// The index could not be built or loaded.
    IndexError,
}

crate::names::display_as_serde!(
    /// The code as it appears in output: `invalid_request`, `not_found`, …
    ErrorCode
);

/// An error with its code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct Error {
    /// What kind of failure.
    pub code: ErrorCode,
    /// What went wrong and what to change, lower-case, no trailing period.
    pub message: String,
}

impl Error {
    /// An error with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }
}

/// Shorthand for results of library calls.
pub type Result<T> = std::result::Result<T, Error>;
