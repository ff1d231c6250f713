//! Splits a question into the parts that weigh differently: its title, its first
//! paragraph, the rest of its prose, its code, and pasted output. A one-line question is
//! all title. The body is read as GitHub-flavoured Markdown (plain text is Markdown too);
//! what an issue template adds is left out: HTML (comments, `<details>`), environment and
//! version sections and dumps, checklists, template headings and links' addresses.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// A question cut into parts. Code spans in prose keep their backticks, so the prose is
/// read like a one-line question.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parts {
    /// The first line (or first heading), unless it is a template heading or code.
    pub title: String,
    /// The first paragraph of prose after the title.
    pub lead: String,
    /// The rest of the prose, one paragraph per line.
    pub prose: String,
    /// Code blocks that hold code (a session's prompts removed, its output moved to
    /// `output`).
    pub code: Vec<String>,
    /// Pasted output: tracebacks, logs, a session's results.
    pub output: String,
}

impl Parts {
    /// Whether the question has nothing past its title.
    pub fn is_title_only(&self) -> bool {
        self.lead.is_empty()
            && self.prose.is_empty()
            && self.code.is_empty()
            && self.output.is_empty()
    }
}

/// Reads `text` into its parts.
pub fn read(text: &str) -> Parts {
    let text = text.trim_start_matches(['\n', '\r']);
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let mut parts = Parts::default();
    let heading = first.trim().trim_start_matches('#').trim();
    let opens_block = ["```", "~~~", "<!--", "<details", "<pre"]
        .iter()
        .any(|p| first.trim_start().starts_with(p))
        || first.starts_with("    ")
        || first.starts_with('\t');
    if rest.trim().is_empty() && !opens_block {
        parts.title = text.trim().to_string();
        return parts;
    }
    let body = if opens_block {
        text
    } else {
        if !is_template_heading(heading) {
            parts.title = heading.to_string();
        }
        rest
    };
    if body.trim().is_empty() {
        return parts;
    }
    Reader::default().read(body, &mut parts);
    parts
}

#[derive(Default)]
struct Reader {
    /// Text of the block being read (paragraph, heading, code block).
    buffer: String,
    /// The code block being read and its info string.
    code: Option<String>,
    /// Inside a heading.
    heading: bool,
    /// A section left out (environment, versions) and its heading's level.
    skip_level: Option<HeadingLevel>,
    /// The list item being read is a checklist entry.
    task: bool,
    /// Nesting of blocks whose text is left out (images, HTML).
    hidden: usize,
}

impl Reader {
    fn read(mut self, body: &str, parts: &mut Parts) {
        let options = Options::ENABLE_TABLES | Options::ENABLE_TASKLISTS;
        for event in Parser::new_ext(body, options) {
            self.event(event, parts);
        }
    }

    fn event(&mut self, event: Event<'_>, parts: &mut Parts) {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                if self.skip_level.is_some_and(|skip| level <= skip) {
                    self.skip_level = None;
                }
                self.heading = true;
                self.buffer.clear();
            }
            Event::End(TagEnd::Heading(level)) => {
                self.heading = false;
                let text = std::mem::take(&mut self.buffer);
                if is_environment_heading(&text) {
                    self.skip_level = Some(level);
                } else if self.skip_level.is_none() && !is_template_heading(text.trim()) {
                    self.prose(&text, parts);
                }
            }
            Event::Start(Tag::CodeBlock(kind)) => {
                self.buffer.clear();
                self.code = Some(match kind {
                    CodeBlockKind::Fenced(info) => info.to_ascii_lowercase(),
                    CodeBlockKind::Indented => String::new(),
                });
            }
            Event::End(TagEnd::CodeBlock) => {
                let info = self.code.take().unwrap_or_default();
                let text = std::mem::take(&mut self.buffer);
                if self.skip_level.is_none() {
                    code_block(&info, &text, parts);
                }
            }
            Event::Start(Tag::Paragraph) | Event::Start(Tag::TableCell) if !self.heading => {
                self.buffer.clear();
            }
            Event::End(TagEnd::Paragraph) | Event::End(TagEnd::TableCell) => {
                let text = std::mem::take(&mut self.buffer);
                if self.skip_level.is_none() && !self.task {
                    self.paragraph(&text, parts);
                }
            }
            Event::Start(Tag::Item) => self.task = false,
            Event::TaskListMarker(_) => self.task = true,
            Event::End(TagEnd::Item) => {
                // A tight list item's text comes without a paragraph around it.
                let text = std::mem::take(&mut self.buffer);
                if self.skip_level.is_none() && !self.task {
                    self.paragraph(&text, parts);
                }
                self.task = false;
            }
            Event::Start(Tag::Image { .. }) => self.hidden += 1,
            Event::End(TagEnd::Image) => self.hidden = self.hidden.saturating_sub(1),
            Event::Text(text) if self.hidden == 0 => self.buffer.push_str(&text),
            Event::Code(span) if self.hidden == 0 => {
                self.buffer.push('`');
                self.buffer.push_str(&span);
                self.buffer.push('`');
            }
            Event::SoftBreak | Event::HardBreak => self.buffer.push('\n'),
            _ => {}
        }
    }

    fn paragraph(&mut self, text: &str, parts: &mut Parts) {
        if text.trim().is_empty() || is_dump(text) {
            return;
        }
        if looks_like_output(text) {
            push_line(&mut parts.output, text);
            return;
        }
        self.prose(text, parts);
    }

    fn prose(&mut self, text: &str, parts: &mut Parts) {
        let clean = without_addresses(text);
        if clean.trim().is_empty() {
            return;
        }
        if parts.lead.is_empty() {
            parts.lead = clean;
        } else {
            push_line(&mut parts.prose, &clean);
        }
    }
}

