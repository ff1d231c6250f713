//! Whether a prompt is about the code: decided from what the ranking found for it.
//!
//! A prompt whose words are all common ("commit this", "thanks") is refused before any
//! ranking (`invalid_request`); one whose code-shaped words match nothing is
//! `nothing_matched`. Past those, the pack must hold a seed.

use gather::index::Index;
use gather::pack::Pack;

/// `Ok` when `pack` is worth putting in front of the model; else why not.
pub fn admit(_index: &Index, pack: &Pack, _prompt: &str) -> Result<(), String> {
    let question = pack.omitted.question();
    if question.nothing_matched {
        return Err("nothing the prompt names is in the workspace".into());
    }
    if pack.n_seeds == 0 {
        return Err("no definition ranks for the prompt".into());
    }
    Ok(())
}
