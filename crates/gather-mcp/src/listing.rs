//! Asking the client for its roots (`roots/list`): once the session has begun, and again
//! at each `notifications/roots/list_changed`, when the client declares the `roots`
//! capability; a client that does not is served the default root ([`Roots::use_fallback`]).
//! The answers are applied by [`Roots`]. (The SDK marks roots deprecated, SEP-2577; they
//! are still what clients send, hence the `allow`s.)

use std::time::Duration;

use rmcp::service::Peer;
use rmcp::RoleServer;

use crate::roots::{Offered, Roots};

/// How long the client has to answer `roots/list`; a call waits at most this long for the
/// roots (then a first listing that got no answer serves the default root).
pub const ANSWER_WITHIN: Duration = Duration::from_secs(10);

/// Whether the client says it offers roots.
#[allow(deprecated)]
fn offers_roots(peer: &Peer<RoleServer>) -> bool {
    (peer.peer_info()).is_some_and(|info| info.capabilities.roots.is_some())
}

/// Reads the client's roots into `roots` (or serves the default root when it offers none).
#[allow(deprecated)]
pub async fn list(roots: &Roots, peer: &Peer<RoleServer>) {
    if !offers_roots(peer) {
        roots.use_fallback();
        return;
    }
    let Some(listing) = roots.begin_listing() else {
        return;
    };
    let answer = tokio::time::timeout(ANSWER_WITHIN, peer.list_roots()).await;
    let answer = match answer {
        Ok(Ok(result)) => Ok(result
            .roots
            .into_iter()
            .map(|root| Offered {
                uri: root.uri,
                name: root.name,
            })
            .collect()),
        Ok(Err(error)) => Err(error.to_string()),
        Err(_) => Err(format!(
            "no answer to roots/list within {} s",
            ANSWER_WITHIN.as_secs()
        )),
    };
    roots.end_listing(listing, answer);
}
