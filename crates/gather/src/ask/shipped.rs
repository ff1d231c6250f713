//! The one loader of the data files built into gather for question mode: the learned
//! ranking (`data/ranker.txt`), the word bridge (`data/bridge.txt`) and the line scorer
//! (`data/lines.txt`). Each file is embedded in the binary and read once, on first use;
//! a file that does not read gives the empty model (the hand order), and each one's test
//! refuses a shipped file that does not read.

use std::sync::OnceLock;

/// A data file built into the binary and what it reads as, read on first use.
pub(crate) struct Shipped<T> {
    text: &'static str,
    read: fn(&'static str) -> Result<T, String>,
    value: OnceLock<T>,
}

impl<T: Default> Shipped<T> {
    /// The file `text`, to be read by `read`.
    pub(crate) const fn new(
        text: &'static str,
        read: fn(&'static str) -> Result<T, String>,
    ) -> Shipped<T> {
        Shipped {
            text,
            read,
            value: OnceLock::new(),
        }
    }

    /// What the file reads as (the empty value when it does not read), read once.
    pub(crate) fn get(&self) -> &T {
        self.value
            .get_or_init(|| (self.read)(self.text).unwrap_or_default())
    }

    /// The file's text.
    #[cfg(test)]
    pub(crate) fn text(&self) -> &'static str {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_once_and_one_that_does_not_read_is_the_empty_value() {
        static READ: Shipped<Vec<u32>> = Shipped::new("1 2 3", |t| {
            t.split(' ')
                .map(|n| n.parse().map_err(|_| n.to_string()))
                .collect()
        });
        assert_eq!(READ.get(), &[1, 2, 3]);
        assert!(std::ptr::eq(READ.get(), READ.get()), "read once");
        static BAD: Shipped<Vec<u32>> = Shipped::new("1 x", |t| {
            t.split(' ')
                .map(|n| n.parse().map_err(|_| n.to_string()))
                .collect()
        });
        assert!(BAD.get().is_empty());
        assert_eq!(BAD.text(), "1 x");
    }
}
