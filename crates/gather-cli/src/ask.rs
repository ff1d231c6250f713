//! `gather ask QUESTION`: a context pack for a question.

use std::path::Path;

use gather::request::Target;
use gather::session::Session;
use gather::Error;
use gather::ErrorCode;

use crate::args::PackOptions;
use crate::input::{read_text, Source};
use crate::{pack, Ctx};

/// Answers `question` from the index, within the pack's budget.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    question: String,
    options: &PackOptions,
    explain: bool,
) -> Result<String, Error> {
    pack::run(ctx, kept, Target::Question(question), options, explain)
}

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
