//! `gather cache`: what the cache directory holds (the shared store and each workspace's
//! index), and `--clear` to remove it.

use std::path::Path;

use gather::{cache, render, Error, ErrorCode};

/// Reports on (or clears) the cache directory `dir` (`--cache-dir` or `GATHER_CACHE_DIR`),
/// else the per-user one.
pub fn run(dir: Option<&Path>, clear: bool, json: bool) -> Result<String, Error> {
    let dir = cache::directory(dir).map_err(|m| Error::new(ErrorCode::InvalidRequest, m))?;
    let usage = if clear {
        cache::clear(&dir).map_err(|e| {
            Error::new(
                ErrorCode::IoError,
                format!("cannot clear the cache directory {}: {e}", dir.display()),
            )
        })?
    } else {
        cache::usage(&dir)
    };
    Ok(render::cache_usage(&usage, clear, json))
}
