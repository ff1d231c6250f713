//! One file's change as a value: its text before and after the edits of its [`FileSpec`],
//! computed from its current text alone. Nothing here reads or writes a file.

use std::path::PathBuf;

use crate::error::SetupError;
use crate::hooks;
use crate::jsondoc::{Change, JsonDoc};
use crate::markdown;
use crate::spec::{Edit, FileSpec, Format};
use crate::tomldoc::TomlDoc;

/// What happens to a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// It did not exist and is written.
    Created,
    /// It is rewritten with setup's edits (or without them, on `--remove`).
    Updated,
    /// It stays as it is.
    Unchanged,
    /// It held nothing but what setup wrote, and is deleted.
    Removed,
}

impl Status {
    /// The word output uses: `created`, `updated`, `unchanged`, `removed`.
    pub fn word(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Updated => "updated",
            Status::Unchanged => "unchanged",
            Status::Removed => "removed",
        }
    }
}

/// One file's planned change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileChange {
    /// The file's absolute path.
    pub path: PathBuf,
    /// The path as output shows it.
    pub shown: String,
    /// The directory emptied directories are removed up to (see [`FileSpec::base`]).
    pub base: PathBuf,
    /// Its text now (`None`: it does not exist).
    pub before: Option<String>,
    /// Its text after the change (`None`: it does not exist afterwards).
    pub after: Option<String>,
    /// What happens to it.
    pub status: Status,
    /// Each gather entry that differed from what setup writes and was replaced, with what
    /// it held.
    pub replaced: Vec<String>,
}

/// The change `spec` makes to a file whose text is `current`: its edits, or with `remove`
/// the taking out of everything they add.
pub fn plan_file(
    spec: &FileSpec,
    current: Option<&str>,
    remove: bool,
) -> Result<FileChange, SetupError> {
    let text = current.unwrap_or("");
    let (after, replaced) = if remove {
        let after = match take_out(spec, text)? {
            Some(edited) => Some(edited).filter(|t| !holds_nothing(spec, t)),
            None => current.map(str::to_string),
        };
        (after, Vec::new())
    } else {
        let (edited, changes) = put_in(spec, text)?;
        let replaced = changes
            .into_iter()
            .filter_map(|c| match c {
                Change::Replaced(was) => Some(was),
                _ => None,
            })
            .collect();
        (Some(edited), replaced)
    };
    let status = match (current, &after) {
        (None, None) => Status::Unchanged,
        (None, Some(_)) => Status::Created,
        (Some(_), None) => Status::Removed,
        (Some(now), Some(then)) if now == then => Status::Unchanged,
        (Some(_), Some(_)) => Status::Updated,
    };
    Ok(FileChange {
        path: spec.path.clone(),
        shown: spec.shown.clone(),
        base: spec.base.clone(),
        before: current.map(str::to_string),
        after,
        status,
        replaced,
    })
}

/// `text` with every edit of `spec` made, and what each edit did.
fn put_in(spec: &FileSpec, text: &str) -> Result<(String, Vec<Change>), SetupError> {
    let file = spec.shown.as_str();
    match spec.format {
        Format::Json | Format::Jsonc => {
            let doc = JsonDoc::parse(text, file, spec.format)?;
            let mut changes = Vec::new();
            for edit in &spec.edits {
                changes.push(match edit {
                    Edit::Entry {
                        keys,
                        value,
                        nested,
                    } => doc.set_entry(keys, value, *nested)?,
                    Edit::GroupedHook { event, group } => {
                        hooks::ensure_grouped(&doc, event, group)?
                    }
                    Edit::FlatHook { event, handler } => hooks::ensure_flat(&doc, event, handler)?,
                    Edit::Section { .. } | Edit::Whole { .. } => Change::Same,
                });
            }
            Ok((doc.text(), changes))
        }
        Format::Toml => {
            let mut doc = TomlDoc::parse(text, file)?;
            let mut changes = Vec::new();
            for edit in &spec.edits {
                if let Edit::Entry { keys, value, .. } = edit {
                    changes.push(doc.set_entry(keys, value)?);
                }
            }
            Ok((doc.text(), changes))
        }
        Format::Markdown | Format::Owned => {
            let mut text = text.to_string();
            let mut changes = Vec::new();
            for edit in &spec.edits {
                let (edited, change) = match edit {
                    Edit::Section { text: section } => markdown::insert(&text, section, file)?,
                    Edit::Whole { text: whole } => whole_file(&text, whole),
                    _ => (text.clone(), Change::Same),
                };
                text = edited;
                changes.push(change);
            }
            Ok((text, changes))
        }
    }
}

/// `text` without what the edits of `spec` add, or `None` when it holds none of it.
fn take_out(spec: &FileSpec, text: &str) -> Result<Option<String>, SetupError> {
    let file = spec.shown.as_str();
    let mut found = false;
    let edited = match spec.format {
        Format::Json | Format::Jsonc => {
            let doc = JsonDoc::parse(text, file, spec.format)?;
            for edit in &spec.edits {
                found |= match edit {
                    Edit::Entry { keys, nested, .. } => doc.remove_entry(keys, *nested)?,
                    Edit::GroupedHook { event, .. } => hooks::remove_grouped(&doc, event)?,
                    Edit::FlatHook { event, .. } => hooks::remove_flat(&doc, event)?,
                    Edit::Section { .. } | Edit::Whole { .. } => false,
                };
            }
            doc.text()
        }
        Format::Toml => {
            let mut doc = TomlDoc::parse(text, file)?;
            for edit in &spec.edits {
                if let Edit::Entry { keys, .. } = edit {
                    found |= doc.remove_entry(keys);
                }
            }
            doc.text()
        }
        Format::Markdown => match markdown::remove(text, file)? {
            Some(edited) => {
                found = true;
                edited
            }
            None => text.to_string(),
        },
        Format::Owned => {
            found = !text.is_empty();
            String::new()
        }
    };
    Ok(found.then_some(edited))
}

/// A file gather alone writes: the same text is left alone, any other is replaced and said.
fn whole_file(current: &str, whole: &str) -> (String, Change) {
    let change = if current == whole {
        Change::Same
    } else if current.is_empty() {
        Change::Added
    } else {
        Change::Replaced(current.trim_end().to_string())
    };
    (whole.to_string(), change)
}

/// Whether a file left by `--remove` holds nothing worth keeping, so it is deleted.
fn holds_nothing(spec: &FileSpec, text: &str) -> bool {
    match spec.format {
        Format::Json | Format::Jsonc => {
            let flat = spec
                .edits
                .iter()
                .any(|e| matches!(e, Edit::FlatHook { .. }));
            JsonDoc::parse(text, &spec.shown, spec.format).is_ok_and(|doc| doc.holds_nothing(flat))
        }
        Format::Toml | Format::Markdown | Format::Owned => text.trim().is_empty(),
    }
}
