//! The MCP server of gather (`gather serve`): three tools over stdio for the client's roots
//! ([`roots`]), or the one root it was started with.
//!
//! - `gather_context`: a context pack for a question or a symbol ([`gather::request::context`]).
//! - `assemble_context`: exact slices within a token budget ([`gather::slice::assemble`]).
//! - `find_symbol`: definitions by name and/or file.
//!
//! The protocol is the official SDK's (`rmcp`); [`stdio`] is its transport, with a line filter
//! in front of it, and owns stdout, which carries protocol messages only. The index is built in the
//! background at start and brought up to date before every answer ([`state`]): only the
//! paths its file watcher saw change ([`fresh`]), or the whole tree where none is trusted.
//! Each root has an index of its own.

pub mod fresh;
mod listing;
pub mod pool;
pub mod roots;
mod server;
pub mod state;
pub mod stdio;
pub mod tools;
#[cfg(target_os = "linux")]
pub mod watch;

use std::sync::Arc;
use std::time::Duration;

use gather::index::IndexOptions;
use gather::{Error, ErrorCode};

pub use server::GatherServer;

/// How `gather serve` runs.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The root of `-C`, or the current directory: served when the client names no roots.
    /// Held open: every file is read through it.
    pub root: gather::confined::Root,
    /// The root was named with `-C`: it is the one root, and the client's are not read.
    pub pinned: bool,
    /// Index settings.
    pub index: IndexOptions,
    /// How long a call waits for its root's first index build before it answers with a
    /// partial result.
    pub wait: Duration,
    /// Where each root's index is stored between runs.
    pub store: roots::Store,
    /// Start the first build only once the first tool call has been answered (without an
    /// index), so the partial answer can be checked from outside.
    pub hold_first_build: bool,
    /// Learn what changed from a file watcher (where one is trusted) rather than by
    /// walking the whole tree before every call.
    pub watch: bool,
}

/// Serves MCP on stdin/stdout until stdin ends or the client goes away (closes stdout, so
/// an answer cannot be written).
pub fn serve(options: ServeOptions) -> Result<(), Error> {
    let runtime = pool::runtime()
        .map_err(|e| Error::new(ErrorCode::IoError, format!("cannot start the server: {e}")))?;
    let settings = roots::Settings {
        index: options.index,
        wait: options.wait,
        store: options.store,
        watch: options.watch,
    };
    let roots = roots::Roots::new(
        settings,
        options.root,
        options.pinned,
        options.hold_first_build,
    );
    let stdout_closed = std::sync::Arc::new(tokio::sync::Notify::new());
    let (out, writer) = stdio::spawn_writer(std::io::stdout(), stdout_closed.clone());
    stdio::watch_stdout(stdout_closed.clone());
    let transport = stdio::Stdio::start(
        std::io::BufReader::with_capacity(1 << 16, std::io::stdin()),
        out.clone(),
    );
    let closed = runtime.block_on(async {
        let session = async {
            match rmcp::serve_server(GatherServer::new(Arc::clone(&roots)), transport).await {
                Ok(running) => {
                    if let Err(e) = running.waiting().await {
                        eprintln!("gather serve: {e}");
                    }
                }
                // Input ended before a session began, or the client broke the handshake.
                Err(e) => eprintln!("gather serve: {e}"),
            }
        };
        tokio::select! {
            () = session => {}
            () = stdout_closed.notified() => {
                eprintln!("gather serve: stdout is closed; stopping");
                return true;
            }
        }
        false
    });
    if closed {
        // The reader may be blocked on stdin, which the client still holds open; nothing
        // more can be answered, so leave without waiting for it.
        runtime.shutdown_background();
        roots.flush();
        return Ok(());
    }
    let _ = out.blocking_send(None);
    let _ = writer.join();
    runtime.shutdown_background();
    // Stores wait for a pause in the calls; the end of input is the last pause.
    roots.flush();
    Ok(())
}
