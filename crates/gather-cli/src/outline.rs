//! `gather outline PATH`: the definitions in one file, parsed on the spot (no index).

use gather::confined::ReadError;
use gather::{render, workspace, Error, ErrorCode};

use crate::Ctx;

/// Parses the file `path` and lists its definitions.
pub fn run(ctx: &Ctx, path: &str) -> Result<String, Error> {
    let root = &ctx.root;
    let resolved = workspace::resolve(root, path)?;
    let bytes = ctx.dir.read(&resolved.rel).map_err(|e| match e {
        ReadError::NotFound => Error::new(
            ErrorCode::NotFound,
            format!("no file {path} under {}", root.display()),
        ),
        ReadError::IsDirectory => Error::new(
            ErrorCode::InvalidRequest,
            format!("{path} is a directory; name a file"),
        ),
        ReadError::BadPath => Error::new(
            ErrorCode::OutsideRoot,
            format!("{path} is not a path under {}", root.display()),
        ),
        ReadError::NotRegular | ReadError::Symlink | ReadError::TooLarge { .. } => {
            Error::new(ErrorCode::InvalidRequest, format!("{path}: {e}"))
        }
        ReadError::Unreadable(_) => {
            Error::new(ErrorCode::IoError, format!("cannot read {path}: {e}"))
        }
    })?;
    let parsed = match gather::parse::decode(bytes) {
        Ok(text) => gather::parse::file(&resolved.rel, &text),
        Err(reason) => gather::parse::Parsed::skipped(reason),
    };
    Ok(if ctx.json {
        format!("{}\n", render::outline_json(&resolved.rel, &parsed))
    } else {
        render::outline_text(&resolved.rel, &parsed.status.label(), &parsed.symbols)
    })
}
