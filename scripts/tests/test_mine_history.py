"""The miner's filters: which commits become training questions, which are refused and why,
and which repositories it refuses to mine.

    python3 -m unittest discover -s scripts/tests
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scripts_under_test import MINE_HISTORY, load_script  # noqa: E402

mine = load_script("mine-history")


def verdict(subject, body="", author="Ada Lovelace"):
    return mine.message_verdict(subject, body, author)


class Messages(unittest.TestCase):
    """A message is a question when it describes a change someone could ask about."""

    def test_a_descriptive_subject_is_kept_cleaned(self):
        question, why = verdict("fix(parser): handle empty header values in requests (#1234)")
        self.assertIsNone(why)
        self.assertEqual(question, "handle empty header values in requests")

    def test_numpy_style_types_are_removed_like_conventional_ones(self):
        question, _ = verdict("BUG: keep the dtype when concatenating empty arrays")
        self.assertEqual(question, "keep the dtype when concatenating empty arrays")

    def test_a_terse_subject_needs_a_body(self):
        self.assertEqual(verdict("Fix crash"), (None, "terse"))
        question, why = verdict("Fix crash", "The reader closed the file twice when\nit hit EOF.")
        self.assertIsNone(why)
        self.assertEqual(question, "Fix crash\n\nThe reader closed the file twice when\nit hit EOF.")

    def test_trailers_and_bare_references_leave_the_body(self):
        body = ("Retry on reset connections.\n\nFixes #12\nhttps://example.com/issue/12\n\n"
                "Signed-off-by: A <a@example.com>\nCo-authored-by: B <b@example.com>\n")
        question, _ = verdict("Retry the request once when the connection resets", body)
        self.assertEqual(question,
                         "Retry the request once when the connection resets\n\n"
                         "Retry on reset connections.")

    def test_housekeeping_subjects_are_refused(self):
        for subject in (
            "Merge branch 'main' into feature/retries",
            "Revert \"Add the retry backoff to the client\"",
            "Bump version to 2.3.1",
            "Release 2.3.1",
            "Update changelog for the next release of the client",
            "Fix typo in the error message of the retry loop",
            "Reformat the code base with black and isort",
            "Fix flake8 warnings",
            "docs: explain the retry backoff in the guide",
            "DOC: explain the retry backoff in the user guide",
            "chore(deps): bump requests from 2.31.0 to 2.32.0",
            "Update vendored copy of six to the latest upstream",
            "WIP retry backoff for the client and the pool",
        ):
            with self.subTest(subject=subject):
                self.assertEqual(verdict(subject), (None, "subject"))

    def test_release_of_a_resource_is_not_a_release(self):
        question, why = verdict("Release the lock when the worker exits before the timeout")
        self.assertIsNone(why)
        self.assertTrue(question.startswith("Release the lock"))

    def test_bots_are_refused(self):
        self.assertEqual(verdict("Update the pinned interpreter versions of the test matrix",
                                 author="dependabot[bot]"), (None, "bot"))


class Paths(unittest.TestCase):
    """Only source files count towards a commit's gold; tests are listed apart."""

    def test_classification(self):
        cases = {
            "src/client/retry.py": "source",
            "lib/net.go": "source",
            "tests/test_retry.py": "test",
            "pkg/retry_test.go": "test",
            "src/retry.spec.ts": "test",
            "docs/conf.py": "other",
            "examples/retry.py": "other",
            "vendor/github.com/x/y.go": "other",
            "static/app.min.js": "other",
            "api/service_pb2.py": "other",
            "setup.py": "other",
            ".github/scripts/release.py": "other",
            "README.md": "other",
            "Makefile": "other",
        }
        for path, kind in cases.items():
            with self.subTest(path=path):
                self.assertEqual(mine.classify(path), kind)


