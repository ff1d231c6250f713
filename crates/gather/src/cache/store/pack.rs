//! One pack of the store: readings of files, each under its content key, written once and
//! never changed. Layout: `GATHERPK`, the format version (u32 LE), the lengths of the
//! header and of the table of contents (u32 LE each), their xxh3 (u64 LE), the header
//! (postcard: gather version, fingerprint, the workspace that wrote it), the table (per
//! reading: key, offset, length, xxh3), then the readings (postcard) one after another.
//! The table is read without the readings; a reading is served only when its own hash
//! matches, so one damaged reading costs that reading, and a damaged table the pack.

use serde::{Deserialize, Serialize};

use crate::record::{CallSite, FileRecord, FileStatus, Import, Reading, Symbol};

const MAGIC: &[u8; 8] = b"GATHERPK";
/// Magic, version, two lengths, hash.
pub(super) const PREFIX: usize = 8 + 4 + 4 + 4 + 8;
/// The largest header and table read back: bounds what a damaged file makes gather read.
const MAX_TABLE: u32 = 1 << 28;

/// Who wrote a pack, and with which extraction code.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Header {
    gather_version: String,
    fingerprint: u64,
    /// The stem of the stored index of the workspace whose save wrote the pack.
    pub(super) writer: String,
}

/// Where one reading lies in a pack's body, and its hash.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub(super) struct Entry {
    pub(super) key: u128,
    offset: u64,
    len: u32,
    hash: u64,
}

/// What a file's contents taught the index, borrowed from its record; read back as a
/// [`Reading`], whose fields it lists in the same order.
#[derive(Serialize)]
struct ReadingOf<'a> {
    language: &'a Option<String>,
    n_lines: u32,
    status: FileStatus,
    symbols: &'a [Symbol],
    calls: &'a [CallSite],
    imports: &'a [Import],
    package: &'a Option<String>,
}

/// The expected format of packs: version and fingerprint, as the cache's header has them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Expect {
    pub(crate) version: u32,
    pub(crate) fingerprint: u64,
}

/// A pack's whole contents for `records` (each with its key), written by `writer`.
pub(super) fn encode(expect: Expect, writer: &str, records: &[(u128, &FileRecord)]) -> Vec<u8> {
    let mut body = Vec::new();
    let mut table = Vec::with_capacity(records.len());
    for (key, record) in records {
        let start = body.len();
        let reading = ReadingOf {
            language: &record.language,
            n_lines: record.n_lines,
            status: record.status,
            symbols: &record.symbols,
            calls: &record.calls,
            imports: &record.imports,
            package: &record.package,
        };
        body = postcard::to_extend(&reading, body).expect("a Vec grows");
        table.push(Entry {
            key: *key,
            offset: start as u64,
            len: (body.len() - start) as u32,
            hash: xxhash_rust::xxh3::xxh3_64(&body[start..]),
        });
    }
    let header = Header {
        gather_version: env!("CARGO_PKG_VERSION").to_string(),
        fingerprint: expect.fingerprint,
        writer: writer.to_string(),
    };
    let header = postcard::to_stdvec(&header).expect("a Vec grows");
    let table = postcard::to_stdvec(&table).expect("a Vec grows");
    let mut out = Vec::with_capacity(PREFIX + header.len() + table.len() + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&expect.version.to_le_bytes());
    out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    out.extend_from_slice(&(table.len() as u32).to_le_bytes());
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    hasher.update(&header);
    hasher.update(&table);
    out.extend_from_slice(&hasher.digest().to_le_bytes());
    out.extend_from_slice(&header);
    out.extend_from_slice(&table);
    out.extend_from_slice(&body);
    out
}

/// How many bytes of a pack hold its prefix, header and table, from its first [`PREFIX`]
/// bytes; `None` when they are not a pack's.
pub(super) fn table_end(prefix: &[u8]) -> Option<usize> {
    let rest = prefix.strip_prefix(MAGIC.as_slice())?;
    let (_, rest) = rest.split_first_chunk::<4>()?;
    let (header_len, rest) = rest.split_first_chunk::<4>()?;
    let (table_len, _) = rest.split_first_chunk::<4>()?;
    let (header_len, table_len) = (
        u32::from_le_bytes(*header_len),
        u32::from_le_bytes(*table_len),
    );
    (header_len <= MAX_TABLE && table_len <= MAX_TABLE)
        .then(|| PREFIX + header_len as usize + table_len as usize)
}

