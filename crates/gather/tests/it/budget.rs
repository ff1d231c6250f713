//! The slices budget rule: request order, drop whole, report.

use gather::budget::{estimate_tokens, Budget};
use gather::slice::fit_slices;
use gather::slice::Slice;

fn slice(file: &str, content: &str) -> Slice {
    Slice {
        file: file.to_string(),
        symbol: None,
        kind: None,
        line_start: 1,
        line_end: gather::lines::count(content),
        content: content.to_string(),
        found: true,
        reason: None,
        note: None,
        request: file.to_string(),
    }
}

#[test]
fn empty_slices_give_empty_result_and_zero_report() {
    let fitted = fit_slices(Vec::new(), Budget::Tokens(100));
    assert!(fitted.included.is_empty());
    let r = fitted.report;
    assert_eq!(
        (
            r.total_slices,
            r.included_slices,
            r.dropped_slices,
            r.estimated_tokens_used
        ),
        (0, 0, 0, 0)
    );
    assert!(!r.budget_exceeded);
    assert!(r.dropped_files.is_empty());
    assert_eq!(r.budget_tokens, 100);
}

#[test]
fn single_slice_under_budget_kept() {
    let fitted = fit_slices(vec![slice("a", &"x".repeat(40))], Budget::Tokens(10));
    assert_eq!(fitted.included.len(), 1);
    assert_eq!(fitted.report.estimated_tokens_used, 10);
}

#[test]
fn single_slice_over_budget_dropped() {
    let fitted = fit_slices(vec![slice("a", &"x".repeat(41))], Budget::Tokens(10));
    assert!(fitted.included.is_empty());
    assert_eq!(fitted.report.dropped_slices, 1);
    assert_eq!(fitted.report.estimated_tokens_used, 0);
}

#[test]
fn high_priority_kept_when_the_budget_is_tight() {
    let slices = vec![
        slice("first", &"a".repeat(36)),
        slice("second", &"b".repeat(36)),
        slice("third", "c"),
    ];
    let fitted = fit_slices(slices, Budget::Tokens(10));
    let kept: Vec<&str> = fitted.included.iter().map(|s| s.file.as_str()).collect();
    // The second does not fit after the first; the small third still does.
    assert_eq!(kept, ["first", "third"]);
}

#[test]
fn dropped_files_match_the_dropped_slices() {
    let slices = vec![
        slice("a", "x"),
        slice("b", &"y".repeat(100)),
        slice("c", &"z".repeat(100)),
    ];
    let fitted = fit_slices(slices, Budget::Tokens(5));
    let dropped: Vec<&str> = fitted.dropped.iter().map(|s| s.file.as_str()).collect();
    assert_eq!(dropped, ["b", "c"]);
    assert_eq!(fitted.report.dropped_files, ["b", "c"]);
}

#[test]
fn estimated_tokens_used_within_budget_when_nothing_dropped() {
    let slices = vec![slice("a", "abcd"), slice("b", "abcdefgh"), slice("c", "a")];
    let fitted = fit_slices(slices, Budget::Tokens(4));
    assert_eq!(fitted.report.dropped_slices, 0);
    assert_eq!(fitted.report.estimated_tokens_used, 4);
    assert!(fitted.report.estimated_tokens_used <= fitted.report.budget_tokens);
}

#[test]
fn budget_exceeded_false_when_all_fit() {
    let fitted = fit_slices(
        vec![slice("a", "abc"), slice("b", "def")],
        Budget::Tokens(8000),
    );
    assert!(!fitted.report.budget_exceeded);
}

#[test]
fn budget_exceeded_true_when_any_dropped() {
    let fitted = fit_slices(
        vec![slice("a", "abc"), slice("b", &"d".repeat(50))],
        Budget::Tokens(3),
    );
    assert!(fitted.report.budget_exceeded);
}

#[test]
fn estimate_of_empty_is_zero() {
    assert_eq!(estimate_tokens(""), 0);
}

