//! `gather slice SPEC…`: exact slices of files, in request order, within a budget (no
//! index).

use gather::budget::Budget;
use gather::{render, slice, Error};

use gather::slice::spec;

use crate::Ctx;

/// Cuts the slices `specs` name and fits them to the budget.
pub fn run(
    ctx: &Ctx,
    specs: &[String],
    max_tokens: usize,
    budget_lines: Option<usize>,
    head_lines: u32,
) -> Result<String, Error> {
    // `--max-tokens` has its default unless `--budget-lines` was given (clap has refused
    // both).
    let tokens = budget_lines.is_none().then_some(max_tokens);
    let budget = Budget::from_flags(budget_lines, tokens, Budget::SLICES)?;
    let requests = specs
        .iter()
        .map(|s| spec::parse(s, &ctx.root, head_lines))
        .collect::<Result<Vec<_>, _>>()?;
    let requests = slice::dedup(requests);
    let slices = slice::assemble(&ctx.dir, &requests)?;
    let fitted = slice::fit_slices(slices, budget);
    Ok(if ctx.json {
        format!("{}\n", render::slices_json(&fitted))
    } else {
        render::slices_text(&fitted)
    })
}
