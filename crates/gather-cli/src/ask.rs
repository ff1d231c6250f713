//! `gather ask QUESTION`: a context pack for a question.

use std::io::Read;
use std::path::Path;

use gather::request::ContextRequest;
use gather::session::Session;
use gather::Error;
use gather::ErrorCode;

use crate::args::PackOptions;
use crate::{pack, Ctx};

/// Answers `question` from the index, within the pack's budget.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    question: String,
    options: &PackOptions,
) -> Result<String, Error> {
    let request = ContextRequest {
        question: Some(question),
        ..ContextRequest::default()
    };
    pack::run(ctx, kept, true, options, request)
}

/// The most a question read from a file or standard input may hold: far more than any
/// issue, and still a bounded read.
const MAX_QUESTION_BYTES: u64 = 4 << 20;

/// The question's text: the argument as given, standard input for `-`, or the file.
pub fn question_text(question: Option<String>, file: Option<&Path>) -> Result<String, Error> {
    let (what, bytes) =
        match (question.as_deref(), file) {
            (Some("-"), None) => ("standard input", read_capped(std::io::stdin().lock())),
            (Some(_), None) => return Ok(question.unwrap_or_default()),
            (None, Some(path)) => {
                let file = std::fs::File::open(path).map_err(|e| {
                    Error::new(
                        ErrorCode::InvalidRequest,
                        format!("cannot read the question file {}: {e}", path.display()),
                    )
                })?;
                ("the question file", read_capped(file))
            }
            _ => return Err(Error::new(
                ErrorCode::InvalidRequest,
                "give the question as an argument, as - (standard input) or with --question-file",
            )),
        };
    let bytes = bytes.map_err(|e| {
        Error::new(
            ErrorCode::InvalidRequest,
            format!("cannot read the question from {what}: {e}"),
        )
    })?;
    if bytes.len() as u64 > MAX_QUESTION_BYTES {
        return Err(Error::new(
            ErrorCode::InvalidRequest,
            format!("the question from {what} is over {MAX_QUESTION_BYTES} bytes: send the issue's text, not a log"),
        ));
    }
    String::from_utf8(bytes).map_err(|_| {
        Error::new(
            ErrorCode::InvalidRequest,
            format!("the question from {what} is not UTF-8 text"),
        )
    })
}

/// Reads at most one byte past [`MAX_QUESTION_BYTES`], so an endless input is refused
/// without being held.
fn read_capped(input: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input.take(MAX_QUESTION_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