fn push_line(to: &mut String, text: &str) {
    if !to.is_empty() {
        to.push('\n');
    }
    to.push_str(text.trim_end());
}

/// A code block: a session (`>>>`, `In [1]:`, `$`) is split into its input and output;
/// tracebacks, logs and plain output are output; version dumps are left out.
fn code_block(info: &str, text: &str, parts: &mut Parts) {
    if is_dump(text) {
        return;
    }
    let lang = info.split([' ', ',', '{']).next().unwrap_or("");
    let output_lang = matches!(
        lang,
        "pytb"
            | "python-traceback"
            | "traceback"
            | "text"
            | "txt"
            | "log"
            | "output"
            | "console"
            | "shell-session"
            | "none"
            | "plain"
            | "plaintext"
    );
    let session = text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with(">>> ") || l == ">>>" || l.starts_with("In [")
    });
    if session || output_lang || matches!(lang, "sh" | "bash" | "shell" | "zsh" | "console") {
        let mut code = String::new();
        // Lines above a session's first prompt are its setup, written as code.
        let mut prompted = !session;
        for line in text.lines() {
            let trimmed = line.trim_start();
            let input = [">>> ", "... ", "$ ", "% "]
                .iter()
                .find_map(|p| trimmed.strip_prefix(p))
                .or_else(|| {
                    trimmed
                        .strip_prefix("In [")
                        .and_then(|r| r.split_once("]:").map(|x| x.1))
                });
            prompted |= input.is_some();
            match input {
                // A shell command runs a tool; its words say little about the code.
                Some(cmd) if trimmed.starts_with(['$', '%']) => push_line(&mut parts.output, cmd),
                Some(cmd) => push_line(&mut code, cmd),
                None if !prompted => push_line(&mut code, line),
                None => push_line(&mut parts.output, line),
            }
        }
        if !code.trim().is_empty() {
            parts.code.push(code);
        }
        return;
    }
    if looks_like_output(text) || (lang.is_empty() && !looks_like_code(text)) {
        push_line(&mut parts.output, text);
    } else {
        parts.code.push(text.trim_end().to_string());
    }
}

/// Whether text reads as pasted output: a traceback, or mostly error and log lines.
fn looks_like_output(text: &str) -> bool {
    if text.contains("Traceback (most recent call last)") {
        return true;
    }
    text.lines().nth(1).is_some() && super::frames::any(text)
}

/// Whether text looks like code: a good share of its lines hold code punctuation or
/// keywords.
fn looks_like_code(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.is_empty() {
        return false;
    }
    let code = lines
        .iter()
        .filter(|l| {
            let t = l.trim();
            t.contains('(')
                || t.contains(" = ")
                || t.ends_with([';', '{', '}', ':'])
                || [
                    "import ", "from ", "def ", "class ", "fn ", "let ", "const ", "var ",
                ]
                .iter()
                .any(|k| t.starts_with(k))
        })
        .count();
    code * 2 >= lines.len()
}

/// Whether text is a dump of versions or settings (`numpy: 1.18.1`, `pkg==2.0`, `pip
/// list` rows, `python-bits: 64`): most of at least three lines are such pairs.
fn is_dump(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() < 3 {
        return false;
    }
    let pairs = lines.iter().filter(|l| is_dump_line(l)).count();
    pairs * 10 >= lines.len() * 7
}

fn is_dump_line(line: &str) -> bool {
    let t = line.trim().trim_start_matches(['-', '*', ' ']);
    let key_value = |sep: &str| {
        t.split_once(sep).is_some_and(|(k, v)| {
            let k = k.trim();
            !k.is_empty()
                && k.len() <= 40
                && k.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
                && k.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b" _-./()+".contains(&b))
                && v.len() <= 80
        })
    };
    let versioned = |s: &str| {
        let mut words = s.split_whitespace();
        let name = words.next().unwrap_or("");
        let version = words.next().unwrap_or("");
        !name.is_empty()
            && version.trim_start_matches('v').split('.').count() >= 2
            && version
                .trim_start_matches('v')
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit())
    };
    key_value(": ") || t.ends_with(':') && !t.contains(' ') || key_value("==") || versioned(t)
}

