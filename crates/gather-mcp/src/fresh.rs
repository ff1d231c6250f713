//! How the server learns what changed before a call: from its file watcher where one can
//! be trusted ([`crate::watch`], Linux), else by walking the whole tree as the command line
//! does.

use std::path::Path;

use gather::changed::ChangedPaths;
use gather::render::WATCH_FALLBACK;

/// The server's way of checking freshness.
pub enum Freshness {
    /// A watcher says what changed.
    #[cfg(target_os = "linux")]
    Watching(crate::watch::Watch),
    /// Every call walks the tree.
    Walking {
        /// Why the watcher could not be used, or `None` where the platform offers none the
        /// server trusts (then walking is no fallback).
        why: Option<String>,
    },
}

/// What one call must look at again, and whether that is a fallback to say in the answer.
#[derive(Debug)]
pub struct Check {
    /// The paths that changed (everything, for a walk).
    pub changed: ChangedPaths,
    /// `degraded` reasons for the answer: [`WATCH_FALLBACK`] when the watcher failed it.
    pub notes: Vec<String>,
}

impl Freshness {
    /// Watches `root` (canonical) where possible; a watcher that cannot start is said on
    /// stderr, and every answer then says `watch-fallback`.
    pub fn start(root: &Path) -> Freshness {
        #[cfg(target_os = "linux")]
        {
            match crate::watch::Watch::start(root, &std::env::temp_dir()) {
                Ok(watch) => Freshness::Watching(watch),
                Err(why) => {
                    eprintln!(
                        "gather serve: cannot watch {} ({why}); every call walks the tree",
                        root.display()
                    );
                    Freshness::Walking { why: Some(why) }
                }
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = root;
            Freshness::Walking { why: None }
        }
    }

    /// What changed since the last check, as of now.
    pub fn check(&mut self) -> Check {
        let walk = |why: &Option<String>| Check {
            changed: ChangedPaths::everything(),
            notes: why.iter().map(|_| WATCH_FALLBACK.to_string()).collect(),
        };
        match self {
            Freshness::Walking { why } => walk(why),
            #[cfg(target_os = "linux")]
            Freshness::Watching(watch) => match watch.check() {
                crate::watch::Checked::Changed(changed) => Check {
                    changed,
                    notes: Vec::new(),
                },
                crate::watch::Checked::Walk { why, broken } => {
                    let how = if broken {
                        "every call walks the tree from now on"
                    } else {
                        "this call walks the tree"
                    };
                    eprintln!("gather serve: {why}; {how}");
                    let check = walk(&Some(why.clone()));
                    if broken {
                        *self = Freshness::Walking { why: Some(why) };
                    }
                    check
                }
            },
        }
    }
}
