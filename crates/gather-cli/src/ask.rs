//! `gather ask QUESTION`: a context pack for a question.

use gather::request::ContextRequest;
use gather::session::Session;
use gather::Error;

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
