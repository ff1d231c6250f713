//! The frame of a stored file: magic, format version, header, payload, then the payload's
//! length and hash. Reading checks every part before the payload is decoded; writing
//! streams the payload through the hash into a temporary file made durable, then renamed
//! into place.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};
use tempfile::NamedTempFile;

use super::{files, fingerprint, invalid, Cache, LoadError};

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

/// Whose file [`Cache::check`] reads: this cache's workspace's, or any workspace's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Whose {
    /// Its root must be this cache's.
    Own,
    /// Any root will do.
    Any,
}

impl Cache {
    /// Checks everything but the records themselves: magic, versions, length, hash, and
    /// the root unless the file may be another workspace's (`Whose::Any`: a sibling's
    /// postings or history).
    pub(super) fn check<'b>(
        &self,
        bytes: &'b [u8],
        magic: &[u8; 8],
        whose: Whose,
    ) -> std::result::Result<(Header, &'b [u8]), LoadError> {
        let Some(rest) = bytes.strip_prefix(magic.as_slice()) else {
            return Err(invalid("is not a gather index"));
        };
        let Some((version, rest)) = rest.split_first_chunk::<4>() else {
            return Err(invalid("is truncated"));
        };
        let version = u32::from_le_bytes(*version);
        if version != self.format.version {
            return Err(invalid(format!(
                "has format version {version}, this gather reads {}",
                self.format.version
            )));
        }
        let framed = rest;
        let (header, rest): (Header, &[u8]) =
            postcard::take_from_bytes(rest).map_err(|_| invalid("is truncated or corrupt"))?;
        let header_bytes = &framed[..framed.len() - rest.len()];
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
        // The header is hashed with the payload: a damaged scan time or root is caught too.
        if checksum(header_bytes, payload) != hash {
            return Err(invalid("is corrupt: its checksum does not match"));
        }
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
        if whose == Whose::Own && header.root != self.root.as_os_str().as_encoded_bytes() {
            return Err(invalid(format!(
                "belongs to another workspace ({})",
                String::from_utf8_lossy(&header.root)
            )));
        }
        Ok((header, payload))
    }

    /// Writes `payload` framed by `magic`, the header and the trailer to a temporary file,
    /// then renames it over `path`. A full disk says so.
    pub(super) fn write(
        &self,
        disk: &impl Disk,
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
                self.replace(disk, path, |out| {
                    out.write_all(magic)?;
                    out.write_all(&self.format.version.to_le_bytes())?;
                    out.write_all(&header)?;
                    let (len, hash) = stream(&header, payload, &mut *out)?;
                    out.write_all(&len.to_le_bytes())?;
                    out.write_all(&hash.to_le_bytes())
                })
            });
        framed.map_err(|e| explain_write_error(e, path))
    }

    /// Fills a new temporary file in the cache directory with `fill`, syncs it, renames it
    /// over `path` in one step and syncs the directory. A reader sees the whole old file or
    /// the whole new one; a crash or a power loss at any step leaves one of them too, since
    /// the new contents reach the disk before the name points at them.
    fn replace<D: Disk>(
        &self,
        disk: &D,
        path: &Path,
        fill: impl FnOnce(&mut ToDisk<'_, D>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.dir)?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".gather-")
            .suffix(".tmp")
            .tempfile_in(&self.dir)?;
        fill(&mut ToDisk {
            disk,
            file: tmp.as_file_mut(),
        })?;
        disk.sync(tmp.as_file())?;
        disk.rename(tmp, path)?;
        disk.sync_dir(&self.dir)?;
        files::sweep(&self.dir, &self.format.tag());
        Ok(())
    }
}

/// The steps of a save that reach the disk, one method each. [`Durable`] performs them; a
/// test fails any one of them (or a write part-way) to show that a save cut short anywhere
/// leaves the old file or the new one, never an empty one.
pub(super) trait Disk {
    /// Writes part of the new file's contents into the temporary file.
    fn write(&self, file: &mut File, buf: &[u8]) -> std::io::Result<usize> {
        file.write(buf)
    }

    /// Makes the temporary file's contents durable. Without it a file system may commit
    /// the rename first, and a power loss then leaves an empty file under the cache's name.
    fn sync(&self, file: &File) -> std::io::Result<()> {
        file.sync_all()
    }

    /// Puts the temporary file in place of `path`, in one step.
    fn rename(&self, tmp: NamedTempFile, path: &Path) -> std::io::Result<()> {
        tmp.persist(path).map(drop).map_err(|e| e.error)
    }

    /// Makes the rename durable: it is an entry of the directory.
    fn sync_dir(&self, dir: &Path) -> std::io::Result<()> {
        sync_dir(dir)
    }
}

/// The disk as it is.
pub(super) struct Durable;

impl Disk for Durable {}

/// The temporary file as the frame writes it: every write goes through the [`Disk`].
pub(super) struct ToDisk<'a, D> {
    disk: &'a D,
    file: &'a mut File,
}

impl<D: Disk> Write for ToDisk<'_, D> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.disk.write(self.file, buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Syncs a directory's entries. Unix only: elsewhere a directory cannot be opened as a
/// file, and the rename itself is what the platform offers. A file system that cannot sync
/// a directory (it answers `EINVAL`) is not an error.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    match File::open(dir).and_then(|d| d.sync_all()) {
        Err(e) if e.kind() == std::io::ErrorKind::InvalidInput => Ok(()),
        other => other,
    }
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}

/// Writes `payload` as postcard to `out` through a buffer into a hashing writer (no copy of
/// the whole payload in memory) and returns its length and hash (of `header`, then the
/// payload), for the trailer. The
/// writer's own error is returned, not postcard's.
fn stream(
    header: &[u8],
    payload: &(impl Serialize + ?Sized),
    out: impl Write,
) -> std::io::Result<(u64, u64)> {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(header);
    let mut buffered = std::io::BufWriter::with_capacity(
        1 << 16,
        Hashing {
            inner: out,
            hasher,
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

/// The trailer's hash of a stored file: its header's bytes, then its payload's.
fn checksum(header: &[u8], payload: &[u8]) -> u64 {
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(header);
    hasher.update(payload);
    hasher.digest()
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
        let error = stream(b"", &payload, full).unwrap_err();
        assert_eq!(error.kind(), std::io::ErrorKind::StorageFull);
        let explained = explain_write_error(error, Path::new("/c/x.index"));
        assert_eq!(
            explained.to_string(),
            "no space left on device while saving the cache to /c/x.index"
        );
    }
}
