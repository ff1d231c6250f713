//! What a question's body adds to its title: the code-shaped words of its prose, the
//! names its code uses, its error messages and stack frames, and its words weighted by
//! where they stand (the title and first paragraph weigh most).

use std::collections::HashSet;

use super::frames;
use super::parts::Parts;
use super::question::{self, Detail, Question};
use crate::terms;

/// Term weights by part, next to the title's 1.
const W_LEAD: f32 = 0.6;
const W_PROSE: f32 = 0.35;
const W_CODE: f32 = 0.35;
const W_ERROR: f32 = 0.6;
/// Error lines read from one question.
const MAX_ERRORS: usize = 8;

/// Reads the body of `parts` (`text` is the whole question), given its title's reading.
pub fn read(parts: &Parts, text: &str, head: &Question) -> Detail {
    let lead = question::read(&parts.lead);
    let prose = question::read(&parts.prose);
    let mut detail = Detail {
        left_out: lead.left_out + prose.left_out,
        frames: frames::read(text),
        ..Detail::default()
    };
    let mut terms = Terms::default();
    terms.add(&head.terms, 1.0);
    terms.add(&lead.terms, W_LEAD);
    terms.add(&prose.terms, W_PROSE);

    // What is already read, so each name is compared once, not with every name before it.
    let mut have: HashSet<&str> = head.identifiers.iter().map(String::as_str).collect();
    for ident in lead.identifiers.iter().chain(&prose.identifiers) {
        if detail.spans.len() < question::MAX_WORDS && have.insert(ident) {
            detail.spans.push(ident.clone());
        }
    }
    let mut coded: HashSet<String> = HashSet::new();
    let mut code_terms: Vec<(String, f32)> = Vec::new();
    for block in &parts.code {
        super::code::names(block, |name| {
            if have.contains(name) || coded.contains(name) {
                return;
            }
            if detail.code_names.len() >= question::MAX_WORDS {
                detail.left_out += 1;
                return;
            }
            coded.insert(name.to_string());
            detail.code_names.push(name.to_string());
            terms::word_terms_and_whole(name.rsplit(['.', ':']).next().unwrap_or(name), |t| {
                code_terms.push((t, 1.0))
            });
        });
    }
    terms.add(&code_terms, W_CODE);

    let errors_in = format!("{}\n{}", parts.output, parts.prose);
    let mut error_terms: Vec<(String, f32)> = Vec::new();
    let mut literals: Vec<String> = lead.literals.into_iter().chain(prose.literals).collect();
    for error in frames::errors(&errors_in, MAX_ERRORS) {
        if let Some(kind) = error.kind {
            if coded.insert(kind.clone()) {
                detail.code_names.push(kind);
            }
        }
        literals.extend(frames::message_literal(&error.message));
        terms::terms(&error.message, |t| error_terms.push((t, 1.0)));
    }
    terms.add(&error_terms, W_ERROR);
    for literal in literals {
        if head.literals.contains(&literal) || detail.literals.contains(&literal) {
            continue;
        }
        if head.literals.len() + detail.literals.len() >= question::MAX_LITERALS {
            detail.left_out += 1;
            continue;
        }
        detail.literals.push(literal);
    }
    detail.terms = terms.list;
    detail
}

/// Terms with the highest weight any part gives them, in first-seen order.
#[derive(Default)]
struct Terms {
    list: Vec<(String, f32)>,
    at: std::collections::HashMap<String, usize>,
}

impl Terms {
    fn add(&mut self, terms: &[(String, f32)], factor: f32) {
        for (term, weight) in terms {
            if terms::is_stop_word(term) {
                continue;
            }
            let w = weight * factor;
            match self.at.get(term) {
                Some(&i) => self.list[i].1 = self.list[i].1.max(w),
                None if self.list.len() < question::MAX_WORDS => {
                    self.at.insert(term.clone(), self.list.len());
                    self.list.push((term.clone(), w));
                }
                None => {}
            }
        }
    }
}
