//! Definitions that the grammar's error recovery closed early: each runs to the end its
//! block rules give (the matching brace, or where indentation returns), the definitions in
//! the lines it gains become its members, and their calls its own. One fixture per
//! language and shape, under `tests/fixtures/recovery/`, with every range pinned.

use gather::index::FileStatus;
use gather::parse::{self, Parsed};

use crate::common::outline_marking_line_rules;

/// The qualified name of the definition that makes the call to `name` on `line`.
fn caller(parsed: &Parsed, name: &str, line: u32) -> Option<String> {
    let call = (parsed.calls.iter())
        .find(|c| c.name == name && c.line == line)
        .unwrap_or_else(|| panic!("no call to {name} on line {line}"));
    call.enclosing
        .map(|e| parsed.symbols[e as usize].qualified_name.clone())
}

/// A call: (callee, line, the qualified name of the definition that makes it).
type Call<'a> = (&'a str, u32, &'a str);

/// Asserts, for each call, that the call to the callee on that line is made by the
/// definition named.
fn assert_callers(parsed: &Parsed, calls: &[Call]) {
    for &(name, line, by) in calls {
        assert_eq!(
            caller(parsed, name, line).as_deref(),
            Some(by),
            "{name}@{line}"
        );
    }
}

fn fixture(name: &str) -> Parsed {
    let path = format!(
        "{}/../../tests/fixtures/recovery/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    parse::file(name, &text)
}

/// The fixture `name`, checked to be a parse with errors whose outline is `expected`.
fn recovered(name: &str, expected: &[&str]) -> Parsed {
    let parsed = fixture(name);
    assert_eq!(parsed.status, FileStatus::ParsedWithErrors, "{name}");
    assert_eq!(
        outline_marking_line_rules(&parsed.symbols),
        expected,
        "{name}"
    );
    parsed
}

/// Overloaded generic call signatures, separated by comments and blank lines: the grammar
/// closes the interface after the first comment (at line 8, of 3-32) and its error region
/// swallows the class after it too.
#[test]
fn an_interface_closed_at_a_comment_runs_to_its_brace() {
    recovered(
        "pipe.ts",
        &[
            "interface Pipe 3-32",
            "class Runner 34-40 by line rules",
            "method Runner.constructor 35-35 by line rules",
            "method Runner.run 37-39 by line rules",
            "function pipe 42-45 by line rules",
        ],
    );
}

/// Generic call signatures, one with a type parameter list over several lines, and a type
/// alias after the interface: the grammar closes the interface after its first signature
/// (at line 4, of 3-10) and reads the next one's `<` as the start of a statement at the top
/// level, which holds the error region from line 7 on and swallows the alias. Without the
/// alias the region starts right after the interface. The alias stays a top-level
/// definition.
#[test]
fn an_interface_closed_before_a_statement_holding_the_error_runs_to_its_brace() {
    let parsed = recovered(
        "steps.ts",
        &["interface Pipe 3-10", "type Steps 12-12 by line rules"],
    );
    let steps = parsed.symbols.iter().find(|s| s.name == "Steps").unwrap();
    assert_eq!(steps.parent, None);
}

/// An unclosed call in a method's first line: the grammar ends the method after three
/// lines and the class with it, and reads the methods after it as top-level functions.
/// A string and a comment at the first column inside the method close nothing.
#[test]
fn a_class_and_its_method_run_to_where_indentation_returns() {
    let parsed = recovered(
        "shop.py",
        &[
            "class Shop 6-28",
            "method Shop.__init__ 9-10",
            "method Shop.total 12-21",
            "method Shop.empty 23-24",
            "method Shop.size 26-28",
            "function discount 31-32 by line rules",
        ],
    );
    let parent = |name: &str| parsed.symbols.iter().find(|s| s.name == name)?.parent;
    assert_eq!(parent("empty"), Some(0));
    assert_eq!(parent("size"), Some(0));
    assert_callers(
        &parsed,
        &[("debug", 20, "Shop.total"), ("discount", 15, "Shop.total")],
    );
}

/// An unclosed list: the grammar ends the function a line early; the next one is the line
/// rules'.
#[test]
fn a_function_with_an_unclosed_bracket_keeps_its_last_line() {
    recovered(
        "totals.py",
        &[
            "function weighted 1-7",
            "function normalise 10-11 by line rules",
        ],
    );
}

/// Functions whose body the grammar closed early, each with the calls it then makes: (the
/// fixture, its outline, (callee, line, caller) of the calls in the lines regained).
#[test]
fn functions_closed_early_run_to_their_brace_and_make_their_calls() {
    let rows: [(&str, &[&str], &[Call]); 3] = [
        // `for _, it in items {`: the grammar closes the function at the loop's brace
        // (line 13, of 6-21) and reads the `switch` after it as top-level code. Braces in a
        // comment and a string there are no braces.
        (
            "total.go",
            &[
                "function Total 6-21",
                "function Empty 24-26",
                "function discount 28-30",
            ],
            &[("discount", 16, "Total"), ("len", 18, "Total")],
        ),
        // A `for` header that lost its closing parenthesis: the grammar ends the function
        // at the loop's brace (line 11, of 4-17) with two small error regions, which alone
        // would leave the file `parsed`.
        (
            "total.rs",
            &[
                "function total 4-17",
                "struct Shop 19-21",
                "impl Shop 23-28",
                "method Shop::empty 25-27",
                "function discount 30-32",
            ],
            &[("discount", 14, "total"), ("Ok", 16, "total")],
        ),
        // A macro the grammar cannot read after a `for` header (`LIKELY {`): the function
        // ends at line 10 (of 5-21) in the grammar's reading.
        (
            "total.cpp",
            &[
                "function total 5-21",
                "class Shop 23-32",
                "method Shop::empty 26-28",
                "function discount 34-36",
            ],
            &[("discount", 18, "total")],
        ),
    ];
    for (name, outline, calls) in rows {
        assert_callers(&recovered(name, outline), calls);
    }
}

/// The interface of `chain.ts` ends where its brace does, as the line rules said before.
#[test]
fn an_interface_closed_right_before_its_region_keeps_its_end() {
    let parsed = fixture("chain.ts");
    let chain = parsed.symbols.iter().find(|s| s.name == "Chain").unwrap();
    assert_eq!(chain.range.to_string(), "8-24");
    assert!(!chain.from_line_rules);
}
