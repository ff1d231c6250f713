//! The workspace's call sites by the name they call, built on first use: the callers of a
//! definition are among the call sites spelled like it, so a query reads those instead of
//! testing every call site of the workspace.

use rustc_hash::FxHashMap as HashMap;

use crate::record::FileRecord;

/// A call site: its file's position and its position among that file's calls.
pub(crate) type CallAt = (u32, u32);

/// Call sites by called name, each list in (file, call) order.
#[derive(Debug, Default)]
pub(crate) struct CallsByName {
    by_name: HashMap<String, Vec<CallAt>>,
}

impl CallsByName {
    pub(crate) fn new(files: &[FileRecord]) -> CallsByName {
        let mut by_name: HashMap<String, Vec<CallAt>> = HashMap::default();
        for (file_idx, file) in files.iter().enumerate() {
            for (call_idx, call) in file.calls.iter().enumerate() {
                let at = (file_idx as u32, call_idx as u32);
                match by_name.get_mut(call.name.as_str()) {
                    Some(sites) => sites.push(at),
                    None => {
                        by_name.insert(call.name.clone(), vec![at]);
                    }
                }
            }
        }
        CallsByName { by_name }
    }

    /// The call sites spelled `name`, in (file, call) order.
    pub(crate) fn named(&self, name: &str) -> &[CallAt] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{CallKind, CallSite, FileStatus};

    fn file(path: &str, calls: &[(&str, u32)]) -> FileRecord {
        FileRecord {
            path: path.to_string(),
            language: Some("python".to_string()),
            size: 0,
            mtime_ns: 0,
            hash: 0,
            n_lines: 10,
            status: FileStatus::Parsed,
            symbols: Vec::new(),
            calls: (calls.iter())
                .map(|&(name, line)| CallSite {
                    enclosing: None,
                    name: name.to_string(),
                    qualifier: None,
                    line,
                    kind: CallKind::Call,
                })
                .collect(),
            imports: Vec::new(),
            package: None,
        }
    }

    #[test]
    fn every_call_site_is_listed_under_its_name_in_file_order() {
        let a = file("a.py", &[("run", 1), ("stop", 2), ("run", 3)]);
        let b = file("b.py", &[("run", 5)]);
        let calls = CallsByName::new(&[a, b]);
        assert_eq!(calls.named("run"), &[(0, 0), (0, 2), (1, 0)]);
        assert_eq!(calls.named("stop"), &[(0, 1)]);
        assert!(calls.named("walk").is_empty());
    }
}
