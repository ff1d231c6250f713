use super::*;

fn one(text: &str) -> FileDiff {
    let diff = parse(text).unwrap();
    assert_eq!(diff.files.len(), 1, "{diff:#?}");
    diff.files.into_iter().next().unwrap()
}

fn error(text: &str) -> String {
    let error = parse(text).unwrap_err();
    assert_eq!(error.code, ErrorCode::InvalidRequest);
    error.message
}

/// (kind, old number, new number, text) of every line of a hunk.
fn numbered(hunk: &Hunk) -> Vec<(LineKind, Option<Line>, Option<Line>, &str)> {
    hunk.numbered()
        .map(|(old, new, line)| (line.kind, old, new, line.text.as_str()))
        .collect()
}

#[test]
fn a_git_diff_with_two_hunks_numbers_both_sides() {
    let file = one("diff --git a/src/a.rs b/src/a.rs\n\
         index 1111111..2222222 100644\n\
         --- a/src/a.rs\n\
         +++ b/src/a.rs\n\
         @@ -1,3 +1,4 @@ fn top()\n \
         one\n\
         -two\n\
         +2\n\
         +2b\n \
         three\n\
         @@ -10,2 +11,1 @@\n \
         ten\n\
         -eleven\n");
    assert_eq!(file.old_path.as_deref(), Some("src/a.rs"));
    assert_eq!(file.new_path.as_deref(), Some("src/a.rs"));
    assert!(!file.is_rename && !file.is_binary);
    assert_eq!(file.hunks.len(), 2);
    assert_eq!(file.hunks[0].label(), "@@-1,3 +1,4");
    assert_eq!(file.hunks[0].line, 5);
    use LineKind::*;
    assert_eq!(
        numbered(&file.hunks[0]),
        [
            (Context, Some(1), Some(1), "one"),
            (Removed, Some(2), None, "two"),
            (Added, None, Some(2), "2"),
            (Added, None, Some(3), "2b"),
            (Context, Some(3), Some(4), "three"),
        ]
    );
    assert_eq!(
        numbered(&file.hunks[1]),
        [
            (Context, Some(10), Some(11), "ten"),
            (Removed, Some(11), None, "eleven"),
        ]
    );
}

#[test]
fn a_rename_keeps_both_paths_without_prefixes() {
    let file = one("diff --git a/old/name.py b/new/name.py\n\
         similarity index 88%\n\
         rename from old/name.py\n\
         rename to new/name.py\n\
         index 1..2 100644\n\
         --- a/old/name.py\n\
         +++ b/new/name.py\n\
         @@ -1 +1 @@\n\
         -x = 1\n\
         +x = 2\n");
    assert!(file.is_rename);
    assert_eq!(file.old_path.as_deref(), Some("old/name.py"));
    assert_eq!(file.new_path.as_deref(), Some("new/name.py"));
    assert_eq!(file.path(), "new/name.py");
    assert_eq!(file.hunks[0].label(), "@@-1,1 +1,1");
}

#[test]
fn a_pure_rename_has_no_hunks() {
    let file = one("diff --git a/a.py b/b.py\n\
         similarity index 100%\n\
         rename from a.py\n\
         rename to b.py\n");
    assert!(file.is_rename);
    assert_eq!(
        (file.old_path.as_deref(), file.new_path.as_deref()),
        (Some("a.py"), Some("b.py"))
    );
    assert!(file.hunks.is_empty());
}

#[test]
fn a_new_file_has_no_old_side() {
    let file = one("diff --git a/n.py b/n.py\n\
         new file mode 100644\n\
         index 0000000..3333333\n\
         --- /dev/null\n\
         +++ b/n.py\n\
         @@ -0,0 +1,2 @@\n\
         +def f():\n\
         +    pass\n");
    assert_eq!(file.old_path, None);
    assert_eq!(file.new_path.as_deref(), Some("n.py"));
    use LineKind::*;
    assert_eq!(
        numbered(&file.hunks[0]),
        [
            (Added, None, Some(1), "def f():"),
            (Added, None, Some(2), "    pass")
        ]
    );
}

#[test]
fn a_deleted_file_has_no_new_side() {
    let file = one("diff --git a/gone.py b/gone.py\n\
         deleted file mode 100644\n\
         index 3333333..0000000\n\
         --- a/gone.py\n\
         +++ /dev/null\n\
         @@ -1,2 +0,0 @@\n\
         -def g():\n\
         -    pass\n");
    assert_eq!(file.old_path.as_deref(), Some("gone.py"));
    assert_eq!(file.new_path, None);
    assert_eq!(file.path(), "gone.py");
    use LineKind::*;
    assert_eq!(
        numbered(&file.hunks[0]),
        [
            (Removed, Some(1), None, "def g():"),
            (Removed, Some(2), None, "    pass")
        ]
    );
}

#[test]
fn no_newline_markers_are_not_lines() {
    let file = one("--- a/t.txt\n\
         +++ b/t.txt\n\
         @@ -1 +1 @@\n\
         -old\n\
         \\ No newline at end of file\n\
         +new\n\
         \\ No newline at end of file\n");
    assert_eq!(file.hunks[0].lines.len(), 2);
    assert_eq!(file.hunks[0].lines[1].text, "new");
}

