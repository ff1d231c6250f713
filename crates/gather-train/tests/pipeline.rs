//! The training command on a small repository made here: `scripts/train --data-only` mines
//! its history at the pinned head, then writes the candidates, features, history and lines
//! with this build's `gather-train`, every step for real. It stops before the training
//! itself, which needs LightGBM (installed by the command into its own venv, not here).

use std::path::{Path, PathBuf};
use std::process::Command;

use gather::ask::features::{NAMES, N_FEATURES};
use serde_json::Value;

/// The repository's root, where `scripts/` and the shipped model live.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(args)
        .env("GIT_AUTHOR_NAME", "Ada")
        .env("GIT_AUTHOR_EMAIL", "ada@example.com")
        .env("GIT_COMMITTER_NAME", "Ada")
        .env("GIT_COMMITTER_EMAIL", "ada@example.com")
        .env("GIT_AUTHOR_DATE", "2024-01-02T03:04:05Z")
        .env("GIT_COMMITTER_DATE", "2024-01-02T03:04:05Z")
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Writes `files` into the repository and commits them with `message`; returns the sha.
fn commit(dir: &Path, message: &str, files: &[(&str, String)]) -> String {
    for (path, text) in files {
        let full = dir.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", message]);
    git(dir, &["rev-parse", "HEAD"])
}

/// The client module, with `delay` as the backoff's growth and `chunk` as the send loop's.
fn client(delay: &str, chunk: &str) -> String {
    format!(
        r#"__version__ = "1.0.0"


def backoff_delay(attempt):
    """How long to wait before the next attempt."""
    return {delay}


def parse_headers(text):
    headers = {{}}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return headers


def send_request(sock, method, path, body):
    """Writes one request to the socket."""
    head = f"{{method}} {{path}} HTTP/1.1\r\n"
    sock.write(head.encode())
    length = len(body)
    sock.write(f"Content-Length: {{length}}\r\n\r\n".encode())
    sent = 0
    while sent < length:
        piece = body[sent:sent + {chunk}]
        sock.write(piece)
        sent += len(piece)
    sock.flush()
    return sent
"#
    )
}

fn pool(release: &str) -> String {
    format!(
        r#"class Pool:
    """Connections kept open between requests."""

    def __init__(self):
        self.idle = []

    def acquire(self):
        return self.idle.pop() if self.idle else None

    def release(self, connection):
        {release}
"#
    )
}

/// The questions the fixture's history should give, newest first.
const QUESTIONS: [&str; 3] = [
    "Send the request body in larger chunks so big uploads need fewer writes",
    "Let the pool drop a released connection that is already closed",
    "Make the retry backoff double its delay after every failed attempt",
];

/// The fixture repository: three commits worth asking about, two the miner must refuse.
fn fixture(repos: &Path) -> String {
    let dir = repos.join("owner__fixture");
    std::fs::create_dir_all(&dir).unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    let keep = "self.idle.append(connection)";
    commit(
        &dir,
        "Start the client with a retry loop, header parsing and a pool",
        &[
            ("src/client.py", client("1.0", "1024")),
            ("src/pool.py", pool(keep)),
        ],
    );
    commit(
        &dir,
        QUESTIONS[2],
        &[("src/client.py", client("2.0 ** attempt", "1024"))],
    );
    commit(
        &dir,
        "Bump version to 1.0.1",
        &[(
            "src/client.py",
            client("2.0 ** attempt", "1024").replace("1.0.0", "1.0.1"),
        )],
    );
    let dropped = "if not connection.closed:\n            self.idle.append(connection)";
    commit(&dir, QUESTIONS[1], &[("src/pool.py", pool(dropped))]);
    commit(
        &dir,
        "Fix typo",
        &[(
            "src/pool.py",
            pool(dropped).replace("kept open", "kept  open"),
        )],
    );
    commit(
        &dir,
        QUESTIONS[0],
        &[(
            "src/client.py",
            client("2.0 ** attempt", "65536").replace("1.0.0", "1.0.1"),
        )],
    )
}

fn read_lines(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The value of the line `key …` in a shipped model file.
fn shipped_field(file: &str, key: &str) -> String {
    let text = std::fs::read_to_string(repo_root().join("crates/gather/data").join(file)).unwrap();
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("{file} has no {key} line"));
    line.to_string()
}

#[test]
fn the_training_command_writes_the_training_data_of_a_small_history() {
    let tmp = tempfile::tempdir().unwrap();
    let repos = tmp.path().join("repos");
    let head = fixture(&repos);
    // A list and a manifest of their own: the repository's training list names only the
    // real training repositories. Newest first, the walk scans five commits to keep three.
    let list = tmp.path().join("train-repos.txt");
    std::fs::write(&list, "# Python\nowner/fixture\n").unwrap();
    let manifest = tmp.path().join("train-manifest.tsv");
    std::fs::write(&manifest, format!("owner/fixture\t{head}\t3\t5\tpython\n")).unwrap();
    let work = tmp.path().join("work");
    let run = Command::new(repo_root().join("scripts/train"))
        .arg(&repos)
        .arg(&work)
        .args(["--data-only", "--jobs", "1", "--manifest"])
        .arg(&manifest)
        .arg("--list")
        .arg(&list)
        .env("GATHER_TRAIN", env!("CARGO_BIN_EXE_gather-train"))
        .output()
        .expect("scripts/train runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "scripts/train failed:\n{stderr}");
    assert!(stderr.contains("stopping before the training"), "{stderr}");

    // 1. The miner kept the three questions, refused the bump and the typo fix.
    let mined = read_lines(&work.join("mined/owner__fixture.jsonl"));
    let questions: Vec<&str> = mined
        .iter()
        .map(|m| m["question"].as_str().unwrap())
        .collect();
    assert_eq!(questions, QUESTIONS);

    // 2. Each question's candidates (oldest question first), named and fingerprinted as
    // the shipped model expects.
    let features = read_lines(&work.join("features/owner__fixture.jsonl"));
    assert_eq!(features.len(), 3, "every question has its gold");
    let names: Vec<&str> = (features[0]["features"].as_array().unwrap().iter())
        .map(|n| n.as_str().unwrap())
        .collect();
    assert_eq!(names, NAMES);
    let fingerprint = features[0]["fingerprint"].as_str().unwrap();
    assert_eq!(fingerprint, shipped_field("ranker.txt", "fingerprint"));
    let gold: Vec<&str> = features
        .iter()
        .map(|q| q["gold"][0][4].as_str().unwrap())
        .collect();
    assert_eq!(gold, ["backoff_delay", "Pool.release", "send_request"]);
    for q in &features {
        let rows = q["candidates"].as_array().unwrap();
        assert!(
            rows.iter().any(|r| r[0] == 1),
            "the gold is a candidate: {q}"
        );
        assert!(rows
            .iter()
            .all(|r| r[5].as_array().unwrap().len() == N_FEATURES));
    }
    assert!(
        !work.join("features/work/owner__fixture").exists(),
        "the scratch clone is removed once the features are written"
    );
    let written = work.join("features/owner__fixture.jsonl");
    relative_columns_hold(&written);
    bridge_columns_hold(&written, &tmp.path().join("bridge.jsonl"));

    // 3. Among the features, each candidate file's history as of the question's parent,
    // read at the checkout: known, and every file came in with a commit.
    let column = |name: &str| NAMES.iter().position(|n| *n == name).unwrap();
    let (known, changes) = (column("hist_known"), column("hist_changes"));
    for q in &features {
        for row in q["candidates"].as_array().unwrap() {
            let f = row[5].as_array().unwrap();
            assert_eq!(f[known], 1.0, "git knows every file: {row}");
            assert!(f[changes].as_f64().unwrap() > 0.0, "{row}");
        }
    }
    assert!(!work.join("features/history").exists());

    // 4. The changed definitions long enough to be cut down: send_request alone.
    let lines = read_lines(&work.join("features/lines/owner__fixture.jsonl"));
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(
        lines[0]["fingerprint"].as_str().unwrap(),
        shipped_field("lines.txt", "fingerprint")
    );
    let labels = lines[0]["labels"].as_array().unwrap();
    assert_eq!(
        labels.iter().filter(|l| **l == 1).count(),
        1,
        "one line changed"
    );
}

/// The relative columns train-ranker reads are each score over its question's best, as it
/// once derived them itself: read as Python reads them (exactly; serde_json's default
/// parsing may miss by a unit in the last place), the binary's values are the same to the
/// last bit.
fn relative_columns_hold(features: &Path) {
    let check = r#"
import json, sys
names = None
for line in open(sys.argv[1]):
    q = json.loads(line)
    names = q.get("features", names)
    for source, relative in (("hand", "hand_rel"), ("title_bm25", "title_rel"),
                             ("body_bm25", "body_rel")):
        a, b = names.index(source), names.index(relative)
        best = max([0.0] + [r[5][a] for r in q["candidates"]])
        for r in q["candidates"]:
            want = r[5][a] / best if best > 0 else 0.0
            if r[5][b] != want:
                sys.exit(f"{q['id']}: {relative} {r[5][b]!r}, derived {want!r}")
"#;
    python_check(check, &[features]);
}

/// Runs the Python program `check` with `args`; it exits non-zero, saying why, when the
/// check fails.
fn python_check(check: &str, args: &[&Path]) {
    let run = Command::new("python3")
        .args(["-c", check])
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// `gather-train bridge`, given the shipped table, writes the bridge columns `features`
/// wrote with it, and both are what train-ranker once computed itself from the terms.
fn bridge_columns_hold(features: &Path, out: &Path) {
    let table = repo_root().join("crates/gather/data/bridge.txt");
    let run = Command::new(env!("CARGO_BIN_EXE_gather-train"))
        .arg("bridge")
        .args([&table, features, out])
        .output()
        .expect("gather-train runs");
    assert!(run.status.success(), "{run:?}");
    let check = r#"
import json, math, sys
table, features, out = sys.argv[1:]
lookup = {}
for line in list(open(table))[1:]:
    t, g, strength = line.rstrip("\n").split("\t")
    lookup.setdefault(t, []).append((g, float(strength)))
reached, names = 0, None
for line, row in zip(open(features), open(out)):
    q, b = json.loads(line), json.loads(row)
    names = q.get("features", names)
    columns = [names.index(c) for c in ("bridge_title_max", "bridge_title_mean",
                                        "bridge_body_max", "bridge_body_mean")]
    assert b["id"] == q["id"] and len(b["bridge"]) == len(q["candidates"])
    for r, mine in zip(q["candidates"], b["bridge"]):
        written = [r[5][c] for c in columns]
        derived = []
        for terms in (q["title_terms"], q["body_terms"]):
            reach = {}
            for t in terms:
                for g, strength in lookup.get(t, ()):
                    reach[g] = max(reach.get(g, -math.inf), strength)
            best, total = 0.0, 0.0
            for name in r[6].split():
                value = max(reach.get(name, 0.0), 0.0)
                best, total = max(best, value), total + value
            derived += [best, total / len(r[6].split()) if r[6].split() else 0.0]
        if not (mine == written == derived):
            sys.exit(f"{q['id']}: bridge {mine}, written {written}, derived {derived}")
        reached += mine[0] > 0
if not reached:
    sys.exit("the shipped table reaches no candidate: the check checks nothing")
"#;
    python_check(check, &[&table, features, out]);
}
