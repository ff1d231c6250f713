//! `gather serve`: the MCP server on stdin/stdout (see the `gather-mcp` crate).

use gather::Error;

use crate::Ctx;

/// Serves until the client goes away; stdout carries protocol messages only.
pub fn run(ctx: Ctx, wait_ms: u64, hold_first_build: bool, watch: bool) -> Result<String, Error> {
    gather_mcp::serve(gather_mcp::ServeOptions {
        root: ctx.dir,
        index: ctx.options,
        wait: std::time::Duration::from_millis(wait_ms),
        cache: ctx.cache,
        hold_first_build,
        watch,
    })?;
    Ok(String::new())
}
