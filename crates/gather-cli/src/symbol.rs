//! `gather symbol NAME`: a definition with its direct callers and callees, as one pack.

use gather::request::Target;
use gather::session::Session;
use gather::Error;

use crate::args::PackOptions;
use crate::{pack, require_name, Ctx};

/// Answers the definition `name` (in `path`, near `line`) from the index.
pub fn run(
    ctx: Ctx,
    kept: &mut Option<Session>,
    name: String,
    path: Option<String>,
    line: Option<u32>,
    options: &PackOptions,
) -> Result<String, Error> {
    require_name(&name)?;
    let target = Target::Symbol { name, path, line };
    pack::run(ctx, kept, target, options, false)
}
