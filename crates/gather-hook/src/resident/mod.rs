//! The resident index a prompt hook asks: one process per workspace (and gather build) that
//! keeps the index in memory and fresh, as `gather serve` does, and answers prompts over a
//! Unix socket beside the index cache. A hook process then costs its own start and one
//! round trip instead of loading the index; the resident leaves after
//! [`IDLE_FOR`] without a question.
//!
//! The socket is `….sock` beside the workspace's index file, so each build of gather talks
//! to a resident of its own format; a lock file beside it (held for the resident's life)
//! makes one resident per socket, and a socket whose lock is free is stale.
//! Messages are one JSON line each way ([`Ask`], [`Reply`]).

pub mod client;
#[cfg(unix)]
pub mod server;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::prompt::PromptAnswer;
use crate::record::Shown;

/// How long a resident waits for a question before it stores its index and leaves.
pub const IDLE_FOR: Duration = Duration::from_secs(30 * 60);

/// The longest message read either way.
pub const MAX_MESSAGE_BYTES: u64 = 8 << 20;

/// The longest socket path the platform takes (`sun_path` less its terminator, on Linux
/// and the BSDs the smaller).
const MAX_SOCKET_PATH: usize = 103;

/// The version of the messages; a resident refuses others.
pub const PROTOCOL: u32 = 1;

/// A prompt, as a hook sends it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Ask {
    /// [`PROTOCOL`].
    pub v: u32,
    /// The user's prompt.
    pub prompt: String,
    /// The most characters the context may take.
    pub max_chars: usize,
    /// What the session was shown earlier.
    pub shown_earlier: Vec<Shown>,
}

/// A resident's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    /// Context for the model, and the definitions it shows.
    Pack {
        /// The header line and the pack.
        context: String,
        /// The definitions shown.
        shown: Vec<Shown>,
    },
    /// Nothing to add, and why.
    Nothing {
        /// Why.
        why: String,
    },
    /// The first index build is still running: one line to add instead of a pack.
    Building {
        /// The line.
        line: String,
    },
}

impl From<PromptAnswer> for Reply {
    fn from(answer: PromptAnswer) -> Reply {
        match answer {
            PromptAnswer::Pack { context, shown } => Reply::Pack { context, shown },
            PromptAnswer::Nothing(why) => Reply::Nothing { why },
        }
    }
}

/// The socket of the resident for the index stored at `index_file`, or `None` when its
/// path would be too long for a Unix socket.
pub fn socket_for(index_file: &Path) -> Option<PathBuf> {
    let socket = index_file.with_extension("sock");
    (socket.as_os_str().len() <= MAX_SOCKET_PATH).then_some(socket)
}

/// The line a prompt gets while the first index build runs.
pub fn building_line(root: &Path) -> String {
    format!(
        "[gather] Indexing {} for the first time; packs of its code will come with the next prompts.",
        root.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_sits_beside_the_index_file_unless_the_path_is_too_long() {
        let socket = socket_for(Path::new("/c/gather/repo-1a2b.v3-99.index")).unwrap();
        assert_eq!(socket, Path::new("/c/gather/repo-1a2b.v3-99.sock"));
        let long = format!("/{}/repo.v3-99.index", "d".repeat(120));
        assert_eq!(socket_for(Path::new(&long)), None);
    }

    #[test]
    fn replies_travel_as_tagged_json() {
        let reply = Reply::Nothing { why: "w".into() };
        let line = serde_json::to_string(&reply).unwrap();
        assert_eq!(line, r#"{"reply":"nothing","why":"w"}"#);
        assert_eq!(serde_json::from_str::<Reply>(&line).unwrap(), reply);
    }
}
