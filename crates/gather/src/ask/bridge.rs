//! The word bridge: how strongly a question's word goes with a word of the names of the
//! definitions a change touched, learned from commit messages and the definitions their
//! commits changed (`scripts/train-ranker`), shipped as data. It lets a question in the
//! asker's words reach code named in the project's (`crash` → `panic`, `slow` → `cache`).
//!
//! The file is text: a header line, then `QUESTION_TERM\tNAME_TERM\tSTRENGTH` lines sorted
//! by their bytes, so a term's associations are found by binary search in the embedded
//! bytes, with nothing read or built at start.

use rustc_hash::FxHashMap as HashMap;

use super::shipped::Shipped;

/// The shipped table.
static SHIPPED: Shipped<Bridge<'static>> =
    Shipped::new(include_str!("../../data/bridge.txt"), |text| {
        Ok(Bridge::new(text))
    });
const HEADER: &str = "gather-bridge 1\n";

/// A sorted table of term associations.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bridge<'a> {
    rows: &'a str,
}

impl Bridge<'static> {
    /// The table shipped with gather.
    pub fn shipped() -> Bridge<'static> {
        *SHIPPED.get()
    }
}

impl<'a> Bridge<'a> {
    /// The table in `text` (empty when the header is missing).
    pub fn new(text: &'a str) -> Bridge<'a> {
        Bridge {
            rows: text.strip_prefix(HEADER).unwrap_or(""),
        }
    }

    /// The name terms `term` goes with, and how strongly, in table order.
    pub fn associations(&self, term: &str) -> Vec<(&'a str, f64)> {
        let rows = self.rows;
        let bytes = rows.as_bytes();
        // The first line whose question term is not below `term`.
        let (mut lo, mut hi) = (0usize, bytes.len());
        while lo < hi {
            let mid = line_start(bytes, lo + (hi - lo) / 2);
            let key = rows[mid..].split('\t').next().unwrap_or("");
            if key < term {
                lo = line_end(bytes, mid);
            } else {
                hi = mid;
            }
        }
        let mut out = Vec::new();
        for line in rows[lo..].lines() {
            let mut fields = line.split('\t');
            if fields.next() != Some(term) {
                break;
            }
            if let (Some(name), Some(Ok(strength))) = (fields.next(), fields.next().map(str::parse))
            {
                out.push((name, strength));
            }
        }
        out
    }

    /// For each name term, its strongest association with any of `terms`.
    pub fn reach(&self, terms: &[(String, f32)]) -> HashMap<&'a str, f64> {
        let mut best: HashMap<&'a str, f64> = HashMap::default();
        for (term, _) in terms {
            for (name, strength) in self.associations(term) {
                let slot = best.entry(name).or_insert(f64::MIN);
                *slot = slot.max(strength);
            }
        }
        best
    }
}

/// How strongly a question's terms (their `reach`, [`Bridge::reach`]) reach a definition's
/// name: the strongest of its name terms' reaches and their mean (a name term not reached
/// counts 0). The ranking's bridge features, and the training's (`gather-train bridge`),
/// are these two numbers.
pub fn into_name(reach: &HashMap<&str, f64>, name_terms: &[String]) -> (f64, f64) {
    let (mut max, mut sum) = (0f64, 0f64);
    for term in name_terms {
        let strength = reach.get(term.as_str()).copied().unwrap_or(0.0).max(0.0);
        max = max.max(strength);
        sum += strength;
    }
    let mean = if name_terms.is_empty() {
        0.0
    } else {
        sum / name_terms.len() as f64
    };
    (max, mean)
}

/// The start of the line holding byte `at`.
fn line_start(bytes: &[u8], at: usize) -> usize {
    bytes[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1)
}

/// The start of the line after the one starting at `at`.
fn line_end(bytes: &[u8], at: usize) -> usize {
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |p| at + p + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "gather-bridge 1\nbug\tfix\t0.25\ncrash\tpanic\t0.5\ncrash\tunwrap\t0.125\nslow\tcache\t0.75\nzeta\tz\t1\n";

    #[test]
    fn every_term_finds_exactly_its_own_rows() {
        let bridge = Bridge::new(TABLE);
        assert_eq!(
            bridge.associations("crash"),
            [("panic", 0.5), ("unwrap", 0.125)]
        );
        assert_eq!(bridge.associations("bug"), [("fix", 0.25)]);
        assert_eq!(bridge.associations("slow"), [("cache", 0.75)]);
        assert_eq!(bridge.associations("zeta"), [("z", 1.0)]);
        for absent in ["", "a", "bu", "crashes", "zz", "cras"] {
            assert!(bridge.associations(absent).is_empty(), "{absent}");
        }
        assert!(Bridge::new("no header\nbug\tfix\t1\n")
            .associations("bug")
            .is_empty());
    }

    #[test]
    fn reach_keeps_each_name_terms_strongest_association() {
        let bridge = Bridge::new("gather-bridge 1\na\tx\t0.5\nb\tx\t0.75\nb\ty\t0.25\n");
        let terms = [("a".to_string(), 1.0), ("b".to_string(), 1.0)];
        let reach = bridge.reach(&terms);
        assert_eq!(reach["x"], 0.75);
        assert_eq!(reach["y"], 0.25);
        assert_eq!(reach.len(), 2);
    }

    #[test]
    fn the_shipped_table_is_sorted_and_well_formed() {
        let rows = (SHIPPED.text())
            .strip_prefix(HEADER)
            .expect("the shipped table's header");
        let mut last: Option<(&str, &str)> = None;
        for line in rows.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert!(fields[2].parse::<f64>().is_ok(), "{line}");
            let key = (fields[0], fields[1]);
            assert!(last.is_none_or(|l| l < key), "{line} out of order");
            last = Some(key);
        }
        // Known pairs answer through the search exactly as listed.
        let bridge = Bridge::shipped();
        for line in rows.lines().step_by(97) {
            let fields: Vec<&str> = line.split('\t').collect();
            let found = bridge.associations(fields[0]);
            let strength: f64 = fields[2].parse().unwrap();
            assert!(found.contains(&(fields[1], strength)), "{line}");
        }
    }
}
