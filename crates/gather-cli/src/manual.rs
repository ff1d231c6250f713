//! `gather completions SHELL` and `gather man [COMMAND]`: shell completions and manual pages
//! generated from the flag definitions of `args.rs`, so they never drift from what the
//! command accepts. Neither needs a workspace.

use clap::CommandFactory;
use clap_complete::Shell;
use gather::{Error, ErrorCode};

use crate::args::Args;

/// The completion script of `shell` for the `gather` command.
pub fn completions(shell: Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Args::command(), "gather", &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// The manual page of gather (gather(1)) or, with `command`, of that command
/// (gather-ask(1)), as roff.
pub fn page(command: Option<&str>) -> Result<String, Error> {
    let mut gather = Args::command();
    // Building names each command as its page does: `gather-ask`, run as `gather ask`.
    gather.build();
    let shown = match command {
        None => gather,
        Some(name) => gather
            .get_subcommands()
            .find(|c| c.get_name() == name)
            // A command's page carries gather's version in its title line, as gather(1) does.
            .map(|c| c.clone().version(env!("CARGO_PKG_VERSION")))
            .ok_or_else(|| {
                let names: Vec<&str> = gather
                    .get_subcommands()
                    .map(|c| c.get_name())
                    .filter(|n| *n != "help")
                    .collect();
                Error::new(
                    ErrorCode::InvalidRequest,
                    format!("no command {name}; name one of {}", names.join(", ")),
                )
            })?,
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(shown)
        .render(&mut out)
        .map_err(|e| Error::new(ErrorCode::IoError, format!("cannot render the page: {e}")))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}
