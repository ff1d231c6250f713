//! `gather ask QUESTION`: the question's text, which `pack::run` answers as any target.

use std::path::Path;

use gather::Error;
use gather::ErrorCode;

use crate::input::{read_text, Source};

/// The question's text: the argument as given, standard input for `-`, or the file.
pub fn question_text(question: Option<String>, file: Option<&Path>) -> Result<String, Error> {
    let source =
        match (question.as_deref(), file) {
            (Some("-"), None) => Source::Stdin,
            (Some(_), None) => return Ok(question.unwrap_or_default()),
            (None, Some(path)) => Source::File(path),
            _ => return Err(Error::new(
                ErrorCode::InvalidRequest,
                "give the question as an argument, as - (standard input) or with --question-file",
            )),
        };
    read_text(source, "question", "send the issue's text, not a log")
}
