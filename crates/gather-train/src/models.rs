//! `gather-train check-models`: reads freshly trained model files with gather's own loaders
//! and checks that each records the fingerprint of this build's features, so the training
//! command never installs a file gather would refuse or misread.

use std::path::Path;

use gather::ask::ranker::Ranker;
use gather::pack::line_score::{self, LineModel};

/// Checks the ranker, the word bridge and the line scorer; says on stdout what each holds.
pub fn check(ranker: &Path, bridge: &Path, lines: &Path) -> Result<(), String> {
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()));
    let features = crate::features_fingerprint()?;
    let model = check_ranker(&read(ranker)?, &features)
        .map_err(|e| format!("{}: {e}", ranker.display()))?;
    println!(
        "{}: {} trees, fingerprint {features}",
        ranker.display(),
        model
    );
    let pairs = check_bridge(&read(bridge)?).map_err(|e| format!("{}: {e}", bridge.display()))?;
    println!("{}: {pairs} pairs", bridge.display());
    check_lines(&read(lines)?, &line_score::fingerprint())
        .map_err(|e| format!("{}: {e}", lines.display()))?;
    println!(
        "{}: fingerprint {}",
        lines.display(),
        line_score::fingerprint()
    );
    Ok(())
}

/// The ranker's number of trees, if gather reads it and it was trained on `fingerprint`.
fn check_ranker(text: &str, fingerprint: &str) -> Result<usize, String> {
    let ranker = Ranker::parse(text)?;
    if ranker.is_empty() {
        return Err("no trees".into());
    }
    same_fingerprint(ranker.fingerprint(), fingerprint)?;
    Ok(text.lines().filter(|l| l.trim() == "tree").count())
}

/// The bridge's number of pairs: each line a question term, a name term and a strength.
fn check_bridge(text: &str) -> Result<usize, String> {
    let mut lines = text.lines();
    if lines.next() != Some("gather-bridge 1") {
        return Err("not a gather-bridge 1 table".into());
    }
    let mut pairs = 0;
    for (at, line) in lines.enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        let strength = fields.get(2).and_then(|s| s.parse::<f64>().ok());
        if fields.len() != 3 || !strength.is_some_and(f64::is_finite) {
            return Err(format!("line {}: not `term, term, strength`", at + 2));
        }
        pairs += 1;
    }
    Ok(pairs)
}

fn check_lines(text: &str, fingerprint: &str) -> Result<(), String> {
    let model = LineModel::parse(text)?;
    same_fingerprint(model.fingerprint(), fingerprint)
}

fn same_fingerprint(recorded: Option<&str>, expected: &str) -> Result<(), String> {
    match recorded {
        Some(f) if f == expected => Ok(()),
        Some(f) => Err(format!(
            "trained on features {f}, this build's are {expected}"
        )),
        None => Err("records no fingerprint".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(file: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../gather/data")
            .join(file);
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn the_shipped_files_pass() {
        let features = crate::features_fingerprint().unwrap();
        assert_eq!(check_ranker(&shipped("ranker.txt"), &features), Ok(600));
        assert!(check_bridge(&shipped("bridge.txt")).unwrap() > 30_000);
        assert_eq!(
            check_lines(&shipped("lines.txt"), &line_score::fingerprint()),
            Ok(())
        );
    }

    #[test]
    fn a_file_gather_would_refuse_or_misread_fails() {
        let ranker = shipped("ranker.txt");
        let features = crate::features_fingerprint().unwrap();
        let stale = ranker.replace(&features, "0000000000000000");
        assert!(check_ranker(&stale, &features)
            .unwrap_err()
            .contains("this build's are"));
        let unknown = ranker.replacen("features ident_exact", "features ident_exactly", 1);
        assert!(check_ranker(&unknown, &features).is_err());
        let header = "gather-ranker 1\nfeatures hand\nfingerprint x\n";
        assert_eq!(check_ranker(header, "x"), Err("no trees".into()));
        assert!(check_bridge("gather-bridge 1\nretry\tbackoff\n").is_err());
        assert!(check_bridge("gather-bridge 1\nretry\tbackoff\tstrong\n").is_err());
        let lines = shipped("lines.txt");
        assert!(check_lines(&lines, "0000000000000000").is_err());
    }
}
