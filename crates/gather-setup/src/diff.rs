//! What `--dry-run` prints: each file's change as a unified diff.

use similar::TextDiff;

use crate::plan::FileChange;

/// The change to one file as a unified diff (`/dev/null` for a side where the file does
/// not exist); empty when the file does not change.
pub fn unified(change: &FileChange) -> String {
    let before = change.before.as_deref().unwrap_or("");
    let after = change.after.as_deref().unwrap_or("");
    if change.before == change.after {
        return String::new();
    }
    let side = |exists: bool| {
        if exists {
            change.shown.clone()
        } else {
            "/dev/null".to_string()
        }
    };
    TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(
            &side(change.before.is_some()),
            &side(change.after.is_some()),
        )
        .to_string()
}
