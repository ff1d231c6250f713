//! What a host session has already been shown, so a definition is put in front of the
//! model once per session: a small file per session beside the index cache.
//!
//! A definition counts as shown with the content hash of its file at the time: after an
//! edit the model's copy is stale, and the definition may be shown again. A session
//! cleared or compacted starts afresh (the model no longer holds what was shown). Records
//! are bounded: [`MAX_SHOWN`] definitions a session (the oldest forgotten first),
//! [`MAX_SESSIONS`] sessions, none unused for [`KEEP_FOR`].

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

/// The most definitions remembered for one session.
pub const MAX_SHOWN: usize = 2_000;
/// The most sessions remembered; past it the least recently used are forgotten.
pub const MAX_SESSIONS: usize = 256;
/// How long a session's record is kept after its last use.
pub const KEEP_FOR: Duration = Duration::from_secs(7 * 24 * 3600);
/// The largest record file read back (about 100 bytes a definition).
const MAX_RECORD_BYTES: u64 = 1 << 20;

/// One definition put in front of the model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shown {
    /// Root-relative path.
    pub path: String,
    /// First line.
    pub start: u32,
    /// Last line.
    pub end: u32,
    /// The file's content hash when it was shown.
    pub hash: u64,
}

#[derive(Serialize, Deserialize)]
struct File {
    version: u32,
    shown: Vec<Shown>,
}

const VERSION: u32 = 1;

/// The session records in one directory.
#[derive(Clone, Debug)]
pub struct Records {
    dir: PathBuf,
}

impl Records {
    /// The records kept in `dir` (created when first written).
    pub fn in_dir(dir: &Path) -> Records {
        Records {
            dir: dir.to_path_buf(),
        }
    }

    /// A session's file. The host is not part of the key: a session id names one
    /// conversation, and hosts that also run another host's hook files (Copilot CLI runs
    /// `.claude/settings.json` beside its own) then share one record, so the second hook
    /// does not show what the first just did.
    fn file(&self, _host: &str, session: &str) -> PathBuf {
        let key = xxhash_rust::xxh3::xxh3_64(session.as_bytes());
        self.dir.join(format!("session-{key:016x}.json"))
    }

    /// What `session` of `host` has been shown, oldest first. A missing record is empty;
    /// an unreadable or damaged one is empty too, with the reason.
    pub fn load(&self, host: &str, session: &str) -> (Vec<Shown>, Option<String>) {
        let path = self.file(host, session);
        let bytes = match read_bounded(&path) {
            Ok(Some(bytes)) => bytes,
            Ok(None) => return (Vec::new(), None),
            Err(e) => return (Vec::new(), Some(format!("{}: {e}", path.display()))),
        };
        match serde_json::from_slice::<File>(&bytes) {
            Ok(file) if file.version == VERSION => (file.shown, None),
            Ok(_) => (Vec::new(), None),
            Err(e) => (
                Vec::new(),
                Some(format!(
                    "{} is damaged ({e}); starting afresh",
                    path.display()
                )),
            ),
        }
    }

    /// Adds `shown` to what `session` has been shown, keeping the newest [`MAX_SHOWN`].
    pub fn add(&self, host: &str, session: &str, shown: &[Shown]) -> std::io::Result<()> {
        let (mut all, _) = self.load(host, session);
        all.retain(|s| !shown.contains(s));
        all.extend_from_slice(shown);
        let excess = all.len().saturating_sub(MAX_SHOWN);
        all.drain(..excess);
        self.write(host, session, all)
    }

    /// Forgets what `session` has been shown (its conversation was cleared or compacted).
    pub fn forget(&self, host: &str, session: &str) -> std::io::Result<()> {
        match std::fs::remove_file(self.file(host, session)) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }

    fn write(&self, host: &str, session: &str, shown: Vec<Shown>) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let file = File {
            version: VERSION,
            shown,
        };
        let bytes = serde_json::to_vec(&file).map_err(std::io::Error::other)?;
        let mut temp = tempfile::NamedTempFile::new_in(&self.dir)?;
        temp.write_all(&bytes)?;
        temp.persist(self.file(host, session))
            .map_err(|e| e.error)?;
        Ok(())
    }

    /// Removes records unused for [`KEEP_FOR`], then the least recently used past
    /// [`MAX_SESSIONS`]. Returns how many were removed.
    pub fn sweep(&self, now: SystemTime) -> usize {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return 0;
        };
        let mut files: Vec<(SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
            .collect();
        files.sort();
        let stale = files
            .iter()
            .filter(|(at, _)| now.duration_since(*at).is_ok_and(|age| age > KEEP_FOR))
            .count();
        let over = files.len().saturating_sub(MAX_SESSIONS);
        let gone = stale.max(over);
        (files.iter().take(gone))
            .filter(|(_, path)| std::fs::remove_file(path).is_ok())
            .count()
    }
}

/// The file's bytes, `None` when it does not exist; an error past [`MAX_RECORD_BYTES`].
fn read_bounded(path: &Path) -> std::io::Result<Option<Vec<u8>>> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    file.take(MAX_RECORD_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_RECORD_BYTES {
        return Err(std::io::Error::other("the record is too large"));
    }
    Ok(Some(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(path: &str, start: u32) -> Shown {
        Shown {
            path: path.into(),
            start,
            end: start + 4,
            hash: 7,
        }
    }

    #[test]
    fn what_a_session_was_shown_is_kept_apart_from_other_sessions() {
        let dir = tempfile::tempdir().unwrap();
        let records = Records::in_dir(dir.path());
        records.add("claude", "s1", &[shown("a.rs", 1)]).unwrap();
        records
            .add("claude", "s1", &[shown("b.rs", 9), shown("a.rs", 1)])
            .unwrap();
        assert_eq!(
            records.load("claude", "s1").0,
            vec![shown("b.rs", 9), shown("a.rs", 1)]
        );
        assert!(records.load("claude", "s2").0.is_empty());
        // Two hosts' hooks in one session share its record.
        assert_eq!(records.load("copilot", "s1").0.len(), 2);
        records.forget("claude", "s1").unwrap();
        assert!(records.load("claude", "s1").0.is_empty());
        records.forget("claude", "never").unwrap();
    }

    #[test]
    fn a_record_keeps_only_the_newest_definitions() {
        let dir = tempfile::tempdir().unwrap();
        let records = Records::in_dir(dir.path());
        let many: Vec<Shown> = (0..MAX_SHOWN as u32 + 10)
            .map(|i| shown("x.py", i))
            .collect();
        records.add("codex", "s", &many).unwrap();
        let (kept, _) = records.load("codex", "s");
        assert_eq!(kept.len(), MAX_SHOWN);
        assert_eq!(kept[0], shown("x.py", 10));
    }

    #[test]
    fn a_damaged_record_reads_as_empty_with_a_reason_and_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let records = Records::in_dir(dir.path());
        records.add("claude", "s", &[shown("a.rs", 1)]).unwrap();
        let file = records.file("claude", "s");
        std::fs::write(&file, b"{\"version\":1,\"shown\":[{").unwrap();
        let (kept, why) = records.load("claude", "s");
        assert!(kept.is_empty());
        assert!(why.unwrap().contains("damaged"));
        records.add("claude", "s", &[shown("b.rs", 2)]).unwrap();
        assert_eq!(records.load("claude", "s").0, vec![shown("b.rs", 2)]);
    }

    #[test]
    fn the_sweep_bounds_the_number_of_sessions_and_their_age() {
        let dir = tempfile::tempdir().unwrap();
        let records = Records::in_dir(dir.path());
        for i in 0..MAX_SESSIONS + 3 {
            records
                .add("claude", &format!("s{i}"), &[shown("a", 1)])
                .unwrap();
        }
        let now = SystemTime::now();
        assert_eq!(records.sweep(now), 3);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), MAX_SESSIONS);
        let later = now + KEEP_FOR + Duration::from_secs(60);
        assert_eq!(records.sweep(later), MAX_SESSIONS);
    }
}