#[test]
fn estimate_of_four_chars_is_one() {
    assert_eq!(estimate_tokens("abcd"), 1);
    assert_eq!(estimate_tokens("abcde"), 2);
    // Characters, not bytes: four multi-byte characters are one token.
    assert_eq!(estimate_tokens("日本語🎉"), 1);
}

#[test]
fn total_slices_equals_input_count() {
    let slices: Vec<Slice> = (0..7)
        .map(|i| slice(&format!("f{i}"), &"x".repeat(i * 10)))
        .collect();
    assert_eq!(
        fit_slices(slices, Budget::Tokens(12)).report.total_slices,
        7
    );
}

#[test]
fn included_plus_dropped_equals_total() {
    for limit in [0, 1, 5, 20, 1000] {
        let slices: Vec<Slice> = (0..9)
            .map(|i| slice(&format!("f{i}"), &"x".repeat(i * 7)))
            .collect();
        let r = fit_slices(slices, Budget::Tokens(limit)).report;
        assert_eq!(
            r.included_slices + r.dropped_slices,
            r.total_slices,
            "limit {limit}"
        );
        assert!(r.estimated_tokens_used <= limit);
    }
}

#[test]
fn line_budget_counts_lines() {
    let slices = vec![slice("a", "1\n2\n3"), slice("b", "1\n2"), slice("c", "1")];
    let fitted = fit_slices(slices, Budget::Lines(4));
    let kept: Vec<&str> = fitted.included.iter().map(|s| s.file.as_str()).collect();
    assert_eq!(kept, ["a", "c"]);
    assert_eq!(fitted.report.lines_used, Some(4));
    assert_eq!(fitted.report.budget_lines, Some(4));
}

#[test]
fn one_rule_reads_a_budget_from_the_flags_of_every_front_end() {
    use gather::budget::MAX_PACK_LINES;
    use gather::{Defaults, ErrorCode};
    let read = |lines, tokens, default| Budget::from_flags(lines, tokens, default);
    // Neither: the mode's default.
    assert_eq!(
        read(None, None, Budget::PACK),
        Ok(Budget::Lines(Defaults::BUDGET_LINES))
    );
    assert_eq!(
        read(None, None, Budget::SLICES),
        Ok(Budget::Tokens(Defaults::SLICE_TOKENS))
    );
    // One: that one, in any mode, uncapped until a pack holds it.
    for default in [Budget::PACK, Budget::SLICES] {
        assert_eq!(read(Some(1), None, default), Ok(Budget::Lines(1)));
        assert_eq!(read(None, Some(5000), default), Ok(Budget::Tokens(5000)));
        assert_eq!(read(Some(5000), None, default), Ok(Budget::Lines(5000)));
    }
    // 0 means one thing everywhere: refused, naming the flag; both are refused too.
    let refused = |lines, tokens, default| {
        let e = Budget::from_flags(lines, tokens, default).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidRequest);
        e.message
    };
    for default in [Budget::PACK, Budget::SLICES] {
        assert_eq!(
            refused(Some(0), None, default),
            "budget_lines must be at least 1"
        );
        assert_eq!(
            refused(None, Some(0), default),
            "max_tokens must be at least 1"
        );
        assert!(refused(Some(10), Some(10), default).contains("not both"));
        assert!(refused(Some(0), Some(0), default).contains("not both"));
    }
    // The one cap: a pack's lines past it are cut, and what was asked is kept.
    assert_eq!(
        Budget::Lines(MAX_PACK_LINES).capped(),
        (Budget::Lines(MAX_PACK_LINES), None)
    );
    assert_eq!(
        Budget::Lines(MAX_PACK_LINES + 1).capped(),
        (Budget::Lines(MAX_PACK_LINES), Some(MAX_PACK_LINES + 1))
    );
    assert_eq!(
        Budget::Lines(usize::MAX).capped().0,
        Budget::Lines(MAX_PACK_LINES)
    );
    assert_eq!(
        Budget::Tokens(100_000).capped(),
        (Budget::Tokens(100_000), None)
    );
}
