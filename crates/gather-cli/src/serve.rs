//! `gather serve`: the MCP server on stdin/stdout (see the `gather-mcp` crate).

use std::path::PathBuf;

use gather::Error;
use gather_mcp::roots::Store;

use crate::args::Command;
use crate::Ctx;

/// Where each root's index is stored: nowhere with `--no-cache`, else in `--cache-dir` (or
/// `GATHER_CACHE_DIR`) or the per-user cache directory. The server locates each root's
/// cache itself, as roots come and go.
pub fn store(no_cache: bool, cache_dir: Option<PathBuf>) -> Store {
    if no_cache {
        Store::Off
    } else {
        Store::Dir(cache_dir)
    }
}

/// Serves until the client goes away; stdout carries protocol messages only. `pinned`: the
/// root was named with `-C`, so it is the one root and the client's are not read.
pub fn run(ctx: Ctx, command: Command, pinned: bool, store: Store) -> Result<String, Error> {
    let Command::Serve {
        wait_ms,
        hold_first_build,
        no_watch,
    } = command
    else {
        return Ok(String::new());
    };
    gather_mcp::serve(gather_mcp::ServeOptions {
        root: ctx.dir,
        pinned,
        index: ctx.options,
        wait: std::time::Duration::from_millis(wait_ms),
        store,
        hold_first_build,
        watch: !no_watch,
    })?;
    Ok(String::new())
}