def git(repo, *args, env=None):
    full = dict(os.environ, GIT_AUTHOR_NAME="Ada", GIT_AUTHOR_EMAIL="ada@example.com",
                GIT_COMMITTER_NAME="Ada", GIT_COMMITTER_EMAIL="ada@example.com",
                GIT_AUTHOR_DATE="2024-01-02T03:04:05Z", GIT_COMMITTER_DATE="2024-01-02T03:04:05Z")
    full.update(env or {})
    return subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                          env=full).stdout.decode().strip()


def commit(repo, message, files, author=None):
    """Writes `files` ({path: text, or None to delete}) and commits them; returns the sha."""
    for path, text in files.items():
        full = os.path.join(repo, path)
        if text is None:
            os.remove(full)
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb" if isinstance(text, bytes) else "w") as f:
            f.write(text)
    git(repo, "add", "-A")
    env = {"GIT_AUTHOR_NAME": author} if author else None
    git(repo, "commit", "-q", "--allow-empty", "-m", message, env=env)
    return git(repo, "rev-parse", "HEAD")


def functions(n, body="return 0"):
    return "".join(f"def f{i}():\n    {body}\n\n\n" for i in range(n))


class Commits(unittest.TestCase):
    """Whole commits through the miner's parse of `git log -p`: each refused for one reason."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        repo = cls.repo = os.path.join(cls.tmp.name, "o__r")
        os.makedirs(repo)
        git(repo, "init", "-q", "-b", "main")
        sha = {}
        sha["root"] = commit(repo, "Start the client with a retry loop and a pool of workers", {
            "src/client.py": functions(4),
            "src/many.py": functions(40),
            **{f"src/m{i}.py": functions(2) for i in range(11)},
        })
        sha["kept"] = commit(repo, "Make the retry loop double its delay after each failure", {
            "src/client.py": functions(4).replace("def f2():\n    return 0",
                                                  "def f2():\n    return 2"),
            "tests/test_client.py": "def test_f2():\n    assert True\n",
        })
        sha["only_tests"] = commit(repo, "Cover the retry loop's doubling with a test case", {
            "tests/test_client.py": "def test_f2():\n    assert 1\n",
        })
        sha["new_file"] = commit(repo, "Add a jitter helper module that the retry loop will use", {
            "src/jitter.py": "def jitter():\n    return 1\n",
        })
        sha["too_many_files"] = commit(repo, "Rename the helpers of every module to a new scheme", {
            f"src/m{i}.py": functions(2, "return 1") for i in range(11)
        })
        sha["too_many_lines"] = commit(repo, "Rewrite every function of the many module at once", {
            "src/many.py": functions(40, "return 2") + functions(120, "return 3"),
        })
        sha["binary"] = commit(repo, "Store the compiled lookup table next to the client code", {
            "src/table.py": b"\x00\x01\x02 not text \x00",
            "src/client.py": functions(4).replace("return 0", "return 5", 1),
        })
        sha["binary_change"] = commit(repo, "Change the compiled lookup table and the client too", {
            "src/table.py": b"\x00\x01\x03 not text \x00",
            "src/client.py": functions(4).replace("return 0", "return 6", 1),
        })
        sha["docs_only"] = commit(repo, "Explain in the guide how the retry loop picks its delay", {
            "docs/guide.py": "# the delay doubles\n",
        })
        sha["bot"] = commit(repo, "Update the pinned interpreter versions of the pool module", {
            "src/client.py": functions(4).replace("return 0", "return 7", 1),
        }, author="renovate[bot]")
        sha["terse"] = commit(repo, "Fix pool", {
            "src/client.py": functions(4).replace("return 0", "return 8", 1),
        })
        cls.sha = sha

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def mined(self, **kw):
        out = os.path.join(self.tmp.name, "mined.jsonl")
        with open(out, "w") as f:
            miner = mine.Miner(self.repo, git(self.repo, "rev-parse", "HEAD"), kw.get("per_repo", 100),
                               "o/r", "python", f)
            kept, scanned = miner.run()
        with open(out) as f:
            return [json.loads(ln) for ln in f], kept, scanned

    def test_only_the_describing_source_change_is_kept(self):
        records, kept, scanned = self.mined()
        self.assertEqual([r["commit"] for r in records], [self.sha["kept"]])
        self.assertEqual((kept, scanned), (1, len(self.sha)))
        r = records[0]
        self.assertEqual(r["question"], "Make the retry loop double its delay after each failure")
        self.assertEqual(r["parent"], self.sha["root"])
        self.assertEqual(r["files"], [{"path": "src/client.py", "lines": [10], "inserted_at": []}])
        self.assertEqual(r["test_files"], ["tests/test_client.py"])
        self.assertEqual(r["n_source_lines"], 2)

    def test_per_repo_stops_the_walk(self):
        # newest first: the first kept commit ends a walk that wants one
        records, kept, scanned = self.mined(per_repo=1)
        self.assertEqual((len(records), kept), (1, 1))
        self.assertLess(scanned, len(self.sha))


def run_miner(*args):
    return subprocess.run([sys.executable, MINE_HISTORY, *args], capture_output=True, text=True)


class Refusals(unittest.TestCase):
    """The miner refuses, before mining anything, a repository not on its list or named by
    an evaluation set, and a mining that differs from its manifest fails."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.list = os.path.join(self.dir, "list.txt")
        with open(self.list, "w") as f:
            f.write("# Python\nowner/train\nowner/evaluated\n")
        with open(os.path.join(self.dir, "dev.jsonl"), "w") as f:
            f.write(json.dumps({"repo": "owner/evaluated", "question": "q"}) + "\n")
        self.repos = os.path.join(self.dir, "repos")
        self.out = os.path.join(self.dir, "out")
        os.makedirs(os.path.join(self.repos, "owner__train"))
        repo = os.path.join(self.repos, "owner__train")
        git(repo, "init", "-q", "-b", "main")
        self.base = commit(repo, "Start the parser with a reader for quoted fields", {
            "src/parse.py": functions(3)})
        self.head = commit(repo, "Let the parser read quoted fields that span two lines", {
            "src/parse.py": functions(3).replace("return 0", "return 1", 1)})
        # The clone has moved on since the manifest pinned `head`.
        commit(repo, "Let the parser skip a byte order mark at the start of the input", {
            "src/parse.py": functions(3).replace("return 0", "return 2", 1)})

    def tearDown(self):
        self.tmp.cleanup()

    def test_a_repository_off_the_list_is_refused(self):
        run = run_miner(self.repos, self.out, "--list", self.list, "--repos", "owner/other")
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("owner/other: not on the training list", run.stderr)
        self.assertFalse(os.path.exists(self.out), "nothing is mined")

    def test_a_repository_of_an_evaluation_set_is_refused_even_on_the_list(self):
        run = run_miner(self.repos, self.out, "--list", self.list)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("owner/evaluated: named by the evaluation set dev.jsonl", run.stderr)

    def manifest(self, head, kept, scanned):
        path = os.path.join(self.dir, "manifest.tsv")
        with open(path, "w") as f:
            f.write(f"# comment\nowner/train\t{head}\t{kept}\t{scanned}\tpython\n")
        return path

    def test_the_manifest_pins_the_head_and_the_counts(self):
        run = run_miner(self.repos, self.out, "--list", self.list,
                        "--manifest", self.manifest(self.head, 1, 1))
        self.assertEqual(run.returncode, 0, run.stderr)
        with open(os.path.join(self.out, "owner__train.jsonl")) as f:
            self.assertEqual([json.loads(ln)["commit"] for ln in f], [self.head])

    def test_a_mining_that_differs_from_the_manifest_fails(self):
        run = run_miner(self.repos, self.out, "--list", self.list,
                        "--manifest", self.manifest(self.head, 1, 5))
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("owner/train: kept 1/1 scanned, the manifest records 1/5", run.stderr)
        missing = "f" * 40
        run = run_miner(self.repos, self.out, "--list", self.list,
                        "--manifest", self.manifest(missing, 1, 1))
        self.assertNotEqual(run.returncode, 0)
        self.assertIn(f"owner/train: no commit {missing}", run.stderr)


if __name__ == "__main__":
    unittest.main()
