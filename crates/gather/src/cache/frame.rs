//! The frame of a stored file: magic, format version, header, payload, then the payload's
//! length and hash. Reading checks every part before the payload is decoded; writing
//! streams the payload through the hash into a temporary file renamed into place.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{fingerprint, invalid, Cache, LoadError, FORMAT_VERSION};

/// Who wrote a stored file, from which extraction code, for which root, and when its walk
/// began.
#[derive(Serialize, Deserialize)]
pub(super) struct Header {
    gather_version: String,
    fingerprint: u64,
    root: Vec<u8>,
    pub(super) scanned_ns: i64,
}

/// After the records: their length and xxh3 hash, both u64 little-endian.
const TRAILER: usize = 16;

/// Counts and hashes what passes through to `inner`, and keeps the first write error:
/// postcard reports any error of its writer as a full buffer, which would hide a full disk.
struct Hashing<W> {
    inner: W,
    hasher: xxhash_rust::xxh3::Xxh3,
    len: u64,
    error: Option<std::io::Error>,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = match self.inner.write(buf) {
            Ok(n) => n,
            Err(e) => {
                let kept = std::io::Error::new(e.kind(), e.to_string());
                self.error.get_or_insert(kept);
                return Err(e);
            }
        };
        self.hasher.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

impl Cache {
    /// Checks everything but the records themselves: magic, versions, root, length, hash.
    pub(super) fn check<'b>(
        &self,
        bytes: &'b [u8],
        magic: &[u8; 8],
    ) -> std::result::Result<(Header, &'b [u8]), LoadError> {
        let Some(rest) = bytes.strip_prefix(magic.as_slice()) else {
            return Err(invalid("is not a gather index"));
        };
        let Some((version, rest)) = rest.split_first_chunk::<4>() else {
            return Err(invalid("is truncated"));
        };
        let version = u32::from_le_bytes(*version);
        if version != FORMAT_VERSION {
            return Err(invalid(format!(
                "has format version {version}, this gather reads {FORMAT_VERSION}"
            )));
        }
        let (header, rest): (Header, &[u8]) =
            postcard::take_from_bytes(rest).map_err(|_| invalid("is truncated or corrupt"))?;
        if header.gather_version != env!("CARGO_PKG_VERSION") {
            return Err(invalid(format!(
                "was written by gather {}, this is {}",
                header.gather_version,
                env!("CARGO_PKG_VERSION")
            )));
        }
        if header.fingerprint != fingerprint() {
            return Err(invalid(
                "was written by a gather build with other parsers or queries",
            ));
        }
        if header.root != self.root.as_os_str().as_encoded_bytes() {
            return Err(invalid(format!(
                "belongs to another workspace ({})",
                String::from_utf8_lossy(&header.root)
            )));
        }
        let Some((payload, trailer)) = rest.split_last_chunk::<TRAILER>() else {
            return Err(invalid("is truncated"));
        };
        let (len, hash) = trailer.split_at(8);
        let len = u64::from_le_bytes(len.try_into().expect("8 bytes"));
        let hash = u64::from_le_bytes(hash.try_into().expect("8 bytes"));
        if payload.len() as u64 != len {
            return Err(invalid(
                "is truncated or corrupt: its length does not match",
            ));
        }
        if xxhash_rust::xxh3::xxh3_64(payload) != hash {
            return Err(invalid("is corrupt: its checksum does not match"));
        }
        Ok((header, payload))
    }

    /// Writes `payload` framed by `magic`, the header and the trailer to a temporary file,
    /// then renames it over `path`. A full disk says so.
    pub(super) fn write(
        &self,
        path: &Path,
        magic: &[u8; 8],
        scanned_ns: i64,
        payload: &(impl Serialize + ?Sized),
    ) -> std::io::Result<()> {
        let header = Header {
            gather_version: env!("CARGO_PKG_VERSION").to_string(),
            fingerprint: fingerprint(),
            root: self.root.as_os_str().as_encoded_bytes().to_vec(),
            scanned_ns,
        };
        let framed = postcard::to_stdvec(&header)
            .map_err(std::io::Error::other)
            .and_then(|header| {
                self.replace(path, |file| {
                    file.write_all(magic)?;
                    file.write_all(&FORMAT_VERSION.to_le_bytes())?;
                    file.write_all(&header)?;
                    let (len, hash) = stream(payload, &mut *file)?;
                    file.write_all(&len.to_le_bytes())?;
                    file.write_all(&hash.to_le_bytes())
                })
            });
        framed.map_err(|e| explain_write_error(e, path))
    }

    /// Fills a new temporary file in the cache directory with `fill`, then renames it over
    /// `path` in one step, so a reader sees the whole old file or the whole new one.
    fn replace(
        &self,
        path: &Path,
        fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".gather-")
            .suffix(".tmp")
            .tempfile_in(&self.dir)?;
        fill(tmp.as_file_mut())?;
        tmp.persist(path).map_err(|e| e.error)?;
        self.remove_stale_temporaries();
        Ok(())
    }

    /// Removes temporary files that a process killed between write and rename left behind
    /// (an hour old at least, so never one still being written).
    fn remove_stale_temporaries(&self) {
        let Ok(entries) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let stale = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600);
            if name.starts_with(".gather-") && name.ends_with(".tmp") && stale {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// Writes `payload` as postcard to `out` through a buffer into a hashing writer (no copy of
/// the whole payload in memory) and returns its length and hash, for the trailer. The
/// writer's own error is returned, not postcard's.
fn stream(payload: &(impl Serialize + ?Sized), out: impl Write) -> std::io::Result<(u64, u64)> {
    let mut buffered = std::io::BufWriter::with_capacity(
        1 << 16,
        Hashing {
            inner: out,
            hasher: xxhash_rust::xxh3::Xxh3::new(),
            len: 0,
            error: None,
        },
    );
    if let Err(e) = postcard::to_io(payload, &mut buffered) {
        return Err(buffered
            .get_mut()
            .error
            .take()
            .unwrap_or_else(|| std::io::Error::other(e)));
    }
    let hashing = buffered.into_inner().map_err(|e| e.into_error())?;
    Ok((hashing.len, hashing.hasher.digest()))
}

/// An error of a cache write, saying what happened where.
fn explain_write_error(e: std::io::Error, path: &Path) -> std::io::Error {
    if e.kind() == std::io::ErrorKind::StorageFull {
        return std::io::Error::new(
            e.kind(),
            format!(
                "no space left on device while saving the cache to {}",
                path.display()
            ),
        );
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_says_so() {
        // Writes to /dev/full fail with ENOSPC.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let payload = vec![7u64; 100_000];
        let error = stream(&payload, full).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::StorageFull);
        let explained = explain_write_error(error, Path::new("/c/x.index"));
        assert_eq!(
            explained.to_string(),
            "no space left on device while saving the cache to /c/x.index"
        );
    }
}