/// Template headings carry no meaning of their own.
fn is_template_heading(text: &str) -> bool {
    let lower: String = text
        .to_ascii_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
        .collect();
    let lower = lower.trim();
    lower.is_empty()
        || [
            "bug report",
            "bug summary",
            "describe the bug",
            "description",
            "summary",
            "issue description",
            "problem description",
            "description of the problem",
            "expected behavior",
            "expected behaviour",
            "expected outcome",
            "expected output",
            "expected result",
            "actual behavior",
            "actual behaviour",
            "actual outcome",
            "actual output",
            "actual result",
            "steps to reproduce",
            "to reproduce",
            "how to reproduce",
            "reproduction",
            "code for reproduction",
            "minimal example",
            "mcve code sample",
            "minimal complete verifiable example",
            "reproducible example",
            "example",
            "additional context",
            "additional information",
            "anything else",
            "anything else we need to know",
            "feature request",
            "motivation",
            "proposed solution",
            "proposal",
            "what happened",
            "what did you expect to happen",
            "relevant log output",
            "output",
            "traceback",
            "error",
            "checklist",
            "current behavior",
            "current behaviour",
            "is your feature request related to a problem please describe",
            "describe the solution youd like",
            "describe alternatives youve considered",
        ]
        .contains(&lower)
}

/// Environment and version sections are left out whole.
fn is_environment_heading(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    [
        "version",
        "environment",
        "system details",
        "system info",
        "platform",
        "operating system",
        "installation",
        "installed",
        "show_versions",
        "pip freeze",
        "pip list",
        "conda list",
        "dependencies",
    ]
    .iter()
    .any(|k| lower.contains(k))
}

/// Prose without web addresses and issue numbers, which name nothing in the code.
fn without_addresses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let words: Vec<&str> = line
            .split(' ')
            .filter(|w| {
                let w = w.trim_matches(['(', ')', '<', '>', ',', '.']);
                !(w.starts_with("http://")
                    || w.starts_with("https://")
                    || w.starts_with("www.")
                    || (w.starts_with('#') && w[1..].bytes().all(|b| b.is_ascii_digit())))
            })
            .collect();
        out.push_str(&words.join(" "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_line_question_is_all_title() {
        let parts = read("Why does `walk` skip hidden files?");
        assert_eq!(parts.title, "Why does `walk` skip hidden files?");
        assert!(parts.is_title_only());
        assert!(read("`walk` skips hidden files\n").is_title_only());
        assert!(read("> quoted: skip_hidden fails").is_title_only());
    }

    #[test]
    fn an_issue_splits_into_title_lead_prose_code_and_output() {
        let text = "Weighted mean is wrong with boolean weights\n<!-- template -->\n\n#### MCVE Code Sample\n\n```python\nimport xarray as xr\n>>> dta.weighted(wgt).mean()\narray(2.)\n```\n\n#### Problem Description\nThe `sum_of_weights` is computed as a dot product.\n\nSee https://example.org/x for more.\n\n- [ ] I searched the issues\n\n#### Versions\n\nINSTALLED VERSIONS\n------------------\ncommit: None\npython: 3.7.6\nnumpy: 1.18.1\n";
        let parts = read(text);
        assert_eq!(parts.title, "Weighted mean is wrong with boolean weights");
        assert_eq!(
            parts.lead,
            "The `sum_of_weights` is computed as a dot product."
        );
        assert_eq!(parts.prose, "See for more.");
        assert_eq!(
            parts.code,
            ["import xarray as xr\ndta.weighted(wgt).mean()"]
        );
        assert_eq!(parts.output, "array(2.)");
    }

    #[test]
    fn a_question_that_opens_with_code_has_no_title() {
        let parts = read("```\nfoo()\n```\nparse_args fails");
        assert_eq!(parts.title, "");
        assert_eq!(parts.code, ["foo()"]);
        assert_eq!(parts.lead, "parse_args fails");
    }

    #[test]
    fn dumps_are_left_out_and_tracebacks_are_output() {
        let text = "Crash on save\n\n```\nTraceback (most recent call last):\n  File \"a.py\", line 3, in save\nKeyError: 'x'\n```\n\n```\nplatform: linux\npython: 3.10.2\nnumpy==1.22\n```\n";
        let parts = read(text);
        assert!(parts.output.contains("KeyError"));
        assert!(parts.code.is_empty());
        assert!(!parts.output.contains("numpy"));
    }
}
