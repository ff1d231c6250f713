//! Text a command reads whole: a question or a diff, from a file or standard input, at
//! most [`gather::Defaults::MAX_TEXT_BYTES`] (an endless input is refused without being
//! held).

use std::io::Read;
use std::path::Path;

use gather::{Error, ErrorCode};

/// Where the text comes from.
pub enum Source<'a> {
    /// Standard input (`-`).
    Stdin,
    /// A file.
    File(&'a Path),
}

/// The text of `source`, named `what` in messages ("question", "diff"); `hint` says what
/// to send instead when it is too large.
pub fn read_text(source: Source, what: &str, hint: &str) -> Result<String, Error> {
    let invalid = |message: String| Error::new(ErrorCode::InvalidRequest, message);
    let (from, bytes) = match source {
        Source::Stdin => (
            "standard input".to_string(),
            read_capped(std::io::stdin().lock()),
        ),
        Source::File(path) => {
            let file = std::fs::File::open(path).map_err(|e| {
                invalid(format!(
                    "cannot read the {what} file {}: {e}",
                    path.display()
                ))
            })?;
            (format!("the {what} file"), read_capped(file))
        }
    };
    let bytes = bytes.map_err(|e| invalid(format!("cannot read the {what} from {from}: {e}")))?;
    let limit = gather::Defaults::MAX_TEXT_BYTES;
    if bytes.len() > limit {
        return Err(invalid(format!(
            "the {what} from {from} is over {limit} bytes: {hint}"
        )));
    }
    String::from_utf8(bytes)
        .map_err(|_| invalid(format!("the {what} from {from} is not UTF-8 text")))
}

/// Reads at most one byte past the limit.
pub fn read_capped(input: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let limit = gather::Defaults::MAX_TEXT_BYTES as u64;
    input.take(limit + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}
