//! Git's own index file (`.git/index`, versions 2 to 4), read for what the tree's state
//! needs: each entry's path, stage, mode, size, modification time and object id, and the
//! root's tree id when the cache-tree extension still holds it. An index split in two
//! (`link`) or with sparse directory entries (`sdir`) lists entries elsewhere or folded:
//! reading stops there, and the caller asks git instead.

/// One entry: a path as git last recorded it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Repository-relative, `/`-separated.
    pub path: String,
    /// 0, or 1 to 3 for the sides of a merge conflict.
    pub stage: u8,
    /// The file mode git records (`0o100644`, `0o100755`, `0o120000` links, `0o160000`
    /// submodules).
    pub mode: u32,
    /// The size on disk when recorded, truncated to 32 bits as git stores it.
    pub size: u32,
    /// The modification time when recorded: seconds and nanoseconds.
    pub mtime: (u32, u32),
    /// The blob's id.
    pub id: Vec<u8>,
    /// Left out of the working tree on purpose (sparse checkout).
    pub skip_worktree: bool,
    /// Added with `git add -N`: known, with no content yet.
    pub intent_to_add: bool,
}

/// What the index file holds.
#[derive(Debug, Default)]
pub(crate) struct GitIndex {
    /// Its entries, in path order.
    pub entries: Vec<Entry>,
    /// The tree id of the whole index, when the cache-tree extension has it valid.
    pub root_tree: Option<Vec<u8>>,
}

/// Why an index file is not read here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unread {
    /// Not an index file, cut short, or of a version not known.
    Malformed,
    /// Split, or sparse: its entries are not all here.
    Elsewhere,
}

const ENTRY_FIXED: usize = 40;
const EXTENDED: u16 = 0x4000;
const SKIP_WORKTREE: u16 = 0x4000;
const INTENT_TO_ADD: u16 = 0x2000;

/// Reads `bytes`, an index file whose object ids are `id_len` bytes long (20 for SHA-1, 32
/// for SHA-256).
pub(crate) fn parse(bytes: &[u8], id_len: usize) -> Result<GitIndex, Unread> {
    let mut at = Reader { bytes, at: 0 };
    if at.take(4)? != b"DIRC" {
        return Err(Unread::Malformed);
    }
    let version = at.u32()?;
    if !(2..=4).contains(&version) {
        return Err(Unread::Malformed);
    }
    let n = at.u32()? as usize;
    let mut entries = Vec::with_capacity(n.min(bytes.len() / ENTRY_FIXED));
    let mut previous = Vec::new();
    for _ in 0..n {
        let entry = at.entry(version, id_len, &mut previous)?;
        entries.push(entry);
    }
    let mut index = GitIndex {
        entries,
        root_tree: None,
    };
    // Extensions, then the file's own checksum.
    while bytes.len() - at.at > id_len {
        let signature = at.take(4)?;
        let size = at.u32()? as usize;
        let data = at.take(size)?;
        match signature {
            b"link" | b"sdir" => return Err(Unread::Elsewhere),
            b"TREE" => index.root_tree = root_tree(data, id_len),
            _ => {}
        }
    }
    Ok(index)
}

