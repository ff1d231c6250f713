//! A slice SPEC (`path[:symbol|:LINE|:START-END]`) and a budget → the library's spec
//! parser, `slice::assemble` over the fixture and `slice::fit_slices`: no panic, every
//! slice an exact run of whole lines of its file, and the budget kept.

use gather::slice::spec;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((budget, text)) = gather_fuzz::choice_and_text(data) else {
            return;
        };
        let root = gather_fuzz::fixture_root();
        let requests: Vec<_> = text
            .lines()
            .take(8)
            .filter_map(|line| spec::parse(line, root, gather::Defaults::HEAD_LINES).ok())
            .collect();
        let Ok(dir) = gather::confined::Root::open(root) else {
            return;
        };
        let Ok(slices) = gather::slice::assemble(&dir, &requests) else {
            return;
        };
        for slice in &slices {
            if slice.line_start == 0 {
                continue;
            }
            let Ok(file) = std::fs::read_to_string(root.join(&slice.file)) else {
                continue;
            };
            let table = gather::lines::LineTable::new(&file);
            let range = gather::lines::LineRange::new(slice.line_start, slice.line_end);
            assert_eq!(table.slice(range), slice.content, "{}:{range}", slice.file);
        }
        let limit = usize::from(budget) * 16;
        let fitted = gather::slice::fit_slices(slices, gather::budget::Budget::Tokens(limit));
        assert!(fitted.report.estimated_tokens_used <= limit);
        assert_eq!(
            fitted.report.included_slices + fitted.report.dropped_slices,
            fitted.report.total_slices
        );
    });
}