#[test]
fn diff_u_paths_lose_their_timestamps_and_keep_their_names() {
    let file = one("--- lib/x.c.orig\t2024-05-01 10:00:00.000000000 +0200\n\
         +++ lib/x.c\t2024-05-01 10:01:00.000000000 +0200\n\
         @@ -3,0 +4 @@\n\
         +int y;\n");
    assert_eq!(file.old_path.as_deref(), Some("lib/x.c.orig"));
    assert_eq!(file.new_path.as_deref(), Some("lib/x.c"));
    assert_eq!(
        numbered(&file.hunks[0]),
        [(LineKind::Added, None, Some(4), "int y;")]
    );
}

#[test]
fn several_files_and_a_commit_message_around_them() {
    let diff = parse(
        "commit 0123\nAuthor: A <a@b>\n\n    Fix it\n\n\
         diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a\n+b\n\
         diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -2 +2 @@\n-c\n+d\n-- \n2.43.0\n",
    )
    .unwrap();
    let paths: Vec<&str> = diff.files.iter().map(FileDiff::path).collect();
    assert_eq!(paths, ["a.py", "b.py"]);
    assert_eq!(diff.files[1].line, 12);
}

#[test]
fn binary_patches_are_named_without_hunks() {
    let diff = parse(
        "diff --git a/logo.png b/logo.png\n\
         index 1..2 100644\n\
         Binary files a/logo.png and b/logo.png differ\n\
         diff --git a/icon.bin b/icon.bin\n\
         new file mode 100644\n\
         GIT binary patch\n\
         literal 5\n\
         McmZQzWMO0l00d+I0RR91\n\
         \n\
         literal 0\n\
         HcmV?d00001\n\
         \n\
         diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a\n+b\n",
    )
    .unwrap();
    let seen: Vec<(&str, bool, usize)> = (diff.files.iter())
        .map(|f| (f.path(), f.is_binary, f.hunks.len()))
        .collect();
    assert_eq!(
        seen,
        [
            ("logo.png", true, 0),
            ("icon.bin", true, 0),
            ("a.py", false, 1)
        ]
    );
    assert_eq!(diff.files[1].old_path, None);
}

#[test]
fn quoted_paths_are_unquoted() {
    let file = one("diff --git \"a/t\\303\\244b.rs\" \"b/t\\303\\244b.rs\"\n\
         --- \"a/t\\303\\244b.rs\"\n\
         +++ \"b/t\\303\\244b.rs\"\n\
         @@ -1 +1 @@\n-a\n+b\n");
    assert_eq!(file.new_path.as_deref(), Some("täb.rs"));
}

#[test]
fn a_path_with_spaces_in_a_mode_change() {
    let file = one("diff --git a/my file.sh b/my file.sh\nold mode 100644\nnew mode 100755\n");
    assert_eq!(file.new_path.as_deref(), Some("my file.sh"));
    assert!(file.hunks.is_empty());
}

#[test]
fn malformed_headers_name_their_line() {
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@ -1,2 +1 @@ \n-a\n"),
        "malformed diff at line 5: the diff ends inside hunk @@-1,2 +1,1: 1 old and 1 new lines missing"
    );
    assert_eq!(
        error("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -a +1 @@\n"),
        "malformed diff at line 4: expected a hunk header such as @@ -10,3 +10,4 @@"
    );
    assert_eq!(
        error("diff --git a/x b/x\n--- a/x\n@@ -1 +1 @@\n"),
        "malformed diff at line 3: expected a +++ line after the --- line"
    );
    assert_eq!(
        error("some text\n@@ -1 +1 @@\n-a\n+b\n"),
        "malformed diff at line 2: a hunk (@@) before any file header: a diff names its file with --- and +++ lines first"
    );
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n*b\n"),
        "malformed diff at line 5: hunk @@-1,2 +1,2 ends early: 1 old and 1 new lines missing"
    );
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@ -1,1 +1,2 @@\n-a\n-b\n"),
        "malformed diff at line 5: hunk @@-1,1 +1,2 has more lines than its header counts"
    );
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@@ -1 -1 +1 @@@\n"),
        "malformed diff at line 3: a combined diff (@@@, a merge's diff) is not read: send the diff against one parent"
    );
    // Lines count from 1; only an empty side starts at 0.
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@ -5,1 +0,1 @@\n-a\n+b\n"),
        "malformed diff at line 3: expected a hunk header such as @@ -10,3 +10,4 @@"
    );
    assert_eq!(
        error("--- a/x\n+++ b/x\n@@ -0 +1 @@\n+b\n"),
        "malformed diff at line 3: expected a hunk header such as @@ -10,3 +10,4 @@"
    );
    assert_eq!(
        error("just some words\n"),
        "the diff names no file: send a unified diff as git diff or diff -u prints it"
    );
}

#[test]
fn huge_counts_in_a_header_do_not_allocate() {
    let message = error("--- a/x\n+++ b/x\n@@ -1,4294967295 +1,4294967295 @@\n a\n");
    assert!(message.contains("4294967294 old and 4294967294 new lines missing"));
    assert!(error("--- a/x\n+++ b/x\n@@ -1,99999999999 +1 @@\n").contains("line 3"));
}

#[test]
fn any_bytes_parse_or_fail_without_panicking() {
    let pieces = [
        "diff --git ",
        "a/x b/x",
        "\n",
        "--- ",
        "+++ ",
        "@@ -1,2 +1,3 @@",
        " ",
        "+",
        "-",
        "\\ No newline",
        "\"",
        "\\3",
        "rename from ",
        "GIT binary patch",
        "/dev/null",
        "@@",
    ];
    // Every sequence of three pieces, twice over.
    for a in pieces {
        for b in pieces {
            for c in pieces {
                let text = format!("{a}{b}{c}\n{c}{a}{b}");
                let _ = parse(&text);
            }
        }
    }
}
