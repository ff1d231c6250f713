//! Which served root a call is about: the one it names (by URI, path or name), or the only
//! one; otherwise a message that names the roots to choose from, in the client's order.
//! And how the calls an answer prints name the root it came from, when there are several.

use std::path::{Path, PathBuf};

use super::{uri, Served, State};

/// The root `named` names (or the only one), or what to send instead.
pub(super) fn pick<'s>(state: &'s State, named: Option<&str>) -> Result<&'s Served, String> {
    let served = state.served.as_slice();
    let Some(named) = named else {
        return match served {
            [one] => Ok(one),
            [] => Err(none_served(state)),
            several => Err(format!(
                "{} roots are open; send root as one of {}",
                several.len(),
                listed(several)
            )),
        };
    };
    let by_uri: Vec<&Served> = served.iter().filter(|s| s.uri == named).collect();
    let found = if by_uri.is_empty() {
        by_path(served, named)
    } else {
        by_uri
    };
    let found = if found.is_empty() {
        served.iter().filter(|s| s.name == named).collect()
    } else {
        found
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(not_served(state, named)),
        several => Err(format!(
            "root {named:?} names {} roots; send one of their paths: {}",
            several.len(),
            listed(several.iter().copied())
        )),
    }
}

/// The name a call gives to reach `served` again, when several roots are served (with one,
/// a call needs none): its name, else its path, else its URI, whichever first picks it
/// and it alone now.
pub(super) fn call_name(state: &State, served: &Served) -> Option<String> {
    if state.served.len() < 2 {
        return None;
    }
    let names = [
        served.name.clone(),
        served.given.display().to_string(),
        served.uri.clone(),
    ];
    names
        .into_iter()
        .find(|name| pick(state, Some(name)).is_ok_and(|picked| std::ptr::eq(picked, served)))
}

/// The roots whose path `named` is (a path, or a `file://` URI of one), as given or with
/// links resolved.
fn by_path<'s>(served: &'s [Served], named: &str) -> Vec<&'s Served> {
    let path = uri::to_path(named).unwrap_or_else(|_| PathBuf::from(named));
    if !path.is_absolute() {
        return Vec::new();
    }
    let path = trimmed(&path);
    (served.iter())
        .filter(|s| trimmed(&s.given) == path || s.path() == path.as_path())
        .collect()
}

/// `path` without a trailing `/` or `.` component.
fn trimmed(path: &Path) -> PathBuf {
    path.components().collect()
}

/// The served roots as `path (name)`, each a value `root` takes.
fn listed<'s>(served: impl IntoIterator<Item = &'s Served>) -> String {
    let each: Vec<String> = (served.into_iter())
        .map(|s| format!("{} ({})", s.given.display(), s.name))
        .collect();
    each.join(", ")
}

/// Why no root named `named` is served, with the roots that are.
fn not_served(state: &State, named: &str) -> String {
    let refused = state.refused.iter().find(|r| r.uri == named);
    let first = match refused {
        Some(refused) => format!("root {named:?} is not served: {}", refused.why),
        None => format!("no root is named {named:?}"),
    };
    match state.served.as_slice() {
        [] => format!("{first}; {}", none_served(state)),
        served => format!("{first}; send root as one of {}", listed(served)),
    }
}

/// Why no root is served at all: every root the client named was refused.
fn none_served(state: &State) -> String {
    let mut each: Vec<String> = (state.refused.iter())
        .map(|r| format!("{} ({})", r.uri, r.why))
        .collect();
    if state.more_refused > 0 {
        each.push(format!("{} more", state.more_refused));
    }
    format!(
        "no root is open: the client's roots were refused: {}",
        each.join("; ")
    )
}