/// The root's tree id in a cache-tree extension: its first record, `"" NUL count SP
/// subtrees LF id`, valid when the count is not negative.
fn root_tree(data: &[u8], id_len: usize) -> Option<Vec<u8>> {
    let (path, rest) = data.split_at(data.iter().position(|&b| b == 0)?);
    if !path.is_empty() {
        return None;
    }
    let rest = &rest[1..];
    let line_end = rest.iter().position(|&b| b == b'\n')?;
    let counts = std::str::from_utf8(&rest[..line_end]).ok()?;
    let count: i64 = counts.split(' ').next()?.parse().ok()?;
    let id = rest.get(line_end + 1..line_end + 1 + id_len)?;
    (count >= 0).then(|| id.to_vec())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], Unread> {
        let end = self.at.checked_add(n).ok_or(Unread::Malformed)?;
        let taken = self.bytes.get(self.at..end).ok_or(Unread::Malformed)?;
        self.at = end;
        Ok(taken)
    }

    fn u32(&mut self) -> Result<u32, Unread> {
        let b = self.take(4)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u16(&mut self) -> Result<u16, Unread> {
        let b = self.take(2)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    /// One entry; `previous` is the path before it, which version 4 compresses against.
    fn entry(
        &mut self,
        version: u32,
        id_len: usize,
        previous: &mut Vec<u8>,
    ) -> Result<Entry, Unread> {
        let start = self.at;
        let fixed = self.take(ENTRY_FIXED)?;
        let word =
            |i: usize| u32::from_be_bytes([fixed[i], fixed[i + 1], fixed[i + 2], fixed[i + 3]]);
        let id = self.take(id_len)?.to_vec();
        let flags = self.u16()?;
        let extended = if version >= 3 && flags & EXTENDED != 0 {
            self.u16()?
        } else {
            0
        };
        let path = if version == 4 {
            let strip = self.varint()?;
            let keep = previous.len().checked_sub(strip).ok_or(Unread::Malformed)?;
            previous.truncate(keep);
            previous.extend_from_slice(self.until_nul()?);
            previous.clone()
        } else {
            let path = self.until_nul()?.to_vec();
            // NUL padding to a multiple of 8 bytes, at least one NUL.
            let len = self.at - start;
            let padded = (len + 7) & !7;
            self.take(padded - len)?;
            path
        };
        Ok(Entry {
            path: String::from_utf8(path).map_err(|_| Unread::Malformed)?,
            stage: ((flags >> 12) & 3) as u8,
            mode: word(24),
            size: word(36),
            mtime: (word(8), word(12)),
            id,
            skip_worktree: extended & SKIP_WORKTREE != 0,
            intent_to_add: extended & INTENT_TO_ADD != 0,
        })
    }

    /// The bytes before the next NUL, which is passed.
    fn until_nul(&mut self) -> Result<&'a [u8], Unread> {
        let rest = self.bytes.get(self.at..).ok_or(Unread::Malformed)?;
        let len = rest.iter().position(|&b| b == 0).ok_or(Unread::Malformed)?;
        self.at += len + 1;
        Ok(&rest[..len])
    }

    /// Git's offset varint (version 4's path compression).
    fn varint(&mut self) -> Result<usize, Unread> {
        let mut byte = self.take(1)?[0];
        let mut value = usize::from(byte & 0x7f);
        while byte & 0x80 != 0 {
            byte = self.take(1)?[0];
            value = value
                .checked_add(1)
                .and_then(|v| v.checked_mul(128))
                .and_then(|v| v.checked_add(usize::from(byte & 0x7f)))
                .ok_or(Unread::Malformed)?;
        }
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anything_but_an_index_is_malformed() {
        assert_eq!(parse(b"", 20).unwrap_err(), Unread::Malformed);
        assert_eq!(
            parse(b"DIRC\0\0\0\x09\0\0\0\0", 20).unwrap_err(),
            Unread::Malformed
        );
        // One entry announced, none there.
        assert_eq!(
            parse(b"DIRC\0\0\0\x02\0\0\0\x01", 20).unwrap_err(),
            Unread::Malformed
        );
    }

    #[test]
    fn an_empty_index_has_no_entries() {
        let mut bytes = b"DIRC\0\0\0\x02\0\0\0\0".to_vec();
        bytes.extend_from_slice(&[0; 20]);
        let index = parse(&bytes, 20).unwrap();
        assert!(index.entries.is_empty());
        assert_eq!(index.root_tree, None);
    }

    #[test]
    fn the_root_tree_is_read_only_when_valid() {
        let id = [7u8; 20];
        let mut valid = b"\x003 1\n".to_vec();
        valid.extend_from_slice(&id);
        assert_eq!(root_tree(&valid, 20), Some(id.to_vec()));
        assert_eq!(root_tree(b"\0-1 1\n", 20), None);
    }
}