/// A pack's header and table, checked: magic, version, hash, gather version, fingerprint.
/// `bytes` holds at least the first [`table_end`] bytes. Why not, when they do not hold.
pub(super) fn read_table(
    bytes: &[u8],
    expect: Expect,
) -> Result<(Header, Vec<Entry>), &'static str> {
    let end = table_end(bytes).ok_or("is not a gather pack")?;
    if bytes.len() < end {
        return Err("is truncated");
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != expect.version {
        return Err("has another format version");
    }
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let hash = u64::from_le_bytes(bytes[20..PREFIX].try_into().expect("8 bytes"));
    if xxhash_rust::xxh3::xxh3_64(&bytes[PREFIX..end]) != hash {
        return Err("is corrupt: its table's checksum does not match");
    }
    let header: Header = postcard::from_bytes(&bytes[PREFIX..PREFIX + header_len])
        .map_err(|_| "is corrupt: its header does not decode")?;
    if header.gather_version != env!("CARGO_PKG_VERSION")
        || header.fingerprint != expect.fingerprint
    {
        return Err("was written by another gather build");
    }
    let table: Vec<Entry> = postcard::from_bytes(&bytes[PREFIX + header_len..end])
        .map_err(|_| "is corrupt: its table does not decode")?;
    Ok((header, table))
}

/// How many readings a pack's table lists, of whatever gather build, when its table is
/// whole (its hash holds); `bytes` holds at least the first [`table_end`] bytes.
pub(super) fn count(bytes: &[u8]) -> Option<usize> {
    let end = table_end(bytes)?;
    let header_len = u32::from_le_bytes(bytes[12..16].try_into().ok()?) as usize;
    let hash = u64::from_le_bytes(bytes[20..PREFIX].try_into().ok()?);
    if bytes.len() < end || xxhash_rust::xxh3::xxh3_64(&bytes[PREFIX..end]) != hash {
        return None;
    }
    // A table is a postcard sequence: its length comes first, as a varint.
    let (n, _): (u64, _) = postcard::take_from_bytes(&bytes[PREFIX + header_len..end]).ok()?;
    usize::try_from(n).ok()
}

/// Fills `record` from the reading `entry` locates in `body` (a pack's bytes after its
/// table), when its bytes hash as the table says and decode; `false` otherwise, and
/// `record` is left as it was.
pub(super) fn fill(body: &[u8], entry: &Entry, record: &mut FileRecord) -> bool {
    let start = entry.offset as usize;
    let Some(bytes) = start
        .checked_add(entry.len as usize)
        .and_then(|end| body.get(start..end))
    else {
        return false;
    };
    if xxhash_rust::xxh3::xxh3_64(bytes) != entry.hash {
        return false;
    }
    let Ok(reading) = postcard::from_bytes::<Reading>(bytes) else {
        return false;
    };
    record.set_reading(reading);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::SkipReason;

    const EXPECT: Expect = Expect {
        version: 9,
        fingerprint: 42,
    };

    fn record(path: &str, language: &str) -> FileRecord {
        FileRecord {
            path: path.into(),
            language: Some(language.into()),
            size: 3,
            mtime_ns: 1,
            hash: 7,
            n_lines: 12,
            status: FileStatus::Skipped(SkipReason::Minified),
            symbols: Vec::new(),
            calls: Vec::new(),
            imports: Vec::new(),
            package: Some("p".into()),
        }
    }

    fn blank(path: &str) -> FileRecord {
        let mut r = record(path, "");
        r.language = None;
        r.n_lines = 0;
        r.status = FileStatus::Text;
        r.package = None;
        r
    }

    #[test]
    fn readings_come_back_and_damage_is_refused() {
        let (a, b) = (record("a.py", "python"), record("b.rs", "rust"));
        let mut bytes = encode(EXPECT, "ws", &[(1, &a), (2, &b)]);
        let end = table_end(&bytes[..PREFIX]).unwrap();
        let (header, table) = read_table(&bytes, EXPECT).unwrap();
        assert_eq!(count(&bytes), Some(2));
        assert_eq!(header.writer, "ws");
        assert_eq!(table.iter().map(|e| e.key).collect::<Vec<_>>(), [1, 2]);
        let mut back = blank("b.rs");
        assert!(fill(&bytes[end..], &table[1], &mut back));
        assert_eq!(back, b);

        // A byte of the first reading flipped: it is refused, the second still served.
        bytes[end + 1] ^= 0x40;
        let mut back = blank("a.py");
        assert!(!fill(&bytes[end..], &table[0], &mut back));
        assert_eq!(back, blank("a.py"), "left as it was");
        assert!(fill(&bytes[end..], &table[1], &mut blank("b.rs")));

        // A byte of the table flipped: the whole pack is refused.
        bytes[end - 2] ^= 0x01;
        assert!(read_table(&bytes, EXPECT).unwrap_err().contains("checksum"));
        let other = Expect {
            version: 9,
            fingerprint: 43,
        };
        let fresh = encode(EXPECT, "ws", &[(1, &a)]);
        assert!(read_table(&fresh, other).is_err());
        assert!(read_table(&fresh[..PREFIX + 2], EXPECT).is_err());
    }
}
